/**
 * Sign-up, staff and branch rules with the spec's exact messages (document 001 sections 5 and 8). Pure: the
 * sign-in screens check with these before sending, and the server checks again with the same functions.
 */
import type { RoleLevel } from './session';
import { MAX_NAME, textProblem } from './lib/text-limits';

export const ACCOUNT_MESSAGES = {
  allRequired: 'All fields are required',
  badEmail: 'Please enter a valid email address',
  badPhone: 'Please enter a valid phone number',
  staffPasswordShort: 'Password requires minimum of 6 characters',
  branchPasswordShort: 'Password is too short',
  pinMismatch: 'The passwords you entered do not match',
  pinShort: 'Entered password is too short. It must be 6 letters or more',
  registerFailed: 'Failed to register business. Please check your network',
  autoLoginRetry: (n: number) => `Automatic login failed. Retrying (${n})`,
  loginFailed: 'Check your internet and try again',
  wrongPassword: 'The password you entered is incorrect',
  quickLoginOk: 'Login successful. Just a moment please.',
  pinFailed: 'Error encountered while setting pin',
  currentPasswordWrong: 'The current password is incorrect',
  changePasswordFailed: 'Unable to change password. Please try again.',
  userCreated: 'User has been successfully created',
  unauthorized: 'unauthorized',
  // Where the spec is silent:
  badLogin: 'The username or password is incorrect',
  usernameTaken: 'This username is already taken',
  userLimit: (n: number) => `Your plan allows ${n} users. Remove a user or upgrade to add more.`,
  badRole: 'Choose the user type',
} as const;

export const MIN_SECRET = 6;
export const DEFAULT_PHONE_PREFIX = '+234';
export const DEFAULT_USER_LIMIT = 3;

/** The spec's "basic address pattern". */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export type Registration = { name: string; owner: string; phone: string; email: string; password: string; referrer?: string };
export type StaffInput = { full_name: string; email: string; phone_number: string; password: string; level: RoleLevel };
export type BranchInput = { name: string; owner: string; email: string; phone: string; password: string };

const blank = (v: unknown) => typeof v !== 'string' || v.trim() === '';

function contactProblem(email: string, phone: string): string | undefined {
  if (!EMAIL.test(email.trim())) return ACCOUNT_MESSAGES.badEmail;
  if (phone.trim().length < MIN_SECRET) return ACCOUNT_MESSAGES.badPhone;
  return undefined;
}

/** Registration: the first problem's message, or undefined when the form is fine. */
export function registrationProblem(r: Partial<Registration>): string | undefined {
  if ([r.name, r.owner, r.phone, r.email, r.password].some(blank)) return ACCOUNT_MESSAGES.allRequired;
  return namesProblem(r.name!, 'Business name', r.owner!) ?? contactProblem(r.email!, r.phone!) ?? (r.password!.length < MIN_SECRET ? ACCOUNT_MESSAGES.staffPasswordShort : undefined);
}

/**
 * A business's (or branch's) name and its owner's are names like any other (commands/lib/text-limits.ts, 120
 * characters): issue 39 registered a 5,000-character business name, which then filled the top bar.
 */
function namesProblem(name: string, label: string, owner: string): string | undefined {
  return textProblem(name.trim(), MAX_NAME, label) ?? textProblem(owner.trim(), MAX_NAME, 'Owner name');
}

export function staffProblem(s: Partial<StaffInput>): string | undefined {
  if ([s.full_name, s.email, s.phone_number, s.password].some(blank)) return ACCOUNT_MESSAGES.allRequired;
  const long = textProblem(s.full_name!.trim(), MAX_NAME, 'Full name');
  if (long) return long;
  const contact = contactProblem(s.email!, s.phone_number!);
  if (contact) return contact;
  if (s.password!.length < MIN_SECRET) return ACCOUNT_MESSAGES.staffPasswordShort;
  if (![1, 2, 3, 4].includes(Number(s.level))) return ACCOUNT_MESSAGES.badRole;
  return undefined;
}

export function branchProblem(b: Partial<BranchInput>): string | undefined {
  if ([b.name, b.owner, b.email, b.phone, b.password].some(blank)) return ACCOUNT_MESSAGES.allRequired;
  return namesProblem(b.name!, 'Branch name', b.owner!) ?? contactProblem(b.email!, b.phone!) ?? (b.password!.length < MIN_SECRET ? ACCOUNT_MESSAGES.branchPasswordShort : undefined);
}

/** Set pin and change password: both entries equal and at least 6 characters. */
export function pinProblem(password: string, confirm: string): string | undefined {
  if (password !== confirm) return ACCOUNT_MESSAGES.pinMismatch;
  if (password.length < MIN_SECRET) return ACCOUNT_MESSAGES.pinShort;
  return undefined;
}

/** Lower-case letters and digits of a name, for usernames ('Ada Stores' → 'adastores'). */
export function usernameSlug(text: string, fallback = 'shop'): string {
  const slug = text.toLowerCase().normalize('NFKD').replace(/[^a-z0-9]/g, '').slice(0, 16);
  return slug || fallback;
}

/** Staff username: the owner's username and the staff's first name ('adastores' + 'Bola Ade' → 'adastores.bola'). */
export function staffUsername(ownerUsername: string, fullName: string): string {
  return `${ownerUsername}.${usernameSlug(fullName.trim().split(/\s+/)[0] ?? '', 'staff')}`;
}

/** Invoice-policy prefixes: the owner gets 'A', each staff user the next letter (then two letters). */
const PREFIX_LETTERS = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
export function policyPrefixFor(index: number): string {
  if (index < PREFIX_LETTERS.length) return PREFIX_LETTERS[index];
  const n = index - PREFIX_LETTERS.length;
  return PREFIX_LETTERS[Math.floor(n / PREFIX_LETTERS.length) % PREFIX_LETTERS.length] + PREFIX_LETTERS[n % PREFIX_LETTERS.length];
}

/** What the API answers about the signed-in user (the stored user record without secrets). */
export type Profile = {
  username: string;
  fullname: string;
  email: string;
  phone: string;
  level: RoleLevel;
  business: string;
  businessName: string;
  policyPrefix: string;
  /** The parent business when this business is a branch. */
  parent?: string;
};

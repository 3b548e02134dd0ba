/**
 * The local lock record (document 001 section 3: locked, last_modified, modified, pin, nonce, last), kept in
 * localStorage encrypted with WebCrypto: AES-GCM under a key derived from the pin (the password, or the pin
 * set on /authentication/set-pin) with PBKDF2-SHA256, 600,000 iterations, and a fresh random IV on every write.
 * It also holds this device's credential (docs/architecture.md, 'Device credentials'), so unlocking releases
 * what sync needs to renew its session with the server; the server password itself is never stored (a record
 * written before device credentials may still hold one: it is dropped at its next write). It never leaves the
 * device. Decrypting with a typed pin is the quick-login check: AES-GCM refuses a wrong key.
 */
import type { DeviceCredential } from '../../commands/devices';

export const LOCK_KEY = 'oja:lock';
export const LOCK_ITERATIONS = 600_000;

export type LockRecord = {
  locked: boolean;
  last_modified: number;
  modified: number;
  pin: string;
  /** True while the pin is the account's password (until a separate pin is set): a password change then moves it. */
  pinIsPassword?: boolean;
  /** Random per write, so two records with the same content never look alike. */
  nonce: string;
  /** Last route, for "continue where you left off". */
  last: string;
  /** This device's credential; absent when the server gave none (then sync needs the password after a restart). */
  device?: DeviceCredential;
  /** Only in records written before device credentials: read once to get one, never written again. */
  password?: string;
  username: string;
};

type Stored = { v: 1; salt: string; iv: string; data: string; iterations: number };

const b64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const unb64 = (text: string): Uint8Array<ArrayBuffer> => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
const random = (n: number): Uint8Array<ArrayBuffer> => crypto.getRandomValues(new Uint8Array(n));

/** The key of this page's session: kept in memory so locking and unlocking need no second derivation. */
let cached: { salt: string; pin: string; key: CryptoKey } | null = null;

async function deriveKey(pin: string, salt: Uint8Array<ArrayBuffer>, iterations: number): Promise<CryptoKey> {
  const base = await crypto.subtle.importKey('raw', new TextEncoder().encode(pin), 'PBKDF2', false, ['deriveKey']);
  return crypto.subtle.deriveKey({ name: 'PBKDF2', hash: 'SHA-256', salt, iterations }, base, { name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
}

function readStored(): Stored | null {
  try {
    const s = JSON.parse(localStorage.getItem(LOCK_KEY) ?? 'null') as Stored | null;
    return s && s.v === 1 ? s : null;
  } catch {
    return null;
  }
}

export function hasLockRecord(): boolean {
  return readStored() !== null;
}

/** Encrypts and stores the record under its pin (a new salt when the pin changes, a new IV always). */
export async function writeLockRecord(record: Omit<LockRecord, 'nonce' | 'modified'>): Promise<void> {
  const stored = readStored();
  let salt = stored?.salt;
  let key: CryptoKey;
  if (cached && cached.pin === record.pin && cached.salt === salt) key = cached.key;
  else {
    salt = b64(random(16));
    key = await deriveKey(record.pin, unb64(salt), LOCK_ITERATIONS);
    cached = { salt, pin: record.pin, key };
  }
  // The server password is never written (a record from before device credentials drops it here).
  const { password: _never, ...kept } = record as Omit<LockRecord, 'nonce' | 'modified'>;
  const full: LockRecord = { ...kept, modified: Date.now(), nonce: b64(random(12)) };
  const iv = random(12);
  const data = new Uint8Array(await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, key, new TextEncoder().encode(JSON.stringify(full))));
  localStorage.setItem(LOCK_KEY, JSON.stringify({ v: 1, salt, iv: b64(iv), data: b64(data), iterations: LOCK_ITERATIONS } satisfies Stored));
}

/** The record when `pin` opens it; null for a wrong pin or no record. */
export async function openLockRecord(pin: string): Promise<LockRecord | null> {
  const stored = readStored();
  if (!stored) return null;
  try {
    const key = cached && cached.pin === pin && cached.salt === stored.salt ? cached.key : await deriveKey(pin, unb64(stored.salt), stored.iterations);
    const plain = await crypto.subtle.decrypt({ name: 'AES-GCM', iv: unb64(stored.iv) }, key, unb64(stored.data));
    cached = { salt: stored.salt, pin, key };
    return JSON.parse(new TextDecoder().decode(plain)) as LockRecord;
  } catch {
    return null;
  }
}

/**
 * Whether this page holds the key of the stored record (it signed in or unlocked it). A reload that was unlocked
 * by its tab's note (src/lock.ts), a new tab or a typed address does not: the record is then opened by asking
 * for the current password or pin again (the set-pin screen does).
 */
export function holdsRecordKey(): boolean {
  const stored = readStored();
  return !!cached && !!stored && cached.salt === stored.salt;
}

/** The record with the key of this page's session (after a sign-in or unlock), without asking for the pin. */
export async function currentLockRecord(): Promise<LockRecord | null> {
  return cached ? openLockRecord(cached.pin) : null;
}

export function clearLockRecord(): void {
  localStorage.removeItem(LOCK_KEY);
  cached = null;
}

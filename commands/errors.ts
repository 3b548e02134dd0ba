/**
 * A failure the UI can show as it is: `message` is the spec's exact text where the spec has one; `code` one of
 * its command's codes (ErrorCode in commands/index.ts).
 */
export type CommandError<C extends string = string> = { code: C; message: string };

/** What crosses the worker boundary for every command: a value, or an error as a value (never a thrown string). */
export type Reply<T, C extends string = string> = { ok: true; value: T } | { ok: false; error: CommandError<C> };

/**
 * Thrown inside handlers for a user-facing failure; the backend turns it into `{ ok: false, error }`.
 * Anything else thrown becomes `{ code: 'internal', message }`.
 */
export class UserError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'UserError';
  }
}

export function isUserError(e: unknown): e is UserError {
  return e instanceof Error && e.name === 'UserError' && typeof (e as UserError).code === 'string';
}

/**
 * What the worker still answers while the device is locked: only what the lock and sign-in screens need (the
 * lock state, the user to greet, sign-out's pending count and sync stop), and sync, which goes on in the
 * background while locked. Every other command is refused with LOCKED_ERROR. One list, read by the one place
 * the worker dispatches (worker/backend.ts); a new command is refused while locked unless it is added here.
 */
import type { CommandError } from './errors';
import type { CommandName } from './index';

export const ALLOWED_WHILE_LOCKED: ReadonlySet<CommandName> = new Set<CommandName>([
  'backend-info',
  'session-get',
  'session-set',
  'session-lock',
  'session-unlock',
  'session-lock-get',
  'sync-start',
  'sync-stop',
  'sync-status',
  'sync-pending',
]);

export const LOCKED_ERROR: CommandError<'locked'> = {
  code: 'locked',
  message: 'This device is locked. Unlock it with your password or pin to continue.',
};

/** A till's shift: its open and its close (main database, written once each). Re-exported by ./docs.ts. */
import type { Millis } from './lib/dates';
import type { BaseDoc, UserStamp } from './base-doc';

/** A shift opened on a till (commands/shifts.ts); `date` is when. Written once, never changed. */
export type ShiftOpenDoc = BaseDoc & { stores: 'shift-open'; till: string; float: number; date: Millis; user: UserStamp };

/**
 * The close of a shift, `{open id}-close`: the drawer count and what it came to. Written once, never changed.
 * It carries its open's till and who opened it (`opened_by`, the open's user stamp's username): the server
 * checks both against the stored open, and lets only that cashier or a manager close it.
 */
export type ShiftCloseDoc = BaseDoc & {
  stores: 'shift-close';
  shift: string;
  till: string;
  opened_by: string;
  date: Millis;
  count: { value: number; count: number }[];
  counted: number;
  /** What the drawer should have held (the worker's shift report): the server's audit entry of a difference. */
  expected?: number;
  user: UserStamp;
};

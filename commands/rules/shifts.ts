/**
 * Shifts (commands/shifts.ts) are append-only: written once, never changed or deleted, with their till,
 * date, the writer's stamp and a float or count within MAX_AMOUNT; a close is stored as `{open id}-close`,
 * names its opener and is written by them or a manager. That the opener is the stored open's is
 * server/couch/shift-closes.ts's (it reads the open).
 */
import { MAX_AMOUNT } from '../lib/money';
import { kindOf, stampName, type Rule } from './types';

const amountOk = (v: unknown) => typeof v === 'number' && v >= 0 && v <= MAX_AMOUNT;

export const shiftRule: Rule = (w) => {
  const kind = kindOf(w);
  if (kind !== 'shift-open' && kind !== 'shift-close') return undefined;
  const { doc, stored, writer } = w;
  if (stored) return 'A shift record cannot be changed once written.';
  if (doc._deleted === true) return 'A shift record cannot be deleted.';
  if (typeof doc.till !== 'string' || doc.till === '' || typeof doc.date !== 'number') return 'A shift record needs its till and date.';
  if (stampName(doc.user) !== writer.username) return 'A shift record carries the user stamp of who writes it.';
  if (kind === 'shift-open' && !amountOk(doc.float)) return `The opening float must be an amount of 0 or more, at most ${MAX_AMOUNT}.`;
  if (kind === 'shift-close') {
    if (typeof doc.shift !== 'string' || doc._id !== doc.shift + '-close') return 'A shift close is stored as {shift id}-close.';
    if (!amountOk(doc.counted)) return `The counted cash must be an amount of 0 or more, at most ${MAX_AMOUNT}.`;
    if (!Array.isArray(doc.count) || doc.count.length > 100) return 'A shift close carries its count, at most 100 lines.';
    for (const line of doc.count as unknown[]) {
      const l = line as { value?: unknown; count?: unknown } | null;
      if (!l || !amountOk(l.value) || !amountOk(l.count) || (l.count as number) % 1 !== 0) return `Each count line is a value and a whole count of 0 or more, at most ${MAX_AMOUNT}.`;
    }
    if (typeof doc.opened_by !== 'string') return 'A shift close names who opened the shift (opened_by).';
    if (doc.opened_by !== writer.username && writer.level > 1) return 'Only the cashier who opened this shift or a manager may close it.';
  }
  return undefined;
};

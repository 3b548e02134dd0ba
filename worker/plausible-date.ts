/**
 * A date a person gave that cannot be right (a year far outside the present: 1907 for 2027) is refused, in the
 * words the date field says it with (commands/lib/dates.ts implausibleDate). No date given is not refused here:
 * each command has its own rule for that (now, or its spec message).
 */
import { UserError } from '../commands/errors';
import { implausibleDate, type Millis } from '../commands/lib/dates';

export function refuseImplausibleDate(date: unknown, now: Millis, code: string, label: string): void {
  if (typeof date !== 'number' || !Number.isFinite(date) || date === 0) return;
  const wrong = implausibleDate(date, now);
  if (wrong) throw new UserError(code, `${label} ${wrong}`);
}

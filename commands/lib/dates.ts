import dayjs from 'dayjs';

/** Documents store dates as milliseconds since the epoch (numbers sort and range-query cleanly). */
export type Millis = number;

/** The spec's display format 'MMMM D, Y' (e.g. 'March 5, 2026'). */
export function formatDate(date: Millis | undefined | null): string {
  if (date === undefined || date === null || !Number.isFinite(date)) return '';
  return dayjs(date).format('MMMM D, YYYY');
}

/** A date with its time of day (when a sale was parked, a shift opened): 'March 5, 2026 14:05'. */
export function formatDateTime(date: Millis): string {
  return dayjs(date).format('MMMM D, YYYY HH:mm');
}

/** Returns SMS use DD/MM/YY. */
export function formatShortDate(date: Millis): string {
  return dayjs(date).format('DD/MM/YY');
}

/** SMS templates' :date placeholder uses YYYY/MM/DD. */
export function formatSmsDate(date: Millis): string {
  return dayjs(date).format('YYYY/MM/DD');
}

/** Value for an <input type="date">. */
export function toDateInput(date: Millis): string {
  return dayjs(date).format('YYYY-MM-DD');
}

/**
 * Parses an <input type="date"> value as local midnight; empty or invalid gives undefined. The year is taken
 * as written: while a person types '2027' the input passes through '0002' and '0020', which Date parsing
 * reads as 1902 and 1920 (two-digit years), and writing that back into the field turned 2027 into 1907.
 */
export function fromDateInput(value: string): Millis | undefined {
  const m = /^(\d{4,6})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return undefined;
  const [year, month, day] = [Number(m[1]), Number(m[2]) - 1, Number(m[3])];
  const d = new Date(2000, 0, 1);
  d.setFullYear(year, month, day);
  return d.getFullYear() === year && d.getMonth() === month && d.getDate() === day ? d.valueOf() : undefined;
}

export type DateRange = { from: Millis; to: Millis };
/** Inclusive bounds on `date`; `start` is absent when accumulate removes it. */
export type RangeBounds = { start?: Millis; end: Millis };

/**
 * Statement and cashbook filter (document 001 section 9): from the end of the day before the range start
 * to the start of the day after the range end; the accumulate setting removes the start bound.
 */
export function statementBounds(range: DateRange, accumulate = false): RangeBounds {
  const end = dayjs(range.to).add(1, 'day').startOf('day').valueOf();
  if (accumulate) return { end };
  const start = dayjs(range.from).subtract(1, 'day').endOf('day').valueOf();
  return { start, end };
}

export function inBounds(date: Millis, b: RangeBounds): boolean {
  return (b.start === undefined || date >= b.start) && date <= b.end;
}

export type QuickRange = 'today' | 'week' | 'month';

/** The date-range dialog's quick filters: Today, This week, This month. */
export function quickRange(kind: QuickRange, now: Millis): DateRange {
  const unit = kind === 'today' ? 'day' : kind;
  const d = dayjs(now);
  return { from: d.startOf(unit).valueOf(), to: d.endOf(unit).valueOf() };
}

/** How far from today a date a person types can be and still be right (an expiry may be decades ahead). */
export const PLAUSIBLE_YEARS = { before: 30, after: 50 } as const;

/** A date whose year is far outside the present ('1907'): the message to show, or '' when it can be right. */
export function implausibleDate(date: Millis, now: Millis): string {
  const year = dayjs(date).year();
  const current = dayjs(now).year();
  const from = current - PLAUSIBLE_YEARS.before;
  const to = current + PLAUSIBLE_YEARS.after;
  if (year >= from && year <= to) return '';
  return `${formatDate(date)} cannot be right: the year must be between ${from} and ${to}`;
}

/** An expiry date before the purchase date (compared by day): the message, or ''. */
export function expiryBeforePurchase(expiry: Millis, purchase: Millis, name: string): string {
  return dayjs(expiry).isBefore(dayjs(purchase), 'day') ? `The expiry date of ${name} (${formatDate(expiry)}) cannot be before the purchase date (${formatDate(purchase)})` : '';
}

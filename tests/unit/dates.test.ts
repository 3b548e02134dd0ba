import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { formatDate, formatShortDate, formatSmsDate, fromDateInput, inBounds, quickRange, statementBounds, toDateInput } from '../../commands/lib/dates';

const d = (y: number, m: number, day: number, h = 0, min = 0, s = 0, ms = 0) => new Date(y, m - 1, day, h, min, s, ms).getTime();

test('display formats', () => {
  assert.is(formatDate(d(2026, 3, 5, 14)), 'March 5, 2026');
  assert.is(formatDate(undefined), '');
  assert.is(formatShortDate(d(2026, 3, 5)), '05/03/26');
  assert.is(formatSmsDate(d(2026, 3, 5)), '2026/03/05');
  assert.is(toDateInput(d(2026, 12, 31, 23)), '2026-12-31');
  assert.is(fromDateInput('2026-03-05'), d(2026, 3, 5));
  assert.is(fromDateInput(''), undefined);
});

test("a date input's year is taken as written: the steps of typing 2027 are not read as 1902 or 1920", () => {
  assert.is(new Date(fromDateInput('0002-10-23')!).getFullYear(), 2);
  assert.is(new Date(fromDateInput('0020-10-23')!).getFullYear(), 20);
  assert.is(toDateInput(fromDateInput('0002-10-23')!), '0002-10-23');
  assert.is(fromDateInput('2027-10-23'), d(2027, 10, 23));
  assert.is(fromDateInput('2026-02-30'), undefined);
  assert.is(fromDateInput('not a date'), undefined);
});

test('statement range: end of the day before the start to the start of the day after the end', () => {
  const b = statementBounds({ from: d(2026, 3, 5, 15), to: d(2026, 3, 7, 9) });
  assert.is(b.start, d(2026, 3, 4, 23, 59, 59, 999));
  assert.is(b.end, d(2026, 3, 8));
  assert.ok(inBounds(d(2026, 3, 5, 0), b));
  assert.ok(inBounds(d(2026, 3, 7, 23, 59), b));
  assert.ok(!inBounds(d(2026, 3, 4, 12), b));
  assert.ok(!inBounds(d(2026, 3, 8, 0, 0, 0, 1), b));
});

test('accumulate removes the start bound', () => {
  const b = statementBounds({ from: d(2026, 3, 5), to: d(2026, 3, 7) }, true);
  assert.is(b.start, undefined);
  assert.ok(inBounds(d(2020, 1, 1), b));
});

test('quick ranges: today, this week, this month', () => {
  const now = d(2026, 3, 5, 10);
  assert.equal(quickRange('today', now), { from: d(2026, 3, 5), to: d(2026, 3, 5, 23, 59, 59, 999) });
  assert.is(quickRange('month', now).from, d(2026, 3, 1));
  assert.is(quickRange('month', now).to, d(2026, 3, 31, 23, 59, 59, 999));
  const week = quickRange('week', now);
  assert.ok(week.from <= now && week.to >= now && week.to - week.from < 7 * 86400000);
});

test.run();

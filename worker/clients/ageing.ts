/**
 * Debtor ageing from a client account's ledger entries: payments and other credits settle the oldest debits
 * first, so what a debtor still owes is made of their newest debits. Each unpaid part keeps its debit's date.
 * Cached per account version and day: the buckets over 10,000 customers re-walk only the accounts that changed.
 */
import { ageBucket, AGE_BUCKETS, type AgeBucket } from '../../commands/clients';
import { MONEY_SCALE } from '../ledger/postings';
import type { Account } from '../ledger/state';

const DAY = 86_400_000;

/** Local midnight of the day `ms` falls on. */
function startOfDay(ms: number): number {
  const d = new Date(ms);
  d.setHours(0, 0, 0, 0);
  return d.getTime();
}

/** Whole calendar days from `date` to the day starting at `today` (0 on the same day; DST hours rounded away). */
function daysBetween(date: number, today: number): number {
  return Math.max(0, Math.round((today - startOfDay(date)) / DAY));
}

/** One debtor's ageing on one day: days since the oldest unpaid debit, and what is owed per bucket (minor units). */
type Aged = { version: number; today: number; age: number | undefined; buckets: number[] };
const cache = new WeakMap<Account, Aged>();

function aged(account: Account, today: number): Aged {
  const hit = cache.get(account);
  if (hit && hit.version === account.version && hit.today === today) return hit;
  const buckets = AGE_BUCKETS.map(() => 0);
  let age: number | undefined;
  let remaining = account.total;
  const entries = account.ordered();
  for (let i = entries.length - 1; i >= 0 && remaining > 0; i--) {
    const e = entries[i];
    if (e.delta <= 0) continue;
    const part = Math.min(e.delta, remaining);
    remaining -= part;
    age = daysBetween(e.date, today);
    buckets[AGE_BUCKETS.indexOf(ageBucket(age))] += part;
  }
  const result = { version: account.version, today, age, buckets };
  cache.set(account, result);
  return result;
}

/** Days since the oldest unpaid debit, or undefined when the account is not a debtor. */
export function debtAge(account: Account | undefined, now: number): number | undefined {
  if (!account || account.total <= 0) return undefined;
  return aged(account, startOfDay(now)).age;
}

/** What the debtors among `accounts` owe, per age bucket (major units). */
export function ageingSummary(accounts: Iterable<Account | undefined>, now: number): Record<AgeBucket, number> {
  const today = startOfDay(now);
  const minor = AGE_BUCKETS.map(() => 0);
  for (const a of accounts) {
    if (!a || a.total <= 0) continue;
    const b = aged(a, today).buckets;
    for (let i = 0; i < minor.length; i++) minor[i] += b[i];
  }
  return Object.fromEntries(AGE_BUCKETS.map((b, i) => [b, minor[i] / MONEY_SCALE])) as Record<AgeBucket, number>;
}

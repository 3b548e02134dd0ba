/**
 * Debtor ageing from a client account's ledger entries: payments and other credits settle the oldest debits
 * first, so what a debtor still owes is made of their newest debits. Each unpaid part keeps its debit's date.
 * Cached per account version: a list page of 10,000 customers re-walks only the accounts that changed.
 */
import { ageBucket, AGE_BUCKETS, type AgeBucket } from '../../commands/clients';
import dayjs from 'dayjs';
import { MONEY_SCALE } from '../ledger/postings';
import type { Account } from '../ledger/state';

/** Unpaid parts of a debtor's balance, newest first: [date, minor units]. */
type Unpaid = { version: number; parts: [number, number][] };
const cache = new WeakMap<Account, Unpaid>();

function unpaidParts(account: Account): [number, number][] {
  const hit = cache.get(account);
  if (hit && hit.version === account.version) return hit.parts;
  const parts: [number, number][] = [];
  let remaining = account.total;
  const entries = account.ordered();
  for (let i = entries.length - 1; i >= 0 && remaining > 0; i--) {
    const e = entries[i];
    if (e.delta <= 0) continue;
    const part = Math.min(e.delta, remaining);
    parts.push([e.date, part]);
    remaining -= part;
  }
  cache.set(account, { version: account.version, parts });
  return parts;
}

/** Whole calendar days from `date` to `now` (0 on the same day). */
export function daysSince(date: number, now: number): number {
  return Math.max(0, dayjs(now).startOf('day').diff(dayjs(date).startOf('day'), 'day'));
}

/** Days since the oldest unpaid debit, or undefined when the account is not a debtor. */
export function debtAge(account: Account | undefined, now: number): number | undefined {
  if (!account || account.total <= 0) return undefined;
  const parts = unpaidParts(account);
  return parts.length ? daysSince(parts[parts.length - 1][0], now) : undefined;
}

/** What the debtors among `accounts` owe, per age bucket (major units). */
export function ageingSummary(accounts: Iterable<Account | undefined>, now: number): Record<AgeBucket, number> {
  const minor = Object.fromEntries(AGE_BUCKETS.map((b) => [b, 0])) as Record<AgeBucket, number>;
  for (const a of accounts) {
    if (!a || a.total <= 0) continue;
    for (const [date, amount] of unpaidParts(a)) minor[ageBucket(daysSince(date, now))] += amount;
  }
  return Object.fromEntries(AGE_BUCKETS.map((b) => [b, minor[b] / MONEY_SCALE])) as Record<AgeBucket, number>;
}

/**
 * One page of a statement from accounts' ordered entries (no document scan): the spec's range rule
 * (statementBounds; accumulate drops the start bound), an opening balance from earlier entries, a running
 * balance per account, then only the page's documents are read to describe its rows.
 */
import type { StatementPage, StatementRow } from '../../commands/ledger';
import { ID_PREFIX } from '../../commands/lib/ids';
import { statementBounds, type RangeBounds } from '../../commands/lib/dates';
import type { TableQuery } from '../../commands/table';
import type { Database } from '../pouch';
import { describe } from './describe';
import { readDocs } from './read-docs';
import { compareEntries, type Account, type Entry } from './state';

export type PageEntry = { entry: Entry; balance: number };

export type EntryPage = { rows: PageEntry[]; total: number; opening: number; closing: number };

/** Entries of several accounts in one (date, document) order; a single account needs no merge. */
function merged(accounts: Account[], keep?: (e: Entry) => boolean): Entry[] {
  const lists = accounts.map((a) => a.ordered());
  let all = lists.length === 1 ? lists[0] : lists.flat().sort(compareEntries);
  if (keep) all = all.filter(keep);
  return all;
}

/**
 * One account's entries in order with the running balance after each, kept per account version: paging and
 * range changes then cost two binary searches and the page, not a walk of every earlier entry (the L set's
 * cash account holds 220,000 entries). Balances are the same sums in the same order as a walk gives.
 */
type Running = { version: number; entries: Entry[]; balances: Float64Array };
const runningCache = new WeakMap<Account, Running>();

function runningOf(account: Account): Running {
  const entries = account.ordered();
  const hit = runningCache.get(account);
  if (hit && hit.version === account.version && hit.entries === entries && hit.balances.length === entries.length) return hit;
  const balances = new Float64Array(entries.length);
  let balance = 0;
  for (let i = 0; i < entries.length; i++) balances[i] = balance += entries[i].delta;
  const fresh = { version: account.version, entries, balances };
  runningCache.set(account, fresh);
  return fresh;
}

/** Index of the first of `entries[0, hi)` (date order) that `before` does not hold for. */
function firstNot(entries: readonly Entry[], hi: number, before: (date: number) => boolean): number {
  let lo = 0;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (before(entries[mid].date)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function pageOne(account: Account, start: number | undefined, end: number, offset: number, limit: number): EntryPage {
  const { entries, balances } = runningOf(account);
  const stop = firstNot(entries, entries.length, (d) => d <= end);
  const from = start === undefined ? 0 : firstNot(entries, stop, (d) => d < start);
  const rows: PageEntry[] = [];
  for (let i = from + offset; i < stop && rows.length < limit; i++) rows.push({ entry: entries[i], balance: balances[i] });
  return { rows, total: stop - from, opening: from > 0 ? balances[from - 1] : 0, closing: stop > 0 ? balances[stop - 1] : 0 };
}

/** Walks the entries once: before the start bound feeds the opening; in bounds is counted and paged. */
export function pageEntries(accounts: Account[], query: TableQuery, accumulate: boolean, keep?: (e: Entry) => boolean): EntryPage {
  const bounds: RangeBounds | undefined = query.range ? statementBounds(query.range, accumulate) : undefined;
  const start = bounds?.start;
  const end = bounds?.end ?? Infinity;
  const offset = Math.max(0, query.offset | 0);
  const limit = Math.max(0, query.limit | 0);
  if (accounts.length === 1 && !keep) return pageOne(accounts[0], start, end, offset, limit);
  const running = new Map<Account, number>();
  const rows: PageEntry[] = [];
  let opening = 0;
  let closing = 0;
  let total = 0;
  for (const e of merged(accounts, keep)) {
    if (e.date > end) break;
    const balance = (running.get(e.account) ?? 0) + e.delta;
    running.set(e.account, balance);
    if (start !== undefined && e.date < start) {
      opening += e.delta;
      closing += e.delta;
      continue;
    }
    closing += e.delta;
    if (total >= offset && rows.length < limit) rows.push({ entry: e, balance });
    total++;
  }
  return { rows, total, opening, closing };
}

export type DescribeOptions = { supplierView?: boolean };

/**
 * Sale lines written before lines carried the customer's name hold the account ref in Details: show the
 * client's name instead (one more read by key for the page's few such ids).
 */
async function clientNames(main: Database, details: (string | undefined)[]): Promise<Map<string, string>> {
  const ids = details.filter((d): d is string => !!d && d.startsWith(ID_PREFIX.client) && !/\s/.test(d));
  const names = new Map<string, string>();
  for (const [id, doc] of await readDocs(main, ids)) {
    if ((doc.stores === 'customer' || doc.stores === 'supplier') && typeof doc.name === 'string') names.set(id, doc.name);
  }
  return names;
}

/** Reads the page's documents (one allDocs by key) and turns each entry into a row in major units. */
export async function describePage(
  main: Database,
  page: EntryPage,
  scale: number,
  offset: number,
  options: DescribeOptions = {},
): Promise<StatementPage<StatementRow>> {
  const docs = await readDocs(main, page.rows.map((r) => r.entry.doc));
  const texts = page.rows.map(({ entry }) => describe(docs.get(entry.doc), entry.kind, options));
  const names = await clientNames(main, texts.map((t) => (t.stores === 'sale_item' ? t.details : undefined)));
  const rows = page.rows.map(({ entry, balance }, i) => {
    const text = texts[i];
    if (text.stores === 'sale_item' && text.details && names.has(text.details)) text.details = names.get(text.details);
    // An approval past a credit limit belongs to the account it raised (a stock transfer's sender was not approved).
    if (text.approval && !(entry.delta > 0)) delete text.approval;
    const amount = Math.abs(entry.delta) / scale;
    return {
      id: entry.doc,
      date: entry.date,
      ...text,
      debit: entry.delta > 0 ? amount : 0,
      credit: entry.delta < 0 ? amount : 0,
      balance: balance / scale,
    };
  });
  return { rows, total: page.total, offset, opening: page.opening / scale, closing: page.closing / scale };
}

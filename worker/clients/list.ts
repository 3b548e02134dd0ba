/**
 * client-list: one page of customers or suppliers with their balances, read from the client index (kept
 * current from the changes feed) and the ledger's in-memory accounts. Nothing is scanned per call: the
 * name-sorted list of a kind is rebuilt only when the index changes; each call filters it once (search and
 * tab, balances are map lookups), counts the tabs and returns one page. Ageing (client-ageing) reads the
 * ledger entries, which a cold start restores after the balances, so the list never waits for them.
 */
import type { ClientAgeing, ClientKind, ClientListPage, ClientRow, ClientTab } from '../../commands/clients';
import type { TableQuery } from '../../commands/table';
import type { Ctx } from '../context';
import { Book, MONEY_SCALE } from '../ledger/postings';
import type { Database } from '../pouch';
import { ageingSummary, debtAge } from './ageing';
import { clientIndex, type ClientEntry } from './search-index';

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

type Sorted = { version: number; byKind: Map<ClientKind, ClientEntry[]> };
const sortedCache = new WeakMap<Database, Sorted>();

export async function sortedClients(db: Database, kind: ClientKind): Promise<ClientEntry[]> {
  const index = clientIndex(db);
  const entries = await index.entries();
  let cached = sortedCache.get(db);
  if (!cached || cached.version !== index.version()) {
    const byKind = new Map<ClientKind, ClientEntry[]>([['customer', []], ['supplier', []]]);
    for (const e of entries.values()) byKind.get(e.kind)?.push(e);
    for (const list of byKind.values()) list.sort((a, b) => collator.compare(a.name, b.name) || (a._id < b._id ? -1 : 1));
    sortedCache.set(db, (cached = { version: index.version(), byKind }));
  }
  return cached.byKind.get(kind) ?? [];
}

/** Every word of the query in the name or phone (digits of a phone also match without spaces or dashes). */
function matcher(search: string | undefined): (e: ClientEntry) => boolean {
  const words = (search ?? '').toLowerCase().split(/\s+/).filter(Boolean);
  if (!words.length) return () => true;
  // Each word once: a phone-like word also matches by its digits alone.
  const terms = words.map((w) => ({ w, digits: /^\+?[\d-]{3,}$/.test(w) ? w.replace(/\D/g, '') : '' }));
  return (e) => terms.every((t) => e.haystack.includes(t.w) || (t.digits !== '' && e.haystack.includes(t.digits)));
}

/** Above the credit limit: the balance (kobo) past the limit (major units), for a client that has one. */
export const overLimit = (e: { credit_limit?: number }, minor: number): boolean =>
  typeof e.credit_limit === 'number' && minor > Math.round(e.credit_limit * MONEY_SCALE);

function inTab(tab: ClientTab, e: ClientEntry, minor: number): boolean {
  if (tab === 'debtors') return minor > 0;
  if (tab === 'creditors') return minor < 0;
  if (tab === 'over-limit') return overLimit(e, minor);
  return true;
}

export async function clientList(ctx: Ctx, input: TableQuery & { kind: ClientKind; tab?: ClientTab }): Promise<ClientListPage> {
  await ctx.ledger.ready();
  const state = ctx.ledger.state();
  const all = await sortedClients(ctx.db.main, input.kind);
  const tab = input.tab ?? 'all';
  const matches = matcher(input.search);
  const counts: Record<ClientTab, number> = { all: all.length, debtors: 0, creditors: 0, 'over-limit': 0 };
  const rows: { e: ClientEntry; minor: number }[] = [];
  for (const e of all) {
    const account = state.account(Book.Client, e._id);
    const minor = account?.total ?? 0;
    if (minor > 0) counts.debtors++;
    else if (minor < 0) counts.creditors++;
    if (overLimit(e, minor)) counts['over-limit']++;
    if (inTab(tab, e, minor) && matches(e)) rows.push({ e, minor });
  }
  const sort = input.sort ?? { key: 'name', dir: 'asc' };
  const sign = sort.dir === 'desc' ? -1 : 1;
  if (sort.key === 'balance') rows.sort((a, b) => sign * (a.minor - b.minor));
  else if (sort.key === 'phone_number') rows.sort((a, b) => sign * collator.compare(a.e.phone_number ?? '', b.e.phone_number ?? ''));
  else if (sign < 0) rows.reverse();
  const offset = Math.max(0, input.offset | 0);
  const page = rows.slice(offset, offset + Math.max(0, input.limit | 0)).map(({ e, minor }): ClientRow => {
    const { haystack: _h, nameLower: _n, ...summary } = e;
    return { ...summary, balance: minor / MONEY_SCALE };
  });
  return { rows: page, total: rows.length, offset, counts };
}

/** Ages of the asked clients and the buckets over every client of the kind (entries needed: waits for them). */
export async function clientAgeing(ctx: Ctx, input: { kind: ClientKind; ids: string[] }): Promise<ClientAgeing> {
  await ctx.ledger.entriesReady();
  const state = ctx.ledger.state();
  const now = ctx.clock();
  const all = await sortedClients(ctx.db.main, input.kind);
  const ages: Record<string, number> = {};
  for (const id of input.ids) {
    const age = debtAge(state.account(Book.Client, id), now);
    if (age !== undefined) ages[id] = age;
  }
  return { ages, buckets: ageingSummary(all.map((e) => state.account(Book.Client, e._id)), now) };
}

/**
 * 'Expiring soon': items whose closest remaining batch expires within expiryTreshold months. Only items with
 * dated batches are looked at (the ledger keeps that set), and only those items' documents are read.
 */
import type { ExpiringRow } from '../../commands/ledger';
import type { TablePage, TableQuery } from '../../commands/table';
import type { Ctx } from '../context';
import { expiryOf, isExpiringSoon } from './expiry';
import { QTY_SCALE } from './postings';
import { readDocs } from './read-docs';

const SORTABLE = new Set<keyof ExpiringRow>(['name', 'quantity', 'iteration', 'expiry_date', 'available']);

export async function expiringItems(ctx: Ctx, query: TableQuery): Promise<TablePage<ExpiringRow>> {
  const { expiryTreshold } = await ctx.config();
  const now = ctx.clock();
  const candidates: Omit<ExpiringRow, 'name'>[] = [];
  for (const account of ctx.ledger.state().dated) {
    const view = expiryOf(account);
    if (!isExpiringSoon(view.closest, now, expiryTreshold)) continue;
    candidates.push({
      id: account.key,
      quantity: view.batches[0].quantity,
      iteration: view.iteration ?? 1,
      expiry_date: view.closest!,
      available: account.total / QTY_SCALE,
    });
  }
  const names = new Map<string, string>();
  for (const [id, doc] of await readDocs(ctx.db.main, candidates.map((c) => c.id))) {
    if (doc.stores === 'item') names.set(id, String(doc.name ?? ''));
  }
  const needle = query.search?.trim().toLowerCase();
  let rows: ExpiringRow[] = candidates
    .filter((c) => names.has(c.id))
    .map((c) => ({ ...c, name: names.get(c.id)! }))
    .filter((r) => !needle || r.name.toLowerCase().includes(needle));
  const key = query.sort && SORTABLE.has(query.sort.key as keyof ExpiringRow) ? (query.sort.key as keyof ExpiringRow) : 'expiry_date';
  const dir = query.sort?.dir === 'desc' ? -1 : 1;
  rows = rows.sort((a, b) => {
    const x = a[key];
    const y = b[key];
    const c = typeof x === 'string' ? x.localeCompare(String(y)) : (x as number) - (y as number);
    return dir * c || a.id.localeCompare(b.id);
  });
  const offset = Math.max(0, query.offset | 0);
  return { rows: rows.slice(offset, offset + Math.max(0, query.limit | 0)), total: rows.length, offset };
}

/** The 'Bought' list: one row per purchased line, searched, sorted, summed and paged in the worker. */
import { baseQuantity, withUnit } from '../../commands/lib/units';
import { asKind, type PurchaseDoc } from '../../commands/docs';
import { describeLine, type PurchaseListSummary, type PurchaseRow } from '../../commands/purchases';
import type { TablePage, TableQuery } from '../../commands/table';
import { mulMoney, sumMoney } from '../../commands/lib/money';
import type { Ctx } from '../context';
import { ID_PREFIX } from '../../commands/lib/ids';
import { createPrefixIndex, prefixIndex } from '../prefix-index';
import { tablePage } from '../table/engine';

/** A purchase document's rows (cached per document in the index); lines and other kinds give none. */
function rowsOfDoc(doc: Record<string, unknown>): Omit<PurchaseRow, 'sn'>[] | undefined {
  const p = asKind(doc, 'purchase');
  return p && !p._deleted && Array.isArray(p.items) ? rowsOf(p) : undefined;
}

function rowsOf(p: PurchaseDoc): Omit<PurchaseRow, 'sn'>[] {
  return p.items.map((line, i) => ({
    key: `${p._id}:${i}`,
    purchaseId: p._id,
    invoice_number: p.invoice_number,
    date: p.date ?? 0,
    supplier: p.supplier.name,
    supplierRef: p.supplier.account_ref,
    phone_number: p.supplier.phone_number ?? '',
    description: withUnit(describeLine(line.name, line.variation), line),
    quantity: line.quantity,
    ...(line.unit_factor ? { base_quantity: baseQuantity(line) } : {}),
    price: line.price,
    total: mulMoney(line.price, line.quantity),
    truck_number: p.truck_number,
    user: p.user?.fullname,
    pending: p.delete_pending || undefined,
  }));
}

export async function listPurchases(ctx: Ctx, query: TableQuery): Promise<TablePage<PurchaseRow> & { summary: PurchaseListSummary }> {
  // Purchases come from the in-memory index of the purchase id range; the shared table engine applies the
  // range, search, sort, sums and paging.
  const index = prefixIndex(ctx.db.main, 'purchase-rows', () => createPrefixIndex(ctx.db.main, ID_PREFIX.purchase, rowsOfDoc));
  const rows = [...(await index.entries()).values()].flat();
  const page = tablePage(rows, { ...query, sort: query.sort ?? { key: 'date', dir: 'desc' } }, {
    date: (r) => r.date,
    search: (r) => [r.invoice_number, r.supplier, r.phone_number, r.description, r.truck_number, r.user],
    summary: (matching) => ({ items: sumMoney(matching.map((r) => r.base_quantity ?? r.quantity)), total: sumMoney(matching.map((r) => r.total)) }),
  });
  return {
    ...page,
    rows: page.rows.map((r, i) => ({ ...r, sn: page.offset + i + 1 })),
    summary: { items: page.summary?.items ?? 0, total: page.summary?.total ?? 0 },
  };
}

/** The 'Bought' list: one row per purchased line, searched, sorted, summed and paged in the worker. */
import type { PurchaseDoc } from '../../commands/docs';
import { describeLine, type PurchaseListSummary, type PurchaseRow } from '../../commands/purchases';
import type { TablePage, TableQuery } from '../../commands/table';
import { mulMoney, sumMoney } from '../../commands/lib/money';
import type { Ctx } from '../context';
import { findByDate } from '../find-by-date';

function rowsOf(p: PurchaseDoc): Omit<PurchaseRow, 'sn'>[] {
  return p.items.map((line, i) => ({
    key: `${p._id}:${i}`,
    purchaseId: p._id,
    invoice_number: p.invoice_number,
    date: p.date ?? 0,
    supplier: p.supplier.name,
    supplierRef: p.supplier.account_ref,
    phone_number: p.supplier.phone_number ?? '',
    description: describeLine(line.name, line.variation),
    quantity: line.quantity,
    price: line.price,
    total: mulMoney(line.price, line.quantity),
    truck_number: p.truck_number,
    user: p.user?.fullname,
    pending: p.delete_pending || undefined,
  }));
}

const SEARCHED = ['invoice_number', 'supplier', 'phone_number', 'description', 'truck_number', 'user'] as const;

export async function listPurchases(ctx: Ctx, query: TableQuery): Promise<TablePage<PurchaseRow> & { summary: PurchaseListSummary }> {
  const purchases = await findByDate<PurchaseDoc>(ctx.db.main, 'purchase', query.range);
  let rows = purchases.filter((p) => !p._deleted).flatMap(rowsOf);
  const q = query.search?.trim().toLowerCase();
  if (q) rows = rows.filter((r) => SEARCHED.some((k) => String(r[k] ?? '').toLowerCase().includes(q)));
  const { key, dir } = query.sort ?? { key: 'date', dir: 'desc' as const };
  const sign = dir === 'asc' ? 1 : -1;
  rows.sort((a, b) => {
    const x = a[key as keyof typeof a] ?? '';
    const y = b[key as keyof typeof b] ?? '';
    const c = typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y));
    return c * sign || a.key.localeCompare(b.key);
  });
  const summary = { items: sumMoney(rows.map((r) => r.quantity)), total: sumMoney(rows.map((r) => r.total)) };
  const offset = Math.max(0, query.offset ?? 0);
  const page = rows.slice(offset, offset + Math.max(1, query.limit ?? 100)).map((r, i) => ({ ...r, sn: offset + i + 1 }));
  return { rows: page, total: rows.length, offset, summary };
}

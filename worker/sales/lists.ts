/**
 * The 'Sold' list (one row per sold line) and Transportation Charges (document 000 section 2). Both read only
 * the documents of the date range through a find index on (stores, date), never the whole database.
 */
import { visibleTo } from '../../commands/config';
import type { MovementLineDoc, PurchaseDoc, SaleDoc } from '../../commands/docs';
import { mulMoney, subMoney, sumMoney } from '../../commands/lib/money';
import { lineTotal, transportBalance } from '../../commands/lib/sale-math';
import type { SoldRow, TransportRow } from '../../commands/sales';
import type { TableQuery } from '../../commands/table';
import { actingUser } from '../acting-user';
import type { Ctx } from '../context';
import { findByDate } from '../find-by-date';
import { tablePage } from '../table/engine';

const NEWEST_FIRST = { key: 'date', dir: 'desc' } as const;
async function byKindInRange<T>(ctx: Ctx, kind: string, range: TableQuery['range']): Promise<T[]> {
  return findByDate<T>(ctx.db.main, kind, range);
}

async function salesById(ctx: Ctx, ids: string[]): Promise<Map<string, SaleDoc>> {
  const res = await ctx.db.main.allDocs({ keys: [...new Set(ids)], include_docs: true });
  const map = new Map<string, SaleDoc>();
  for (const row of res.rows) if ('doc' in row && row.doc) map.set(row.id, row.doc as unknown as SaleDoc);
  return map;
}

export async function salesList(ctx: Ctx, query: TableQuery) {
  const user = actingUser(ctx);
  const cfg = await ctx.config();
  const profitVisible = visibleTo(cfg.profitVisibility, user.level);
  const lines = await byKindInRange<MovementLineDoc>(ctx, 'sale_item', query.range);
  const sales = await salesById(ctx, lines.map((l) => l.transaction.ref));
  const rows: SoldRow[] = [];
  for (const l of lines) {
    const sale = sales.get(l.transaction.ref);
    if (!sale) continue;
    const total = lineTotal(l);
    const row: SoldRow = {
      _id: l._id,
      sale: sale._id,
      invoice_number: sale.invoice_number,
      date: l.date ?? sale.date ?? 0,
      customer: sale.customer?.name ?? '',
      phone_number: sale.customer?.phone_number ?? '',
      description: l.name,
      quantity: l.quantity,
      price: l.price,
      total,
      truck_number: sale.truck_number,
      user: l.user?.fullname,
    };
    if (profitVisible) {
      const cost = l.cost_price ?? 0;
      const profit = subMoney(total, mulMoney(cost, l.quantity));
      Object.assign(row, { cost_price: cost, profit, margin: total ? Math.round((profit / total) * 10000) / 100 : 0 });
    }
    rows.push(row);
  }
  const page = tablePage(rows, { ...query, sort: query.sort ?? NEWEST_FIRST }, {
    search: (r) => [r.invoice_number, r.customer, r.phone_number, r.description, r.truck_number, r.user],
    date: (r) => r.date,
    summary: (m) => ({
      items: m.reduce((n, r) => n + r.quantity, 0),
      amount: sumMoney(m.map((r) => r.total)),
      ...(profitVisible ? { profit: sumMoney(m.map((r) => r.profit ?? 0)) } : {}),
    }),
  });
  return { ...page, profitVisible };
}

function transportRow(doc: SaleDoc | PurchaseDoc, kind: 'sale' | 'purchase'): TransportRow {
  const t = doc.transport!;
  const client = kind === 'sale' ? (doc as SaleDoc).customer : (doc as PurchaseDoc).supplier;
  return {
    _id: doc._id,
    kind,
    invoice_number: doc.invoice_number,
    date: doc.date ?? 0,
    transaction: doc.summary,
    client: client?.name ?? '',
    advanced: Number(t.paid) || 0,
    advancePayer: t.advancePayer ?? '',
    balance: transportBalance(t),
    balancePayer: t.balancePayer ?? '',
    total: Number(t.total) || 0,
  };
}

export async function transportList(ctx: Ctx, query: TableQuery) {
  actingUser(ctx);
  const [sales, purchases] = await Promise.all([
    byKindInRange<SaleDoc>(ctx, 'sale', query.range),
    byKindInRange<PurchaseDoc>(ctx, 'purchase', query.range),
  ]);
  const rows = [
    ...sales.filter((s) => Number(s.transport?.total) > 0).map((s) => transportRow(s, 'sale')),
    ...purchases.filter((p) => Number(p.transport?.total) > 0).map((p) => transportRow(p, 'purchase')),
  ];
  return tablePage(rows, { ...query, sort: query.sort ?? NEWEST_FIRST }, {
    search: (r) => [r.invoice_number, r.transaction, r.client, r.advancePayer, r.balancePayer],
    date: (r) => r.date,
    summary: (m) => ({ total: sumMoney(m.map((r) => r.total)), balance: sumMoney(m.map((r) => r.balance)) }),
  });
}

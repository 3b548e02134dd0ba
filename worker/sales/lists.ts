/**
 * The 'Sold' list (one row per sold line) and Transportation Charges (document 000 section 2), from in-memory
 * indexes of the sale and purchase id ranges kept current from the changes; the shared table engine applies
 * the date range, search, sort, sums and paging.
 */
import { visibleTo } from '../../commands/config';
import { asKind, type PurchaseDoc, type SaleDoc } from '../../commands/docs';
import { sumMoney } from '../../commands/lib/money';
import { lineProfits, lineTotal, transportBalance } from '../../commands/lib/sale-math';
import { describeLine } from '../../commands/purchases';
import { baseQuantity, withUnit } from '../../commands/lib/units';
import type { SoldRow, TransportRow } from '../../commands/sales';
import type { TableQuery } from '../../commands/table';
import { actingUser } from '../acting-user';
import type { Ctx } from '../context';
import { ID_PREFIX } from '../../commands/lib/ids';
import { createPrefixIndex, prefixIndex } from '../prefix-index';
import { tablePage } from '../table/engine';

const NEWEST_FIRST = { key: 'date', dir: 'desc' } as const;
/** Sales (and purchases, for transport) from in-memory indexes of their id ranges: no scan, no IndexedDB index. */
/** The document unless it is deleted. */
const live = <D extends { _deleted?: boolean }>(doc: D | undefined): D | undefined => (doc && !doc._deleted ? doc : undefined);

export function salesIndex(ctx: Ctx) {
  return prefixIndex(ctx.db.main, 'sale-docs', () =>
    createPrefixIndex(
      ctx.db.main,
      ID_PREFIX.sale,
      (d) => live(asKind(d, 'sale')),
      (before, after) => {
        for (const o of saleObservers.get(ctx.db.main) ?? []) o(before, after);
      },
    ),
  );
}

export type SaleObserver = (before: SaleDoc | undefined, after: SaleDoc | undefined) => void;
const saleObservers = new WeakMap<object, Set<SaleObserver>>();

/**
 * Follows the sales index (the reports keep running totals on it, worker/reports/facts.ts): the observer is
 * told of every sale there now, then of each sale that comes, changes or goes as the index catches up. Seeding
 * and joining happen in one turn, so no change falls between them.
 */
export async function observeSales(ctx: Ctx, observer: SaleObserver): Promise<void> {
  const entries = await salesIndex(ctx).entries();
  let set = saleObservers.get(ctx.db.main);
  if (!set) saleObservers.set(ctx.db.main, (set = new Set()));
  set.add(observer);
  for (const doc of entries.values()) observer(undefined, doc);
}

function purchasesIndex(ctx: Ctx) {
  return prefixIndex(ctx.db.main, 'purchase-docs', () =>
    createPrefixIndex(ctx.db.main, ID_PREFIX.purchase, (d) => live(asKind(d, 'purchase'))),
  );
}

export async function salesList(ctx: Ctx, query: TableQuery) {
  const user = actingUser(ctx);
  const cfg = await ctx.config();
  const profitVisible = visibleTo(cfg.profitVisibility, user.level);
  const sales = [...(await salesIndex(ctx).entries()).values()];
  const rows: SoldRow[] = [];
  for (const sale of sales) {
    const profits = profitVisible ? lineProfits(sale.items, sale.discount?.amount ?? 0) : [];
    sale.items.forEach((l, i) => {
      const total = lineTotal(l);
      const row: SoldRow = {
        _id: `${sale._id}-${i}`,
        sale: sale._id,
        invoice_number: sale.invoice_number,
        date: l.date ?? sale.date ?? 0,
        customer: sale.customer?.name ?? '',
        phone_number: sale.customer?.phone_number ?? '',
        // A line names its variant wherever it is shown: 'Ankara Wrapper (Large, Red)'.
        description: withUnit(describeLine(l.name, l.variation), l),
        quantity: l.quantity,
        ...(l.unit_factor ? { base_quantity: baseQuantity(l) } : {}),
        price: l.price,
        total,
        truck_number: sale.truck_number,
        user: sale.user?.fullname,
      };
      if (profitVisible) {
        // Net of the line's share of the sale's discount (commands/lib/sale-math.ts), as the day at a glance.
        const profit = profits[i];
        Object.assign(row, { cost_price: l.cost_price ?? 0, profit, margin: total ? Math.round((profit / total) * 10000) / 100 : 0 });
      }
      rows.push(row);
    });
  }
  const page = tablePage(rows, { ...query, sort: query.sort ?? NEWEST_FIRST }, {
    search: (r) => [r.invoice_number, r.customer, r.phone_number, r.description, r.truck_number, r.user],
    date: (r) => r.date,
    summary: (m) => ({
      items: m.reduce((n, r) => n + (r.base_quantity ?? r.quantity), 0),
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
  const sales = [...(await salesIndex(ctx).entries()).values()];
  const purchases = [...(await purchasesIndex(ctx).entries()).values()];
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

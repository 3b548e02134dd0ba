/**
 * What the reports read, kept in memory from the changes like the other lists' indexes (../prefix-index.ts):
 *
 * - each live sale as a compact fact (its figures in minor units, already split by medium and line), made from
 *   the sales index the Sold list keeps;
 * - the sales' totals per day, kept by adding each new fact and subtracting the one it replaces (an edit, a
 *   deletion), so sales by period, by medium and the profit and loss add up days, never sales;
 * - customer returns, from the returns id range.
 *
 * A deleted sale (or return) leaves the index, and with it every total; a sale pending deletion still counts,
 * as in the ledger (worker/ledger/postings.ts isDeleted) and the Sold list.
 */
import dayjs from 'dayjs';
import { asKind, type SaleDoc } from '../../commands/docs';
import { ID_PREFIX } from '../../commands/lib/ids';
import { toMinor } from '../../commands/lib/money';
import { lineTotal, netLineTotals } from '../../commands/lib/sale-math';
import { describeLine } from '../../commands/purchases';
import type { Ctx } from '../context';
import { createPrefixIndex, prefixIndex } from '../prefix-index';
import { observeSales, salesIndex } from '../sales/lists';

/** A sold line: quantity in base units (issue 28), money in minor units. */
export type LineFact = { id: string; name: string; quantity: number; amount: number; net: number; cost: number };

/** A sale's figures in minor units (kobo) except quantities. */
export type SaleFact = {
  id: string;
  invoice: string;
  date: number;
  day: number;
  quantity: number;
  /** Σ line totals (the Sold list's Total). */
  amount: number;
  /** The sale's own discount as taken off its lines (amount − Σ net line totals). */
  discount: number;
  /** Σ cost price × quantity of the lines. */
  cost: number;
  /** total_due: what the invoice asked, VAT and transport included. */
  total: number;
  vat: number;
  vatRate: number;
  withheld: boolean;
  /** Transport the customer was charged (in the total due). */
  transport: number;
  cash: number;
  bank: number;
  bankName: string;
  /** Left on account (total due − amount paid). */
  credit: number;
  user: string;
  userName: string;
  customerKey: string;
  customerName: string;
  customerRef?: string;
  lines: LineFact[];
};

export type ReturnFact = { id: string; date: number; day: number; item: string; quantity: number; amount: number; customerKey?: string; customerName?: string };

const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : 0);
const isDeleted = (d: Record<string, unknown>) => d._deleted === true || d.deleted === true;

export const dayOf = (date: number) => dayjs(date).startOf('day').valueOf();

/** Customers are told apart by their account; walk-ins by the name typed. */
export function customerKey(ref: string | undefined, name: string): string {
  return ref ? `a:${ref}` : `n:${name.trim().toLowerCase()}`;
}

export function saleFact(sale: SaleDoc): SaleFact {
  const lines = Array.isArray(sale.items) ? sale.items : [];
  const nets = netLineTotals(lines, num(sale.discount?.amount));
  const lineFacts: LineFact[] = lines.map((l, i) => {
    const quantity = num(l.quantity);
    return {
      id: String(l.id ?? ''),
      name: describeLine(String(l.name ?? ''), l.variation),
      // In base units (a carton of 12 is 12): an item sold by the piece and by the carton adds up.
      quantity: quantity * (num(l.unit_factor) || 1),
      amount: toMinor(lineTotal({ price: num(l.price), quantity, discount: num(l.discount) })),
      net: toMinor(nets[i]),
      cost: toMinor(num(l.cost_price) * quantity),
    };
  });
  const amount = lineFacts.reduce((n, l) => n + l.amount, 0);
  const total = toMinor(num(sale.total_due));
  const paid = toMinor(num(sale.amount_paid));
  const bankRef = sale.bank?.name?.ref;
  const bank = bankRef ? Math.min(paid, toMinor(num(sale.bank?.amount))) : 0;
  const vat = toMinor(num(sale.vat?.amount));
  const date = num(sale.date);
  const customerName = String(sale.customer?.name ?? '');
  const t = sale.transport;
  return {
    id: sale._id,
    invoice: String(sale.invoice_number ?? ''),
    date,
    day: dayOf(date),
    quantity: lineFacts.reduce((n, l) => n + l.quantity, 0),
    amount,
    discount: amount - lineFacts.reduce((n, l) => n + l.net, 0),
    cost: lineFacts.reduce((n, l) => n + l.cost, 0),
    total,
    vat,
    vatRate: num(sale.vat?.percentage),
    withheld: sale.vat?.withold === true,
    transport: t?.paidByCustomer ? toMinor(num(t.total)) : 0,
    cash: paid - bank,
    bank,
    bankName: bankRef ? String(sale.bank?.name?.name || 'Bank') : '',
    credit: total - paid,
    user: String(sale.user?.username ?? ''),
    userName: String(sale.user?.fullname || sale.user?.username || 'Unknown'),
    customerKey: customerKey(sale.customer?.account_ref, customerName),
    customerName,
    customerRef: sale.customer?.account_ref || undefined,
    lines: lineFacts,
  };
}

/** A day's sales, in minor units; banks by name. */
export type DayTotals = {
  count: number;
  quantity: number;
  amount: number;
  discount: number;
  cost: number;
  total: number;
  vat: number;
  cash: number;
  bank: number;
  credit: number;
  /** Sales with a part paid in cash, left on account. */
  cashCount: number;
  creditCount: number;
  /** Per bank name: [amount, sales]. */
  banks: Map<string, [number, number]>;
};

const emptyDay = (): DayTotals => ({ count: 0, quantity: 0, amount: 0, discount: 0, cost: 0, total: 0, vat: 0, cash: 0, bank: 0, credit: 0, cashCount: 0, creditCount: 0, banks: new Map() });

/** The sales' totals per day (local midnight), moved by every fact that comes or goes. */
export class DayBook {
  readonly days = new Map<number, DayTotals>();

  move(f: SaleFact, sign: 1 | -1): void {
    let d = this.days.get(f.day);
    if (!d) this.days.set(f.day, (d = emptyDay()));
    d.count += sign;
    d.quantity += sign * f.quantity;
    d.amount += sign * f.amount;
    d.discount += sign * f.discount;
    d.cost += sign * f.cost;
    d.total += sign * f.total;
    d.vat += sign * f.vat;
    d.cash += sign * f.cash;
    d.bank += sign * f.bank;
    d.credit += sign * f.credit;
    if (f.cash) d.cashCount += sign;
    if (f.credit) d.creditCount += sign;
    if (f.bank) {
      const b = d.banks.get(f.bankName) ?? [0, 0];
      b[0] += sign * f.bank;
      b[1] += sign;
      if (b[1] === 0) d.banks.delete(f.bankName);
      else d.banks.set(f.bankName, b);
    }
    if (d.count === 0) this.days.delete(f.day);
  }

  /** The days from `from` to `to` (inclusive), in date order. */
  between(from: number, to: number): [number, DayTotals][] {
    const out: [number, DayTotals][] = [];
    const first = dayOf(from);
    for (const entry of this.days) if (entry[0] >= first && entry[0] <= to) out.push(entry);
    return out.sort((a, b) => a[0] - b[0]);
  }
}

/** The sale facts of a database, their day totals, and a version bumped by every fact that comes or goes. */
export type SaleFacts = { facts: ReadonlyMap<string, SaleFact>; book: DayBook; version(): number };

const followed = new WeakMap<object, Promise<SaleFacts>>();

/**
 * The sale facts, caught up with the database. They ride on the sales index the Sold list and the day at a
 * glance already keep (worker/sales/lists.ts observeSales): no second read of the sales, and after the cashbook
 * has shown its day at a glance the reports' first answer reads nothing.
 */
export async function saleFacts(ctx: Ctx): Promise<SaleFacts> {
  let made = followed.get(ctx.db.main);
  if (!made) {
    const facts = new Map<string, SaleFact>();
    const book = new DayBook();
    let version = 0;
    const state: SaleFacts = { facts, book, version: () => version };
    made = observeSales(ctx, (before, after) => {
      const id = (after ?? before)?._id;
      if (!id) return;
      version++;
      const old = facts.get(id);
      if (old) {
        book.move(old, -1);
        facts.delete(id);
      }
      if (after && !isDeleted(after as unknown as Record<string, unknown>)) {
        const fact = saleFact(after);
        facts.set(id, fact);
        book.move(fact, 1);
      }
    }).then(() => state);
    followed.set(ctx.db.main, made);
  }
  const state = await made;
  await salesIndex(ctx).entries(); // catch up: each change reaches the facts through the observer
  return state;
}

/** Customer returns (positive quantity, money given back) from the returns id range. */
export function returnFacts(ctx: Ctx) {
  return prefixIndex(ctx.db.main, 'report-return-facts', () =>
    createPrefixIndex<ReturnFact>(ctx.db.main, ID_PREFIX.returns, (d) => {
      const r = asKind(d, 'good-returns');
      if (!r || isDeleted(d)) return undefined;
      const customer = r.client?.kind === 'customer' || (r.client?.kind === undefined && num(r.quantity) > 0);
      if (!customer) return undefined;
      const date = num(r.date);
      const name = r.client?.name ?? '';
      return {
        id: r._id,
        date,
        day: dayOf(date),
        item: String(r.item?.id ?? ''),
        // In base units (issue 28): the returned goods' cost is the base unit's cost times these.
        quantity: Math.abs(num(r.quantity)) * (num(r.unit_factor) || 1),
        amount: Math.abs(toMinor(num(r.amount))),
        ...(r.client ? { customerKey: customerKey(r.client.account_ref, name), customerName: name } : {}),
      };
    }),
  );
}

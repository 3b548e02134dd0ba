/**
 * A shift's figures over its time window [opened, closed or now]: the cash from the ledger's cash account
 * (entries in date order, binary search to the start: no document read) and the Z-report from the in-memory
 * sales index. A deleted sale has no ledger entries and is not in the index, so it counts nowhere.
 */
import type { SaleDoc, ShiftCloseDoc, ShiftOpenDoc } from '../../commands/docs';
import { CASH_ACCOUNT } from '../../commands/ledger';
import { subMoney, sumMoney } from '../../commands/lib/money';
import { vatCollected } from '../../commands/lib/sale-math';
import type { ShiftCash, ShiftReport, ShiftView, ZReport } from '../../commands/shifts';
import type { Ctx } from '../context';
import { Book, KINDS, MONEY_SCALE } from '../ledger/postings';
import { firstEntryFrom } from '../ledger/state';
import { salesIndex } from '../sales/lists';

export function shiftView(open: ShiftOpenDoc, close: ShiftCloseDoc | undefined, now: number): ShiftView {
  const overnight = !close && new Date(now).toDateString() !== new Date(open.date).toDateString() && now > open.date;
  return {
    id: open._id,
    till: open.till,
    opened_at: open.date,
    opened_by: open.user.fullname,
    float: open.float,
    ...(close ? { closed_at: close.date, closed_by: close.user.fullname, counted: close.counted } : {}),
    overnight,
  };
}

/** The cash account's movements in the window, by where they came from (major units; out is negative). */
function cashOf(ctx: Ctx, start: number, end: number): ShiftCash {
  const minor = { sales: 0, payments_in: 0, payments_out: 0, expenses: 0, returns: 0, other: 0 };
  const entries = ctx.ledger.state().account(Book.Bank, CASH_ACCOUNT)?.ordered() ?? [];
  for (let i = firstEntryFrom(entries, start); i < entries.length && entries[i].date <= end; i++) {
    const e = entries[i];
    const kind = KINDS[e.kind];
    if (kind === 'sale') minor.sales += e.delta;
    else if (kind === 'payment') minor[e.delta > 0 ? 'payments_in' : 'payments_out'] += e.delta;
    else if (kind === 'expense') minor.expenses += e.delta;
    else if (kind === 'good-returns') minor.returns += e.delta;
    else minor.other += e.delta;
  }
  const major = (n: number) => n / MONEY_SCALE;
  return { sales: major(minor.sales), payments_in: major(minor.payments_in), payments_out: major(minor.payments_out), expenses: major(minor.expenses), returns: major(minor.returns), other: major(minor.other) };
}

async function zOf(ctx: Ctx, start: number, end: number, cash: ShiftCash): Promise<ZReport> {
  const sales = [...(await salesIndex(ctx).entries()).values()]
    .filter((s: SaleDoc) => (s.date ?? 0) >= start && (s.date ?? 0) <= end)
    .sort((a, b) => (a.date ?? 0) - (b.date ?? 0) || (a._id < b._id ? -1 : 1));
  const bank = sumMoney(sales.map((s) => s.bank?.amount ?? 0));
  const paid = sumMoney(sales.map((s) => s.amount_paid));
  const total = sumMoney(sales.map((s) => s.total_due));
  return {
    sales_count: sales.length,
    first_invoice: sales[0]?.invoice_number,
    last_invoice: sales[sales.length - 1]?.invoice_number,
    by_medium: { cash: subMoney(paid, bank), bank, credit: subMoney(total, paid) },
    total,
    discounts: sumMoney(sales.map((s) => s.discount?.amount ?? 0)),
    // VAT the customers paid with their totals; VAT a customer withheld never reached the till.
    vat: sumMoney(sales.map(vatCollected)),
    returns: -cash.returns,
    expenses: -cash.expenses,
  };
}

/** Expected cash = float + every cash movement of the window; the difference is counted − expected. */
export async function shiftReport(ctx: Ctx, open: ShiftOpenDoc, close: ShiftCloseDoc | undefined): Promise<ShiftReport> {
  await ctx.ledger.ready();
  const now = ctx.clock();
  const end = close?.date ?? now;
  const cash = cashOf(ctx, open.date, end);
  const expected = sumMoney([open.float, cash.sales, cash.payments_in, cash.payments_out, cash.expenses, cash.returns, cash.other]);
  const z = await zOf(ctx, open.date, end, cash);
  return { ...shiftView(open, close, now), expected, ...(close ? { difference: subMoney(close.counted, expected) } : {}), cash, z };
}

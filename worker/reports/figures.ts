/**
 * Sales figures summed in minor units (integers: nothing drifts), turned into a report row's major units once.
 * The derived figures are the same for every report: net = amount − discount − returns, cost = cost of the
 * goods sold − cost of those returned, profit = net − cost.
 */
import type { ReportRow } from '../../commands/reports';
import type { DayTotals, LineFact, ReturnFact, SaleFact } from './facts';

export type Sums = {
  count: number;
  quantity: number;
  amount: number;
  discount: number;
  returns: number;
  cost: number;
  returnCost: number;
  total: number;
  vat: number;
  cash: number;
  bank: number;
  credit: number;
};

export const emptySums = (): Sums => ({ count: 0, quantity: 0, amount: 0, discount: 0, returns: 0, cost: 0, returnCost: 0, total: 0, vat: 0, cash: 0, bank: 0, credit: 0 });

export function addSale(s: Sums, f: SaleFact): void {
  s.count++;
  s.quantity += f.quantity;
  s.amount += f.amount;
  s.discount += f.discount;
  s.cost += f.cost;
  s.total += f.total;
  s.vat += f.vat;
  s.cash += f.cash;
  s.bank += f.bank;
  s.credit += f.credit;
}

export function addDay(s: Sums, d: DayTotals): void {
  s.count += d.count;
  s.quantity += d.quantity;
  s.amount += d.amount;
  s.discount += d.discount;
  s.cost += d.cost;
  s.total += d.total;
  s.vat += d.vat;
  s.cash += d.cash;
  s.bank += d.bank;
  s.credit += d.credit;
}

/** A line of a sale: its net total (after its share of the sale's discount) is what it brought in. */
export function addLine(s: Sums, l: LineFact): void {
  s.quantity += l.quantity;
  s.amount += l.amount;
  s.discount += l.amount - l.net;
  s.cost += l.cost;
}

/** A customer return: money back, and the goods back at `unitCost` (minor units) each. */
export function addReturn(s: Sums, r: ReturnFact, unitCost: number): void {
  s.returns += r.amount;
  s.returnCost += Math.round(unitCost * r.quantity);
}

const major = (minor: number) => minor / 100;
const qty = (q: number) => Math.round(q * 1000) / 1000;

/** The row's sales figures; cost and profit only when the profits setting shows them to this user. */
export function salesFields(s: Sums, profit: boolean): Partial<ReportRow> {
  const net = s.amount - s.discount - s.returns;
  const cost = s.cost - s.returnCost;
  return {
    count: s.count,
    quantity: qty(s.quantity),
    amount: major(s.amount),
    discount: major(s.discount),
    returns: major(s.returns),
    net: major(net),
    total: major(s.total),
    ...(profit ? { cost: major(cost), profit: major(net - cost) } : {}),
  };
}

export { major, qty };

/**
 * report-rows against figures worked out by hand, and against the lists they summarise (Sold, Expenses).
 *
 * The shop (clock 2026-03-05 10:00, a Thursday): Rice 1,250.50 (cost 1,000, 10 in stock) and Beans 800 (cost
 * 600, 5) in the category Grains; Garri 0.10 (cost 0.05, 100) and Salt 70 (cost 50, 20) in none.
 *   Feb 20 10:00  S0 walk-in 1 garri, cash 0.10 (last month: outside the range)
 *   Mar 4  10:00  S1 walk-in 2 beans, cash 1,600 (by Ada, the owner)
 *   Mar 5  10:00  S2 walk-in 3 beans + 10 garri, 100 off (2,301): 1,000 through GTB, 1,301 cash (Ada)
 *   Mar 5  11:00  S3 Chioma 1 rice + VAT 7.5 % exclusive (93.79): 1,344.29, nothing paid (by Femi, a manager)
 *   Mar 5  11:30  S4 walk-in 5 rice, cash, then deleted: counts nowhere
 *   Mar 5  12:00  Chioma returns 1 beans (800 back; cost 600 back)
 *   Expenses: Mar 4 Rent 200, Mar 5 Utilities 300.
 * Range Mar 4 – Mar 5:
 *   sales 1,600 + 2,401 + 1,250.50 = 5,251.50; discounts 100; returns 800; net 4,351.50
 *   cost 1,200 + 1,800.50 + 1,000 − 600 = 3,400.50; gross 951; expenses 500; net profit 451
 *   total due 1,600 + 2,301 + 1,344.29 = 5,245.29 = cash 2,901 + GTB 1,000 + on account 1,344.29
 * S2's discount on its lines (commands/lib/sale-math.ts netLineTotals): beans 99.96, garri 0.04.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { ItemDoc, MainDoc } from '../../commands/docs';
import { reportHeading, slowDays, type ReportInput, type ReportKind, type ReportRow } from '../../commands/reports';
import type { NodeBackend } from '../../worker/backend';
import { ACCOUNTANT, AGENT, CUSTOMER, MANAGER, OWNER } from '../support/fixtures';
import { seedDocs } from '../support/seed';
import { fixedClock, makeBackend, ok, T0 } from './helpers';
import { configure } from './sales-fixtures';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const MAR4 = new Date(2026, 2, 4).getTime();
const RANGE = { from: MAR4, to: new Date(2026, 2, 5, 23, 59, 59, 999).getTime() };
const walkIn = { with_account: false, name: 'Walk-in' };
const chioma = { with_account: true, name: CUSTOMER.name, phone_number: CUSTOMER.phone_number, account_ref: CUSTOMER._id };

const GRAINS = { name: 'Grains', id: 'hAgrains' };
const items: (ItemDoc & { stock: number })[] = [
  { _id: '7Arice', stores: 'item', name: 'Rice', price: 1250.5, purchasePrice: 1000, group: GRAINS, stock: 10 },
  { _id: '7Abeans', stores: 'item', name: 'Beans', price: 800, purchasePrice: 600, group: GRAINS, stock: 5 },
  { _id: '7Agarri', stores: 'item', name: 'Garri', price: 0.1, purchasePrice: 0.05, stock: 100 },
  { _id: '7Asalt', stores: 'item', name: 'Salt', price: 70, purchasePrice: 50, stock: 20 },
];
const [RICE, BEANS, GARRI] = items;
const line = (it: ItemDoc, quantity: number) => ({ id: it._id, name: it.name, price: it.price, quantity });

async function shop(): Promise<{ b: NodeBackend; clock: ReturnType<typeof fixedClock>; deleted: string }> {
  const clock = fixedClock(new Date(2026, 1, 20, 10).getTime());
  const b = await makeBackend({ clock });
  const docs: MainDoc[] = [{ _id: CUSTOMER._id, stores: 'customer', name: CUSTOMER.name, phone_number: CUSTOMER.phone_number }];
  for (const { stock, ...it } of items) {
    docs.push(it, { _id: `${it._id}-i`, stores: 'stock', item: { name: it.name, id: it._id }, quantity: stock, price: it.purchasePrice, to: 'store', extra_notes: 'Starting stock', date: 0 });
  }
  await seedDocs(b.ctx.db.main, docs);
  await configure(b, { deletePolicy: 'all', amountDiscount: true, useVat: true });
  const gtb = ok(await b.dispatch('bank-create', { name: 'GTB' })).id;
  ok(await b.dispatch('sale-create', { customer: walkIn, items: [line(GARRI, 1)], amount_paid: 0.1 }));
  clock.set(T0 - DAY);
  ok(await b.dispatch('sale-create', { customer: walkIn, items: [line(BEANS, 2)], amount_paid: 1600 }));
  ok(await b.dispatch('expense-create', { amount: 200, source: 'cash', description: 'Shop rent', category: 'Rent' }));
  clock.set(T0);
  ok(await b.dispatch('sale-create', { customer: walkIn, items: [line(BEANS, 3), line(GARRI, 10)], discount: { amount: 100 }, bank: { name: { ref: gtb, name: 'GTB' }, amount: 1000 }, amount_paid: 2301 }));
  ok(await b.dispatch('expense-create', { amount: 300, source: 'cash', description: 'Water', category: 'Utilities' }));
  clock.set(T0 + HOUR);
  b.ctx.setSession(MANAGER);
  ok(await b.dispatch('sale-create', { customer: chioma, items: [line(RICE, 1)], vat: { percentage: 7.5, type: 'exclusive', withold: false }, amount_paid: 0, confirmDebt: true }));
  b.ctx.setSession(OWNER);
  clock.set(T0 + 1.5 * HOUR);
  const deleted = ok(await b.dispatch('sale-create', { customer: walkIn, items: [line(RICE, 5)], amount_paid: 6252.5 })).id;
  clock.set(T0 + 2 * HOUR);
  ok(await b.dispatch('return-create', { kind: 'customer', item: BEANS._id, quantity: 1, client: { name: CUSTOMER.name, account_ref: CUSTOMER._id } }));
  return { b, clock, deleted };
}

async function report(b: NodeBackend, kind: ReportKind, extra: Partial<ReportInput> = {}) {
  return ok(await b.dispatch('report-rows', { report: kind, offset: 0, limit: 100, range: RANGE, ...extra }));
}

const pick = (rows: ReportRow[], keys: (keyof ReportRow)[]) => rows.map((r) => Object.fromEntries(keys.filter((k) => r[k] !== undefined).map((k) => [k, r[k]])));

test('sales by day and by month, by hand; a deleted sale counts nowhere, a return lowers sales and cost', async () => {
  const { b, deleted } = await shop();
  // Asked once before the deletion, so the day totals are already built: the deletion must come out of them.
  const before = await report(b, 'sales-period');
  assert.is(before.summary!.count, 4, 'the sale still counts before its deletion');
  ok(await b.dispatch('sale-delete', { id: deleted }));
  const days = await report(b, 'sales-period');
  assert.equal(pick(days.rows, ['label', 'count', 'amount', 'discount', 'returns', 'net', 'cost', 'profit', 'total']), [
    { label: 'March 4, 2026', count: 1, amount: 1600, discount: 0, returns: 0, net: 1600, cost: 1200, profit: 400, total: 1600 },
    { label: 'March 5, 2026', count: 2, amount: 3651.5, discount: 100, returns: 800, net: 2751.5, cost: 2200.5, profit: 551, total: 3645.29 },
  ]);
  assert.equal(days.summary, { rows: 2, count: 3, quantity: 16, amount: 5251.5, discount: 100, returns: 800, net: 4351.5, total: 5245.29, cost: 3400.5, profit: 951 });
  assert.equal(days.chart.series.map((s) => s.values), [[1600, 2751.5], [400, 551]]);
  // By month over March and the February sale before it.
  const months = await report(b, 'sales-period', { period: 'month', range: { from: new Date(2026, 1, 1).getTime(), to: RANGE.to } });
  assert.equal(pick(months.rows, ['label', 'count', 'net']), [
    { label: 'February 2026', count: 1, net: 0.1 },
    { label: 'March 2026', count: 3, net: 4351.5 },
  ]);
  await b.close();
});

test('profit and loss: damaged goods and a stocktake’s differences are taken off the gross profit, by hand', async () => {
  // Mar 5 13:00: 2 Salt damaged (cost 50 each: 100 written off); a stocktake finds 80 Garri of the 89 expected
  // (100 − 1 − 10 sold): −9 at 0.05 = −0.45. Gross 951 − 100 − 0.45 = 850.55; net 850.55 − 500 = 350.55.
  const { b, clock, deleted } = await shop();
  ok(await b.dispatch('sale-delete', { id: deleted }));
  clock.set(T0 + 3 * HOUR);
  ok(await b.dispatch('return-create', { kind: 'damaged', item: '7Asalt', quantity: 2, recipient: 'Waste bin' }));
  const { id } = ok(await b.dispatch('stocktake-start', {}));
  ok(await b.dispatch('stocktake-count', { id, code: '7Agarri', quantity: '80' }));
  ok(await b.dispatch('stocktake-post', { id }));
  const pl = await report(b, 'profit-loss');
  assert.equal(pick(pl.rows, ['label', 'amount']).slice(4, 8), [
    { label: 'Cost of goods sold', amount: -3400.5 },
    { label: 'Damaged goods', amount: -100 },
    { label: 'Stocktake differences', amount: -0.45 },
    { label: 'Gross profit', amount: 850.55 },
  ]);
  assert.equal(pl.summary, { sales: 5251.5, net_sales: 4351.5, expenses: 500, cost: 3400.5, gross: 850.55, net: 350.55 });
  // Outside the range (the day after), neither counts.
  const next = await report(b, 'profit-loss', { range: { from: RANGE.to + 1, to: RANGE.to + DAY } });
  assert.is(next.rows.some((r) => r._id === 'damaged' || r._id === 'stocktake'), false);
  await b.close();
});

test('the figures equal the Sold and Expenses lists of the range', async () => {
  const { b, deleted } = await shop();
  ok(await b.dispatch('sale-delete', { id: deleted }));
  const sold = ok(await b.dispatch('sales-list', { offset: 0, limit: 100, range: RANGE }));
  const days = await report(b, 'sales-period');
  assert.is(days.summary!.amount, sold.summary!.amount, 'sales = the Sold list’s Total amount');
  // The Sold list's profit knows no returns: the report's is lower by the return's 800 less its cost 600.
  assert.is(days.summary!.profit, sold.summary!.profit - 200);
  const expenses = ok(await b.dispatch('expenses-list', { offset: 0, limit: 100, range: RANGE }));
  const pl = await report(b, 'profit-loss');
  assert.is(pl.summary!.expenses, expenses.summary!.total);
  await b.close();
});

test('profit and loss, by hand', async () => {
  const { b, deleted } = await shop();
  ok(await b.dispatch('sale-delete', { id: deleted }));
  const pl = await report(b, 'profit-loss');
  assert.equal(pick(pl.rows, ['label', 'group', 'amount']), [
    { label: 'Sales', group: 'Income', amount: 5251.5 },
    { label: 'Discounts', group: 'Income', amount: -100 },
    { label: 'Customer returns', group: 'Income', amount: -800 },
    { label: 'Net sales', group: 'Income', amount: 4351.5 },
    { label: 'Cost of goods sold', group: 'Cost of sales', amount: -3400.5 },
    { label: 'Gross profit', group: 'Cost of sales', amount: 951 },
    { label: 'Utilities', group: 'Expenses', amount: -300 },
    { label: 'Rent', group: 'Expenses', amount: -200 },
    { label: 'Total expenses', group: 'Expenses', amount: -500 },
    { label: 'Net profit', group: 'Result', amount: 451 },
  ]);
  assert.equal(pl.summary, { sales: 5251.5, net_sales: 4351.5, expenses: 500, cost: 3400.5, gross: 951, net: 451 });
  await b.close();
});

test('issue 39: by payment medium, the total counts sales once (S2 paid through GTB and in cash is one sale)', async () => {
  const { b, deleted } = await shop();
  ok(await b.dispatch('sale-delete', { id: deleted }));
  const medium = await report(b, 'sales-medium');
  assert.equal([medium.summary?.count, medium.summary?.total], [3, 5245.29]);
  await b.close();
});

test('issue 39: the slow movers heading carries its number of days (it read "No sale in days" in print)', () => {
  assert.is(reportHeading('slow-movers', { days: slowDays('30') }), 'Slow movers and dead stock: no sale in 30 days');
  assert.is(reportHeading('slow-movers', { days: slowDays('') }), 'Slow movers and dead stock: no sale in 0 days');
  assert.is(reportHeading('slow-movers', { days: slowDays('1.7') }), 'Slow movers and dead stock: no sale in 1 day');
  assert.is(reportHeading('slow-movers'), 'Slow movers and dead stock: no sale in 90 days');
  assert.is(reportHeading('stock-valuation'), 'Stock valuation, now');
  assert.is(reportHeading('vat'), 'VAT collected');
});

test('by payment medium, item, category, staff member, hour and customer; VAT by invoice', async () => {
  const { b, deleted } = await shop();
  ok(await b.dispatch('sale-delete', { id: deleted }));
  assert.equal(pick((await report(b, 'sales-medium')).rows, ['label', 'count', 'total']), [
    { label: 'Cash', count: 2, total: 2901 },
    { label: 'GTB', count: 1, total: 1000 },
    { label: 'On account (unpaid)', count: 1, total: 1344.29 },
  ]);
  assert.equal(pick((await report(b, 'sales-item')).rows, ['label', 'group', 'quantity', 'amount', 'discount', 'returns', 'net', 'cost', 'profit']), [
    { label: 'Beans', group: 'Grains', quantity: 5, amount: 4000, discount: 99.96, returns: 800, net: 3100.04, cost: 2400, profit: 700.04 },
    { label: 'Rice', group: 'Grains', quantity: 1, amount: 1250.5, discount: 0, returns: 0, net: 1250.5, cost: 1000, profit: 250.5 },
    { label: 'Garri', group: 'Uncategorised', quantity: 10, amount: 1, discount: 0.04, returns: 0, net: 0.96, cost: 0.5, profit: 0.46 },
  ]);
  assert.equal(pick((await report(b, 'sales-category')).rows, ['label', 'net', 'cost', 'profit']), [
    { label: 'Grains', net: 4350.54, cost: 3400, profit: 950.54 },
    { label: 'Uncategorised', net: 0.96, cost: 0.5, profit: 0.46 },
  ]);
  assert.equal(pick((await report(b, 'sales-staff')).rows, ['label', 'count', 'net', 'profit']), [
    { label: OWNER.fullname, count: 2, net: 3901, profit: 900.5 },
    { label: MANAGER.fullname, count: 1, net: 1250.5, profit: 250.5 },
  ]);
  const hours = (await report(b, 'sales-hour')).rows;
  assert.is(hours.length, 24);
  assert.equal(pick(hours.filter((h) => h.count), ['label', 'count', 'net']), [
    { label: '10:00–10:59', count: 2, net: 3901 },
    { label: '11:00–11:59', count: 1, net: 1250.5 },
  ]);
  assert.equal(pick((await report(b, 'top-customers')).rows, ['label', 'count', 'net', 'total', 'owed', 'link']), [
    { label: 'Walk-in', count: 2, net: 3901, total: 3901 },
    // The Total 1,344.29 (its VAT included) on account, less the 800 returned.
    { label: 'Chioma', count: 1, net: 450.5, total: 1344.29, owed: 544.29, link: `/customer/${CUSTOMER._id}` },
  ]);
  const vat = await report(b, 'vat');
  assert.equal(pick(vat.rows, ['group', 'base', 'rate', 'vat', 'withheld', 'total']), [{ group: 'Chioma', base: 1250.5, rate: 7.5, vat: 93.79, withheld: 0, total: 1344.29 }]);
  assert.ok(vat.rows[0].link?.startsWith('/sales/invoice/2'));
  await b.close();
});

test('stock valuation now and at the end of an earlier day; slow movers; debtors by age', async () => {
  const { b, deleted } = await shop();
  ok(await b.dispatch('sale-delete', { id: deleted }));
  // Now: rice 9, beans 5 − 2 − 3 + 1 = 1, garri 100 − 1 − 10 = 89, salt 20.
  assert.equal(pick((await report(b, 'stock-valuation')).rows, ['label', 'group', 'count', 'stock', 'at_cost', 'at_price']), [
    { label: 'Grains', group: 'Main store', count: 2, stock: 10, at_cost: 9600, at_price: 12054.5 },
    { label: 'Uncategorised', group: 'Main store', count: 2, stock: 109, at_cost: 1004.45, at_price: 1408.9 },
  ]);
  // The end of March 4: rice 10, beans 3, garri 99, salt 20.
  assert.equal(pick((await report(b, 'stock-valuation', { at: MAR4 })).rows, ['label', 'stock', 'at_cost', 'at_price']), [
    { label: 'Grains', stock: 13, at_cost: 11800, at_price: 14905 },
    { label: 'Uncategorised', stock: 119, at_cost: 1004.95, at_price: 1409.9 },
  ]);
  // No sale in 90 days: salt only (never sold); in the last 0 days (since midnight) nothing sold is slow either.
  assert.equal(pick((await report(b, 'slow-movers')).rows, ['label', 'stock', 'at_cost', 'at_price', 'date']), [{ label: 'Salt', stock: 20, at_cost: 1000, at_price: 1400 }]);
  // No sale since midnight: rice, beans and garri were all sold today, so Salt alone again.
  assert.equal((await report(b, 'slow-movers', { days: 0 })).rows.map((r) => r.label), ['Salt']);
  assert.equal(pick((await report(b, 'debtors-age')).rows, ['label', 'days', 'current', 'd30', 'owed']), [{ label: 'Chioma', days: 0, current: 544.29, d30: 0, owed: 544.29 }]);
  await b.close();
});

test('who: managers and the admin by default; cost and profit only for the profits setting', async () => {
  const { b } = await shop();
  b.ctx.setSession(MANAGER);
  const pl = await report(b, 'profit-loss');
  assert.is(pl.profitVisible, false, 'profits default to the admin level');
  assert.equal(pl.rows.map((r) => r.label), ['Sales', 'Discounts', 'Customer returns', 'Net sales', 'Utilities', 'Rent', 'Total expenses']);
  assert.is(pl.summary!.net, undefined);
  const days = await report(b, 'sales-period');
  assert.ok(days.rows.every((r) => r.cost === undefined && r.profit === undefined));
  assert.ok((await report(b, 'stock-valuation')).rows.every((r) => r.at_cost === undefined));
  for (const who of [ACCOUNTANT, AGENT]) {
    b.ctx.setSession(who);
    const r = await b.dispatch('report-rows', { report: 'sales-period', offset: 0, limit: 100, range: RANGE });
    assert.equal(r.ok ? 'ok' : r.error.code, 'forbidden', `level ${who.level} is refused`);
  }
  b.ctx.setSession(OWNER);
  await configure(b, { reportsVisibility: 'accountants', profitVisibility: 'accountants' });
  b.ctx.setSession(ACCOUNTANT);
  assert.is((await report(b, 'profit-loss')).summary!.net, 451 + 6252.5 - 5000, 'the undeleted sale S4 still counts here');
  await b.close();
});

test('units of measure (issue 28): a carton and pieces of one item add up in pieces, at the cost of each', async () => {
  const b = await makeBackend();
  const id = ok(await b.dispatch('item-create', { name: 'Indomie', price: 220, purchasePrice: 150, unit: 'piece', units: [{ name: 'carton', factor: 24, price: 4800 }] })).id;
  ok(await b.dispatch('purchase-create', { supplier: { name: 'Dangote', phone_number: '08030000001' }, invoice_number: 'P-1', date: T0, amount_paid: 42000, items: [{ id, name: 'Indomie', quantity: 10, price: 4200, unit: 'carton' }] }));
  ok(await b.dispatch('sale-create', { customer: walkIn, items: [{ id, name: 'Indomie', quantity: 1, price: 4800, unit: 'carton' }, { id, name: 'Indomie', quantity: 5, price: 220 }], amount_paid: 5900 }));
  // 24 + 5 = 29 pieces; cost 29 × 175 (4,200 ÷ 24) = 5,075; profit 5,900 − 5,075 = 825, as the Sold list says.
  const day = { from: new Date(2026, 2, 5).getTime(), to: new Date(2026, 2, 5, 23, 59, 59, 999).getTime() };
  assert.equal(pick((await report(b, 'sales-item', { range: day })).rows, ['label', 'quantity', 'amount', 'cost', 'profit']), [{ label: 'Indomie', quantity: 29, amount: 5900, cost: 5075, profit: 825 }]);
  // 240 − 29 = 211 pieces in stock, at the item's purchase price (150, as the Store list) and its price (220).
  assert.equal(pick((await report(b, 'stock-valuation')).rows, ['stock', 'at_cost', 'at_price']), [{ stock: 211, at_cost: 31650, at_price: 46420 }]);
  await b.close();
});

test('an empty shop: zero totals, no rows', async () => {
  const clock = fixedClock();
  const b = await makeBackend({ clock });
  const pl = await report(b, 'profit-loss');
  assert.equal(pl.summary, { sales: 0, net_sales: 0, expenses: 0, cost: 0, gross: 0, net: 0 });
  for (const kind of ['sales-period', 'sales-item', 'vat', 'stock-valuation', 'slow-movers', 'top-customers', 'debtors-age'] as const) {
    assert.is((await report(b, kind)).total, 0, kind);
  }
  await b.close();
});

test.run();

/**
 * 'day-glance' against figures worked out by hand: today's sales (a deleted one counts nowhere), cash in and
 * out, cash and bank balances, gross profit (for the profits setting's levels only), the best sellers, debtors
 * over 30 days, low stock, and the 30-day chart (a sale 40 days ago is outside it).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { fixedClock, makeBackend, ok, T0 } from './helpers';
import { AGENT, OWNER, BEANS, CUSTOMER, GARRI, RICE } from '../support/fixtures';
import { configure, line, saleInput, seed } from './sales-fixtures';

const DAY = 86_400_000;
const walkIn = { with_account: false, name: 'Walk-in' };

test('the day at a glance, by hand', async () => {
  const clock = fixedClock(T0 - 40 * DAY);
  const b = await makeBackend({ clock });
  await seed(b);
  await configure(b, { deletePolicy: 'all' });
  // 40 days ago: Chioma takes 2 rice on credit (2,501.00): a debt older than 30 days, outside the chart.
  ok(await b.dispatch('sale-create', saleInput({ amount_paid: 0, confirmDebt: true })));
  // Yesterday: one beans for cash (800).
  clock.set(T0 - DAY);
  ok(await b.dispatch('sale-create', { customer: walkIn, items: [line(BEANS, 1)], amount_paid: 800 }));
  // Today: 3 beans + 10 garri for cash (2,401.00); Chioma 1 rice, 1,000 paid (250.50 on account, current).
  clock.set(T0);
  ok(await b.dispatch('sale-create', { customer: walkIn, items: [line(BEANS, 3), line(GARRI, 10)], amount_paid: 2401 }));
  clock.set(T0 + 60_000);
  ok(await b.dispatch('sale-create', saleInput({ items: [line(RICE, 1)], amount_paid: 1000, confirmDebt: true })));
  // A sale deleted today counts nowhere.
  const gone = ok(await b.dispatch('sale-create', { customer: walkIn, items: [line(RICE, 5)], amount_paid: 6252.5 })).id;
  ok(await b.dispatch('sale-delete', { id: gone }));
  ok(await b.dispatch('expense-create', { amount: 300, source: 'cash', description: 'Water' }));
  // Chioma pays 500 into the bank: the oldest debt is settled first, so 2,001 of it stays over 30 days.
  const gtb = ok(await b.dispatch('bank-create', { name: 'GTB' })).id;
  ok(await b.dispatch('payment-create', { kind: 'customer', client: CUSTOMER._id, factor: -1, amount: 500, medium: { ref: gtb, name: 'GTB' } }));
  // Rice: 10 − 2 − 1 = 7 at a level of 7 (low); garri 90 under 200 (low, closest to running out); beans no level.
  ok(await b.dispatch('item-update', { id: RICE.id, reorderLevel: 7 }));
  ok(await b.dispatch('item-update', { id: GARRI.id, reorderLevel: 200 }));

  const g = ok(await b.dispatch('day-glance', {}));
  assert.is(g.day, new Date(2026, 2, 5).getTime());
  assert.equal(g.sales, { count: 2, total: 3651.5 });
  assert.equal(g.cash, { in: 3401, out: 300 });
  assert.is(g.balances.cash, 800 + 3401 - 300);
  assert.equal(g.balances, { cash: 3901, bank: 500, banks: [{ id: gtb, name: 'GTB', balance: 500 }] });
  // Gross profit: beans 3 × (800 − 600) + garri 10 × (0.10 − 0.05) + rice 1 × (1,250.50 − 1,000).
  assert.is(g.profit, 851);
  assert.equal(g.top, [
    { id: BEANS.id, name: 'Beans', quantity: 3, total: 2400 },
    { id: RICE.id, name: 'Rice', quantity: 1, total: 1250.5 },
    { id: GARRI.id, name: 'Garri', quantity: 10, total: 1 },
  ]);
  assert.equal(g.debtors, { count: 1, amount: 2001 });
  assert.equal(g.lowStock, {
    count: 2,
    items: [
      { id: GARRI.id, name: 'Garri', balance: 90, level: 200 },
      { id: RICE.id, name: 'Rice', balance: 7, level: 7 },
    ],
  });
  assert.is(g.chart.length, 30);
  assert.is(g.chart[0].day, new Date(2026, 1, 4).getTime(), 'the chart starts 29 days before today');
  assert.equal(g.chart.slice(-2).map((d) => d.total), [800, 3651.5]);
  assert.is(g.chart.reduce((n, d) => n + d.total, 0), 4451.5, 'the sale of 40 days ago is outside the chart');
  await b.close();
});

test('profit only for the profits setting levels; cash in and out only for the summary levels', async () => {
  const b = await makeBackend();
  await seed(b);
  ok(await b.dispatch('sale-create', { customer: walkIn, items: [line(BEANS, 1)], amount_paid: 800 }));
  assert.is(ok(await b.dispatch('day-glance', {})).profit, 200);
  await configure(b, { summaryVisibility: 'managers' });
  b.ctx.setSession(AGENT);
  const agent = ok(await b.dispatch('day-glance', {}));
  assert.is(agent.profit, undefined, 'profits default to the admin level');
  assert.is(agent.cash, undefined);
  assert.equal(agent.sales, { count: 1, total: 800 });
  b.ctx.setSession(OWNER);
  await configure(b, { profitVisibility: 'nobody' });
  assert.is(ok(await b.dispatch('day-glance', {})).profit, undefined);
  await b.close();
});

test('an empty shop: zeros, an empty chart of 30 days, nothing low', async () => {
  const b = await makeBackend();
  const g = ok(await b.dispatch('day-glance', {}));
  assert.equal([g.sales, g.cash, g.balances, g.top, g.debtors, g.lowStock], [{ count: 0, total: 0 }, { in: 0, out: 0 }, { cash: 0, bank: 0, banks: [] }, [], { count: 0, amount: 0 }, { count: 0, items: [] }]);
  assert.equal(g.chart.map((d) => d.total), new Array(30).fill(0));
  await b.close();
});

test.run();

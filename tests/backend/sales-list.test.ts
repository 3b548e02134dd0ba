import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { makeBackend, ok, T0 } from './helpers';
import { OWNER, BEANS, CUSTOMER, RICE, AGENT } from '../support/fixtures';
import { configure, line, saleInput, seed } from './sales-fixtures';

const DAY = 86_400_000;

async function withSales() {
  const b = await makeBackend();
  await seed(b);
  await configure(b, { deletePolicy: 'all' });
  const first = ok(await b.dispatch('sale-create', saleInput({ items: [line(RICE, 2), line(BEANS, 1)], amount_paid: 3301, truck_number: 'LAG-1' })));
  const old = ok(await b.dispatch('sale-create', saleInput({ items: [line(BEANS, 1)], amount_paid: 800, date: T0 - 10 * DAY })));
  return { b, first, old };
}

test('one row per sold line within the date range, with summary and no profit for a sales agent', async () => {
  const { b, first } = await withSales();
  b.ctx.setSession(AGENT);
  const page = ok(await b.dispatch('sales-list', { offset: 0, limit: 100, range: { from: T0 - DAY, to: T0 + DAY } }));
  assert.is(page.total, 2);
  assert.is(page.profitVisible, false);
  const rice = page.rows.find((r) => r.description === 'Rice')!;
  assert.equal(
    { ...rice },
    {
      _id: `${first.id}-0`,
      sale: first.id,
      invoice_number: first.invoice_number,
      date: T0,
      customer: CUSTOMER.name,
      phone_number: CUSTOMER.phone_number,
      description: 'Rice',
      quantity: 2,
      price: 1250.5,
      total: 2501,
      truck_number: 'LAG-1',
      user: OWNER.fullname,
    },
  );
  assert.equal(page.summary, { items: 3, amount: 3301 });
  await b.close();
});

test('profit columns for the admin (default profits setting), search, sort and paging', async () => {
  const { b } = await withSales();
  const page = ok(await b.dispatch('sales-list', { offset: 0, limit: 100 }));
  assert.is(page.total, 3);
  assert.is(page.profitVisible, true);
  const rice = page.rows.find((r) => r.description === 'Rice')!;
  // cost 1,000 × 2 = 2,000; profit 501; margin 501 / 2,501 = 20.03 %
  assert.equal([rice.cost_price, rice.profit, rice.margin], [1000, 501, 20.03]);
  assert.equal(page.summary, { items: 4, amount: 4101, profit: 901 });
  const beans = ok(await b.dispatch('sales-list', { offset: 0, limit: 1, search: 'bean', sort: { key: 'date', dir: 'asc' } }));
  assert.is(beans.total, 2);
  assert.is(beans.rows.length, 1);
  assert.is(beans.rows[0].date, T0 - 10 * DAY);
  await b.close();
});

test('deleted sales leave the list', async () => {
  const { b, first } = await withSales();
  ok(await b.dispatch('sale-delete', { id: first.id }));
  const page = ok(await b.dispatch('sales-list', { offset: 0, limit: 100 }));
  assert.is(page.total, 1);
  await b.close();
});

test.run();

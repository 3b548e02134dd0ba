/**
 * Gross profit is net of the sale's discount everywhere it is shown (issue 27, item 2): the day at a glance and
 * the Sold list's profit column agree, line by line and in total. Before, both took line total − cost and
 * ignored the sale's discount (a ₦855 discount left 'Gross profit today' ₦855 too high).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { makeBackend, ok, T0, fixedClock } from './helpers';
import { BEANS, RICE } from '../support/fixtures';
import { configure, line, seed } from './sales-fixtures';

const DAY = 86_400_000;

test('a ₦150.50 sale discount comes off the profit, shared by line total', async () => {
  const b = await makeBackend({ clock: fixedClock(T0) });
  await seed(b);
  await configure(b, { amountDiscount: true });
  // 3 beans (800, cost 600) + 1 rice (1,250.50, cost 1,000) = 3,650.50, less 150.50 = 3,500; cost 2,800.
  ok(await b.dispatch('sale-create', { customer: { with_account: false, name: 'Walk-in' }, items: [line(BEANS, 3), line(RICE, 1)], discount: { amount: 150.5 }, amount_paid: 3500 }));
  const glance = ok(await b.dispatch('day-glance', {}));
  assert.is(glance.profit, 700);
  const page = ok(await b.dispatch('sales-list', { offset: 0, limit: 100, range: { from: T0 - DAY, to: T0 + DAY } }));
  // The discount's share: beans 2,400 / 3,650.50 × 150.50 = 98.945 → 98.95 (the larger remainder takes the
  // odd kobo), rice 51.55; profits 2,301.05 − 1,800 = 501.05 and 1,198.95 − 1,000 = 198.95.
  const byName = Object.fromEntries(page.rows.map((r) => [r.description, r.profit]));
  assert.equal(byName, { Beans: 501.05, Rice: 198.95 });
  assert.is(page.summary?.profit, 700);
  await b.close();
});

test.run();

/** Dates that cannot be right are refused (issue 17): a year far outside the present, an expiry before the purchase date. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { rulebookVdu } from '../support/rulebook';
import { makeBackend, ok, T0 } from './helpers';
import { purchaseForm, seedPurchaseItems } from './purchase-fixtures';
import { RICE_BAG } from '../support/fixtures';

const DAY = 86400000;
const line = (expiry_date: number) => ({ id: RICE_BAG._id, name: RICE_BAG.name, quantity: 1, price: 52000, expiry_date });

async function backend() {
  const b = await makeBackend();
  await seedPurchaseItems(b);
  ok(await b.dispatch('config-set', { trackExpiry: true } as never));
  await b.settled();
  return b;
}

test('an expiry in 1907, a purchase dated 1907 and an expiry before the purchase date are refused; nothing is saved', async () => {
  const b = await backend();
  const before = (await b.ctx.db.main.allDocs()).total_rows;
  const refusal = async (over: Parameters<typeof purchaseForm>[0]) => {
    const r = await b.dispatch('purchase-create', purchaseForm({ amount_paid: 52000, ...over }));
    if (r.ok) throw new Error('expected a refusal');
    return r.error;
  };
  let e = await refusal({ items: [line(new Date(1907, 0, 5).getTime())] });
  assert.is(e.code, 'purchase-expiry');
  assert.ok(e.message.includes('January 5, 1907 cannot be right'), e.message);
  e = await refusal({ items: [line(T0 - 2 * DAY)] });
  assert.is(e.message, 'The expiry date of Rice 50kg (March 3, 2026) cannot be before the purchase date (March 5, 2026)');
  e = await refusal({ date: new Date(1907, 0, 5).getTime(), items: [line(T0)] });
  assert.is(e.code, 'purchase-date');
  assert.is((await b.ctx.db.main.allDocs()).total_rows, before);
  // The same day, and a plausible future expiry, are accepted.
  ok(await b.dispatch('purchase-create', purchaseForm({ amount_paid: 52000, items: [line(T0)] })));
  ok(await b.dispatch('purchase-create', purchaseForm({ amount_paid: 52000, invoice_number: 'INV-002', items: [line(T0 + 400 * DAY)] })));
  await b.close();
});

test('the rulebook (the server gate) refuses a purchase with an expiry more than a day before its date', () => {
  const fn = rulebookVdu() as (n: unknown, o: unknown, u: { name: string; roles: string[] }) => void;
  const user = { name: 'u', roles: ['oja:member:biz', 'oja:level:0'] };
  const purchase = (expiry_date: number) => ({ _id: 'px', stores: 'purchase', date: T0, items: [{ id: 'i', name: 'Milk', quantity: 1, price: 1, expiry_date }] });
  fn(purchase(T0 + 30 * DAY), null, user);
  fn(purchase(T0 - DAY / 2), null, user);
  assert.throws(() => fn(purchase(T0 - 2 * DAY), null, user), (e: { forbidden?: string }) => !!e.forbidden?.includes('before the purchase date'));
});

test.run();

/**
 * Issue 39 item 12: bad input is read one way everywhere. An absurd number ('1e20') is a number, refused with the
 * bounds' message by the item dialog's command as by the CSV import (it used to save as ₦0.00); text that is no
 * amount is the spec's 0 (the field shows the 0 at once); an expiry dated 1907 or 2999 is refused in the words a
 * sale date is.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { amountOf, neverAnAmount, parseMoney, readAsZero } from '../../commands/lib/money';
import { makeBackend, ok, T0 } from './helpers';
import { balanceOf } from './client-fixtures';
import { failure } from './store-fixtures';

const PRICE_BOUND = 'Price must be below 1,000,000,000,000';

test("the one parse: '1e20' is 10^20, '1e400' the largest number (never 0), 'abc' is 0 and said to be", () => {
  assert.is(parseMoney('1e20'), 1e20);
  assert.is(parseMoney('₦1.5E3'), 1500);
  assert.is(parseMoney('1e400'), Number.MAX_VALUE);
  assert.is(parseMoney('-1e400'), -Number.MAX_VALUE);
  assert.is(parseMoney('abc'), 0);
  assert.equal([readAsZero('1e20'), readAsZero('abc'), readAsZero('1,250.50')], [false, true, false]);
  assert.equal([amountOf('1e20'), amountOf('abc'), amountOf('')], [1e20, undefined, 0]);
  // What a field turns into 0 at once: only text no further typing can make an amount.
  assert.equal(['abc', '12x', '1.2.3', '-', '1.', '1e', '1e-', '', '₦1,2'].map(neverAnAmount), [true, true, true, false, false, false, false, false, false]);
});

test("the item dialog's price '1e20' is refused with the bounds' message, as the CSV import refuses it; nothing saved", async () => {
  const b = await makeBackend();
  const created = failure(await b.dispatch('item-create', { name: 'Rice', price: '1e20', purchasePrice: 100 }));
  assert.ok(created.message.includes(PRICE_BOUND), created.message);
  const imported = ok(await b.dispatch('item-import-check', { csv: 'Name,Price\nRice,1e20\nBeans,abc' }));
  assert.equal(imported.rejected, [
    { line: 2, reason: PRICE_BOUND },
    { line: 3, reason: 'Price "abc" is not a valid amount' },
  ]);
  const id = ok(await b.dispatch('item-create', { name: 'Rice', price: 100, purchasePrice: 80 })).id;
  const updated = failure(await b.dispatch('item-update', { id, price: '1e20' }));
  assert.ok(updated.message.includes(PRICE_BOUND), updated.message);
  const page = ok(await b.dispatch('store-list', { offset: 0, limit: 10 }));
  assert.equal(page.rows.map((r) => [r.name, r.price]), [['Rice', 100]]);
  await b.close();
});

test("a customer's start balance 'abc' is the spec's 0 (no entry); '1e20' is refused with the bounds' message", async () => {
  const b = await makeBackend();
  const chi = ok(await b.dispatch('client-create', { kind: 'customer', name: 'Chioma', balance: 'abc' }));
  assert.is(await balanceOf(b, chi._id), 0);
  const absurd = await b.dispatch('client-create', { kind: 'customer', name: 'Obi', balance: '1e20' });
  assert.equal(absurd, { ok: false, error: { code: 'too-large', message: 'Start balance must be below 1,000,000,000,000' } });
  await b.close();
});

test('an item expiry dated 1907 or 2999 is refused as a sale date is; 2027 goes through', async () => {
  const b = await makeBackend();
  const now = new Date(T0).getFullYear();
  for (const year of [1907, 2999]) {
    const date = new Date(year, 0, 1).getTime();
    const f = failure(await b.dispatch('item-create', { name: 'Milk', price: 100, quantity: 5, expiry_date: date }));
    assert.ok(f.message.includes(`Expiry date January 1, ${year} cannot be right: the year must be between ${now - 30} and ${now + 50}`), f.message);
  }
  const milk = ok(await b.dispatch('item-create', { name: 'Milk', price: 100, quantity: 5, expiry_date: new Date(now + 1, 0, 1).getTime() })).id;
  ok(await b.dispatch('config-set', { useWarehouse: true }));
  const ikeja = ok(await b.dispatch('warehouse-create', { location: 'Ikeja' })).id;
  const moved = failure(await b.dispatch('warehouse-transfer', { item: milk, from: 'store', to: ikeja, quantity: 1, expiry_date: new Date(2999, 0, 1).getTime() }));
  assert.ok(moved.message.includes('Expiry date January 1, 2999 cannot be right'), moved.message);
  await b.close();
});

test.run();

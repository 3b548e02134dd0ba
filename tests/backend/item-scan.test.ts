/** item-scan: a plain barcode, and weighing-scale labels carrying a price or a weight (commands/lib/scale-barcode.ts). */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { ItemScan, ItemScanMiss } from '../../commands/items';
import { SCALE_MESSAGES } from '../../commands/lib/scale-barcode';
import { SCAN_MESSAGES } from '../../worker/items/scan';
import { makeBackend, ok } from './helpers';
import { configure } from './sales-fixtures';
import { addItem, balance, failure } from './store-fixtures';

/** The line of a scan that found its item. */
function found(reply: Parameters<typeof ok<ItemScan | ItemScanMiss>>[0]): ItemScan {
  const value = ok(reply);
  if (!value.item) throw new Error(`no item for ${value.code}`);
  return value as ItemScan;
}

const SCALE = { scaleBarcode: true, scalePrefix: '20-29', scaleCodeLength: 5 } as const;

async function shop() {
  const b = await makeBackend();
  // Beef at 1500 a kilogram, its scale code 42 written without the leading zeros; a plain item with an EAN.
  const beef = await addItem(b, { name: 'Beef', barcode: '42', price: 1500, quantity: 10 });
  const soap = await addItem(b, { name: 'Soap', barcode: '4006381333931', price: 300, quantity: 5 });
  return { b, beef, soap };
}

test('a plain barcode: one at the item price, scale setting on or off', async () => {
  const { b, soap } = await shop();
  const plain = found(await b.dispatch('item-scan', { code: '4006381333931' }));
  assert.equal([plain.item._id, plain.quantity, plain.price, plain.scale], [soap, 1, 300, undefined]);
  await configure(b, SCALE);
  assert.is(found(await b.dispatch('item-scan', { code: '4006381333931' })).item._id, soap);
  await b.close();
});

test('scale labels are not read while the setting is off', async () => {
  const { b } = await shop();
  assert.equal(ok(await b.dispatch('item-scan', { code: '2100042007505' })), { item: null, code: '2100042007505' });
  await b.close();
});

test('price labels: quantity = price ÷ unit price to the gram; a sale of it takes that weight from stock', async () => {
  const { b, beef } = await shop();
  await configure(b, SCALE);
  const s = found(await b.dispatch('item-scan', { code: '2100042007505' }));
  assert.equal([s.item._id, s.quantity, s.price], [beef, 0.5, 1500]);
  assert.equal(s.scale, { kind: 'price', code: '00042', price: 750 });
  ok(await b.dispatch('sale-create', { customer: { with_account: false, name: 'Walk-in customer' }, items: [{ id: beef, name: 'Beef', price: s.price, quantity: s.quantity }], amount_paid: 750 }));
  assert.is(await balance(b, beef), 9.5);
  await b.close();
});

test('a price label that does not divide back to the label (price changed since printing) is one at the label price', async () => {
  const { b, beef } = await shop();
  await configure(b, SCALE);
  // 1250 ÷ 1500 = 0.8333 kg; 0.833 kg × 1500 = 1249.50, not the label's 1250.
  const s = found(await b.dispatch('item-scan', { code: '2100042012509' }));
  assert.equal([s.item._id, s.quantity, s.price], [beef, 1, 1250]);
  await b.close();
});

test('price with two decimals', async () => {
  const { b } = await shop();
  await configure(b, { ...SCALE, scaleValue: 'price2' });
  // 01500 = 15.00: 0.01 kg of beef.
  const s = found(await b.dispatch('item-scan', { code: '2100042015005' }));
  assert.equal([s.quantity, s.price], [0.01, 1500]);
  await b.close();
});

test('weight labels: the grams as kilograms at the unit price', async () => {
  const { b, beef } = await shop();
  await configure(b, { ...SCALE, scaleValue: 'weight' });
  const s = found(await b.dispatch('item-scan', { code: '2100042007505' }));
  assert.equal([s.item._id, s.quantity, s.price], [beef, 0.75, 1500]);
  assert.equal(s.scale, { kind: 'weight', code: '00042', weight: 0.75 });
  await b.close();
});

test('a wrong check digit is refused with its message; an unknown item code answers the code to create; a zero label is refused', async () => {
  const { b } = await shop();
  await configure(b, SCALE);
  const bad = failure(await b.dispatch('item-scan', { code: '2100042007506' }));
  assert.equal(bad, { code: 'item-scan', message: SCALE_MESSAGES.checkDigit('2100042007506', 5) });
  // No item has the label's code 00077: a new item should carry that code, not the whole label.
  assert.equal(ok(await b.dispatch('item-scan', { code: '2100077007501' })), { item: null, code: '00077' });
  assert.equal(failure(await b.dispatch('item-scan', { code: '2100042000001' })).message, SCAN_MESSAGES.empty('2100042000001'));
  await b.close();
});

test('the settings are validated by name', async () => {
  const { b } = await shop();
  assert.match(failure(await b.dispatch('config-set', { scalePrefix: '29-20' })).message, 'Scale barcode prefix');
  assert.match(failure(await b.dispatch('config-set', { scaleCodeLength: 9 })).message, 'Scale item code length');
  await b.close();
});

test.run();

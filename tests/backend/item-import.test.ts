import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { toCsv } from '../../commands/lib/csv';
import { fromBase62, toBase62 } from '../../commands/lib/ids';
import { DEVICE_TAG_LENGTH } from '../../worker/ids';
import { makeBackend, ok } from './helpers';
import { addItem, balance, failure } from './store-fixtures';

const CSV = [
  'Name,Price,Purchase Price,Description,Quantity,Barcode',
  'Rice,"45,000",40000,"Long grain, 50kg",10,111',
  ',100,50,,1,',
  'Beans,abc,1,,1,',
  'Oil,900,700,,-3,',
  'Salt,50,30,,0,111',
  'Sugar,60,40,,2,999',
  '',
  'Soap,20,10,"says ""clean""",5,',
].join('\n');

test('check parses every row and lists the rejected ones with the reason; nothing is written', async () => {
  const b = await makeBackend();
  await addItem(b, { name: 'Old', barcode: '999' });
  const r = ok(await b.dispatch('item-import-check', { csv: CSV }));
  assert.equal(r.rows.map((x) => [x.line, x.name, x.price, x.quantity, x.barcode]), [
    [2, 'Rice', 45000, 10, '111'],
    [9, 'Soap', 20, 5, undefined],
  ]);
  assert.is(r.rows[0].description, 'Long grain, 50kg');
  assert.is(r.rows[1].description, 'says "clean"');
  assert.equal(r.rejected, [
    { line: 3, reason: 'Item name is required' },
    { line: 4, reason: 'Price "abc" is not a valid amount' },
    { line: 5, reason: 'Quantity "-3" is not a valid quantity' },
    { line: 6, reason: 'Barcode 111 is repeated (line 2)' },
    { line: 7, reason: 'Barcode 999 is already used by an item' },
  ]);
  assert.is(ok(await b.dispatch('item-search', { query: '' })).total, 1);
  await b.close();
});

test('write adds items with their starting stock; a bad header is refused', async () => {
  const b = await makeBackend();
  const { rows } = ok(await b.dispatch('item-import-check', { csv: CSV }));
  const w = ok(await b.dispatch('item-import-write', { rows }));
  assert.equal(w, { added: 3, rejected: [] });
  const rice = ok(await b.dispatch('item-get', { id: '111' }))!;
  assert.is(rice.name, 'Rice');
  assert.is(await balance(b, rice._id), 10);
  assert.is(failure(await b.dispatch('item-import-check', { csv: 'foo,bar\n1,2' })).code, 'import-header');
  await b.close();
});

test('a neutralised export cell (leading apostrophe before =, +, -, @) imports as the text it was made from', async () => {
  const b = await makeBackend();
  const csv = toCsv([['Name', 'Price', 'Description'], ['=Rice', 10, '-fine grain'], ["'Tis oil", 5, '']]);
  const r = ok(await b.dispatch('item-import-check', { csv }));
  assert.equal(r.rows.map((x) => [x.name, x.description]), [['=Rice', '-fine grain'], ["'Tis oil", '']]);
  await b.close();
});

test('a row whose stock document cannot be written is rolled back whole and reported', async () => {
  const b = await makeBackend();
  // Make the next stock id collide: the item id is predictable from the fixed clock, so occupy it first.
  const probe = b.ctx.newId('item');
  // ids are '7' + 'A' + the device's tag + base-62 time + one base-62 random digit; the next one has time + 1.
  const head = 2 + DEVICE_TAG_LENGTH;
  const next = probe.slice(0, head) + toBase62(fromBase62(probe.slice(head, -1)) + 1);
  for (let r = 0; r < 62; r++) await b.ctx.db.main.put({ _id: `${next}${toBase62(r)}-i`, stores: 'note' } as never);
  const w = ok(await b.dispatch('item-import-write', { rows: [
    { line: 2, name: 'Blocked', price: 1, purchasePrice: 1, description: '', quantity: 3 },
    { line: 3, name: 'Fine', price: 1, purchasePrice: 1, description: '', quantity: 0 },
  ] }));
  assert.is(w.added, 1);
  assert.is(w.rejected.length, 1);
  assert.is(w.rejected[0].line, 2);
  assert.match(w.rejected[0].reason, /^Not saved/);
  assert.equal(ok(await b.dispatch('item-search', { query: '' })).rows.map((r) => r.name), ['Fine']);
  await b.close();
});

test.run();

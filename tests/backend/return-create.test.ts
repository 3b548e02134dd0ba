import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { DamagedGoodsDoc, GoodReturnsDoc } from '../../commands/docs';
import { makeBackend, ok } from './helpers';
import { addItem, balance, failure } from './store-fixtures';

test('customer returns: positive quantity, negative amount = rate × quantity; the balance rises', async () => {
  const b = await makeBackend();
  const id = await addItem(b, { name: 'Fan', price: 15000.5, purchasePrice: 12000, quantity: 10 });
  const r = ok(await b.dispatch('return-create', { kind: 'customer', item: id, quantity: 3, client: { name: 'Bola', account_ref: '4Ax' }, details: 'faulty' }));
  assert.equal([r.quantity, r.amount], [3, -45001.5]);
  const doc = (await b.ctx.db.main.get(r.id)) as unknown as GoodReturnsDoc;
  assert.ok(r.id.startsWith('6A'));
  assert.is(doc.stores, 'good-returns');
  assert.equal(doc.item, { name: 'Fan', id, rate: 15000.5 });
  assert.is(doc.quantity, 3);
  assert.is(doc.amount, -45001.5);
  assert.is(doc.client?.name, 'Bola');
  assert.is(await balance(b, id), 13);
  await b.close();
});

test('supplier returns: negative quantity, positive amount (rate defaults to the purchase price); the balance falls', async () => {
  const b = await makeBackend();
  const id = await addItem(b, { name: 'Fan', price: 15000, purchasePrice: 12000, quantity: 10 });
  const r = ok(await b.dispatch('return-create', { kind: 'supplier', item: id, quantity: '2' }));
  assert.equal([r.quantity, r.amount], [-2, 24000]);
  const doc = (await b.ctx.db.main.get(r.id)) as unknown as GoodReturnsDoc;
  assert.is(doc.quantity, -2);
  assert.is(doc.amount, 24000);
  assert.is(await balance(b, id), 8);
  await b.close();
});

test('damaged goods: stored negative; the balance falls', async () => {
  const b = await makeBackend();
  const id = await addItem(b, { name: 'Eggs', quantity: 30 });
  const r = ok(await b.dispatch('return-create', { kind: 'damaged', item: id, quantity: 4, recipient: 'Waste bin', details: 'cracked' }));
  const doc = (await b.ctx.db.main.get(r.id)) as unknown as DamagedGoodsDoc;
  assert.is(doc.stores, 'damaged-goods');
  assert.is(doc.quantity, -4);
  assert.is(doc.recipient, 'Waste bin');
  assert.is(await balance(b, id), 26);
  await b.close();
});

test('validation: item, quantity above 0, no removing more than the store holds', async () => {
  const b = await makeBackend();
  const id = await addItem(b, { name: 'Eggs', quantity: 3 });
  assert.is(failure(await b.dispatch('return-create', { kind: 'customer', item: '', quantity: 1 })).message, 'You must select the returned item');
  assert.is(failure(await b.dispatch('return-create', { kind: 'customer', item: id, quantity: 0 })).message, 'You cannot return less than one of Eggs');
  assert.is(
    failure(await b.dispatch('return-create', { kind: 'damaged', item: id, quantity: 5 })).message,
    'There are only 3 Eggs left, hence you cannot remove upto 5',
  );
  assert.is(await balance(b, id), 3);
  await b.close();
});

test.run();

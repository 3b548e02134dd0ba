import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { makeBackend, ok } from './helpers';
import { addItem, balance, failure } from './store-fixtures';
import { stored } from '../support/docs';

test('customer returns: positive quantity, negative amount = rate × quantity; the balance rises', async () => {
  const b = await makeBackend();
  const id = await addItem(b, { name: 'Fan', price: 15000.5, purchasePrice: 12000, quantity: 10 });
  const bola = ok(await b.dispatch('client-create', { kind: 'customer', name: 'Bola', balance: 50000 }))._id;
  const r = ok(await b.dispatch('return-create', { kind: 'customer', item: id, quantity: 3, client: { name: 'typed', account_ref: bola }, details: 'faulty' }));
  assert.equal([r.quantity, r.amount], [3, -45001.5]);
  const doc = await stored(b.ctx.db.main, r.id, 'good-returns');
  assert.ok(r.id.startsWith('6A'));
  assert.is(doc.stores, 'good-returns');
  assert.equal(doc.item, { name: 'Fan', id, rate: 15000.5 });
  assert.is(doc.quantity, 3);
  assert.is(doc.amount, -45001.5);
  assert.equal(doc.client, { name: 'Bola', account_ref: bola, kind: 'customer' }); // the client's own name
  assert.is(await balance(b, id), 13);
  // Linked to the customer, the return credits their account: 50,000 − 45,001.50.
  await b.ctx.ledger.ready();
  assert.is(b.ctx.ledger.client(bola), 4998.5);
  await b.close();
});

test('a return linked to an unknown client, or a supplier on a customer return, is refused; a name alone is kept', async () => {
  const b = await makeBackend();
  const id = await addItem(b, { name: 'Fan', price: 100, purchasePrice: 80, quantity: 10 });
  const sup = ok(await b.dispatch('client-create', { kind: 'supplier', name: 'Dangote' }))._id;
  const refused = { ok: false, error: { code: 'client-required', message: 'You must choose a customer' } };
  assert.equal(await b.dispatch('return-create', { kind: 'customer', item: id, quantity: 1, client: { name: 'X', account_ref: '4Anobody' } }), refused);
  assert.equal(await b.dispatch('return-create', { kind: 'customer', item: id, quantity: 1, client: { name: 'Dangote', account_ref: sup } }), refused);
  const r = ok(await b.dispatch('return-create', { kind: 'supplier', item: id, quantity: 1, client: { name: 'Dangote', account_ref: sup } }));
  await b.ctx.ledger.ready();
  assert.is(b.ctx.ledger.client(sup), 80); // a supplier return: the supplier owes the business for the goods back
  const walkIn = ok(await b.dispatch('return-create', { kind: 'customer', item: id, quantity: 1, client: { name: ' Tunde ' } }));
  assert.equal((await stored(b.ctx.db.main, walkIn.id, 'good-returns')).client, { name: 'Tunde', kind: 'customer' });
  assert.ok(r.id);
  await b.close();
});

test('supplier returns: negative quantity, positive amount (rate defaults to the purchase price); the balance falls', async () => {
  const b = await makeBackend();
  const id = await addItem(b, { name: 'Fan', price: 15000, purchasePrice: 12000, quantity: 10 });
  const r = ok(await b.dispatch('return-create', { kind: 'supplier', item: id, quantity: '2' }));
  assert.equal([r.quantity, r.amount], [-2, 24000]);
  const doc = await stored(b.ctx.db.main, r.id, 'good-returns');
  assert.is(doc.quantity, -2);
  assert.is(doc.amount, 24000);
  assert.is(await balance(b, id), 8);
  await b.close();
});

test('damaged goods: stored negative; the balance falls', async () => {
  const b = await makeBackend();
  const id = await addItem(b, { name: 'Eggs', quantity: 30 });
  const r = ok(await b.dispatch('return-create', { kind: 'damaged', item: id, quantity: 4, recipient: 'Waste bin', details: 'cracked' }));
  const doc = await stored(b.ctx.db.main, r.id, 'damaged-goods');
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

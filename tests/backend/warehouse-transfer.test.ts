import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { makeBackend, ok } from './helpers';
import { addItem, balance, failure } from './store-fixtures';
import { stored } from '../support/docs';

test('a transfer subtracts from the source and adds to the destination; the total stays', async () => {
  const b = await makeBackend();
  const depot = ok(await b.dispatch('warehouse-create', { location: 'Depot' })).id;
  const id = await addItem(b, { name: 'Cement', quantity: 50 });
  const t = ok(await b.dispatch('warehouse-transfer', { item: id, from: 'store', to: depot, quantity: '20', details: 'restock' }));
  const doc = await stored(b.ctx.db.main, t.id, 'warehouse-transfer');
  assert.ok(t.id.startsWith('eA'));
  assert.equal(doc.from, { location: 'store', value: 'Main store' });
  assert.equal(doc.to, { location: depot, value: 'Depot' });
  assert.equal(doc.item, { name: 'Cement', id });
  assert.is(doc.quantity, 20);
  assert.is(await balance(b, id, 'store'), 30);
  assert.is(await balance(b, id, depot), 20);
  assert.is(await balance(b, id), 50);
  await b.close();
});

test('validation: item, two different warehouses, quantity above 0 and not above what the source holds', async () => {
  const b = await makeBackend();
  const depot = ok(await b.dispatch('warehouse-create', { location: 'Depot' })).id;
  const id = await addItem(b, { name: 'Cement', quantity: 5 });
  assert.is(failure(await b.dispatch('warehouse-transfer', { item: '', from: 'store', to: depot, quantity: 1 })).message, 'You must select the item to transfer');
  assert.is(failure(await b.dispatch('warehouse-transfer', { item: id, from: 'store', to: 'store', quantity: 1 })).message, 'The source and destination warehouses must be different');
  assert.is(failure(await b.dispatch('warehouse-transfer', { item: id, from: 'store', to: 'dX', quantity: 1 })).message, 'You must choose the warehouses to transfer between');
  assert.is(failure(await b.dispatch('warehouse-transfer', { item: id, from: 'store', to: depot, quantity: 0 })).message, 'You cannot transfer less than one of Cement');
  assert.is(
    failure(await b.dispatch('warehouse-transfer', { item: id, from: 'store', to: depot, quantity: 6 })).message,
    'There are only 5 Cement left in Main store, hence you cannot transfer upto 6',
  );
  assert.is(await balance(b, id, depot), 0);
  await b.close();
});

test.run();

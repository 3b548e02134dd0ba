import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { asKind, isKind } from '../../commands/docs';

const sale = { _id: '2s1', stores: 'sale', invoice_number: 'A-1' };
const line = { _id: '2s1-0', stores: 'sale_item', id: '7rice', name: 'Rice', quantity: 1, price: 10 };

test('isKind narrows by stores, one kind or several', () => {
  assert.ok(isKind(sale, 'sale'));
  assert.not.ok(isKind(sale, 'purchase'));
  assert.ok(isKind(line, 'purchase_item', 'sale_item'));
  assert.ok(isKind({ _id: '4c', stores: 'supplier', name: 'Dangote' }, 'customer', 'supplier'));
});

test('isKind refuses what is not a document', () => {
  for (const v of [undefined, null, 0, 'sale', [], { stores: 7 }, { kind: 'sale' }]) assert.not.ok(isKind(v, 'sale'), JSON.stringify(v));
});

test('asKind answers the document as its kind, or undefined', () => {
  const found = asKind(sale, 'sale');
  assert.is(found?.invoice_number, 'A-1');
  assert.is(asKind(sale, 'item'), undefined);
  assert.is(asKind(null, 'item'), undefined);
});

test.run();

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { childId, fromBase62, ID_PREFIX, makeId, toBase62 } from '../../commands/lib/ids';
import { createIdMaker, randomDeviceTag } from '../../worker/ids';

test('base-62 round trips and uses 0-9a-zA-Z', () => {
  assert.is(toBase62(0), '0');
  assert.is(toBase62(61), 'Z');
  assert.is(toBase62(62), '10');
  for (const n of [1, 61, 62, 3883, 1_772_000_000_000, Number.MAX_SAFE_INTEGER]) assert.is(fromBase62(toBase62(n)), n);
});

test('an id is type prefix + policy prefix + base-62 time + random part', () => {
  const time = 1_772_700_000_000;
  assert.is(makeId({ type: 'sale', policyPrefix: 'K', time, random: 5 }), '2K' + toBase62(time) + '5');
  assert.is(makeId({ type: 'issue', policyPrefix: '', time, random: 61 }), 'i' + toBase62(time) + 'Z');
});

test("a device's tag follows the policy prefix; the maker stamps every id with it", () => {
  const time = 1_772_700_000_000;
  assert.is(makeId({ type: 'sale', policyPrefix: 'K', device: 'x7Qa', time, random: 5 }), '2Kx7Qa' + toBase62(time) + '5');
  const maker = createIdMaker(() => time, () => 'K', () => 0, () => 'Zz09');
  assert.ok(maker('item').startsWith('7KZz09'));
  assert.match(randomDeviceTag(), /^[0-9a-zA-Z]{4}$/);
});

test('every type prefix of the spec', () => {
  assert.equal(ID_PREFIX, {
    adjustment: '1', sale: '2', purchase: '3', client: '4', payment: '5', returns: '6', item: '7', transfer: '8',
    saleItem: '9', expense: 'a', purchaseItem: 'b', bank: 'c', warehouse: 'd', warehouseTransfer: 'e', sms: 'f',
    variation: 'g', category: 'h', issue: 'i',
  });
});

test('random part is below 62 for main ids and below 3884 for SMS ids', () => {
  assert.throws(() => makeId({ type: 'item', policyPrefix: '', time: 1, random: 62 }), /below 62/);
  assert.ok(makeId({ type: 'sms', policyPrefix: '', time: 1, random: 3883 }).endsWith(toBase62(3883)));
  assert.throws(() => makeId({ type: 'sms', policyPrefix: '', time: 1, random: 3884 }), /below 3884/);
  const maker = createIdMaker(() => 5, () => '', () => 0.999999);
  assert.ok(maker('item').endsWith('Z'));
  assert.ok(maker('sms').endsWith(toBase62(3883)));
});

test('ids made in the same millisecond on one device never collide', () => {
  const maker = createIdMaker(() => 1_772_700_000_000, () => 'P', () => 0);
  const ids = new Set(Array.from({ length: 5000 }, () => maker('item')));
  assert.is(ids.size, 5000);
});

test('child ids append a base-62 sequence', () => {
  assert.is(childId('2Kabc1', 0), '2Kabc1-0');
  assert.is(childId('2Kabc1', 62), '2Kabc1-10');
});

test.run();

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Variant } from '../../commands/docs';
import { optionLists, selectVariation, slugify } from '../../commands/lib/variants';

const variants: Variant[] = [
  { _id: '7a', group: 'T-shirt', price: 2000, balance: 4, values: { size: 'M', colour: 'Red' } },
  { _id: '7b', group: 'T-shirt', price: 2500, balance: 7, values: { size: 'L', colour: 'Red' } },
  { _id: '7c', group: 'T-shirt', price: 2600, balance: 0, values: { size: 'L', colour: 'Blue' } },
];

test('slugify keys variation values by field text', () => {
  assert.is(slugify(' Shoe Size '), 'shoe-size');
  assert.is(slugify('Colour/Shade'), 'colour-shade');
});

test('choosing a value resets group, available and id, then takes the variant whose values all match', () => {
  const row = { id: '7a', name: 'T-shirt', group: 'T-shirt', available: 4, price: 2000, variation: { size: 'M', colour: 'Red' } };
  const l = selectVariation(row, 'size', 'L', variants);
  assert.equal([l.id, l.price, l.available, l.group], ['7b', 2500, 7, 'T-shirt']);
  const blue = selectVariation(l, 'colour', 'Blue', variants);
  assert.equal([blue.id, blue.price, blue.available], ['7c', 2600, 0]);
  const none = selectVariation(blue, 'size', 'M', variants);
  assert.equal([none.id, none.group, none.available], ['', undefined, undefined]);
  assert.equal(none.variation, { size: 'M', colour: 'Blue' });
});

test('option lists collect each field’s values among the variants', () => {
  assert.equal(optionLists(['Size', 'Colour'], variants), [
    { name: 'Size', key: 'size', options: ['L', 'M'] },
    { name: 'Colour', key: 'colour', options: ['Blue', 'Red'] },
  ]);
});

test.run();

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { pageButtons, pageCount } from '../../src/table/page-buttons';

const show = (current: number, count: number) => pageButtons(current, count).map((b) => (typeof b === 'number' ? b + 1 : '…')).join(' ');

test('up to 5 pages shows them all', () => {
  assert.is(show(0, 1), '1');
  assert.is(show(2, 5), '1 2 3 4 5');
});

test('beyond 5 pages collapses with an ellipsis on the side(s) away from the current page', () => {
  assert.is(show(0, 6), '1 2 3 4 … 6');
  assert.is(show(2, 6), '1 2 3 4 … 6');
  assert.is(show(3, 6), '1 … 3 4 5 6');
  assert.is(show(49, 100), '1 … 49 50 51 … 100');
  assert.is(show(99, 100), '1 … 97 98 99 100');
});

test('page count is at least 1', () => {
  assert.is(pageCount(0, 100), 1);
  assert.is(pageCount(100, 100), 1);
  assert.is(pageCount(101, 100), 2);
});

test.run();

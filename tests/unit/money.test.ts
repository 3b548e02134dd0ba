import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { formatMoney, mulMoney, parseMoney, percentOf, subMoney, sumMoney, toMinor } from '../../commands/lib/money';
import { amountInWords, numberToWords } from '../../commands/lib/words';

test('invalid money input parses to 0', () => {
  for (const bad of ['', 'abc', '12abc', '1.2.3', null, undefined, NaN, Infinity, {}, '--5']) assert.is(parseMoney(bad), 0);
  assert.is(parseMoney('1,250.50'), 1250.5);
  assert.is(parseMoney('₦2,000'), 2000);
  assert.is(parseMoney(' -30 '), -30);
  assert.is(parseMoney(12.5), 12.5);
});

test('sums never drift', () => {
  assert.is(sumMoney([0.1, 0.2]), 0.3);
  assert.is(sumMoney(Array.from({ length: 1000 }, () => 0.01)), 10);
  assert.is(subMoney(0.3, 0.1), 0.2);
  assert.is(toMinor(1.005), 101);
  assert.is(toMinor(-1.005), -101);
});

test('products and percentages round to two decimals', () => {
  assert.is(mulMoney(10.5, 1.5), 15.75);
  assert.is(mulMoney(19.99, 3), 59.97);
  assert.is(mulMoney(100, -1), -100);
  assert.is(percentOf(2000, 5), 100);
  assert.is(percentOf(333.33, 7.5), 25);
});

test('display: symbol, thousands separators, two decimals', () => {
  assert.is(formatMoney(1234567.5), '₦1,234,567.50');
  assert.is(formatMoney(0), '₦0.00');
  assert.is(formatMoney(-45.1, '$'), '-$45.10');
  assert.is(formatMoney(999, '¥'), '¥999.00');
  assert.is(formatMoney(1000, '£'), '£1,000.00');
  assert.is(formatMoney(12.345, '₹'), '₹12.35');
});

test('amounts in words use naira and kobo', () => {
  assert.is(numberToWords(0), 'zero');
  assert.is(numberToWords(105), 'one hundred and five');
  assert.is(numberToWords(1005), 'one thousand and five');
  assert.is(numberToWords(2_350_021), 'two million three hundred and fifty thousand and twenty-one');
  assert.is(amountInWords(1250.5), 'One thousand two hundred and fifty naira, fifty kobo');
  assert.is(amountInWords(3), 'Three naira');
  assert.is(amountInWords(0.07), 'Zero naira, seven kobo');
});

test.run();

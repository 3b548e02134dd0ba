/** SMS purchase prices of document 001 section 9, hand-computed for the quantities around every boundary. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { SMS_DEFAULT_QUANTITY, SMS_MIN_PURCHASE, smsBonusPercent, smsBonusUnits, smsTotal, smsUnitPrice } from '../../commands/lib/sms-pricing';

// quantity, unit price, bonus percent, bonus units, total
const CASES: [number, number, number, number, number][] = [
  [149, 3.5, 0, 0, 521.5],
  [150, 3.5, 0, 0, 525],
  [200, 2.3, 0, 0, 460],
  [299, 2.3, 0, 0, 687.7],
  [300, 2.3, 1.2, 3, 690],
  [500, 2.3, 1.2, 6, 1150],
  [1000, 2.3, 2.8, 28, 2300],
  [3000, 2.3, 3.4, 102, 6900],
  [7500, 2.3, 5, 375, 17250],
  [8000, 2.3, 7, 560, 18400],
];

test('unit price, bonus percent, bonus units and total for 149 to 8000 units', () => {
  for (const [q, price, pct, bonus, total] of CASES) {
    assert.is(smsUnitPrice(q), price, `price of ${q}`);
    assert.is(smsBonusPercent(q), pct, `bonus percent of ${q}`);
    assert.is(smsBonusUnits(q), bonus, `bonus units of ${q}`);
    assert.is(smsTotal(q), total, `total of ${q}`);
  }
});

test('the minimum purchase is 150 and the default quantity 200', () => {
  assert.is(SMS_MIN_PURCHASE, 150);
  assert.is(SMS_DEFAULT_QUANTITY, 200);
  assert.ok(149 < SMS_MIN_PURCHASE);
});

test.run();

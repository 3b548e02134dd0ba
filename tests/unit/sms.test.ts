/** SMS template filling: every placeholder of the spec, whole words only, missing values left empty. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { fillSmsTemplate, SMS_PLACEHOLDERS } from '../../commands/lib/sms';

test('each placeholder is replaced by its value', () => {
  const values = Object.fromEntries(SMS_PLACEHOLDERS.map((p) => [p, p.toUpperCase()]));
  const template = SMS_PLACEHOLDERS.map((p) => `:${p}`).join(' ');
  assert.is(fillSmsTemplate(template, values), SMS_PLACEHOLDERS.map((p) => p.toUpperCase()).join(' '));
});

test('a longer word is not a placeholder; a placeholder without a value becomes empty', () => {
  assert.is(fillSmsTemplate('Total :total (:subtotal) :sub, due :date.', { total: '₦5.00', sub: '₦4.00' }), 'Total ₦5.00 (:subtotal) ₦4.00, due .');
  assert.is(fillSmsTemplate('Hi :name  :amount', { name: 'Ada' }), 'Hi Ada');
});

test.run();

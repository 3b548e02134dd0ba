/**
 * The phone normaliser of the SMS outbox (commands/lib/phone.ts): what people type becomes E.164, Nigerian
 * numbers +234…, and what is not one number is refused; the ES5 copy validate_doc_update runs answers alike.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { normalisePhone, PHONE_SOURCE } from '../../commands/lib/phone';

const es5 = new Function('text', `${PHONE_SOURCE}\nreturn normalisePhone(text);`) as (t: unknown) => string | null;

const CASES: [unknown, string | null][] = [
  ['0803 999 1234', '+2348039991234'],
  ['08039991234', '+2348039991234'],
  ['803-999-1234', '+2348039991234'],
  ['234 803 999 1234', '+2348039991234'],
  ['+234 803 999 1234', '+2348039991234'],
  ['+234 (0)803 999 1234', '+2348039991234'],
  ['+2348039991234', '+2348039991234'],
  ['00 44 20 7946 0958', '+442079460958'],
  ['+1 (415) 555-0100', '+14155550100'],
  ['0803', null],
  ['0803000', null],
  ['12345', null],
  ['call me', null],
  ['', null],
  ['+', null],
  ['+0803999', null],
  ['+234803999123', null],
  ['+23480399912345', null],
  ['+2348039991234,+2348039991235', null],
  ['0803999123408039991235', null],
  ['+1234567890123456', null],
  [' ' + '1'.repeat(60), null],
  [{ text: '0803' }, null],
  [8039991234, null],
  [null, null],
];

test('what people type becomes one E.164 number, else null; the ES5 copy agrees on every case', () => {
  for (const [input, want] of CASES) {
    assert.is(normalisePhone(input), want, JSON.stringify(input));
    assert.is(es5(input), want, `ES5: ${JSON.stringify(input)}`);
  }
});

test('a normalised number normalises to itself (the server accepts exactly these)', () => {
  for (const [, want] of CASES) if (want) assert.is(normalisePhone(want), want);
});

test('the ES5 source has no backslash (a template literal would eat it)', () => {
  assert.not.ok(PHONE_SOURCE.includes('\\'));
});

test.run();

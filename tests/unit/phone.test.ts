/**
 * The phone normaliser of the SMS outbox (commands/lib/phone.ts): what people type becomes E.164, Nigerian
 * numbers +234…, and what is not one number is refused. The server's gate runs this very function (commands/rules/).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { normalisePhone } from '../../commands/lib/phone';

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

test('what people type becomes one E.164 number, else null', () => {
  for (const [input, want] of CASES) {
    assert.is(normalisePhone(input), want, JSON.stringify(input));
  }
});

test('a normalised number normalises to itself (the server accepts exactly these)', () => {
  for (const [, want] of CASES) if (want) assert.is(normalisePhone(want), want);
});

test.run();

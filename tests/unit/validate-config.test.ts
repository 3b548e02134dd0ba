/**
 * The rulebook's settings rule (commands/rules/settings.ts, run by the server's /db gate) refuses exactly what the
 * worker's checkConfigValue (commands/config-rules.ts) refuses, with the same message, for every key and a
 * spread of values of every type; and a setting is only stored under its own id.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { CONFIG_CHOICES, CONFIG_DEFAULTS, type ConfigKey } from '../../commands/config';
import { checkConfigValue } from '../../commands/config-rules';
import { rulebookVdu } from '../support/rulebook';

type Vdu = (newDoc: object, oldDoc: object | null, userCtx: { name: string; roles: string[] }) => void;
const vdu: Vdu = rulebookVdu();
const owner = { name: 'oja:ada', roles: ['oja:member:b1', 'oja:level:0'] };

/** The server's refusal message for a setting's value, or undefined when it stores it. */
function serverProblem(key: string, value: unknown): string | undefined {
  try {
    vdu({ _id: `config-${key}`, stores: 'config', key, value }, null, owner);
    return undefined;
  } catch (e) {
    const forbidden = (e as { forbidden?: string }).forbidden;
    if (forbidden === undefined) throw e;
    return forbidden;
  }
}

const ANY_VALUES: unknown[] = [
  null, undefined, true, false, 0, -1, 0.5, 1, 3, 4, 5, 6, 7, 3.5, 100, 101, Infinity, NaN, '', ' ', 'x', '21', ' 21 ', '2', '123',
  '1234', '20-29', '29-20', '2-29', '20-', '-20', '20-29-30', '2a', '００', '278mm', '27.5cm', '11in', '10 mm', '.5mm', '10mm ',
  'SenderShop1', 'SenderShop12', 'SenderShopss', '  SenderShop1  ', [], [''], ['Rent'], ['Rent', ' rent '], ['Rent', 2], [' '], {},
  { a: 1 }, 'none', 'both', 'A4', 'price2', 'weight', 'Classic', '₦', '$',
];

test('every key: the server refuses what the worker refuses, with the same message', () => {
  let cases = 0;
  for (const key of Object.keys(CONFIG_DEFAULTS) as ConfigKey[]) {
    const values = [...ANY_VALUES, CONFIG_DEFAULTS[key], ...(CONFIG_CHOICES[key] ?? [])];
    for (const value of values) {
      assert.is(serverProblem(key, value), checkConfigValue(key, value), `${key} = ${JSON.stringify(value)}`);
      cases++;
    }
  }
  assert.ok(cases > 3000, `${cases} cases`);
});

test('the cases that matter read as the settings screen says them', () => {
  assert.is(serverProblem('scalePrefix', '2x'), 'Scale barcode prefix must be 1 to 3 digits such as 21, or a range such as 20-29');
  assert.is(serverProblem('scalePrefix', '20-29'), undefined);
  assert.is(serverProblem('scaleCodeLength', 7), 'Scale item code length must be a whole number from 3 to 6');
  assert.is(serverProblem('scaleValue', 'grams'), checkConfigValue('scaleValue', 'grams'));
  assert.ok(serverProblem('scaleValue', 'grams')?.startsWith('Scale'), serverProblem('scaleValue', 'grams'));
  assert.is(serverProblem('smsSender', 'SenderShop12'), 'The sender ID can have at most 11 characters');
  assert.is(serverProblem('nosuchsetting', 1), 'Unknown setting: nosuchsetting');
});

test('a setting is stored only under config-{its key}; deleting one is the delete rules\' business', () => {
  const sideways = () => vdu({ _id: 'config-other', stores: 'config', key: 'smsSender', value: 'ABC' }, null, owner);
  assert.throws(sideways, (e: { forbidden?: string }) => e.forbidden === 'A setting is stored as config-{its key}.');
  const keyless = () => vdu({ _id: 'config-smsSender', stores: 'config', value: 'ABC' }, null, owner);
  assert.throws(keyless, (e: { forbidden?: string }) => e.forbidden === 'A setting is stored as config-{its key}.');
  // Another known kind under a config- id still meets the settings rule (an unknown kind is refused before it).
  const otherKind = () => vdu({ _id: 'config-scalePrefix', stores: 'invoice-policy', key: 'scalePrefix', value: 'x' }, null, owner);
  assert.throws(otherKind, (e: { forbidden?: string }) => /Scale barcode prefix/.test(e.forbidden ?? ''));
  vdu({ _id: 'config-scalePrefix', _deleted: true }, { _id: 'config-scalePrefix', stores: 'config', key: 'scalePrefix', value: '21' }, owner);
});

test.run();

/** /settings shows every setting of the config model exactly once, with a label, an explanation and its choices. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { CONFIG_CHOICES, CONFIG_DEFAULTS, type ConfigKey } from '../../commands/config';
import { SETTING_GROUPS, SETTING_TEXTS } from '../../commands/config-labels';

test('every key sits in exactly one group, in the eight groups of the issue', () => {
  const placed = SETTING_GROUPS.flatMap((g) => g.keys);
  assert.equal([...placed].sort(), Object.keys(CONFIG_DEFAULTS).sort());
  assert.is(new Set(placed).size, placed.length);
  assert.equal(
    SETTING_GROUPS.map((g) => g.title),
    ['Sales', 'Purchases', 'Store and stock', 'Accounts and statements', 'Deletion', 'Printing', 'SMS', 'Sync'],
  );
});

test('each enumerated key names exactly its allowed choices; every text is one line', () => {
  for (const key of Object.keys(CONFIG_DEFAULTS) as ConfigKey[]) {
    const t = SETTING_TEXTS[key];
    assert.ok(t.label && t.help && !t.help.includes('\n'), key);
    const allowed = CONFIG_CHOICES[key];
    if (allowed) assert.equal([...(t.choices ?? []).map((c) => c.value)].sort(), [...allowed].sort(), key);
    else assert.is(t.choices, undefined, key);
  }
});

test('paper sizes, invoice types and sales types of section 9', () => {
  assert.equal(SETTING_TEXTS.invoiceWidth.choices?.map((c) => c.value), ['105mm', '58mm', '80mm', 'A5', 'A4']);
  assert.equal(SETTING_TEXTS.invoiceType.choices?.map((c) => c.label), ['Basic (receipt)', 'Sophisticated (invoice)']);
  assert.equal(SETTING_TEXTS.salesType.choices?.map((c) => c.value), ['default', 'quick']);
});

test.run();

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { CONFIG_CHOICES, CONFIG_DEFAULTS } from '../../commands/config';
import type { BackendEvent } from '../../commands/events';
import { makeBackend, ok } from './helpers';
import { OWNER } from '../support/fixtures';

test('defaults of the spec before anything is stored', async () => {
  const b = await makeBackend();
  const c = ok(await b.dispatch('config-get', {}));
  assert.equal(c, { ...CONFIG_DEFAULTS });
  // document 001 section 9
  assert.is(c.sync, true);
  assert.is(c.accumulate, false);
  assert.is(c.swapDebitCredit, false);
  assert.is(c.colorCode, false);
  assert.is(c.barcode, false);
  assert.is(c.lpo, false);
  assert.is(c.useWarehouse, false);
  assert.is(c.truckNumber, 'none');
  assert.is(c.waybill, 'none');
  assert.is(c.trackTransport, false);
  assert.is(c.useVariation, false);
  assert.is(c.trackExpiry, false);
  assert.is(c.customerRequired, true);
  assert.is(c.salesRedirect, true);
  assert.is(c.purchaseRedirect, false);
  assert.is(c.paymentRedirect, true);
  assert.is(c.editableInvoice, false);
  assert.is(c.currency, '₦');
  assert.is(c.deletePolicy, 'none');
  assert.is(c.deleteTimeout, 0);
  assert.is(c.vatPercentage, 5);
  assert.is(c.invoiceWidth, '105mm');
  await b.close();
});

test('config-set stores values, config-get reads them back, and an event names config', async () => {
  const b = await makeBackend();
  const events: BackendEvent[] = [];
  b.subscribe((e) => events.push(e));
  const after = ok(await b.dispatch('config-set', { useWarehouse: true, expiryTreshold: 6, currency: '$', variationFields: ['Size'] }));
  assert.is(after.useWarehouse, true);
  assert.is(after.expiryTreshold, 6);
  ok(await b.dispatch('config-set', { useWarehouse: false }));
  await b.settled();
  const c = ok(await b.dispatch('config-get', {}));
  assert.is(c.useWarehouse, false);
  assert.is(c.currency, '$');
  assert.equal(c.variationFields, ['Size']);
  assert.ok(events.some((e) => e.kind === 'changed' && e.types.includes('config')));
  await b.close();
});

test('a read right after config-set sees the new value, without waiting for the changes feed', async () => {
  const b = await makeBackend();
  ok(await b.dispatch('config-get', {}));
  ok(await b.dispatch('config-set', { trackExpiry: true }));
  assert.is(ok(await b.dispatch('config-get', {})).trackExpiry, true);
  await b.close();
});

test('bad values and unknown keys are refused with a clear message', async () => {
  const b = await makeBackend();
  for (const [input, message] of [
    [{ expiryTreshold: 2 }, 'Expiry warning: choose one of 1 month, 3 months, 6 months'],
    [{ deleteTimeout: -1 }, 'Delete within (hours) must be a number of 0 or more'],
    [{ useWarehouse: 'yes' }, 'Warehouses must be on or off'],
    [{ vatPercentage: 101 }, 'VAT percentage must be between 0 and 100'],
    [{ variationFields: ['Size', ' size '] }, 'Variation fields: "size" is listed twice'],
    [{ customPurchaseFields: ['Driver', ''] }, 'Custom purchase fields: every entry needs a text'],
    [{ invoiceHeight: 'tall' }, 'Paper height must be empty or a length such as 278mm'],
    [{ smsSender: 'AdaStoresLag' }, 'The sender ID can have at most 11 characters'],
    [{ nonsense: 1 }, 'Unknown setting: nonsense'],
  ] as const) {
    const reply = await b.dispatch('config-set', input as never);
    assert.equal(reply, { ok: false, error: { code: 'invalid-config', message } });
  }
  await b.close();
});

test('every setting round-trips: its default first, then a different valid value read back', async () => {
  const b = await makeBackend();
  const defaults = ok(await b.dispatch('config-get', {}));
  const changed: Record<string, unknown> = {};
  for (const [key, def] of Object.entries(CONFIG_DEFAULTS)) {
    assert.equal((defaults as Record<string, unknown>)[key], def, `${key} default`);
    const choices = CONFIG_CHOICES[key as keyof typeof CONFIG_CHOICES];
    changed[key] = choices
      ? choices.find((c) => c !== def)
      : key === 'priceLevels'
        ? [{ id: 'wholesale', name: 'Wholesale', minQuantity: 12 }]
        : Array.isArray(def)
        ? ['First', 'Second']
        : typeof def === 'number'
          ? key === 'scaleCodeLength' ? 4 : def + 7
          : typeof def === 'boolean'
            ? !def
            : key === 'invoiceHeight'
              ? '278mm'
              : key === 'smsSender'
                ? 'ShopSender1'
                : key === 'scalePrefix'
                  ? '21'
                  : `${def} (changed)`;
  }
  const after = ok(await b.dispatch('config-set', changed as never));
  await b.settled();
  const read = ok(await b.dispatch('config-get', {}));
  for (const key of Object.keys(CONFIG_DEFAULTS)) {
    assert.equal((after as Record<string, unknown>)[key], changed[key], `${key} answered`);
    assert.equal((read as Record<string, unknown>)[key], changed[key], `${key} read back`);
  }
  await b.close();
});

test('an invalid value among valid ones writes nothing', async () => {
  const b = await makeBackend();
  const reply = await b.dispatch('config-set', { useVat: true, smsSender: 'TwelveLetter' });
  assert.is(reply.ok, false);
  assert.is(ok(await b.dispatch('config-get', {})).useVat, false);
  await b.close();
});

test('only level 0 may change settings', async () => {
  const b = await makeBackend({ user: { ...OWNER, level: 3 } });
  const reply = await b.dispatch('config-set', { useWarehouse: true });
  assert.is(reply.ok, false);
  assert.is(ok(await b.dispatch('config-get', {})).useWarehouse, false);
  await b.close();
});

test.run();

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { CONFIG_DEFAULTS } from '../../commands/config';
import type { BackendEvent } from '../../commands/events';
import { makeBackend, OWNER, ok } from './helpers';

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
    [{ expiryTreshold: 2 }, 'Invalid value for expiryTreshold'],
    [{ deleteTimeout: -1 }, 'Invalid value for deleteTimeout'],
    [{ useWarehouse: 'yes' }, 'Invalid value for useWarehouse'],
    [{ nonsense: 1 }, 'Unknown setting: nonsense'],
  ] as const) {
    const reply = await b.dispatch('config-set', input as never);
    assert.equal(reply, { ok: false, error: { code: 'invalid-config', message } });
  }
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

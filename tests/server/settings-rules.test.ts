/**
 * Settings written straight to the sync endpoint are held to the worker's rules (server/couch/validate-config.ts),
 * over real HTTP as the owner: the SMS sender ID (at most 11 characters, refused beyond that, not cut), the scale
 * barcode layout, and any setting under another document id.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { freshServer, registerBusiness } from './helpers';

let env: Awaited<ReturnType<typeof freshServer>>;
test.before(async () => {
  env = await freshServer();
});
test.after(async () => {
  await env?.stop();
});

test('the owner stores an 11-character sender ID; 12 characters are refused, under any document id', async () => {
  const a = await registerBusiness(env.server, { name: 'Sender Shop' });
  const shared = `/db/oja-${a.id}-shared`;
  const existing = await a.owner.call('GET', `${shared}/config-smsSender`);
  const rev = existing.status === 200 ? { _rev: existing.body._rev } : {};
  const eleven = await a.owner.call('PUT', `${shared}/config-smsSender`, { ...rev, stores: 'config', key: 'smsSender', value: 'SenderShop1' });
  assert.is(eleven.status, 201, JSON.stringify(eleven.body));
  const current = (await a.owner.call('GET', `${shared}/config-smsSender`)).body;
  const twelve = await a.owner.call('PUT', `${shared}/config-smsSender`, { ...current, value: 'SenderShop12' });
  assert.is(twelve.status, 403);
  assert.match(twelve.body.reason, /at most 11 characters/);
  // Another id carrying the key (the worker reads settings by key) is held to the same rule.
  const sideways = await a.owner.call('PUT', `${shared}/config-other`, { stores: 'config', key: 'smsSender', value: 'ABCDEFGHIJKL' });
  assert.is(sideways.status, 403);
  // Twelve characters ending in 's' are twelve too (the rule once trimmed the letter s instead of spaces).
  const esses = await a.owner.call('PUT', `${shared}/config-smsSender`, { ...current, value: 'SenderShopss' });
  assert.is(esses.status, 403);
  assert.is((await a.owner.call('GET', `${shared}/config-smsSender`)).body.value, 'SenderShop1');
});

test('a scale barcode layout the app cannot read is refused with the settings message; a good one is stored', async () => {
  const a = await registerBusiness(env.server, { name: 'Scale Shop' });
  const shared = `/db/oja-${a.id}-shared`;
  const put = async (key: string, value: unknown) => {
    const existing = await a.owner.call('GET', `${shared}/config-${key}`);
    const rev = existing.status === 200 ? { _rev: existing.body._rev } : {};
    return a.owner.call('PUT', `${shared}/config-${key}`, { ...rev, stores: 'config', key, value });
  };
  const prefix = await put('scalePrefix', '2x');
  assert.is(prefix.status, 403, JSON.stringify(prefix.body));
  assert.is(prefix.body.reason, 'Scale barcode prefix must be 1 to 3 digits such as 21, or a range such as 20-29');
  const length = await put('scaleCodeLength', 8);
  assert.is(length.status, 403);
  assert.is(length.body.reason, 'Scale item code length must be a whole number from 3 to 6');
  assert.is((await put('scaleValue', 'grams')).status, 403);
  assert.is((await put('scalePrefix', '21')).status, 201);
  assert.is((await put('scaleCodeLength', 4)).status, 201);
  assert.is((await a.owner.call('GET', `${shared}/config-scalePrefix`)).body.value, '21');
  // Through _bulk_docs too, and a key carried under another id is refused there as well.
  // The saved setting's revision given: CouchDB answers a write without it 'conflict' before its rules run.
  const height = await a.owner.call('GET', `${shared}/config-invoiceHeight`);
  const bulk = await a.owner.call('POST', `${shared}/_bulk_docs`, {
    docs: [
      { _id: 'config-scaleValueX', stores: 'config', key: 'scaleValue', value: 'weight' },
      { _id: 'config-invoiceHeight', ...(height.status === 200 ? { _rev: height.body._rev } : {}), stores: 'config', key: 'invoiceHeight', value: 'tall' },
    ],
  });
  assert.is(bulk.status, 201);
  assert.equal(
    bulk.body.map((r: { error?: string }) => r.error),
    ['forbidden', 'forbidden'],
  );
  assert.is((await a.owner.call('GET', `${shared}/config-scalePrefix`)).body.value, '21');
});

test.run();

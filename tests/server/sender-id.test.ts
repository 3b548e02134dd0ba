/** The SMS sender ID setting: at most 11 characters, refused by the database itself beyond that (not cut). */
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

test.run();

/**
 * Reports only read, so the one thing they add that can be written is the setting saying who may open them
 * (config reportsVisibility). Over real HTTP: the owner stores a choice of the setting; a value outside its
 * choices ('nobody') is refused with the settings message; a manager, who may read reports by default, may not
 * open them to others (config writes are the admin's), under the setting's own id or through _bulk_docs.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { addStaff, freshServer, registerBusiness } from './helpers';

let env: Awaited<ReturnType<typeof freshServer>>;
test.before(async () => {
  env = await freshServer();
});
test.after(async () => {
  await env?.stop();
});

test('the owner sets who may open reports; a manager cannot; a value outside its choices is refused', async () => {
  const a = await registerBusiness(env.server, { name: 'Report Shop' });
  const shared = `/db/oja-${a.id}-shared`;
  const doc = (value: unknown) => ({ stores: 'config', key: 'reportsVisibility', value });
  const existing = await a.owner.call('GET', `${shared}/config-reportsVisibility`);
  const rev = existing.status === 200 ? { _rev: existing.body._rev } : {};
  const stored = await a.owner.call('PUT', `${shared}/config-reportsVisibility`, { ...rev, ...doc('accountants') });
  assert.is(stored.status, 201, JSON.stringify(stored.body));
  const current = (await a.owner.call('GET', `${shared}/config-reportsVisibility`)).body;
  const nobody = await a.owner.call('PUT', `${shared}/config-reportsVisibility`, { ...current, value: 'nobody' });
  assert.is(nobody.status, 403);
  assert.match(nobody.body.reason, /Reports open to/);

  const manager = await addStaff(a.owner, a.id, 'Femi Manager', 1);
  const widen = await manager.client.call('PUT', `${shared}/config-reportsVisibility`, { ...current, value: 'everyone' });
  assert.is(widen.status, 403, JSON.stringify(widen.body));
  const bulk = await manager.client.call('POST', `${shared}/_bulk_docs`, { docs: [{ ...current, value: 'everyone' }] });
  assert.equal(bulk.body.map((r: { error?: string }) => r.error), ['forbidden']);
  assert.is((await a.owner.call('GET', `${shared}/config-reportsVisibility`)).body.value, 'accountants');
});

test.run();

/**
 * COUCH_URL: the API and /db run against another CouchDB-compatible server over HTTP only. Here the "external
 * CouchDB" is a second Oja's embedded endpoint with the same admin password; registration, sign-in through
 * the proxied /db, the guard and the roles all work unchanged.
 */
import { rmSync } from 'node:fs';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startServer, type TestServer } from '../e2e/harness';
import { Client, registerBusiness } from './helpers';

let database: TestServer;
let app: TestServer;
test.before(async () => {
  database = await startServer({ ADMIN_PASSWORD: 'shared-admin-secret' });
  app = await startServer({ ADMIN_PASSWORD: 'shared-admin-secret', COUCH_URL: `${database.url}/db` });
});
test.after(async () => {
  await app?.stop();
  await database?.stop();
  for (const s of [app, database]) if (s) rmSync(s.dataDir, { recursive: true, force: true });
});

test('registration, sign-in and member access go through COUCH_URL; the guard still stands in front', async () => {
  const a = await registerBusiness(app, { name: 'Proxied Shop' });
  assert.is((await a.owner.call('GET', `/db/oja-${a.id}-shared/current-plan`)).body.name, 'Trial');
  assert.is((await a.owner.call('PUT', `/db/oja-${a.id}/4x`, { stores: 'customer', name: 'Via proxy' })).status, 201);
  // The document lives in the external database.
  const direct = new Client(database.url);
  assert.is((await direct.login(a.username, 'secret12')).status, 200);
  assert.is((await direct.call('GET', `/db/oja-${a.id}/4x`)).body.name, 'Via proxy');
  const anonymous = new Client(app.url);
  assert.is((await anonymous.call('GET', '/db/_config')).status, 403);
  assert.is((await anonymous.call('PUT', '/db/newdb')).status, 403);
  assert.is(app.process.exitCode, null);
});

test('behind COUCH_URL too, _bulk_get checks membership, _local/_security is out of reach and bodies are checked', async () => {
  const a = await registerBusiness(app, { name: 'Proxied Guard' });
  const b = await registerBusiness(app, { name: 'Proxied Rival' });
  const shared = `/db/oja-${a.id}-shared`;
  const anonymous = new Client(app.url);
  assert.is((await anonymous.call('POST', `${shared}/_bulk_get`, { docs: [{ id: 'config-currency' }] })).status, 401);
  assert.is((await b.owner.call('POST', `${shared}/_bulk_get`, { docs: [{ id: 'config-currency' }] })).status, 403);
  assert.is((await a.owner.call('POST', `${shared}/_bulk_get`, { docs: [{ id: 'config-currency' }] })).body.results[0].docs[0].ok.value, '₦');
  assert.is((await a.owner.call('PUT', `${shared}/_local/_security`, { members: {} })).status, 403);
  assert.is((await a.owner.call('PUT', `${shared}/%5Flocal%2F_security`, { members: {} })).status, 403);
  const malformed = await a.owner.call('POST', `${shared}/_bulk_docs`, { docs: [null, 1] });
  assert.is(malformed.status, 400);
  assert.type(malformed.body.reason, 'string');
});

test.run();

/**
 * The SMS dispatcher leaves a business's validation and rules alone. It used to rewrite each business's design
 * documents when it first followed it (every start of the server), with the default delete rules: an owner's
 * delete policy was lost until their next settings change. Since issue 36 the design document is one function
 * for every business (server/couch/validate.ts) and the /db gate reads the owner's settings; the dispatcher's
 * start opens no database for it either (issue 31: a server with thousands of businesses).
 */
import { rmSync } from 'node:fs';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { businessDbName } from '../../commands/session';
import { CouchClient } from '../../server/couch/client';
import { startDispatcher } from '../../server/sms/dispatcher';
import type { SmsProvider } from '../../server/sms/types';
import { startServer, type TestServer } from '../e2e/harness';
import { addStaff, registerBusiness } from './helpers';
import { validateDesignDoc } from '../../server/couch/validate';

let server: TestServer;
let dispatcher: ReturnType<typeof startDispatcher> | undefined;

test.before(async () => {
  server = await startServer({ PAYMENT_PROVIDER: 'fake', SMS_PROVIDER: 'none' });
});
test.after(async () => {
  dispatcher?.stop();
  await server?.stop();
  rmSync(server.dataDir, { recursive: true, force: true });
});

test("a dispatcher starting keeps every database's validation and the owner's delete policy", async () => {
  const shop = await registerBusiness(server, { name: 'Rules Shop' });
  const shared = `/db/${businessDbName(shop.id)}-shared`;
  const current = await shop.owner.call('GET', `${shared}/config-deletePolicy`);
  const set = await shop.owner.call('PUT', `${shared}/config-deletePolicy`, { ...(current.status === 200 ? current.body : { stores: 'config', key: 'deletePolicy' }), value: 'admin' });
  assert.is(set.status, 201, JSON.stringify(set.body));
  const password = server.adminPassword();
  const couch = new CouchClient(`${server.url}/db`, { name: 'admin', password });
  const dbs = ['', '-shared', '-denormalized'].map((suffix) => businessDbName(shop.id) + suffix);
  const rules = async () => Promise.all(dbs.map(async (db) => (await couch.get<{ validate_doc_update: string }>(db, '_design/oja-security'))?.validate_doc_update ?? ''));
  for (const source of await rules()) assert.is(source, validateDesignDoc().validate_doc_update);

  let sent!: () => void;
  const done = new Promise<void>((resolve) => (sent = resolve));
  const provider: SmsProvider = { name: 'test', send: async () => (sent(), { ok: true, providerId: 'test-1' }) };
  dispatcher = startDispatcher(couch, provider, { by: 'rulestest', maxAttempts: 3, retryMs: 30, leaseMs: 60_000 });
  // A message sent: the dispatcher has followed the business (its start is behind it).
  const queued = await shop.owner.call('PUT', `/db/${businessDbName(shop.id)}/fArules1`, { stores: 'sms', sender: '', recipient: '+2348030001234', message: 'Hello', units: 1, status: 'queued', date: Date.now() });
  assert.is(queued.status, 201, JSON.stringify(queued.body));
  await done;
  for (const source of await rules()) assert.is(source, validateDesignDoc().validate_doc_update);
  // The owner's 'admin' policy still holds at the gate: a manager cannot delete the owner's payment.
  const manager = await addStaff(shop.owner, shop.id, 'Musa Manager', 1);
  const main = `/db/${businessDbName(shop.id)}`;
  const paid = await shop.owner.call('PUT', `${main}/5Arules`, { stores: 'payment', factor: -1, amount: 500, medium: 'cash', date: Date.now(), user: { username: shop.username, fullname: 'x' } });
  assert.is(paid.status, 201, JSON.stringify(paid.body));
  const removed = await manager.client.call('DELETE', `${main}/5Arules?rev=${paid.body.rev}`);
  assert.is(removed.status, 403, JSON.stringify(removed.body));
  assert.is(removed.body.reason, 'Only the admin can delete transactions');
});

test.run();

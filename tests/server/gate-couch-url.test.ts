/**
 * The gate stands in front of COUCH_URL as it does in front of the embedded database (issue 36): here the
 * "external CouchDB" is a second Oja's embedded endpoint with the same admin password. A cashier's repricing of
 * the owner's sale, a negative amount paid and an audit entry are refused through the proxied /db; what passes
 * is written into the external database by the admin, with the server's names in its stamps.
 */
import { rmSync } from 'node:fs';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startServer, type TestServer } from '../e2e/harness';
import { addStaff, registerBusiness } from './helpers';

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

test('behind COUCH_URL the rulebook holds: no repricing of the owner’s sale, no negative money, no audit entries', async () => {
  const a = await registerBusiness(app, { name: 'Proxied Gate' });
  const main = `/db/oja-${a.id}`;
  const cashier = await addStaff(a.owner, a.id, 'Tayo Cashier', 3);
  const stamp = (username: string) => ({ username, fullname: 'Whoever' });
  const sale = { stores: 'sale', date: Date.now(), user: stamp(a.username), items: [{ id: '7x', name: 'Generator', quantity: 1, price: 75000 }], total_due: 75000, amount_paid: 4000, invoice_number: 'A-0001', customer: { name: 'Ada', with_account: false } };
  const made = await a.owner.call('PUT', `${main}/2Gx`, sale);
  assert.is(made.status, 201, JSON.stringify(made.body));
  const repriced = await cashier.client.call('PUT', `${main}/2Gx`, { ...sale, _rev: made.body.rev, amount_paid: 1 });
  assert.is(repriced.status, 403, JSON.stringify(repriced.body));
  const negative = await cashier.client.call('PUT', `${main}/2Gy`, { ...sale, user: stamp(cashier.username), amount_paid: -5 });
  assert.is(negative.status, 403, JSON.stringify(negative.body));
  const audit = await cashier.client.call('POST', `${main}/_bulk_docs`, { docs: [{ _id: 'audit:0001772700000000:x1', stores: 'audit' }] });
  assert.is(audit.body[0].error, 'forbidden', JSON.stringify(audit.body));
  // What passed is in the external database, stamped with the name the server knows.
  const stored = (await a.owner.call('GET', `${main}/2Gx`)).body;
  assert.equal([stored.amount_paid, stored.user.fullname], [4000, 'Ada Obi']);
});

test.run();

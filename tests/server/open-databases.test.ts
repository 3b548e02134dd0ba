/**
 * Issue 31, many shops on one server: the embedded server keeps at most OPEN_DATABASES_MAX databases open
 * while they are not in use (server/couch/open-dbs.ts); the rest are closed and opened again on their next
 * request. With a cap of 2, three businesses (nine databases, plus the directory the dispatcher follows) sync
 * and send SMS as before, a live changes feed held the whole time still gets its change, documents written
 * before a database was closed read back after, and the server's own count (GET /_oja_stats, the
 * admin's) never had more open than max(cap, databases in use).
 */
import { rmSync } from 'node:fs';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { businessDbName } from '../../commands/session';
import type { SmsDoc } from '../../commands/docs';
import type { OpenStats } from '../../server/couch/open-dbs';
import { startServer, type TestServer } from '../e2e/harness';
import { Client, registerBusiness } from './helpers';

const CAP = 2;
let server: TestServer;
let admin: Client;

test.before(async () => {
  server = await startServer({ PAYMENT_PROVIDER: 'fake', SMS_PROVIDER: 'fake', SMS_FAKE_LOG: '/dev/null', OPEN_DATABASES_MAX: String(CAP) });
  admin = new Client(server.url);
});
test.after(async () => {
  await server?.stop();
  rmSync(server.dataDir, { recursive: true, force: true });
});

async function stats(): Promise<OpenStats> {
  const password = server.adminPassword();
  const res = await fetch(`${server.url}/db/_oja_stats`, { headers: { Authorization: `Basic ${Buffer.from(`admin:${password}`).toString('base64')}` } });
  assert.is(res.status, 200);
  return ((await res.json()) as { databases: OpenStats }).databases;
}

/** Polls the message until the dispatcher has settled it. */
async function settled(owner: Client, business: string, id: string): Promise<SmsDoc> {
  const limit = Date.now() + 30_000;
  for (;;) {
    const res = await owner.call('GET', `/db/${businessDbName(business)}/${id}`);
    if (res.status === 200 && (res.body.status === 'sent' || res.body.status === 'failed')) return res.body;
    if (Date.now() > limit) throw new Error(`${id} stayed ${JSON.stringify(res.body)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

test('three businesses sync and send SMS with at most two databases open while not in use', async () => {
  const shops: Awaited<ReturnType<typeof registerBusiness>>[] = [];
  for (let i = 0; i < 3; i++) shops.push(await registerBusiness(server, { name: `Open Shop ${i}` }));
  const [a] = shops;
  const mainOf = (s: (typeof shops)[number]) => `/db/${businessDbName(s.id)}`;
  let feed: Promise<{ status: number; body: any }> | undefined;

  for (const [i, s] of shops.entries()) {
    if (i === 1) {
      // From here on a device of shop A holds a live feed (PouchDB's longpoll) while the others work.
      const info = await a.owner.call('GET', `${mainOf(a)}/`);
      assert.is(info.status, 200);
      feed = a.owner.call('GET', `${mainOf(a)}/_changes?feed=longpoll&heartbeat=10000&since=${encodeURIComponent(String(info.body.update_seq))}`);
    }
    // A till pushes its sales, reads them back the way a second till pulls, keeps its checkpoint.
    const docs = Array.from({ length: 5 }, (_, j) => ({ _id: `aAopen${i}x${j}`, stores: 'expense', amount: 100 + j, source: 'cash', description: 'Open test', date: Date.now() }));
    const push = await s.owner.call('POST', `${mainOf(s)}/_bulk_docs`, { docs });
    assert.is(push.status, 201, JSON.stringify(push.body));
    assert.ok((push.body as { error?: string }[]).every((r) => !r.error), JSON.stringify(push.body));
    const pull = await s.owner.call('GET', `${mainOf(s)}/_changes?since=0&limit=100&include_docs=true`);
    assert.is(pull.status, 200);
    assert.is((pull.body.results as { id: string }[]).filter((r) => r.id.startsWith(`aAopen${i}x`)).length, 5);
    const local = await s.owner.call('PUT', `${mainOf(s)}/_local/open-test`, { last_seq: pull.body.last_seq });
    assert.is(local.status, 201, JSON.stringify(local.body));
    const shared = await s.owner.call('GET', `/db/${businessDbName(s.id)}-shared/_changes?since=0&limit=10`);
    assert.is(shared.status, 200);
    // An SMS from this till, sent by the server's dispatcher.
    const sms = `fAopen${i}`;
    const put = await s.owner.call('PUT', `${mainOf(s)}/${sms}`, { stores: 'sms', sender: '', recipient: '+2348030001234', message: `Thank you ${i}`, units: 1, status: 'queued', date: Date.now() });
    assert.is(put.status, 201, JSON.stringify(put.body));
    assert.is((await settled(s.owner, s.id, sms)).status, 'sent');
  }

  // The feed held since the start answers shop A's next write.
  const late = await a.owner.call('PUT', `${mainOf(a)}/aAopenlate`, { stores: 'expense', amount: 5, source: 'cash', description: 'Late', date: Date.now() });
  assert.is(late.status, 201, JSON.stringify(late.body));
  const changes = await feed!;
  assert.is(changes.status, 200);
  assert.ok((changes.body.results as { id: string }[]).some((r) => r.id === 'aAopenlate'), JSON.stringify(changes.body));

  // Everything written before the databases were closed reads back from each of them.
  for (const [i, s] of shops.entries()) {
    const doc = await s.owner.call('GET', `${mainOf(s)}/aAopen${i}x4`);
    assert.is(doc.status, 200);
    assert.is(doc.body.amount, 104);
    const local = await s.owner.call('GET', `${mainOf(s)}/_local/open-test`);
    assert.is(local.status, 200);
  }

  const seen = await stats();
  assert.is(seen.cap, CAP);
  assert.ok(seen.closed > 0, `databases were closed: ${JSON.stringify(seen)}`);
  assert.is(seen.peak_excess, 0, `never more open than max(cap, in use): ${JSON.stringify(seen)}`);
  assert.ok(seen.open <= Math.max(CAP, seen.in_use), JSON.stringify(seen));
});

test('the count of open databases is the admin’s alone', async () => {
  const shop = await registerBusiness(server, { name: 'Open Outsider' });
  for (const client of [shop.owner, admin]) {
    const res = await client.call('GET', '/db/_oja_stats');
    assert.ok(res.status === 403 || res.status === 401, String(res.status));
  }
});

test.run();

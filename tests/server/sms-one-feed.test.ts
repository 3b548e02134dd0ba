/**
 * Issue 31, many shops on one server: the SMS dispatcher follows every business with one feed of changed
 * databases (`_db_updates`, the embedded server's own: server/couch/db-updates.ts) instead of one changes
 * long-poll per business. A dispatcher run here against a real server (which runs none of its own,
 * SMS_PROVIDER=none) through a client that records every request: messages queued in businesses followed
 * from the start and registered later are sent, and not one long-poll went to a business database; a message
 * the embedded feed names is sent without a read of its business's changes.
 */
import { rmSync } from 'node:fs';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { businessDbName } from '../../commands/session';
import { CouchClient, type CouchAnswer } from '../../server/couch/client';
import { startDispatcher } from '../../server/sms/dispatcher';
import type { SmsProvider } from '../../server/sms/types';
import { onCouchdb, startServer, type TestServer } from '../e2e/harness';
import { Client, registerBusiness } from './helpers';

class RecordingClient extends CouchClient {
  readonly paths: string[] = [];
  override request<T = Record<string, unknown>>(method: string, path: string, body?: unknown): Promise<CouchAnswer<T>> {
    this.paths.push(`${method} ${path}`);
    return super.request<T>(method, path, body);
  }
}

let server: TestServer;
let couch: RecordingClient;
let dispatcher: ReturnType<typeof startDispatcher>;
const sent = new Map<string, () => void>();
const sentIds: string[] = [];
const provider: SmsProvider = {
  name: 'test',
  async send(sms) {
    sentIds.push(sms.id);
    sent.get(sms.id)?.();
    return { ok: true, providerId: `test-${sms.id}` };
  },
};

/** Resolves when the provider is asked to send `id` (the dispatcher works in the background). */
function whenSent(id: string): Promise<void> {
  if (sentIds.includes(id)) return Promise.resolve();
  return new Promise((resolve) => sent.set(id, resolve));
}

let n = 0;
/** Businesses registered before the dispatcher starts (the first test). */
const early: Awaited<ReturnType<typeof registerBusiness>>[] = [];
async function queue(owner: Client, business: string): Promise<string> {
  const id = `fAfeed${++n}`;
  const res = await owner.call('PUT', `/db/${businessDbName(business)}/${id}`, { stores: 'sms', sender: '', recipient: '+2348030001234', message: `Hello ${n}`, units: 1, status: 'queued', date: Date.now() });
  assert.is(res.status, 201, JSON.stringify(res.body));
  return id;
}

test.before(async () => {
  server = await startServer({ PAYMENT_PROVIDER: 'fake', SMS_PROVIDER: 'none' });
  const password = server.adminPassword();
  couch = new RecordingClient(`${server.url}/db`, { name: 'admin', password });
});
test.after(async () => {
  dispatcher?.stop();
  await server?.stop();
  rmSync(server.dataDir, { recursive: true, force: true });
});

test('messages of many businesses are sent with one feed for the server and no long-poll per business', async () => {
  for (let i = 0; i < 4; i++) early.push(await registerBusiness(server, { name: `Feed Shop ${i}` }));
  // Changes read a minute after a named message only, so the third test sees whether a read came first.
  dispatcher = startDispatcher(couch, provider, { by: 'feedtest', maxAttempts: 3, retryMs: 30, leaseMs: 60_000, catchUpMs: 60_000 });
  // A message in a business followed from the start, queued after its catch-up.
  const first = await queue(early[2].owner, early[2].id);
  await whenSent(first);
  // A business registered while the dispatcher runs, then a message in it.
  const late = await registerBusiness(server, { name: 'Feed Shop Late' });
  // Its follower starts from the directory's feed; a message queued before that is caught up at its start.
  const second = await queue(late.owner, late.id);
  await whenSent(second);
  // Two messages at once in two businesses.
  const [a, b] = await Promise.all([queue(early[0].owner, early[0].id), queue(early[3].owner, early[3].id)]);
  await Promise.all([whenSent(a), whenSent(b)]);
  assert.equal(sentIds.filter((id) => id === first).length, 1, 'sent once');
  const businessPolls = couch.paths.filter((p) => /\/oja-[a-z0-9-]+\/_changes\?feed=longpoll/.test(p));
  assert.equal(businessPolls, [], 'no long-poll of a business database');
  assert.ok(couch.paths.some((p) => p.startsWith('GET /_db_updates?feed=longpoll')), 'the one feed is followed');
});

// Embedded only: Apache CouchDB's _db_updates names databases, not documents; there a named business's changes are read.
if (!onCouchdb) test('a message the feed names is sent without reading its business’s changes first (embedded only)', async () => {
  // Issue 31: on LevelDB a changes read costs a lookup per change (seconds for a busy till's backlog); the
  // embedded feed names the messages written, and the dispatcher delivers those at once.
  // A business caught up at the dispatcher's start (the first test) and not written since: its changes are
  // read again only catchUpMs (60 s here) after a write.
  const shop = early[1];
  const changesOf = () => couch.paths.filter((p) => p.startsWith(`GET /${businessDbName(shop.id)}/_changes`)).length;
  const before = changesOf();
  assert.ok(before >= 1, 'caught up at the start');
  const named = await queue(shop.owner, shop.id);
  await whenSent(named);
  assert.is(changesOf(), before, 'no changes read between queueing and sending');
  const feed = await couch.request<{ results: { db_name: string; ids?: string[] }[] }>('GET', '/_db_updates?feed=normal&since=0');
  const entry = feed.body.results.find((r) => r.db_name === businessDbName(shop.id));
  assert.ok(entry?.ids?.includes(named), JSON.stringify(entry));
});

test('the feed of changed databases is the admin’s alone', async () => {
  const shop = await registerBusiness(server, { name: 'Feed Outsider' });
  for (const client of [shop.owner, new Client(server.url)]) {
    const res = await client.call('GET', '/db/_db_updates?feed=normal&since=0');
    assert.ok(res.status === 403 || res.status === 401, String(res.status));
    assert.not.match(JSON.stringify(res.body), /oja-/);
  }
});

test.run();

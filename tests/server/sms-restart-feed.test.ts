/**
 * Issue 31, many shops on one server: a restarted SMS dispatcher reads only the businesses written while it was
 * away. It keeps the feed position every business was read up to (directory document sms-dispatch-feed:{by}),
 * and the embedded server keeps its feed of changed databases across a clean restart (DATA_DIR/db-updates.json),
 * so after a restart the dispatcher asks what changed since and does not even open the others' databases. A
 * message queued while it was away is sent; one queued later in a business it did not read is sent too.
 */
import { rmSync } from 'node:fs';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { businessDbName } from '../../commands/session';
import { CouchClient, type CouchAnswer } from '../../server/couch/client';
import { startDispatcher } from '../../server/sms/dispatcher';
import type { SmsProvider } from '../../server/sms/types';
import { startServer, type TestServer } from '../e2e/harness';
import { Client, registerBusiness } from './helpers';
import { REGISTRATION } from '../support/fixtures';

class RecordingClient extends CouchClient {
  readonly paths: string[] = [];
  override request<T = Record<string, unknown>>(method: string, path: string, body?: unknown): Promise<CouchAnswer<T>> {
    this.paths.push(`${method} ${path}`);
    return super.request<T>(method, path, body);
  }
}

const env = { PAYMENT_PROVIDER: 'fake', SMS_PROVIDER: 'none' };
let server: TestServer;
const sentIds = new Set<string>();
const provider: SmsProvider = {
  name: 'test',
  async send(sms) {
    sentIds.add(sms.id);
    return { ok: true, providerId: `test-${sms.id}` };
  },
};
const settings = { by: 'restarttest', maxAttempts: 3, retryMs: 30, leaseMs: 60_000, catchUpMs: 50, feedSaveMs: 50 };

function admin(s: TestServer): RecordingClient {
  return new RecordingClient(`${s.url}/db`, { name: 'admin', password: s.adminPassword() });
}

/** Waits (polling) until `done` holds; the dispatcher works in the background. */
async function until(what: string, done: () => boolean | Promise<boolean>): Promise<void> {
  for (const limit = Date.now() + 30_000; !(await done()); ) {
    if (Date.now() > limit) throw new Error(`waited in vain for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

let n = 0;
async function queue(owner: Client, business: string): Promise<string> {
  const id = `fArestart${++n}`;
  const res = await owner.call('PUT', `/db/${businessDbName(business)}/${id}`, { stores: 'sms', sender: '', recipient: '+2348030001234', message: `Hello ${n}`, units: 1, status: 'queued', date: Date.now() });
  assert.is(res.status, 201, JSON.stringify(res.body));
  return id;
}

test.after(async () => {
  await server?.stop();
  if (server) rmSync(server.dataDir, { recursive: true, force: true });
});

test('after a restart only the businesses written meanwhile are read; messages of both kinds are sent', async () => {
  server = await startServer(env);
  const quiet = await registerBusiness(server, { name: 'Quiet Shop', email: 'quiet@example.com' });
  const busy = await registerBusiness(server, { name: 'Busy Shop', email: 'busy@example.com' });

  // The first run sends one message of each and has every business read to the end, saved.
  let couch = admin(server);
  let dispatcher = startDispatcher(couch, provider, settings);
  const first = [await queue(quiet.owner, quiet.id), await queue(busy.owner, busy.id)];
  await until('the first messages', () => first.every((id) => sentIds.has(id)));
  // Saved: the feed since the saved position names neither business (every write of theirs was read).
  const mains = [quiet.id, busy.id].map((id) => businessDbName(id));
  const feedSaved = async () => {
    const doc = await couch.get<{ since: string }>('directory', 'sms-dispatch-feed:restarttest');
    if (!doc) return false;
    const since = await couch.ok<{ results: { db_name: string }[] }>('GET', `/_db_updates?feed=normal&since=${encodeURIComponent(doc.since)}`);
    return !since.results.some((r) => mains.includes(r.db_name));
  };
  await until('the feed position saved past both businesses', feedSaved);
  dispatcher.stop();

  // While no dispatcher runs, one business gets a message; then the server restarts cleanly.
  const meanwhile = await queue(busy.owner, busy.id);
  const dataDir = server.dataDir;
  await server.stop();
  server = await startServer(env, dataDir);

  couch = admin(server);
  dispatcher = startDispatcher(couch, provider, settings);
  await dispatcher.followed;
  await until('the message queued meanwhile', () => sentIds.has(meanwhile));
  const quietDbs = couch.paths.filter((p) => p.includes(`/${businessDbName(quiet.id)}`));
  assert.equal(quietDbs, [], 'none of the quiet business’s databases was asked for');
  assert.ok(couch.paths.some((p) => p.startsWith(`GET /${businessDbName(busy.id)}/_changes`)), 'the busy one was read');

  // The quiet business is followed all the same.
  const owner = new Client(server.url);
  assert.is((await owner.login(quiet.username, REGISTRATION.password)).status, 200);
  const later = await queue(owner, quiet.id);
  await until('a later message of the quiet business', () => sentIds.has(later));
  dispatcher.stop();
});

test.run();

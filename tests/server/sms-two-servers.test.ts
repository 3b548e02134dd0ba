/**
 * Two servers in front of one CouchDB (the second uses the first's endpoint as COUCH_URL; with npm run test:couchdb
 * both use the real CouchDB), both running the
 * dispatcher with the fake provider on one shared attempts file: every message is claimed and sent by one
 * of them only, and together they never spend more units than the business was credited.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { SmsDoc } from '../../commands/docs';
import { businessDbName } from '../../commands/session';
import { onCouchdb, startServer, type TestServer } from '../e2e/harness';
import { registerBusiness } from './helpers';

const dir = mkdtempSync(join(tmpdir(), 'oja-sms2-'));
const log = join(dir, 'attempts.jsonl');
const common = { ADMIN_PASSWORD: 'shared-admin-secret', SMS_PROVIDER: 'fake', SMS_FAKE_LOG: log };
let database: TestServer;
let app: TestServer;

test.before(async () => {
  if (onCouchdb) {
    // Both servers in front of the real CouchDB of npm run test:couchdb (COUCH_URL from the environment).
    const sms = { SMS_PROVIDER: 'fake', SMS_FAKE_LOG: log };
    database = await startServer(sms);
    app = await startServer(sms);
    return;
  }
  database = await startServer(common);
  app = await startServer({ ...common, COUCH_URL: `${database.url}/db` });
});
test.after(async () => {
  await app?.stop();
  await database?.stop();
  for (const s of [app, database]) if (s) rmSync(s.dataDir, { recursive: true, force: true });
  rmSync(dir, { recursive: true, force: true });
});

test('twelve one-unit messages against ten units: ten sent once each, two refused, whichever server took them', async () => {
  const a = await registerBusiness(app, { name: 'Twin Shop' });
  const db = `/db/${businessDbName(a.id)}`;
  const docs = Array.from({ length: 12 }, (_, i) => ({ _id: `fAtwin${String(i).padStart(2, '0')}`, stores: 'sms', sender: '', recipient: '+2348030001234', message: `Message ${i}`, units: 1, status: 'queued', date: i }));
  const bulk = await a.owner.call('POST', `${db}/_bulk_docs`, { docs });
  assert.ok(bulk.body.every((r: { ok?: boolean }) => r.ok), JSON.stringify(bulk.body));

  const limit = Date.now() + 60000;
  let rows: SmsDoc[] = [];
  for (;;) {
    const res = await a.owner.call('GET', `${db}/_all_docs?include_docs=true&startkey="fAtwin"&endkey="fAtwin\ufff0"`);
    rows = res.body.rows.map((r: { doc: SmsDoc }) => r.doc);
    if (rows.every((d) => d.status === 'sent' || d.status === 'failed') || Date.now() > limit) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  const sent = rows.filter((d) => d.status === 'sent');
  const refused = rows.filter((d) => d.status === 'failed');
  assert.is(sent.length, 10, JSON.stringify(rows.map((d) => [d._id, d.status, d.reason])));
  assert.equal(refused.map((d) => d.reason), ['insufficient units', 'insufficient units']);
  const attempts = existsSync(log) ? readFileSync(log, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l).id as string) : [];
  assert.equal(attempts.slice().sort(), sent.map((d) => d._id).sort(), 'each sent message went to the provider exactly once; refused ones never');
  assert.equal((await a.owner.call('GET', `/api/sms/${a.id}`)).body, { balance: 0, credits: 10, spent: 10 });
});

test.run();

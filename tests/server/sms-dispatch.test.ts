/**
 * The SMS dispatcher against a real server (fake provider, which writes every attempt to a file): a queued
 * message is sent once and recorded; failures are recorded and retried; a SIGKILL mid-send and a restart
 * neither resend nor skip; two devices that spent the same last units offline end with one sent and one
 * 'insufficient units', and the server's balance never goes below zero.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { SmsDoc } from '../../commands/docs';
import { businessDbName } from '../../commands/session';
import { createBackend } from '../../worker/backend';
import { PouchDB } from '../../worker/pouch';
import { queueSms } from '../../worker/sms/outbox';
import { onCouchdb, startServer, type TestServer } from '../e2e/harness';
import { Client, registerBusiness } from './helpers';
import { REGISTRATION } from '../support/fixtures';
import { asKind } from '../../commands/docs';

const dir = mkdtempSync(join(tmpdir(), 'oja-sms-'));
const env = (log: string) => ({ PAYMENT_PROVIDER: 'fake', SMS_PROVIDER: 'fake', SMS_FAKE_LOG: log, SMS_MAX_ATTEMPTS: '3', SMS_RETRY_MS: '30' });
let server: TestServer;
const fakeLog = join(dir, 'main.jsonl');

test.before(async () => {
  server = await startServer(env(fakeLog));
});
test.after(async () => {
  await server?.stop();
  rmSync(server.dataDir, { recursive: true, force: true });
  rmSync(dir, { recursive: true, force: true });
});

/** How many times the fake provider was asked to send this message. */
function attempts(file: string, id: string): number {
  if (!existsSync(file)) return 0;
  return readFileSync(file, 'utf8').split('\n').filter((l) => l && JSON.parse(l).id === id).length;
}

let n = 0;
async function queue(owner: Client, business: string, message: string): Promise<string> {
  const id = `fAtest${++n}`;
  const res = await owner.call('PUT', `/db/${businessDbName(business)}/${id}`, { stores: 'sms', sender: '', recipient: '+2348030001234', message, units: Math.ceil(message.length / 160), status: 'queued', date: Date.now() });
  assert.is(res.status, 201, JSON.stringify(res.body));
  return id;
}

/** Polls the message until `done` holds for it (the dispatcher works in the background). */
async function until(owner: Client, business: string, id: string, done: (d: SmsDoc) => boolean, ms = 30000): Promise<SmsDoc> {
  const limit = Date.now() + ms;
  for (;;) {
    const res = await owner.call('GET', `/db/${businessDbName(business)}/${id}`);
    if (res.status === 200 && done(res.body)) return res.body;
    if (Date.now() > limit) throw new Error(`${id} stayed ${JSON.stringify(res.body)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
const settled = (d: SmsDoc) => d.status === 'sent' || d.status === 'failed';

test('a queued message is sent once through the provider and recorded as sent with its id', async () => {
  const a = await registerBusiness(server, { name: 'Send Shop' });
  const id = await queue(a.owner, a.id, 'Thank you for buying Rice');
  const sent = await until(a.owner, a.id, id, settled);
  assert.is(sent.status, 'sent');
  assert.is(sent.provider_id, `fake-${id}`);
  assert.ok(sent.sent_at! > 0);
  assert.is(sent.claim, undefined);
  // A later message goes through the same follower: by then a second send of the first would have happened.
  const next = await queue(a.owner, a.id, 'Second');
  await until(a.owner, a.id, next, settled);
  assert.is(attempts(fakeLog, id), 1);
  assert.equal((await a.owner.call('GET', `/api/sms/${a.id}`)).body, { balance: 8, credits: 10, spent: 2 });
});

test('a temporary failure is retried with back-off at most N times, then recorded failed with its reason; units come back', async () => {
  const a = await registerBusiness(server, { name: 'Retry Shop' });
  const temp = await queue(a.owner, a.id, 'FAIL-TEMP please');
  const failed = await until(a.owner, a.id, temp, (d) => d.status === 'failed');
  assert.equal([failed.reason, failed.attempts], ['gateway busy', 3]);
  assert.is(attempts(fakeLog, temp), 3);
  const perm = await queue(a.owner, a.id, 'FAIL-PERM please');
  const refused = await until(a.owner, a.id, perm, (d) => d.status === 'failed');
  assert.equal([refused.reason, refused.attempts], ['number rejected', 1]);
  assert.is(attempts(fakeLog, perm), 1);
  assert.equal((await a.owner.call('GET', `/api/sms/${a.id}`)).body, { balance: 10, credits: 10, spent: 0 });
});

test('the dispatcher survives any document: what it cannot send is marked failed, a far retry_at never spins it', async () => {
  const a = await registerBusiness(server, { name: 'Survive Shop' });
  const main = `/db/${businessDbName(a.id)}`;
  const password = server.adminPassword();
  const asAdmin = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(server.url + path, { method, headers: { Authorization: 'Basic ' + Buffer.from(`admin:${password}`).toString('base64'), 'Content-Type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
    return { status: res.status, body: await res.json() };
  };
  const settingPath = `/db/${businessDbName(a.id)}-shared/config-smsSender`;
  const existing = await a.owner.call('GET', settingPath);
  const setting = await a.owner.call('PUT', settingPath, { ...(existing.status === 200 ? existing.body : {}), stores: 'config', key: 'smsSender', value: 'SURVIVE' });
  assert.is(setting.status, 201, JSON.stringify(setting.body));
  // Only the database admin can still write these (a member's write is refused: security-sms.test.ts).
  const base = { stores: 'sms', sender: 'Forged Sender Name 24chr', recipient: '+2348030001234', units: 1, status: 'queued', date: Date.now() };
  const bad = {
    fAsurviveobj: { ...base, message: { text: 'an object' } },
    fAsurvivephone: { ...base, message: 'To nobody', recipient: 'call me maybe' },
    fAsurvivefar: { ...base, message: 'Thirty days ahead', retry_at: Date.now() + 30 * 86_400_000, attempts: 'many' },
  };
  for (const [id, doc] of Object.entries(bad)) assert.is((await asAdmin('PUT', `${main}/${id}`, doc)).status, 201);
  const obj = await until(a.owner, a.id, 'fAsurviveobj', settled);
  assert.equal([obj.status, obj.reason], ['failed', 'the message is not a text of 1 to 1600 characters']);
  const phone = await until(a.owner, a.id, 'fAsurvivephone', settled);
  assert.equal([phone.status, phone.reason], ['failed', 'the recipient is not a phone number']);
  // A retry time no dispatcher set is none of its own: the message is due, and leaves under the business's ID.
  const far = await until(a.owner, a.id, 'fAsurvivefar', settled);
  assert.is(far.status, 'sent', JSON.stringify(far));
  const sent = readFileSync(fakeLog, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l)).find((l) => l.id === 'fAsurvivefar');
  assert.equal([sent.sender, sent.recipient], ['SURVIVE', '+2348030001234']);
  assert.equal([attempts(fakeLog, 'fAsurviveobj'), attempts(fakeLog, 'fAsurvivephone')], [0, 0]);
  // It keeps working, and its checkpoint is not rewritten in a loop (the spin wrote it 400 times in 10 s).
  const next = await queue(a.owner, a.id, 'Still working');
  assert.is((await until(a.owner, a.id, next, settled)).status, 'sent');
  const checkpointRev = async () => {
    const rows = (await asAdmin('GET', `/db/directory/_all_docs?startkey=${encodeURIComponent('"sms-dispatch:"')}&endkey=${encodeURIComponent('"sms-dispatch;"')}`)).body.rows as { id: string; value: { rev: string } }[];
    const row = rows.find((r) => r.id.endsWith(`:${a.id}`));
    return Number(row?.value.rev.split('-')[0]);
  };
  const before = await checkpointRev();
  await new Promise((r) => setTimeout(r, 3000));
  const after = await checkpointRev();
  assert.ok(after - before <= 2, `the checkpoint was written ${after - before} times in 3 s`);
});

/**
 * On CouchDB every server of this file follows the same businesses (one database server): a test that counts the
 * sends of its own server runs with the file's main server stopped, and starts it again after.
 */
async function alone(body: () => Promise<void>): Promise<void> {
  if (!onCouchdb) return body();
  const dataDir = server.dataDir;
  await server.stop();
  try {
    await body();
  } finally {
    server = await startServer(env(fakeLog), dataDir);
  }
}

test('after a SIGKILL mid-send and a restart, nothing is sent twice and nothing queued is skipped', () => alone(async () => {
  const log = join(dir, 'kill.jsonl');
  let s = await startServer(env(log));
  const dataDir = s.dataDir;
  try {
    const a = await registerBusiness(s, { name: 'Kill Shop' });
    const first = await queue(a.owner, a.id, 'Before the crash');
    const firstDoc = await until(a.owner, a.id, first, settled);
    assert.is(firstDoc.status, 'sent', `the first message settled as ${JSON.stringify(firstDoc)}`);
    assert.is(attempts(log, first), 1, `before the crash the provider's log holds: ${existsSync(log) ? readFileSync(log, 'utf8') : '(no file)'}`);
    const hung = await queue(a.owner, a.id, 'HANG on the line');
    await until(a.owner, a.id, hung, (d) => d.status === 'sending');
    // Mid-send means the provider has it: 'sending' is written before the units are reserved and the provider
    // called, and a kill in between (seen under load) leaves no attempt, which the count below would miss.
    for (const limit = Date.now() + 30_000; attempts(log, hung) === 0; ) {
      if (Date.now() > limit) throw new Error('the provider never got the message that hangs');
      await new Promise((r) => setTimeout(r, 20));
    }
    const behind = await queue(a.owner, a.id, 'Queued behind the hung one');
    const exited = new Promise((r) => s.process.once('exit', r));
    s.process.kill('SIGKILL');
    await exited;

    s = await startServer(env(log), dataDir);
    const owner = new Client(s.url);
    assert.is((await owner.login(a.username, REGISTRATION.password)).status, 200);
    const after = await until(owner, a.id, behind, settled);
    assert.is(after.status, 'sent');
    const interrupted = await until(owner, a.id, hung, settled);
    assert.equal([interrupted.status, interrupted.reason], ['failed', 'sending was interrupted; it may not have been delivered']);
    assert.equal([attempts(log, first), attempts(log, hung), attempts(log, behind)], [1, 1, 1]);
    assert.equal((await owner.call('GET', `/api/sms/${a.id}`)).body, { balance: 8, credits: 10, spent: 2 });
  } finally {
    await s.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}));

test('two devices spending the same last units offline: one sent, one failed "insufficient units", never below zero', async () => {
  const a = await registerBusiness(server, { name: 'Offline Shop' });
  const name = businessDbName(a.id);
  const remote = (suffix: string) =>
    new PouchDB(`${server.url}/db/${name}${suffix}`, {
      fetch: (url: string | Request, opts: RequestInit = {}) => {
        const headers = new Headers(opts.headers);
        headers.set('Cookie', `AuthSession=${a.owner.cookie}`);
        return PouchDB.fetch(url, { ...opts, headers });
      },
    } as PouchDB.Configuration.RemoteDatabaseConfiguration);
  const devices = await Promise.all(
    ['A', 'B'].map((prefix) => createBackend({ adapter: 'memory', name: `${name}-device-${prefix}`, user: { username: a.username, fullname: 'Ada', level: 0, business: a.id, policyPrefix: prefix } })),
  );
  try {
    const ids: string[] = [];
    for (const d of devices) {
      await PouchDB.replicate(remote('-shared'), d.ctx.db.shared);
      assert.is((await d.dispatch('sms-balance', {})).ok && asKind(await d.ctx.db.shared.get('sms-credit-initial'), 'sms-credit')?.units, 10);
      // Each device, offline, spends all 10 units on one 1,600-character message.
      const outcome = await queueSms(d.ctx, { recipient: '0803 000 1234', message: 'z'.repeat(1600), user: { username: a.username, fullname: 'Ada' }, kind: 'sale' });
      assert.ok('id' in outcome, JSON.stringify(outcome));
      if ('id' in outcome) ids.push(outcome.id);
    }
    for (const d of devices) await PouchDB.replicate(d.ctx.db.main, remote(''));
    const outcomes = await Promise.all(ids.map((id) => until(a.owner, a.id, id, settled)));
    assert.equal(outcomes.map((o) => o.status).sort(), ['failed', 'sent']);
    assert.is(outcomes.find((o) => o.status === 'failed')!.reason, 'insufficient units');
    assert.equal((await a.owner.call('GET', `/api/sms/${a.id}`)).body, { balance: 0, credits: 10, spent: 10 });
    assert.is(ids.reduce((sum, id) => sum + attempts(fakeLog, id), 0), 1);
    // After sync each device derives the same balance: zero, not minus ten.
    await PouchDB.replicate(remote(''), devices[0].ctx.db.main);
    const balance = await devices[0].dispatch('sms-balance', {});
    assert.ok(balance.ok && balance.value.balance === 0, JSON.stringify(balance));
  } finally {
    for (const d of devices) await d.close();
  }
});

test('a business with the old sms-units counter gets an opening credit of its balance plus what it had queued', () => alone(async () => {
  // On CouchDB the admin is COUCH_URL's.
  const admin: Record<string, string> = onCouchdb ? {} : { ADMIN_PASSWORD: 'admin-secret-for-test' };
  const log = join(dir, 'migrate.jsonl');
  let s = await startServer({ ...env(log), ...admin, SMS_PROVIDER: 'none' });
  const dataDir = s.dataDir;
  try {
    const a = await registerBusiness(s, { name: 'Legacy Shop' });
    const shared = `/db/${businessDbName(a.id)}-shared`;
    const asAdmin = async (method: string, path: string, body?: unknown) => {
      const res = await fetch(s.url + path, { method, headers: { Authorization: 'Basic ' + Buffer.from(`admin:${s.adminPassword()}`).toString('base64'), 'Content-Type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
      return { status: res.status, body: await res.json() };
    };
    // The shape before derived units: no credits, a counter at 7, and a message queued against it (no units field).
    const initial = (await asAdmin('GET', `${shared}/sms-credit-initial`)).body;
    assert.is((await asAdmin('DELETE', `${shared}/sms-credit-initial?rev=${initial._rev}`)).status, 200);
    assert.is((await asAdmin('PUT', `${shared}/sms-units`, { stores: 'sms-units', balance: 7 })).status, 201);
    assert.is((await asAdmin('PUT', `/db/${businessDbName(a.id)}/fAlegacy`, { stores: 'sms', sender: 'Shop', recipient: '0803 000 1234', message: 'y'.repeat(200), status: 'queued', date: 1 })).status, 201);
    await s.stop();

    s = await startServer({ ...env(log), ...admin }, dataDir);
    const owner = new Client(s.url);
    assert.is((await owner.login(a.username, REGISTRATION.password)).status, 200);
    const sent = await until(owner, a.id, 'fAlegacy', settled);
    assert.is(sent.status, 'sent');
    const opening = (await owner.call('GET', `${shared}/sms-credit-opening`)).body;
    assert.equal([opening.units, opening.reason], [9, 'opening']);
    assert.is((await owner.call('GET', `${shared}/sms-units`)).status, 404);
    assert.equal((await owner.call('GET', `/api/sms/${a.id}`)).body, { balance: 7, credits: 9, spent: 2 });
  } finally {
    await s.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}));

test.run();

/**
 * Issue 26, finding 1: no single member request can exhaust the server. Lists of ids (keys, doc_ids, _bulk_get
 * entries, _revs_diff ids), documents per _bulk_docs and bodies per route are bounded by what a real till sends
 * (server/couch/limits.ts), each refused quickly with a clear JSON answer; longpoll heartbeats are clamped and
 * the never-ending feeds refused. The largest requests of the app's own sync still pass.
 */
import { request } from 'node:http';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { CATCH_UP_BATCH_SIZE, CATCH_UP_PUSH_BATCH_SIZE, SNAPSHOT_PAGE } from '../../commands/sync';
import { MAX_BULK_DOCS, MAX_IDS } from '../../server/couch/limits';
import { freshServer } from './helpers';
import { castOf, cleanError, type Cast } from './security-cast';

let env: Awaited<ReturnType<typeof freshServer>>;
let cast: Cast;
test.before(async () => {
  env = await freshServer();
  cast = await castOf(env.server, 'Bounds Shop');
});
test.after(async () => {
  await env?.stop();
});

const ids = (n: number, prefix = '7item-') => Array.from({ length: n }, (_, i) => `${prefix}${i}`);
const REV = '1-0123456789abcdef0123456789abcdef';

/** The server still answers a member's ordinary request (it neither died nor hangs). */
async function stillServes(): Promise<void> {
  assert.is(env.server.process.exitCode, null, 'the server process is alive');
  const info = await cast.staff[3].call('GET', cast.dbs.main);
  assert.is(info.status, 200);
}

test('300,000 keys to _all_docs from a cashier are refused at once, not loaded (the server took 40 s and 5.7 GB)', async () => {
  const started = Date.now();
  const res = await cast.staff[3].call('POST', `${cast.dbs.main}/_all_docs`, { keys: ids(300_000) });
  const ms = Date.now() - started;
  assert.is(res.status, 413, JSON.stringify(res.body).slice(0, 200));
  assert.ok(cleanError(res.body));
  assert.ok(ms < 5000, `answered in ${ms} ms`);
  await stillServes();
});

test('every list a member names is bounded: keys, doc_ids, _bulk_get entries, _revs_diff ids and revisions, _bulk_docs documents', async () => {
  const over = MAX_IDS + 1;
  // Short ids, so each body stays well under its byte limit: the count itself is what is refused.
  const short = ids(over, 'k');
  const cases: [string, string, unknown][] = [
    ['_all_docs keys', `${cast.dbs.main}/_all_docs`, { keys: short }],
    ['_changes doc_ids', `${cast.dbs.main}/_changes?filter=_doc_ids`, { doc_ids: short }],
    ['_bulk_get', `${cast.dbs.main}/_bulk_get?revs=true`, { docs: short.map((id) => ({ id })) }],
    ['_revs_diff ids', `${cast.dbs.main}/_revs_diff`, Object.fromEntries(short.map((id) => [id, ['1-a']]))],
    ['_revs_diff revisions', `${cast.dbs.main}/_revs_diff`, Object.fromEntries(ids(MAX_IDS, 'k').map((id) => [id, ['1-a', '2-b', '3-c']]))],
    ['_bulk_docs', `${cast.dbs.main}/_bulk_docs`, { docs: ids(MAX_BULK_DOCS + 1, 'k').map((id) => ({ _id: id })) }],
  ];
  for (const [what, path, body] of cases) {
    const started = Date.now();
    const res = await cast.staff[3].call('POST', path, body);
    assert.is(res.status, 413, `${what}: ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
    assert.ok(cleanError(res.body), what);
    assert.match(res.body.reason, /^At most \d+ /, what);
    assert.ok(Date.now() - started < 5000, `${what} answered in ${Date.now() - started} ms`);
  }
  await stillServes();
});

/** Sends only the headers announcing `length` bytes and a first chunk; resolves with the answer. */
function announce(method: string, path: string, length: number, cookie: string): Promise<{ status: number; body: any }> {
  return new Promise((resolve, reject) => {
    const url = new URL(env.server.url + path);
    const req = request({ host: url.hostname, port: url.port, path: url.pathname + url.search, method, headers: { 'Content-Type': 'application/json', 'Content-Length': String(length), Cookie: `AuthSession=${cookie}` } }, (res) => {
      let text = '';
      res.on('data', (d: Buffer) => (text += d));
      res.on('end', () => {
        req.destroy();
        resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) });
      });
    });
    req.on('error', reject);
    req.write('{');
  });
}

test('each route has its own body limit, refused before the body is read', async () => {
  const MB = 1024 * 1024;
  const cases: [string, string, number][] = [
    ['POST', `${cast.dbs.main}/_bulk_docs`, 100 * MB],
    ['POST', `${cast.dbs.main}/_all_docs`, 10 * MB],
    ['POST', `${cast.dbs.main}/_revs_diff`, 10 * MB],
    ['POST', `${cast.dbs.main}/_bulk_get`, 10 * MB],
    ['POST', `${cast.dbs.main}/_changes`, 10 * MB],
    ['PUT', `${cast.dbs.main}/7big`, 5 * MB],
    ['POST', `${cast.dbs.main}/_ensure_full_commit`, 1 * MB],
  ];
  for (const [method, path, length] of cases) {
    const res = await announce(method, path, length, cast.staff[3].cookie);
    assert.is(res.status, 413, `${method} ${path} of ${length / MB} MB: ${res.status}`);
    assert.ok(cleanError(res.body), path);
  }
  await stillServes();
});

/** Reads a longpoll _changes for `ms` and answers how many heartbeat newlines came meanwhile. */
function heartbeats(query: string, ms: number): Promise<{ status: number; newlines: number }> {
  return new Promise((resolve, reject) => {
    const url = new URL(`${env.server.url}${cast.dbs.main}/_changes?${query}`);
    const req = request({ host: url.hostname, port: url.port, path: url.pathname + url.search, headers: { Cookie: `AuthSession=${cast.staff[3].cookie}` } }, (res) => {
      let text = '';
      res.on('data', (d: Buffer) => (text += d));
      setTimeout(() => {
        req.destroy();
        resolve({ status: res.statusCode ?? 0, newlines: (text.match(/^\n/gm) ?? []).length });
      }, ms);
    });
    req.on('error', (e) => (req.destroyed ? undefined : reject(e)));
    req.end();
  });
}

test('longpoll heartbeats are clamped: neither 0 nor one past the timer limit makes the server write every millisecond', async () => {
  const since = (await cast.staff[3].call('GET', cast.dbs.main)).body.update_seq;
  // 3e9 ms overflows Node's timer (it then fires every ms); 0 is a 1 ms interval. Both are 1 s at most now.
  for (const heartbeat of ['3000000000', '0']) {
    const res = await heartbeats(`feed=longpoll&since=${since}&heartbeat=${heartbeat}`, 1500);
    assert.is(res.status, 200, heartbeat);
    assert.ok(res.newlines <= 2, `heartbeat=${heartbeat}: ${res.newlines} newlines in 1.5 s`);
  }
  const continuous = await cast.staff[3].call('GET', `${cast.dbs.main}/_changes?feed=continuous&since=${since}`);
  assert.is(continuous.status, 400);
  assert.ok(cleanError(continuous.body));
  await stillServes();
});

test("the app's own largest requests pass: revs_diff of a push batch, bulk_get of a pull batch and a snapshot page, bulk_docs of a push batch", async () => {
  const owner = cast.staff[0];
  const push = ids(CATCH_UP_PUSH_BATCH_SIZE, '7bound-');
  const diff = await owner.call('POST', `${cast.dbs.main}/_revs_diff`, Object.fromEntries(push.map((id) => [id, [REV]])));
  assert.is(diff.status, 200);
  assert.is(Object.keys(diff.body).length, CATCH_UP_PUSH_BATCH_SIZE);
  for (const n of [CATCH_UP_BATCH_SIZE, SNAPSHOT_PAGE]) {
    const got = await owner.call('POST', `${cast.dbs.main}/_bulk_get?revs=true&latest=true`, { docs: push.slice(0, n).map((id) => ({ id, rev: REV })) });
    assert.is(got.status, 200);
    assert.is(got.body.results.length, n);
  }
  const user = { username: cast.usernames[0], fullname: 'Owner' };
  const docs = push.map((id, i) => ({ _id: id, _rev: REV, stores: 'item', name: `Item ${i}`, price: 100, purchasePrice: 80, date: 1000, user }));
  // The page is read from here: earlier changes hold the design document, which a member's answer leaves out.
  const since = (await owner.call('GET', cast.dbs.main)).body.update_seq;
  const stored = await owner.call('POST', `${cast.dbs.main}/_bulk_docs`, { docs, new_edits: false });
  assert.is(stored.status, 201, JSON.stringify(stored.body).slice(0, 300));
  const changes = await owner.call('GET', `${cast.dbs.main}/_changes?limit=${SNAPSHOT_PAGE}&include_docs=true&style=all_docs&since=${since}`);
  assert.is(changes.status, 200);
  assert.is(changes.body.results.length, SNAPSHOT_PAGE);
  await stillServes();
});

test.run();

/**
 * Issue 37, findings 1, 2, 4 and 9 (deep nesting): what a request becomes is bounded, not only its bytes.
 * Each request below, sent by a member (an owner: registration is open, so anyone is one), took down or froze the one
 * process serving every shop on a1cae3b. Now each is refused at the gate, quickly, with a short JSON reason;
 * the server's RSS moves by less than 200 MB and another shop's requests wait less than 1 s beyond their
 * baseline meanwhile (./budget.ts); the app's own requests of the same kind still pass.
 */
import { createHash } from 'node:crypto';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { MAX_LEAVES_PER_ID, MAX_REVISIONS } from '../../server/couch/limits';
import { costOf, withinBudget } from './budget';
import { freshServer, registerBusiness, type Client } from './helpers';
import { castOf, cleanError, type Cast } from './security-cast';

let env: Awaited<ReturnType<typeof freshServer>>;
let cast: Cast;
let other: { owner: Client; path: string };
let user: { username: string; fullname: string };
test.before(async () => {
  env = await freshServer();
  cast = await castOf(env.server, 'Shape Shop');
  // An owner's own stamp (anyone can register a business): the documents pass validation, as the attacker's did.
  user = { username: cast.usernames[0], fullname: 'Owner' };
  const shop = await registerBusiness(env.server, { name: 'Quiet Neighbour', phone: '08033333333' });
  other = { owner: shop.owner, path: `/db/oja-${shop.id}` };
});
test.after(async () => {
  await env?.stop();
});

const md5 = (s: string) => createHash('md5').update(s).digest('hex');

/** The server is alive and serves a member's ordinary request. */
async function stillServes(): Promise<void> {
  assert.is(env.server.process.exitCode, null, 'the server process is alive');
  const info = await cast.staff[3].call('GET', cast.dbs.main);
  assert.is(info.status, 200, 'the server still answers');
}

/** Sends `body` (already JSON text) as the owner and answers status and parsed body. */
async function send(method: string, path: string, text: string): Promise<{ status: number; body: any }> {
  const res = await fetch(env.server.url + path, { method, headers: { 'Content-Type': 'application/json', Accept: 'application/json', Cookie: `AuthSession=${cast.staff[0].cookie}` }, body: text });
  const raw = await res.text();
  let body: unknown = raw;
  try {
    body = JSON.parse(raw);
  } catch {
    // kept as text
  }
  return { status: res.status, body };
}

test('finding 1: 2,000 documents with one _id in a _bulk_docs are refused (the process died in pouchdb-merge)', async () => {
  const docs = Array.from({ length: 2000 }, (_, i) => ({ _id: '7item-same', stores: 'item', name: `Copy ${i}`, price: 100, date: 1000, user }));
  const cost = await costOf(env.server, other.owner, other.path, () => send('POST', `${cast.dbs.main}/_bulk_docs`, JSON.stringify({ docs })));
  withinBudget('2,000 copies of one _id', cost);
  assert.is(cost.result.status, 400, JSON.stringify(cost.result.body).slice(0, 200));
  assert.ok(cleanError(cost.result.body));
  assert.match(cost.result.body.reason, /appears more than once/);
  await stillServes();
});

test('finding 1: new_edits=false with 2,000 revisions of one id is refused (it died in sortByPos)', async () => {
  const docs = Array.from({ length: 2000 }, (_, i) => ({ _id: '7item-revs', _rev: `1-${md5(String(i))}`, stores: 'item', name: 'Rev', price: 100, date: 1000, user }));
  const cost = await costOf(env.server, other.owner, other.path, () => send('POST', `${cast.dbs.main}/_bulk_docs`, JSON.stringify({ docs, new_edits: false })));
  withinBudget('2,000 revisions of one id', cost);
  assert.is(cost.result.status, 413, JSON.stringify(cost.result.body).slice(0, 200));
  assert.ok(cleanError(cost.result.body));
  await stillServes();
});

test("a replication's few leaves of one conflicted document still pass with new_edits=false", async () => {
  const docs = [1, 2, 3].map((i) => ({ _id: '7item-conflicted', _rev: `1-${md5(`leaf${i}`)}`, stores: 'item', name: `Leaf ${i}`, price: 100, date: 1000, user: { username: cast.usernames[0], fullname: 'Owner' } }));
  const res = await cast.staff[0].call('POST', `${cast.dbs.main}/_bulk_docs`, { docs, new_edits: false });
  assert.is(res.status, 201, JSON.stringify(res.body).slice(0, 300));
  assert.ok(MAX_LEAVES_PER_ID >= 3);
  const leaves = await cast.staff[0].call('GET', `${cast.dbs.main}/7item-conflicted?conflicts=true`);
  assert.is(leaves.body._conflicts?.length, 2);
});

test('finding 2: 30 MB of nested empty lists in one document is refused before it is parsed (RSS grew 1.6 GB)', async () => {
  const text = `{"docs":[{"_id":"7client-bloat","stores":"customer","x":[${'[],'.repeat(10_000_000)}[]]}]}`;
  const cost = await costOf(env.server, other.owner, other.path, () => send('POST', `${cast.dbs.main}/_bulk_docs`, text));
  withinBudget('30 MB of []', cost);
  assert.is(cost.result.status, 413, JSON.stringify(cost.result.body).slice(0, 200));
  assert.ok(cleanError(cost.result.body));
  await stillServes();
});

test('finding 3: a customer carrying ~900 KB of nested lists in an extra field is not stored (100 of them made a listing take 48 s and +1.6 GB)', async () => {
  const text = JSON.stringify({ stores: 'customer', name: 'Bloated', phone: '08012345678', date: 1000, user }).replace(/}$/, `,"extra":[${'[],'.repeat(300_000)}[]]}`);
  const cost = await costOf(env.server, other.owner, other.path, () => send('PUT', `${cast.dbs.main}/3client-bloat`, text));
  withinBudget('a 900 KB customer of []', cost);
  assert.is(cost.result.status, 413, JSON.stringify(cost.result.body).slice(0, 200));
  assert.match(cost.result.body.reason, /values in one document/);
  assert.is((await cast.staff[0].call('GET', `${cast.dbs.main}/3client-bloat`)).status, 404, 'nothing stored');
});

test('finding 4: a PUT with 20,000 _revisions ids is refused at the gate (it held every request 5.5 s; 60,000: 62 s)', async () => {
  const ids = Array.from({ length: 20_000 }, (_, i) => md5(String(i)));
  const doc = { _id: '7item-history', _rev: `20000-${ids[0]}`, _revisions: { start: 20_000, ids }, stores: 'item', name: 'History', price: 100, date: 1000, user };
  const cost = await costOf(env.server, other.owner, other.path, () => send('PUT', `${cast.dbs.main}/7item-history?new_edits=false`, JSON.stringify(doc)));
  withinBudget('20,000 _revisions ids', cost);
  assert.is(cost.result.status, 413, JSON.stringify(cost.result.body).slice(0, 200));
  assert.ok(cleanError(cost.result.body));
  assert.match(cost.result.body.reason, new RegExp(`at most ${MAX_REVISIONS} revisions`));
  await stillServes();
});

test(`a history of ${MAX_REVISIONS} revisions (the most a database keeps) still passes, in a _bulk_docs too`, async () => {
  const ids = Array.from({ length: MAX_REVISIONS }, (_, i) => md5(`h${i}`));
  const doc = { _id: '7item-long', _rev: `${MAX_REVISIONS}-${ids[0]}`, _revisions: { start: MAX_REVISIONS, ids }, stores: 'item', name: 'Long', price: 100, date: 1000, user: { username: cast.usernames[0], fullname: 'Owner' } };
  const res = await cast.staff[0].call('POST', `${cast.dbs.main}/_bulk_docs`, { docs: [doc], new_edits: false });
  assert.is(res.status, 201, JSON.stringify(res.body).slice(0, 300));
  const over = { ...doc, _id: '7item-longer', _revisions: { start: MAX_REVISIONS + 1, ids: [md5('x'), ...ids] }, _rev: `${MAX_REVISIONS + 1}-${md5('x')}` };
  const refused = await cast.staff[0].call('POST', `${cast.dbs.main}/_bulk_docs`, { docs: [over], new_edits: false });
  assert.is(refused.status, 413);
});

test('finding 9: a 200,000-deep nested list gets a short JSON reason, no stack trace or path', async () => {
  const depth = 200_000;
  const text = `{"_id":"7item-deep","stores":"item","name":"Deep","x":${'['.repeat(depth)}${']'.repeat(depth)}}`;
  const cost = await costOf(env.server, other.owner, other.path, () => send('PUT', `${cast.dbs.main}/7item-deep`, text));
  withinBudget('200,000-deep list', cost);
  assert.is(cost.result.status, 400, JSON.stringify(cost.result.body).slice(0, 300));
  assert.ok(cleanError(cost.result.body), JSON.stringify(cost.result.body).slice(0, 300));
  assert.match(cost.result.body.reason, /nests deeper than/);
  await stillServes();
});

test.run();

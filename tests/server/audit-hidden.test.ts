/**
 * The audit log is the owner's to read (its screen is level 0 only): the server writes the entries of every
 * level's actions (server/couch/gate-audit.ts), but no staff level reads the log from the server, by path or through a listing route, so a
 * cashier's till never holds the owner's record of price changes, role changes and deletions. The owner (and
 * the admin) read every entry. Over real HTTP, as each level; and a level-3 till synced through the worker
 * receives none of them.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { auditId } from '../../commands/audit-docs';
import { businessDbName } from '../../commands/session';
import { createBackend } from '../../worker/backend';
import { freshServer } from './helpers';
import { castOf, type Cast } from './security-cast';

let env: Awaited<ReturnType<typeof freshServer>>;
let cast: Cast;
const DATE = 1_772_700_000_000;
const ids: Record<number, string> = {};
const entry = (username: string, date: number) => ({
  stores: 'audit',
  date,
  user: { username, fullname: username },
  device: 'dev1',
  action: 'price-change',
  target: { kind: 'item', id: '3rice', label: 'Rice' },
  changes: [{ field: 'Price', before: '1,000', after: '1,200' }],
});

test.before(async () => {
  env = await freshServer();
  cast = await castOf(env.server, 'Audit Hidden Shop');
  for (const level of [0, 1, 2, 3, 4]) {
    ids[level] = auditId(DATE + level, 'dev1', `l${level}`);
    // The server writes the log (as the database admin), each entry in the name of whoever acted.
    const res = await cast.admin('PUT', `/oja-${cast.id}/${encodeURIComponent(ids[level])}`, entry(cast.usernames[level], DATE + level));
    assert.is(res.status, 201, `level ${level}'s entry: ${JSON.stringify(res.body)}`);
  }
  assert.is((await cast.staff[3].call('PUT', `${cast.dbs.main}/4visible`, { stores: 'customer', name: 'Visible Customer' })).status, 201);
});
test.after(async () => {
  await env?.stop();
});

function reads(db: string): [string, string, unknown?][] {
  const all = Object.values(ids);
  return [
    ['GET', `${db}/_changes`],
    ['GET', `${db}/_changes?include_docs=true`],
    ['GET', `${db}/_changes?style=all_docs&include_docs=true&since=0&limit=5000`],
    ['POST', `${db}/_changes?filter=_doc_ids`, { doc_ids: [...all, '4visible'] }],
    ['GET', `${db}/_all_docs?include_docs=true`],
    ['GET', `${db}/_all_docs?startkey=%22audit%3A%22&endkey=%22audit%3B%22`],
    ['POST', `${db}/_all_docs?include_docs=true`, { keys: [...all, '4visible'] }],
    ['POST', `${db}/_bulk_get?revs=true`, { docs: [...all.map((id) => ({ id })), { id: '4visible' }] }],
  ];
}

test('no staff level reads an audit entry, its own included, by path or through a listing route', async () => {
  for (const level of [1, 2, 3, 4]) {
    const client = cast.staff[level];
    for (const id of Object.values(ids)) {
      const res = await client.call('GET', `${cast.dbs.main}/${encodeURIComponent(id)}`);
      assert.is(res.status, 404, `level ${level} GET ${id}: ${res.status}`);
    }
    for (const [method, path, body] of reads(cast.dbs.main)) {
      const res = await client.call(method, path, body);
      assert.is(res.status, 200, `level ${level} ${method} ${path}: ${res.status}`);
      assert.not.match(JSON.stringify(res.body), /audit:|price-change/, `level ${level} ${method} ${path}`);
    }
    // The rest of the same answers is intact.
    const changes = await client.call('GET', `${cast.dbs.main}/_changes?include_docs=true`);
    assert.is(changes.body.results.find((r: { id: string }) => r.id === '4visible')?.doc?.name, 'Visible Customer', `level ${level}`);
  }
});

test('the owner reads every entry, by path and through the listings', async () => {
  const owner = cast.staff[0];
  for (const id of Object.values(ids)) assert.is((await owner.call('GET', `${cast.dbs.main}/${encodeURIComponent(id)}`)).status, 200, id);
  const changes = await owner.call('GET', `${cast.dbs.main}/_changes`);
  const seen = new Set(changes.body.results.map((r: { id: string }) => r.id));
  for (const id of Object.values(ids)) assert.ok(seen.has(id), `the owner's changes list ${id}`);
  const listed = await owner.call('GET', `${cast.dbs.main}/_all_docs?startkey=%22audit%3A%22&endkey=%22audit%3B%22`);
  assert.is(listed.body.rows.length, 5);
});

test('a cashier’s till synced through the worker holds the shop’s customers and no audit entry of anyone else', async () => {
  const name = businessDbName(cast.id);
  const username = cast.usernames[3];
  const b = await createBackend({ adapter: 'memory', name, user: { username, fullname: 'Tayo Staff', level: 3, business: cast.id, policyPrefix: 'T' } });
  try {
    const start = await b.dispatch('sync-start', { remote: `${env.server.url}/db`, username, password: 'staffpass' });
    assert.ok(start.ok, JSON.stringify(start));
    // The customer arrives; by then the pull has passed every audit entry (all written before it).
    for (let i = 0; i < 600; i++) {
      if (await b.ctx.db.main.get('4visible').then(() => true, () => false)) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    assert.ok(await b.ctx.db.main.get('4visible').then(() => true, () => false), 'the customer reached the till');
    const held = await b.ctx.db.main.allDocs({ startkey: 'audit:', endkey: 'audit;' });
    assert.equal(held.rows.map((r) => r.id), [], 'no audit entry on the cashier’s till');
  } finally {
    await b.dispatch('sync-stop', {});
    await b.close();
  }
});

test.run();

/**
 * Finding 1: every read of a business database checks membership of that database, whatever the route
 * (_bulk_get ran as admin for anyone), for anonymous callers and another business's owner alike; members of
 * every level still read everything sync needs.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { freshServer } from './helpers';
import { castOf, cleanError, type Cast } from './security-cast';

let env: Awaited<ReturnType<typeof freshServer>>;
let cast: Cast;
test.before(async () => {
  env = await freshServer();
  cast = await castOf(env.server, 'Read Shop');
  assert.is((await cast.staff[0].call('PUT', `${cast.dbs.main}/4secret`, { stores: 'customer', name: 'Secret Customer' })).status, 201);
  assert.is((await cast.staff[0].call('PUT', `${cast.dbs.main}/_local/checkpoint-a`, { last_seq: 7 })).status, 201);
});
test.after(async () => {
  await env?.stop();
});

/** Every read route of one database, with the document it would leak. */
function reads(db: string): [string, string, unknown?][] {
  return [
    ['POST', `${db}/_bulk_get`, { docs: [{ id: 'config-currency' }, { id: 'sms-units' }, { id: '4secret' }] }],
    ['POST', `${db}/_bulk_get?revs=true`, { docs: [{ id: 'current-plan' }] }],
    ['GET', `${db}/_all_docs?include_docs=true`],
    ['POST', `${db}/_all_docs`, { keys: ['config-currency', '4secret'] }],
    ['GET', `${db}/_changes?include_docs=true`],
    // A new till's snapshot page (worker/sync/snapshot.ts).
    ['GET', `${db}/_changes?style=all_docs&include_docs=true&since=0&limit=5000`],
    ['POST', `${db}/_changes?filter=_doc_ids`, { doc_ids: ['4secret'] }],
    ['POST', `${db}/_revs_diff`, { '4secret': ['1-abc'] }],
    ['GET', `${db}/4secret`],
    ['GET', `${db}/config-currency`],
    ['GET', `${db}/_local/checkpoint-a`],
    ['GET', `${db}/_design/oja-security`],
    ['GET', `${db}`],
    ['GET', `${db}/`],
    ['POST', `${db}/_ensure_full_commit`, {}],
    // The same routes spelled with encoded or doubled parts.
    ['POST', `${db}/%5Fbulk_get`, { docs: [{ id: 'sms-units' }] }],
    ['GET', `${db}/%5Fall_docs?include_docs=true`],
    ['GET', `${db}//_all_docs`],
    ['GET', `${db}/%5Flocal/checkpoint-a`],
    ['GET', `${db}/_local%2Fcheckpoint-a`],
    ['GET', `${db}/_design%2Foja-security`],
    ['GET', `${db.replace('/db/', '/db//')}/_all_docs`],
  ];
}

test('anonymous callers and another business get 401/403 and no data on every read route of every database', async () => {
  for (const [who, client, status] of cast.outsiders()) {
    for (const db of Object.values(cast.dbs)) {
      for (const [method, path, body] of reads(db)) {
        const res = await client.call(method, path, body);
        assert.ok(res.status === status || (res.status === 403 && status === 401 && /\/\/|%2F/.test(path)), `${who} ${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
        assert.ok(cleanError(res.body), `${who} ${method} ${path}: ${JSON.stringify(res.body)}`);
        assert.not.match(JSON.stringify(res.body), /Secret Customer|balance|₦|last_seq|validate_doc_update/);
      }
    }
  }
});

test('_bulk_get, _all_docs, _changes and _revs_diff still answer every level of the business', async () => {
  for (const [who, client] of cast.levels()) {
    const got = await client.call('POST', `${cast.dbs.shared}/_bulk_get`, { docs: [{ id: 'config-currency' }, { id: 'sms-units' }] });
    assert.is(got.status, 200, who);
    assert.is(got.body.results[0].docs[0].ok.value, '₦', who);
    const all = await client.call('GET', `${cast.dbs.main}/_all_docs?include_docs=true`);
    assert.ok(all.body.rows.some((r: { id: string }) => r.id === '4secret'), who);
    const changes = await client.call('GET', `${cast.dbs.main}/_changes`);
    assert.ok(changes.body.results.some((r: { id: string }) => r.id === '4secret'), who);
    const page = await client.call('GET', `${cast.dbs.main}/_changes?style=all_docs&include_docs=true&since=0&limit=5000`);
    assert.is(page.body.results.find((r: { id: string }) => r.id === '4secret')?.doc?.name, 'Secret Customer', who);
    const diff = await client.call('POST', `${cast.dbs.main}/_revs_diff`, { '4secret': ['9-abc'] });
    assert.equal(diff.body['4secret'].missing, ['9-abc'], who);
    assert.is((await client.call('GET', `${cast.dbs.main}/_local/checkpoint-a`)).body.last_seq, 7, who);
  }
});

test('a member reads no local document of the server and no other business through _bulk_get', async () => {
  for (const [who, client] of cast.levels()) {
    const local = await client.call('POST', `${cast.dbs.main}/_bulk_get`, { docs: [{ id: '_local/_security' }] });
    assert.is(local.status, 403, who);
    assert.not.match(JSON.stringify(local.body), /oja:member/);
    assert.is((await client.call('GET', `${cast.dbs.main}/_local/_security`)).status, 403, who);
    assert.is((await client.call('GET', `${cast.dbs.main}/_security`)).status, 403, who);
  }
  const rival = await cast.stranger.call('POST', `${cast.dbs.shared}/_bulk_get`, { docs: [{ id: 'config-currency' }] });
  assert.is(rival.status, 403);
});

test.run();

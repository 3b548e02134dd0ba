/**
 * Security round three, finding 8: no member reads a design document (`_design/oja-security`: the write rules
 * and delete settings) by any route: by path, through _changes (normal and longpoll, with documents or not),
 * _all_docs (all rows or named keys) or _bulk_get; the admin still does, and members still get every other
 * document on the same routes. On 729a290 every level read it through _changes and _bulk_get.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { request } from 'node:http';
import { freshServer } from './helpers';
import { castOf, type Cast } from './security-cast';

let env: Awaited<ReturnType<typeof freshServer>>;
let cast: Cast;
test.before(async () => {
  env = await freshServer();
  cast = await castOf(env.server, 'Design Shop');
  assert.is((await cast.staff[0].call('PUT', `${cast.dbs.main}/4visible`, { stores: 'customer', name: 'Visible Customer' })).status, 201);
});
test.after(async () => {
  await env?.stop();
});

const DESIGN = /_design\/|validate_doc_update/;

function reads(db: string): [string, string, unknown?][] {
  return [
    ['GET', `${db}/_changes`],
    ['GET', `${db}/_changes?include_docs=true`],
    ['GET', `${db}/_changes?style=all_docs&include_docs=true&since=0&limit=5000`],
    ['POST', `${db}/_changes?filter=_doc_ids`, { doc_ids: ['_design/oja-security', '4visible'] }],
    ['GET', `${db}/_all_docs?include_docs=true`],
    ['GET', `${db}/_all_docs?startkey=%22_design%2F%22&endkey=%22_design0%22`],
    ['POST', `${db}/_all_docs?include_docs=true`, { keys: ['_design/oja-security', '4visible'] }],
    ['POST', `${db}/_bulk_get?revs=true`, { docs: [{ id: '_design/oja-security' }, { id: '4visible' }] }],
  ];
}

test('the admin has the design document (what the member reads must not show)', async () => {
  const design = await cast.admin('GET', `${cast.dbs.main.replace('/db', '')}/_design/oja-security`);
  assert.is(design.status, 200);
  assert.type(design.body.validate_doc_update, 'string');
});

test('no level reads a design document by path or through a listing route', async () => {
  for (const [who, client] of cast.levels()) {
    for (const path of [`${cast.dbs.main}/_design/oja-security`, `${cast.dbs.main}/_design%2Foja-security`, `${cast.dbs.shared}/_design/oja-security`]) {
      const res = await client.call('GET', path);
      // An encoded '/' is no route at all (403); by its own path the document does not exist (404).
      assert.is(res.status, path.includes('%2F') ? 403 : 404, `${who} GET ${path}: ${res.status}`);
      assert.not.match(JSON.stringify(res.body), DESIGN, `${who} GET ${path}`);
    }
    for (const db of [cast.dbs.main, cast.dbs.shared]) {
      for (const [method, path, body] of reads(db)) {
        const res = await client.call(method, path, body);
        assert.is(res.status, 200, `${who} ${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
        assert.not.match(JSON.stringify(res.body), DESIGN, `${who} ${method} ${path}`);
      }
    }
    // The rest of the same answers is intact.
    const changes = await client.call('GET', `${cast.dbs.main}/_changes?include_docs=true`);
    assert.is(changes.body.results.find((r: { id: string }) => r.id === '4visible')?.doc?.name, 'Visible Customer', who);
    assert.ok(changes.body.last_seq !== undefined, who);
    const got = await client.call('POST', `${cast.dbs.main}/_bulk_get`, { docs: [{ id: '4visible' }] });
    assert.is(got.body.results[0].docs[0].ok.name, 'Visible Customer', who);
  }
});

test('a longpoll that wakes on a design document change answers with no design document', async () => {
  const client = cast.staff[3];
  const now = (await client.call('GET', `${cast.dbs.main}/_changes?since=now&limit=1`)).body.last_seq;
  const waiting = client.call('GET', `${cast.dbs.main}/_changes?feed=longpoll&since=${encodeURIComponent(now)}&timeout=30000&heartbeat=10000&include_docs=true`);
  const put = await cast.admin('PUT', `${cast.dbs.main.replace('/db', '')}/_design/extra`, { views: {} });
  assert.is(put.status, 201);
  const res = await waiting;
  assert.is(res.status, 200);
  assert.not.match(JSON.stringify(res.body), DESIGN);
  assert.ok(Array.isArray(res.body.results));
  assert.ok(res.body.last_seq, 'the feed moves on past the hidden change');
});

test("a quiet longpoll's heartbeats go out as they come (a proxy keeps the feed open), and the answer then parses", async () => {
  const client = cast.staff[2];
  const now = (await client.call('GET', `${cast.dbs.main}/_changes?since=now&limit=1`)).body.last_seq;
  const url = new URL(`${env.server.url}${cast.dbs.main}/_changes?feed=longpoll&heartbeat=1000&timeout=60000&since=${encodeURIComponent(now)}`);
  const chunks: string[] = [];
  let firstChunk!: () => void;
  const heard = new Promise<void>((r) => (firstChunk = r));
  const answer = new Promise<{ status: number; text: string }>((resolve, reject) => {
    const req = request(url, { headers: { Cookie: `AuthSession=${client.cookie}`, Accept: 'application/json', 'Accept-Encoding': 'gzip' } }, (res) => {
      res.setEncoding('utf8');
      res.on('data', (c: string) => {
        chunks.push(c);
        firstChunk();
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text: chunks.join('') }));
    });
    req.on('error', reject);
    req.end();
  });
  await heard;
  assert.match(chunks[0], /^\n+$/, 'the first bytes are a heartbeat, before any change');
  assert.is((await cast.admin('PUT', `${cast.dbs.main.replace('/db', '')}/4after-beat`, { stores: 'customer', name: 'After Beat' })).status, 201);
  const { status, text } = await answer;
  assert.is(status, 200);
  const body = JSON.parse(text);
  assert.equal(body.results.map((r: { id: string }) => r.id), ['4after-beat']);
});

test('a large answer is still gzip-compressed for a caller that accepts it', async () => {
  const docs = Array.from({ length: 200 }, (_, i) => ({ _id: `4many-${i}`, stores: 'customer', name: `Customer number ${i}` }));
  assert.is((await cast.staff[0].call('POST', `${cast.dbs.main}/_bulk_docs`, { docs })).status, 201);
  const res = await fetch(`${env.server.url}${cast.dbs.main}/_changes?include_docs=true`, {
    headers: { Cookie: `AuthSession=${cast.staff[2].cookie}`, Accept: 'application/json', 'Accept-Encoding': 'gzip' },
  });
  assert.is(res.status, 200);
  assert.is(res.headers.get('content-encoding'), 'gzip');
  // fetch has undone the gzip: the text is the JSON answer.
  const body = JSON.parse(await res.text());
  assert.ok(body.results.length >= 200);
  assert.not.match(JSON.stringify(body), DESIGN);
});

test.run();

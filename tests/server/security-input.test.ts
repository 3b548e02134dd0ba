/**
 * Finding 6: bodies are limited before they are read and refused for callers without a session before a byte
 * is read; documents are capped (an item with its largest picture fits); malformed input and every other
 * error gets JSON with a short reason, never a page with a stack trace or a file path.
 */
import { request } from 'node:http';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { MAX_IMAGE_CHARS } from '../../commands/items';
import { freshServer } from './helpers';
import { castOf, cleanError, type Cast } from './security-cast';

let env: Awaited<ReturnType<typeof freshServer>>;
let cast: Cast;
test.before(async () => {
  env = await freshServer();
  cast = await castOf(env.server, 'Input Shop');
});
test.after(async () => {
  await env?.stop();
});

/**
 * Sends only the headers of a request announcing `length` bytes and a first chunk, and resolves with the
 * answer. A server that waited to read the body before answering would never answer: the rest never comes.
 */
function announce(path: string, length: number, cookie = ''): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const url = new URL(env.server.url + path);
    const req = request({ host: url.hostname, port: url.port, path: url.pathname, method: 'POST', headers: { 'Content-Type': 'application/json', 'Content-Length': String(length), ...(cookie ? { Cookie: `AuthSession=${cookie}` } : {}) } }, (res) => {
      let text = '';
      res.on('data', (d: Buffer) => (text += d));
      res.on('end', () => {
        req.destroy();
        resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) });
      });
    });
    req.on('error', reject);
    req.write('{"docs":[');
  });
}

test('a 200 MB body without a session is answered 401 before it is read; a member over the limit gets 413 unread', async () => {
  const anonymous = await announce(`${cast.dbs.main}/_bulk_docs`, 200 * 1024 * 1024);
  assert.is(anonymous.status, 401);
  assert.ok(cleanError(anonymous.body));
  const stranger = await announce(`${cast.dbs.main}/_bulk_docs`, 200 * 1024 * 1024, cast.stranger.cookie);
  assert.is(stranger.status, 403);
  const member = await announce(`${cast.dbs.main}/_bulk_docs`, 200 * 1024 * 1024, cast.staff[3].cookie);
  assert.is(member.status, 413);
  assert.ok(cleanError(member.body));
  const signIn = await announce('/db/_session', 1024 * 1024);
  assert.is(signIn.status, 413);
  assert.is(env.server.process.exitCode, null);
});

test('a 20 MB document is refused with a clear JSON error; an item with the largest picture is accepted', async () => {
  const huge = await cast.staff[0].call('PUT', `${cast.dbs.main}/7huge`, { stores: 'item', name: 'Huge', image: 'x'.repeat(20 * 1024 * 1024) });
  assert.is(huge.status, 413);
  assert.ok(cleanError(huge.body));
  assert.match(huge.body.reason, /larger than 1 MB/);
  const image = 'data:image/jpeg;base64,' + 'A'.repeat(MAX_IMAGE_CHARS - 23);
  assert.is((await cast.staff[4].call('PUT', `${cast.dbs.main}/7pictured`, { stores: 'item', name: 'Pictured', image })).status, 201);
  assert.is((await cast.staff[0].call('GET', `${cast.dbs.main}/7pictured`)).body.image.length, MAX_IMAGE_CHARS);
});

test('malformed bodies get a 400 with a short JSON reason, no stack trace and no path', async () => {
  const cases: [string, string, string][] = [
    ['POST', '_bulk_docs', '{"docs":"x"}'],
    ['POST', '_bulk_docs', '{"docs":[null,1]}'],
    ['POST', '_bulk_docs', '{"docs":[{"_id":5,"stores":"customer"}]}'],
    ['POST', '_bulk_docs', '{"docs":[{"_id":{"a":1}}]}'],
    ['POST', '_bulk_docs', '{"docs":[{"_id":"4a","_rev":7}]}'],
    ['POST', '_bulk_docs', '{"docs":[{"_id":"4a"}],"new_edits":"no"}'],
    ['POST', '_bulk_docs', '{"docs":[{"_id":"4a","_revisions":"x"}],"new_edits":false}'],
    ['POST', '_bulk_docs', '{"docs":[{"_id":"4a"}],"new_edits":false}'],
    ['POST', '_bulk_docs', '[1,2]'],
    ['POST', '_bulk_docs', '{"docs":['],
    ['POST', '_bulk_docs', '"docs"'],
    ['POST', '_bulk_get', '{"docs":[{"id":3}]}'],
    ['POST', '_bulk_get', '{"docs":"x"}'],
    ['POST', '_revs_diff', '{"a":"1-x"}'],
    ['POST', '_all_docs', '{"keys":"a"}'],
    ['POST', '_changes?filter=_doc_ids', '{"doc_ids":[1]}'],
    ['PUT', '4b', '{"_id":5}'],
    ['PUT', '4b', '{"_id":"4c","stores":"customer"}'],
    ['PUT', '4b', '[]'],
    ['PUT', '4b', 'not json'],
  ];
  for (const [method, route, body] of cases) {
    const res = await fetch(`${env.server.url}${cast.dbs.main}/${route}`, { method, headers: { 'Content-Type': 'application/json', Cookie: `AuthSession=${cast.staff[0].cookie}` }, body });
    const text = await res.text();
    assert.is(res.status, 400, `${method} ${route} ${body}: ${res.status} ${text}`);
    assert.match(res.headers.get('content-type') ?? '', /application\/json/);
    assert.ok(cleanError(JSON.parse(text)), `${route} ${body}: ${text}`);
  }
  const form = await fetch(`${env.server.url}${cast.dbs.main}/4d`, { method: 'PUT', headers: { 'Content-Type': 'text/plain', Cookie: `AuthSession=${cast.staff[0].cookie}` }, body: '{}' });
  assert.is(form.status, 415);
  assert.ok(cleanError(await form.json()));
  assert.is(env.server.process.exitCode, null);
});

test('refused routes and odd paths answer JSON too', async () => {
  for (const [method, path] of [
    ['GET', '/db/%E0%A4%A'],
    ['GET', `${cast.dbs.main}/%E0%A4%A`],
    ['POST', `${cast.dbs.main}/_compact`],
    ['GET', `${cast.dbs.main}/4x/attachment`],
    ['GET', '/db/_utils/'],
    ['PUT', `${cast.dbs.main}/_revs_limit`],
  ]) {
    for (const client of [cast.staff[0], cast.anonymous]) {
      const res = await client.call(method, path, method === 'GET' ? undefined : {});
      assert.ok(res.status >= 400 && res.status < 500, `${method} ${path}: ${res.status}`);
      assert.ok(cleanError(res.body), `${method} ${path}: ${JSON.stringify(res.body)}`);
    }
  }
});

test.run();

/**
 * The server's admin client survives its cookie lapsing on the way. Under load (or a short SESSION_TIMEOUT) a
 * cookie checked fresh reached the database after the session's end; the embedded database then treats the
 * request as anonymous and admin work answers 403, not 401 ('Only _admin may set roles': a shop's registration
 * answered 500, seen with tests/server/device-sync.test.ts's 2-s sessions at load 20). A database stand-in whose
 * first cookie lapses as the first admin request arrives.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { CouchClient } from '../../server/couch/client';

test('an admin request refused 403 because its cookie lapsed is signed in again and sent once more', async () => {
  let issued = 0;
  let live = '';
  const seen: string[] = [];
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const cookie = /AuthSession=([^;]*)/.exec(req.headers.cookie ?? '')?.[1] ?? '';
    const json = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
      res.end(JSON.stringify(body));
    };
    req.resume();
    req.on('end', () => {
      seen.push(`${req.method} ${req.url} ${cookie}`);
      if (req.url === '/_session' && req.method === 'POST') {
        live = `c${++issued}`;
        return json(200, { ok: true }, { 'Set-Cookie': `AuthSession=${live}; Path=/` });
      }
      if (req.url === '/_session') return json(200, { userCtx: { name: cookie === live ? 'admin' : null, roles: [] } });
      // The first cookie lapses as this request arrives: anonymous, as the embedded database answers it.
      if (live === 'c1') live = 'lapsed';
      if (cookie !== live) return json(403, { error: 'forbidden', reason: 'Only _admin may set roles' });
      return json(201, { ok: true, id: 'org.couchdb.user:v2_ada', rev: '1-a' });
    });
  });
  server.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  try {
    const client = new CouchClient(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, { name: 'admin', password: 'pw' });
    const res = await client.request('PUT', '/_users/org.couchdb.user%3Av2_ada', { roles: ['business-x'] });
    assert.is(res.status, 201, JSON.stringify(seen));
    assert.is(issued, 2, 'signed in again once');
  } finally {
    server.close();
  }
});

test('a 403 the admin really gets (its cookie still good) is answered as it is, without signing in again', async () => {
  let issued = 0;
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.setHeader('Content-Type', 'application/json');
      if (req.url === '/_session' && req.method === 'POST') {
        issued++;
        res.setHeader('Set-Cookie', 'AuthSession=good; Path=/');
        return res.end(JSON.stringify({ ok: true }));
      }
      if (req.url === '/_session') return res.end(JSON.stringify({ userCtx: { name: 'admin', roles: ['_admin'] } }));
      res.statusCode = 403;
      res.end(JSON.stringify({ error: 'forbidden', reason: 'Refused by validation' }));
    });
  });
  server.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  try {
    const client = new CouchClient(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, { name: 'admin', password: 'pw' });
    const res = await client.request('PUT', '/shop/doc', { a: 1 });
    assert.is(res.status, 403);
    assert.is((res.body as { reason?: string }).reason, 'Refused by validation');
    assert.is(issued, 1);
  } finally {
    server.close();
  }
});

test('a database is created with the password alone, never a cookie that could lapse on the way', async () => {
  // A lapsed cookie on PUT /{db} made express-pouchdb call info() on its own refusal: the server process died.
  const cookies: string[] = [];
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.setHeader('Content-Type', 'application/json');
      if (req.url === '/_session' && req.method === 'POST') {
        res.setHeader('Set-Cookie', 'AuthSession=c1; Path=/');
        return res.end(JSON.stringify({ ok: true }));
      }
      if (req.url === '/_session') return res.end(JSON.stringify({ userCtx: { name: 'admin', roles: ['_admin'] } }));
      cookies.push(`${req.method} ${req.url} ${req.headers.cookie ?? ''} ${req.headers.authorization ? 'basic' : ''}`.trim());
      res.statusCode = 201;
      res.end(JSON.stringify({ ok: true }));
    });
  });
  server.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  try {
    const client = new CouchClient(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, { name: 'admin', password: 'pw' });
    await client.request('GET', '/shop/doc');
    await client.ensureDb('oja-new');
    assert.equal(cookies, ['GET /shop/doc AuthSession=c1 basic', 'PUT /oja-new  basic']);
  } finally {
    server.close();
  }
});

test.run();

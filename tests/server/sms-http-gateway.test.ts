/**
 * The HTTP gateway adapter, configured from the environment, against a stand-in gateway on 127.0.0.1: the
 * server sends the configured method, auth header and body template, records the id the gateway answers,
 * and tells temporary failures (retried) from final ones.
 */
import { once } from 'node:events';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { rmSync } from 'node:fs';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { SmsDoc } from '../../commands/docs';
import { businessDbName } from '../../commands/session';
import { httpProvider } from '../../server/sms/http-provider';
import { startServer, type TestServer } from '../e2e/harness';
import { registerBusiness } from './helpers';

type Seen = { method: string; url: string; auth: string | undefined; body: string };
const seen: Seen[] = [];
/** How the stand-in answers the next requests (status, body); default 200 with an id. */
const answers: [number, string][] = [];

const gateway = createServer((req: IncomingMessage, res) => {
  let body = '';
  req.on('data', (d) => (body += d));
  req.on('end', () => {
    seen.push({ method: req.method ?? '', url: req.url ?? '', auth: req.headers['x-api-key'] as string | undefined, body });
    const [status, answer] = answers.shift() ?? [200, JSON.stringify({ data: { id: `gw-${seen.length}` } })];
    res.writeHead(status, { 'Content-Type': 'application/json' }).end(answer);
  });
});
let url = '';
let server: TestServer | undefined;

test.before(async () => {
  gateway.listen(0, '127.0.0.1');
  await once(gateway, 'listening');
  url = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}/send`;
});
test.after(async () => {
  await server?.stop();
  if (server) rmSync(server.dataDir, { recursive: true, force: true });
  gateway.close();
});

const sms = { id: 'fAx1', sender: 'Ada "Stores"', recipient: '+2348030000000', message: 'Line one\nTotal ₦1,000.00' };
const config = { url: '', method: 'PUT', auth: 'X-API-Key: k3y', body: '{"to":"{{to}}","from":"{{from}}","text":"{{text}}","ref":"{{id}}"}', idPath: 'data.id', timeoutMs: 5000 };

test('the body template is filled JSON-safely and the answer\'s id is kept; 5xx and 429 are temporary, 4xx final', async () => {
  const provider = httpProvider({ ...config, url });
  seen.length = 0;
  assert.equal(await provider.send(sms), { ok: true, providerId: 'gw-1' });
  assert.equal([seen[0].method, seen[0].url, seen[0].auth], ['PUT', '/send', 'k3y']);
  assert.equal(JSON.parse(seen[0].body), { to: sms.recipient, from: sms.sender, text: sms.message, ref: 'fAx1' });
  answers.push([503, 'busy'], [429, ''], [400, '{"error":"bad number"}']);
  assert.equal(await provider.send(sms), { ok: false, temporary: true, reason: 'gateway answered 503: busy' });
  assert.equal(await provider.send(sms), { ok: false, temporary: true, reason: 'gateway answered 429' });
  assert.equal(await provider.send(sms), { ok: false, temporary: false, reason: 'gateway answered 400: {"error":"bad number"}' });
  // A gateway that takes the message in the query string: GET, no body, values URL-encoded.
  seen.length = 0;
  const viaQuery = httpProvider({ ...config, method: 'GET', url: `${url}?to={{to}}&from={{from}}&sms={{text}}` });
  assert.equal(await viaQuery.send(sms), { ok: true, providerId: 'gw-1' });
  const query = new URL(seen[0].url, 'http://x').searchParams;
  assert.equal([seen[0].method, seen[0].body, query.get('to'), query.get('from'), query.get('sms')], ['GET', '', sms.recipient, sms.sender, sms.message]);
  const down = await httpProvider({ ...config, url: 'http://127.0.0.1:1/send' }).send(sms);
  assert.ok(!down.ok && down.temporary, JSON.stringify(down));
});

test('npm start with SMS_PROVIDER=http sends queued messages to the configured gateway', async () => {
  server = await startServer({ SMS_PROVIDER: 'http', SMS_HTTP_URL: url, SMS_HTTP_AUTH: 'X-API-Key: k3y', SMS_HTTP_ID_PATH: 'data.id' });
  const a = await registerBusiness(server, { name: 'Gateway Shop' });
  seen.length = 0;
  const db = `/db/${businessDbName(a.id)}`;
  const put = await a.owner.call('PUT', `${db}/fAgw1`, { stores: 'sms', sender: '', recipient: '+2348030001234', message: 'Hello from the shop', units: 1, status: 'queued', date: 1 });
  assert.is(put.status, 201);
  const limit = Date.now() + 30000;
  let doc: SmsDoc;
  for (;;) {
    doc = (await a.owner.call('GET', `${db}/fAgw1`)).body;
    if (doc.status === 'sent' || doc.status === 'failed' || Date.now() > limit) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  assert.equal([doc.status, doc.provider_id], ['sent', 'gw-1']);
  assert.equal(JSON.parse(seen[0].body), { to: '+2348030001234', from: 'Gateway Sho', sms: 'Hello from the shop', reference: 'fAgw1' });
  assert.is(seen[0].method, 'POST');
});

test.run();

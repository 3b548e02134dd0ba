/**
 * Issue 37, findings 5 and 6: every query parameter is exactly one string, and longpoll feeds end when they
 * must — at their timeout (express-pouchdb ignored it: `timeout=2000` was still open at 12 s), at once when
 * their user is disabled (a disabled cashier's feed delivered a customer written 90 s later), and a dropped
 * client leaves nothing behind (100 dropped `heartbeat[]=1` feeds kept the idle server at 25 % of a core).
 */
import { request, type ClientRequest } from 'node:http';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { cpuSeconds, serverStats, servingPid } from './budget';
import { freshServer } from './helpers';
import { castOf, cleanError, type Cast } from './security-cast';

let env: Awaited<ReturnType<typeof freshServer>>;
let cast: Cast;
test.before(async () => {
  env = await freshServer();
  cast = await castOf(env.server, 'Feed Shop');
});
test.after(async () => {
  await env?.stop();
});

const since = async () => (await cast.staff[0].call('GET', cast.dbs.main)).body.update_seq as number;

test('finding 5: a query parameter given as a list, an object or twice is refused', async () => {
  const seq = await since();
  for (const query of [`feed=longpoll&since=${seq}&heartbeat%5B%5D=1`, `feed=longpoll&since=${seq}&heartbeat[a]=1`, 'limit=1&limit=2', `since=${seq}&since=0`]) {
    // Bounded: on a1cae3b the first was a longpoll writing a newline every millisecond, answered never.
    const res = await fetch(`${env.server.url}${cast.dbs.main}/_changes?${query}`, { headers: { Cookie: `AuthSession=${cast.staff[3].cookie}` }, signal: AbortSignal.timeout(10_000) });
    const body = JSON.parse(await res.text());
    assert.is(res.status, 400, `${query}: ${res.status} ${JSON.stringify(body).slice(0, 200)}`);
    assert.ok(cleanError(body), query);
  }
  const keys = await cast.staff[3].call('GET', `${cast.dbs.main}/_all_docs?keys[]=a`);
  assert.is(keys.status, 400);
  const plain = await cast.staff[3].call('GET', `${cast.dbs.main}/_changes?since=${seq}&limit=5`);
  assert.is(plain.status, 200);
});

test('finding 6: a longpoll with timeout=2000 ends after about 2 s, with no results and where it started', async () => {
  const seq = await since();
  const started = Date.now();
  const res = await fetch(`${env.server.url}${cast.dbs.main}/_changes?feed=longpoll&since=${seq}&timeout=2000&heartbeat=10000`, { headers: { Cookie: `AuthSession=${cast.staff[3].cookie}` }, signal: AbortSignal.timeout(20_000) });
  const body = JSON.parse(await res.text());
  const ms = Date.now() - started;
  assert.is(res.status, 200);
  assert.equal(body, { results: [], last_seq: seq });
  assert.ok(ms >= 1900 && ms < 10_000, `ended after ${ms} ms`);
});

test("finding 6: a disabled cashier's open feed ends at once and never delivers what the owner writes later", async () => {
  // A cashier of its own: the cast's cashier signs in again in the other tests.
  const hire = await cast.staff[0].call('POST', `/api/users/${cast.id}`, { full_name: 'Femi Till', email: 'femi@example.com', phone_number: '08099999998', password: 'staffpass', role: JSON.stringify({ level: 3 }) }, true);
  assert.is(hire.status, 201);
  const cashier = new (cast.staff[0].constructor as new (base: string) => typeof cast.staff[0])(env.server.url);
  assert.is((await cashier.login(hire.body.username, 'staffpass')).status, 200);
  const seq = await since();
  // Open once its first heartbeat (1 s) has come: the server has admitted it and holds it.
  const feed = await new Promise<{ outcome: Promise<{ text: string; at: number }> }>((resolve, reject) => {
    const url = new URL(`${env.server.url}${cast.dbs.main}/_changes?feed=longpoll&since=${seq}&include_docs=true&heartbeat=1000`);
    const req = request({ host: url.hostname, port: url.port, path: url.pathname + url.search, headers: { Cookie: `AuthSession=${cashier.cookie}` } }, (res) => {
      let text = '';
      const outcome = new Promise<{ text: string; at: number }>((done) => {
        const timer = setTimeout(() => req.destroy(), 30_000);
        const end = () => {
          clearTimeout(timer);
          done({ text, at: Date.now() });
        };
        res.on('end', end);
        res.on('close', end);
        res.on('error', end);
      });
      res.once('data', () => resolve({ outcome }));
      res.on('data', (d: Buffer) => (text += d));
    });
    req.on('error', (e) => (req.destroyed ? undefined : reject(e)));
    req.end();
  });
  const disabledAt = Date.now();
  const disable = await cast.staff[0].call('POST', `/api/users/${cast.id}/${hire.body.username}/disable`);
  assert.is(disable.status, 200, JSON.stringify(disable.body));
  const written = await cast.staff[0].call('PUT', `${cast.dbs.main}/7item-after-disable`, { stores: 'item', name: 'After disable', price: 100, purchasePrice: 80, date: Date.now(), user: { username: cast.usernames[0], fullname: 'Owner' } });
  assert.is(written.status, 201, JSON.stringify(written.body));
  const outcome = await feed.outcome;
  assert.not.match(outcome.text, /after-disable/, 'the disabled cashier never receives it');
  assert.ok(outcome.at - disabledAt < 5000, `the feed ended ${outcome.at - disabledAt} ms after the disable`);
  assert.is((await serverStats(env.server)).feeds ?? 0, 0);
});

/** Opens a longpoll and resolves once its answer has begun (a heartbeat) or ended (a refusal). */
function openFeed(query: string): Promise<ClientRequest> {
  return new Promise((resolve, reject) => {
    const url = new URL(`${env.server.url}${cast.dbs.main}/_changes?${query}`);
    const req = request({ host: url.hostname, port: url.port, path: url.pathname + url.search, headers: { Cookie: `AuthSession=${cast.staff[3].cookie}` } }, (res) => {
      res.once('data', () => resolve(req));
      res.once('end', () => resolve(req));
    });
    req.on('error', (e) => (req.destroyed ? undefined : reject(e)));
    req.end();
  });
}

test('finding 6: 200 dropped feeds leave no timer and no database in use: the idle server stays idle', async () => {
  const seq = await since();
  const pid = await servingPid(env.server);
  // The server's own feed (the SMS dispatcher follows the directory) keeps one database in use throughout.
  const inUse = (await serverStats(env.server)).databases.in_use;
  const opened: ClientRequest[] = [];
  // Half with the query trick, half as PouchDB asks (heartbeat clamped to 1 s, so each answer begins within it).
  for (let i = 0; i < 200; i += 20) {
    opened.push(...(await Promise.all(Array.from({ length: 20 }, (_, k) => openFeed(`feed=longpoll&since=${seq}&${(i + k) % 2 ? 'heartbeat%5B%5D=1' : 'heartbeat=1000'}`)))));
  }
  for (const req of opened) req.destroy();
  // Settled: the server has seen every connection close (it lists no feed and no database in use).
  for (let i = 0; ; i++) {
    const stats = await serverStats(env.server);
    if (stats.databases.in_use === inUse && (stats.feeds ?? 0) === 0) break;
    assert.ok(i < 200, `still in use: ${JSON.stringify(stats.databases)}, feeds ${stats.feeds}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  const before = cpuSeconds(pid);
  const started = Date.now();
  await new Promise((r) => setTimeout(r, 3000));
  const share = (cpuSeconds(pid) - before) / ((Date.now() - started) / 1000);
  console.log(`after 200 dropped feeds the idle server used ${(share * 100).toFixed(1)} % of a core`);
  assert.ok(share < 0.1, `the idle server used ${(share * 100).toFixed(1)} % of a core`);
  assert.is((await serverStats(env.server)).databases.in_use, inUse);
});

test.run();

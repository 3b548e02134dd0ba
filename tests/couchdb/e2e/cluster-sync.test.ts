/**
 * A three-node CouchDB cluster behind Oja (issue 38): two tills (the owner's and a manager's, two browser
 * profiles) sync through Oja while node 2 (not the node Oja talks to) is SIGKILLed and later restarted with
 * couchdb.sh restart-node; every customer either till made, before, during and after, is on both tills and in
 * CouchDB, nothing lost. Then node 1, the one Oja talks to, is killed: with COUCH_URL listing the three nodes
 * (server/couch/nodes.ts) Oja goes on through node 2: a new business registers and the tills' writes arrive.
 */
import { rmSync } from 'node:fs';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Browser, Page } from 'puppeteer-core';
import { startCouchdb, type RunningCouchdb } from '../../../scripts/couchdb/control.mjs';
import { launchBrowser, startServer, type TestServer } from '../../e2e/harness';
import { loginThroughScreen } from '../../e2e/signin-steps';
import { drive, startDriver, signedInUser } from '../../support/driver';
import { REGISTRATION } from '../../support/fixtures';
import { addStaff, registerBusiness } from '../../server/helpers';

let cluster: RunningCouchdb;
let server: TestServer;
const browsers: Browser[] = [];

test.before(async () => {
  cluster = await startCouchdb({ nodes: 3 });
  server = await startServer({ PAYMENT_PROVIDER: 'fake', COUCH_URL: cluster.adminUrls.join(',') });
});
test.after(async () => {
  for (const b of browsers) await b.close().catch(() => undefined);
  await server?.stop();
  if (server) rmSync(server.dataDir, { recursive: true, force: true });
  await cluster?.stop();
});

async function till(username: string, password: string): Promise<Page> {
  const browser = await launchBrowser();
  browsers.push(browser);
  const page = await browser.newPage();
  await loginThroughScreen(page, server.url, username, password);
  await startDriver(page, await signedInUser(page));
  await drive(page, 'sync-start', { remote: `${server.url}/db`, username, password });
  return page;
}

/** Waits (up to 90 s) until `page`'s own database holds every id. */
async function holds(page: Page, ids: string[]): Promise<void> {
  const until = Date.now() + 90_000;
  for (const id of ids) {
    while (!(await drive(page, 'client-get', { id }))) {
      if (Date.now() > until) throw new Error(`${id} never reached this till`);
      await new Promise((r) => setTimeout(r, 250));
    }
  }
}

const kill = async (node: number) => process.kill((await cluster.pids())[`node${node}`], 'SIGKILL');

test('two tills sync through Oja while node 2 is killed and restarted; nothing is lost', async () => {
  const shop = await registerBusiness(server, { name: 'Cluster Shop' });
  const manager = await addStaff(shop.owner, shop.id, 'Musa Manager', 1);
  const a = await till(shop.username, REGISTRATION.password);
  const b = await till(manager.username, 'staffpass');
  const made: string[] = [];
  const create = async (page: Page, name: string) => made.push((await drive(page, 'client-create', { kind: 'customer', name }))._id);

  for (let i = 0; i < 3; i++) await create(a, `Before ${i}`);
  await kill(2);
  for (let i = 0; i < 3; i++) {
    await create(a, `During A ${i}`);
    await create(b, `During B ${i}`);
  }
  await holds(a, made);
  await holds(b, made);
  await cluster.restartNode(2);
  for (let i = 0; i < 3; i++) await create(b, `After ${i}`);
  await holds(a, made);
  await holds(b, made);
  // And in CouchDB, read through node 2 itself (it caught up after its restart: internal replication).
  const auth = 'Basic ' + Buffer.from(`${cluster.admin.name}:${cluster.admin.password}`).toString('base64');
  const until = Date.now() + 60_000;
  for (;;) {
    const res = await fetch(`${cluster.urls[1]}/oja-${shop.id}/_all_docs`, { method: 'POST', headers: { Authorization: auth, 'Content-Type': 'application/json' }, body: JSON.stringify({ keys: made }) });
    const rows = ((await res.json()) as { rows: { error?: string }[] }).rows;
    if (rows.length === made.length && rows.every((r) => !r.error)) break;
    if (Date.now() > until) throw new Error(`CouchDB misses ${rows.filter((r) => r.error).length} of ${made.length} customers`);
    await new Promise((r) => setTimeout(r, 500));
  }
  assert.is(made.length, 12);

  // Node 1, the one Oja talks to, goes down: Oja moves on to node 2.
  await kill(1);
  const later = await registerBusiness(server, { name: 'After Node One Shop' });
  assert.ok(later.id);
  await create(a, 'Node one down');
  await holds(b, made);
});

test.run();

/**
 * A revoke's fresh cookie is not undone by an answer that was already on its way. The embedded database
 * refreshes a signed-in user's cookie on every /db request, stamped when the request started; a request
 * admitted before the owner revoked one of their own devices and answered after the cut-off carried that
 * refresh, and the browser (one cookie jar for page and worker) took it over the fresh cookie the revoke had
 * just given: its next request was refused ('Please log in again' on the device list,
 * tests/e2e/devices-screen.test.ts, under load). server/couch/session-cutoff.ts now checks again when the
 * head goes out. The gate in front of a handler that sets the refresh, then answers after the cut-off.
 */
import express from 'express';
import type { AddressInfo } from 'node:net';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { CouchClient } from '../../server/couch/client';
import { cutoffsOf, SessionCutoffs, sessionCutoffGate } from '../../server/couch/session-cutoff';

/** No cut-off stored; recording one succeeds. */
const couch = { get: async () => undefined, request: async () => ({ status: 201, body: {} }) } as unknown as CouchClient;
const cookieAt = (name: string, seconds: number) => Buffer.from(`${name}:${seconds.toString(16).toUpperCase()}:hmac`, 'latin1').toString('base64url');

/** A server whose one route sets `cookie` at once and answers when `answer` resolves. */
async function serve(cookie: string, answer: Promise<void>, handled: () => void) {
  const app = express();
  app.use(sessionCutoffGate(() => couch));
  app.get('/db/x/_changes', (_req, res) => {
    res.cookie('AuthSession', cookie, { httpOnly: true });
    handled();
    void answer.then(() => res.json({ results: [], last_seq: 1 }));
  });
  const server = app.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() };
}

async function answerAfterCut(user: string, stamp: (cutMs: number) => number): Promise<string[]> {
  const startSeconds = Math.floor(Date.now() / 1000) - 1;
  let release!: () => void;
  const answer = new Promise<void>((r) => (release = r));
  let handled!: () => void;
  const inHandler = new Promise<void>((r) => (handled = r));
  // The refresh is stamped when the request starts: before the cut-off below, or (control) after it.
  const cutAt = (startSeconds + 3) * 1000;
  const server = await serve(cookieAt(user, stamp(cutAt)), answer, handled);
  try {
    const res = fetch(`${server.url}/db/x/_changes`);
    await inHandler;
    await cutoffsOf(couch).cut(user, cutAt);
    release();
    return (await res).headers.getSetCookie();
  } finally {
    server.close();
  }
}

test('an answer that goes out after its user’s cut-off carries no cookie stamped before it', async () => {
  const headers = await answerAfterCut('v2_ada', (cut) => Math.floor(cut / 1000) - 2);
  assert.equal(headers.filter((h) => h.startsWith('AuthSession=')), []);
});

test('a cookie stamped after the cut-off still goes out (the control)', async () => {
  const headers = await answerAfterCut('v2_bola', (cut) => Math.floor(cut / 1000) + 2);
  assert.is(headers.filter((h) => h.startsWith('AuthSession=')).length, 1);
});

test('a cut-off counts while its record is still being written', async () => {
  // A request admitted during the write was stamped a refresh after the cut-off's time, which the cut-off then
  // admitted for good: a revoked device went on syncing (tests/server/device-sync.test.ts under load).
  let written!: () => void;
  const writing = new Promise<void>((r) => (written = r));
  const slow = { get: async () => undefined, request: () => writing.then(() => ({ status: 201, body: {} })) } as unknown as CouchClient;
  const cutoffs = new SessionCutoffs(slow);
  const name = 'v2_chidi';
  const at = Date.now();
  const ctx = { name, roles: ['business-x'] } as never;
  const before = cookieAt(name, Math.round(at / 1000));
  assert.ok(await cutoffs.admits(before, ctx), 'no cut-off yet');
  const cutting = cutoffs.cut(name, at);
  assert.not.ok(await cutoffs.admits(before, ctx), 'the cookie is refused while the cut-off is written');
  written();
  assert.is(await cutting, at);
  assert.not.ok(await cutoffs.admits(before, ctx));
  assert.ok(await cutoffs.admits(cookieAt(name, Math.round(at / 1000) + 2), ctx), 'a cookie issued after the cut-off counts');
});

test.run();

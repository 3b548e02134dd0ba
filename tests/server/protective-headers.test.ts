/**
 * Issue 26, finding 8: every answer carries the protective headers: the app's page and files, /api and /db,
 * errors included.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { freshServer } from './helpers';

let env: Awaited<ReturnType<typeof freshServer>>;
test.before(async () => {
  env = await freshServer();
});
test.after(async () => {
  await env?.stop();
});

test('the page, its scripts, the API and the database endpoint all carry CSP, nosniff, no framing and no referrer', async () => {
  for (const path of ['/', '/authentication/register', '/app.js', '/worker.js', '/sw.js', '/api/payment-provider', '/api/no-such-route', '/db/', '/db/_session', '/db/oja-nobody/_all_docs']) {
    const res = await fetch(env.server.url + path);
    await res.arrayBuffer();
    const csp = res.headers.get('content-security-policy') ?? '';
    assert.match(csp, /(^|; )script-src 'self'(;|$)/, `${path}: ${csp}`);
    assert.not.match(csp, /unsafe-eval|script-src[^;]*unsafe-inline/, path);
    assert.match(csp, /frame-ancestors 'none'/, path);
    assert.match(csp, /object-src 'none'/, path);
    assert.is(res.headers.get('x-content-type-options'), 'nosniff', path);
    assert.is(res.headers.get('x-frame-options'), 'DENY', path);
    assert.is(res.headers.get('referrer-policy'), 'no-referrer', path);
  }
});

test.run();

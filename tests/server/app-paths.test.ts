/**
 * Issue 27, item 9: the app is served for every page path that is no file, dots included (a reload of
 * /finance/users/ada.obi answered Express's raw 'Cannot GET …'); a missing asset file gets a clean 404 (JSON to
 * a script or fetch, a short page to a browser tab), never the app's HTML in place of a script, nor a stack.
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

const page = (path: string, accept = 'text/html,application/xhtml+xml') => fetch(env.server.url + path, { headers: { accept } });

test('a page path with a dot is the app, reloaded or typed', async () => {
  for (const path of ['/finance/users/ada.obi', '/finance/users/ada.obi.2', '/customer/x.y', '/store']) {
    const res = await page(path);
    assert.is(res.status, 200, path);
    assert.match(res.headers.get('content-type') ?? '', /text\/html/);
    assert.match(await res.text(), /<div id="root"/, path);
  }
});

test('a missing asset is a clean 404: JSON to a script or fetch, no app HTML, no stack', async () => {
  for (const path of ['/main-doesnotexist.js', '/styles/nothing.css', '/icons/none.png']) {
    const res = await page(path, '*/*');
    assert.is(res.status, 404, path);
    const body = await res.text();
    assert.equal(JSON.parse(body), { error: 'not_found', reason: 'No such file' }, path);
    assert.not.match(body, /Cannot GET|<div id="root"|at .*\.ts/);
  }
  // Files that exist are still served as files.
  const res = await page('/worker.js', '*/*');
  assert.is(res.status, 200);
  assert.match(res.headers.get('content-type') ?? '', /javascript/);
});

test.run();

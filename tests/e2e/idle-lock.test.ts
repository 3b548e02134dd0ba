/**
 * Idle lock: with no input for the idle time the shell goes to /authentication/lock and remembers the route.
 * The 150000 ms of the spec is shortened through the test-only localStorage key read by src/shell/idle.ts.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { setup } from './harness';
import { waitForPath } from './helpers';
import { testUser } from '../support/fixtures';
import { openAs } from '../support/open';

let env: Awaited<ReturnType<typeof setup>>;

test.before(async () => {
  env = await setup();
});
test.after(async () => {
  await env?.teardown();
});

test('an idle shell locks and remembers where the user was', async () => {
  const page = await env.browser.newPage();
  await openAs(page, env.server.url, testUser(1), '/customers?tab=debtors', [], { 'oja:test-idle-ms': '1500' });
  await page.waitForSelector('[data-testid="menu"] a');
  await waitForPath(page, '/authentication/lock');
  assert.is(await page.evaluate(() => localStorage.getItem('oja:last-route')), '/customers?tab=debtors');
  await page.close();
});

test('the idle time is the spec constant unless a test overrides it', async () => {
  const { IDLE_MS } = await import('../../commands/lib/version');
  assert.is(IDLE_MS, 150000);
});

test.run();

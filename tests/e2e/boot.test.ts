import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { setup, watchErrors } from './harness';

let env: Awaited<ReturnType<typeof setup>>;

test.before(async () => {
  env = await setup();
});
test.after(async () => {
  await env?.teardown();
});

test("'/' lands on /authentication/register and the worker answers through the command bus", async () => {
  const page = await env.browser.newPage();
  const errors = watchErrors(page);
  await page.goto(env.server.url + '/', { waitUntil: 'domcontentloaded' });
  await page.waitForFunction(() => location.pathname === '/authentication/register');
  // The footer shows the version the worker reports through dispatch('backend-info').
  await page.waitForSelector('[data-testid="version"]:not(:empty)');
  const version = await page.$eval('[data-testid="version"]', (el) => el.textContent);
  assert.is(version, '2.6.5');
  assert.equal(errors, []);
});

test.run();

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { setup } from './harness';
import { waitForPath } from './helpers';
import { alertShows, answerAlert, go, loginThroughScreen } from './signin-steps';
import { addStaff, Client, registerBusiness } from '../server/helpers';
import { REGISTRATION } from '../support/fixtures';
import { waitForSynced, signedInUser } from '../support/driver';
import { fill } from '../support/fill';

let env: Awaited<ReturnType<typeof setup>>;
test.before(async () => {
  env = await setup();
});
test.after(async () => {
  await env?.teardown();
});

test("Users: empty text, the new user modal's messages, then the created user in the list", async () => {
  const a = await registerBusiness(env.server, { name: 'Users Shop' });
  const page = await env.browser.newPage();
  await loginThroughScreen(page, env.server.url, a.username, REGISTRATION.password);
  await go(page, '/users');
  await page.waitForFunction(() => document.body.textContent?.includes('You are still working alone. You can add other employees.'));
  await page.click('section[aria-label="Users"] .btn-primary');
  const modal = '[data-testid="new-user-modal"]';
  await page.waitForSelector(modal);
  await page.click(`${modal} button[type="submit"]`);
  await alertShows(page, 'All fields are required');
  await fill(page, 'Full name', 'Ngozi Eze', modal);
  await fill(page, 'Email', 'ngozi', modal);
  await fill(page, 'Password', 'abc', modal);
  await page.click(`${modal} button[type="submit"]`);
  await alertShows(page, 'Please enter a valid email address');
  await fill(page, 'Email', 'ngozi@example.com', modal);
  await fill(page, 'Phone number', '0803', modal);
  await page.click(`${modal} button[type="submit"]`);
  await alertShows(page, 'Please enter a valid phone number');
  await fill(page, 'Phone number', '08031112222', modal);
  await page.click(`${modal} button[type="submit"]`);
  await alertShows(page, 'Password requires minimum of 6 characters');
  await fill(page, 'Password', 'ngozipass', modal);
  await page.select(`${modal} select`, '2');
  await page.click(`${modal} button[type="submit"]`);
  await page.waitForSelector('[data-testid="alert-dialog"]');
  assert.is(await page.$eval('[data-testid="alert-dialog"] .modal-title', (el) => el.textContent), 'User has been successfully created');
  await answerAlert(page);
  await page.waitForSelector('[data-testid="users-table"]');
  const row = await page.$eval('[data-testid="users-table"] tbody tr', (tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent));
  assert.equal(row.slice(0, 4), ['Ngozi Eze', 'usersshop.ngozi', 'ngozi@example.com', 'Accountant']);

  // The action link opens her page: the owner makes her a store keeper, then disables the account.
  await page.click('[data-testid="users-table"] tbody tr a');
  await waitForPath(page, '/finance/users/usersshop.ngozi/');
  await page.waitForFunction(() => document.querySelector('[data-testid="user-role"]')?.textContent === 'Accountant');
  assert.is(await page.$eval('[data-testid="user-username"]', (el) => el.textContent), 'usersshop.ngozi');
  await page.select('section.user-page select', '4');
  await page.click('section.user-page .btn-primary');
  await page.waitForFunction(() => document.querySelector('[data-testid="user-role"]')?.textContent === 'Store keeper');
  assert.is(await page.$eval('[data-testid="user-level"]', (el) => el.textContent), '4');
  await page.click('[data-testid="toggle-account"]');
  await page.waitForFunction(() => !!document.activeElement?.closest('[data-testid="confirm-dialog"]'));
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.querySelector('[data-testid="user-status"]')?.textContent?.startsWith('Disabled'));
  assert.is((await new Client(env.server.url).login('usersshop.ngozi', 'ngozipass')).status, 401);
});

test('a staff account locked after too many wrong passwords: its page says so and the owner unlocks it', async () => {
  const a = await registerBusiness(env.server, { name: 'Locked Staff Shop' });
  const kemi = await addStaff(a.owner, a.id, 'Kemi Locked', 3);
  for (let i = 1; i <= 5; i++) assert.is((await new Client(env.server.url).login(kemi.username, `wrong-${i}`)).status, 401);
  assert.is((await new Client(env.server.url).login(kemi.username, 'staffpass')).status, 429);
  const page = await env.browser.newPage();
  await loginThroughScreen(page, env.server.url, a.username, REGISTRATION.password);
  await go(page, `/finance/users/${kemi.username}/`);
  await page.waitForFunction(() => document.querySelector('[data-testid="user-status"]')?.textContent === 'Locked after too many wrong passwords');
  await page.click('[data-testid="unlock-account"]');
  await page.waitForFunction(() => document.querySelector('[data-testid="user-status"]')?.textContent === 'Active' && !document.querySelector('[data-testid="unlock-account"]'));
  assert.is((await new Client(env.server.url).login(kemi.username, 'staffpass')).status, 200);
  await page.close();
});

test("Branch offices: empty text, the new branch modal's messages, entering a branch, and 'unauthorized'", async () => {
  const a = await registerBusiness(env.server, { name: 'Branchy Shop' });
  const other = await registerBusiness(env.server, { name: 'Stranger Shop' });
  const page = await env.browser.newPage();
  await loginThroughScreen(page, env.server.url, a.username, REGISTRATION.password);
  await go(page, '/branches');
  await page.waitForFunction(() => document.body.textContent?.includes('You still do not have any other branch. Link them up now.'));
  await page.click('section[aria-label="Branch offices"] .btn-primary');
  const modal = '[data-testid="new-branch-modal"]';
  await page.waitForSelector(modal);
  await page.click(`${modal} button[type="submit"]`);
  await alertShows(page, 'All fields are required');
  await fill(page, 'Branch name', 'Surulere', modal);
  await fill(page, "Manager's name", 'Tayo Manager', modal);
  await fill(page, 'Email', 'tayo@example.com', modal);
  await fill(page, 'Phone number', '08034445555', modal);
  await fill(page, 'Password', '12345', modal);
  await page.click(`${modal} button[type="submit"]`);
  await alertShows(page, 'Password is too short');
  await fill(page, 'Password', 'tayopass', modal);
  await page.click(`${modal} button[type="submit"]`);
  await page.waitForSelector('[data-testid="alert-dialog"]');
  // The 'Branch created' dialog must be gone, or the next wait would find it instead of 'unauthorized'.
  await answerAlert(page);
  await page.waitForSelector('[data-testid="branches-table"]');
  assert.is(await page.$eval('[data-testid="branches-table"] tbody tr td:nth-child(3)', (td) => td.textContent), 'Surulere');

  // Another business's id: 'unauthorized', and the device stays on its own business.
  await go(page, `/branch/${other.id}/`);
  await page.waitForSelector('[data-testid="alert-dialog"]');
  assert.is(await page.$eval('[data-testid="alert-dialog"] .modal-title', (el) => el.textContent), 'unauthorized');
  await answerAlert(page);
  assert.is((await signedInUser(page)).business, a.id);

  // An address of no business at all (issue 27, item 9): a plain 'Branch not found' page, not 'unauthorized'.
  await go(page, '/branch/no-such-branch/');
  await page.waitForSelector('[data-testid="branch-missing"]');
  assert.ok((await page.$eval('[data-testid="branch-missing"]', (e) => e.textContent ?? '')).includes('Branch not found'));
  assert.is(await page.$('[data-testid="alert-dialog"]'), null);
  assert.is((await signedInUser(page)).business, a.id);

  // Entering the branch switches this device to the branch's databases.
  await go(page, '/branches');
  await page.waitForSelector('[data-testid="branches-table"] a');
  await page.click('[data-testid="branches-table"] a');
  await waitForPath(page, '/cashbook');
  const user = await signedInUser(page);
  assert.is.not(user.business, a.id);
  assert.is(user.businessName, 'Branchy Shop (Surulere)');
  await waitForSynced(page);
});

test.run();

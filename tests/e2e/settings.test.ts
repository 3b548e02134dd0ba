/**
 * /settings in Chromium: switches applied at once in this tab and another (the sale form and the store change
 * without a reload), a refused value with its message, and the owner-only guard (a sales agent gets not-found).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Page } from 'puppeteer-core';
import { setup, watchErrors } from './harness';
import { waitForPath } from './helpers';
import { testUser } from '../support/fixtures';
import { go } from './signin-steps';
import { openAs } from '../support/open';
import { fill } from '../support/fill';

let env: Awaited<ReturnType<typeof setup>>;
test.before(async () => {
  env = await setup();
});
test.after(async () => {
  await env?.teardown();
});

const OWNER = testUser(0, { business: 'biz-settings', businessName: 'Settings Shop' });

/** Turns a switch on or off from the keyboard: focus it, then Space. */
async function flip(page: Page, key: string) {
  const selector = `[data-testid="setting-${key}"] input[role="switch"]`;
  const before = await page.$eval(selector, (el) => (el as HTMLInputElement).checked);
  await page.bringToFront();
  await page.focus(selector);
  await page.keyboard.press('Space');
  await page.waitForFunction((s, b) => (document.querySelector(s) as HTMLInputElement | null)?.checked === !b, {}, selector, before);
}

test('VAT, warehouses and variations turned on in /settings change the sale form and the store in another tab, without a reload', async () => {
  const settings = await env.browser.newPage();
  const errors = watchErrors(settings);
  await openAs(settings, env.server.url, OWNER, '/settings');
  await settings.waitForSelector('[data-testid="setting-useVat"] input[role="switch"]');
  // Every group of the issue is there, each switch with its explanation.
  const groups = await settings.$$eval('.settings-group h2', (hs) => hs.map((h) => h.textContent));
  assert.equal(groups, ['Sales', 'Purchases', 'Store and stock', 'Accounts and statements', 'Deletion', 'Printing', 'SMS', 'Sync']);
  assert.match(await settings.$eval('[data-testid="setting-useVat"]', (el) => el.textContent ?? ''), /The sale form has a VAT section/);
  await settings.waitForFunction(() => document.querySelector('[data-testid="plan-name"]')?.textContent === 'Trial');

  const sale = await env.browser.newPage();
  await sale.goto(env.server.url + '/sales/new', { waitUntil: 'domcontentloaded' });
  await sale.waitForSelector('[data-testid="summary-card"], [data-testid="items-card"]');
  assert.is(await sale.$('input[name="vat_percentage"]'), null);
  assert.is(await sale.$('select[name="from"]'), null);

  await flip(settings, 'useVat');
  await sale.waitForSelector('input[name="vat_percentage"]');
  await flip(settings, 'useWarehouse');
  await sale.waitForSelector('select[name="from"]');
  const loads = await sale.evaluate(() => performance.getEntriesByType('navigation').length);

  await go(sale, '/store');
  // The sale tab is behind the settings tab: a background tab runs no animation frames, so wait on mutations.
  await sale.waitForFunction(() => [...document.querySelectorAll('button')].some((b) => b.textContent === 'New warehouse'), { polling: 'mutation' });
  assert.not.ok(await sale.evaluate(() => [...document.querySelectorAll('button')].some((b) => b.textContent === 'New variation group')));
  await flip(settings, 'useVariation');
  await sale.waitForFunction(() => [...document.querySelectorAll('button')].some((b) => b.textContent === 'New variation group'), { polling: 'mutation' });
  assert.is(await sale.evaluate(() => performance.getEntriesByType('navigation').length), loads);

  // The variation field texts are an editable list.
  await settings.bringToFront();
  await settings.waitForSelector('[data-testid="setting-variationFields"]');
  await settings.type('[data-testid="setting-variationFields"] input[aria-label^="New"]', 'Size');
  await settings.keyboard.press('Enter');
  await settings.waitForSelector('[data-testid="setting-variationFields"] input[aria-label="Variation fields 1"]');
  await settings.type('[data-testid="setting-variationFields"] input[aria-label^="New"]', 'size');
  await settings.keyboard.press('Enter');
  await settings.waitForFunction(() => document.querySelector('[data-testid="setting-variationFields"] [role="alert"]')?.textContent === 'Variation fields: "size" is listed twice');
  assert.is(await settings.$$eval('[data-testid="setting-variationFields"] li', (l) => l.length), 1);
  assert.equal(errors, []);
  await sale.close();
  await settings.close();
});

test('a 12-character sender ID is refused with its message and the stored one stays; review deletes shows with a delete policy', async () => {
  const page = await env.browser.newPage();
  await openAs(page, env.server.url, OWNER, '/settings');
  const sender = '[data-testid="setting-smsSender"] input';
  await page.waitForSelector(sender);
  const typedInto = await page.$(sender);
  await page.type(sender, 'ShopSender1');
  // Under load the echo of a save used to put the stored text back while keys were being typed (use-draft.ts);
  // should typed characters go astray again, say where (the field's value, the focused element, a replaced field).
  await page.waitForFunction((s) => (document.querySelector(s) as HTMLInputElement | null)?.value === 'ShopSender1', { timeout: 30_000 }, sender).catch(async (e: unknown) => {
    const seen = await page.evaluate(
      (s, el) => ({ value: (document.querySelector(s) as HTMLInputElement | null)?.value, sameField: document.querySelector(s) === el, focused: document.activeElement?.outerHTML.slice(0, 200), screen: document.querySelector('main')?.textContent?.slice(0, 300) }),
      sender,
      typedInto,
    );
    throw new Error(`the sender ID field does not hold what was typed (${String(e)}): ${JSON.stringify(seen)}`);
  });
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.querySelector('[data-testid="setting-smsSender"]')?.textContent?.includes('11/11 characters'));
  await page.type(sender, '2');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.querySelector('[data-testid="setting-smsSender"] [role="alert"]')?.textContent === 'The sender ID can have at most 11 characters');

  // The template preview fills the placeholders with samples and counts the units.
  await page.waitForFunction(() => document.querySelector('[data-testid="preview-smsSaleTemplate"]')?.textContent?.includes('Thank you for buying Rice & Beans'));
  assert.match(await page.$eval('[data-testid="units-smsSaleTemplate"]', (el) => el.textContent ?? ''), /1 unit\)/);

  assert.is(await page.$('[data-testid="setting-reviewDelete"]'), null);
  await page.select('[data-testid="setting-deletePolicy"] select', 'all');
  await page.waitForSelector('[data-testid="setting-reviewDelete"] select');
  // A reload reads what was stored: the 11-character sender ID, not the refused one.
  await page.reload({ waitUntil: 'domcontentloaded' });
  await page.waitForFunction((s) => (document.querySelector(s) as HTMLInputElement | null)?.value === 'ShopSender1', {}, sender);
  await page.close();
});

test('text being typed in a setting is not replaced when another tab changes the stored value meanwhile; once saved, the field follows changes again', async () => {
  const user = testUser(0, { business: 'biz-settings-draft', businessName: 'Draft Shop' });
  const other = await env.browser.newPage();
  await openAs(other, env.server.url, user, '/settings');
  const page = await env.browser.newPage();
  // This tab stays focused while the other is in front (as two windows side by side would), so the field being
  // typed in is not left, which would save it.
  await (await page.createCDPSession()).send('Emulation.setFocusEmulationEnabled', { enabled: true });
  await openAs(page, env.server.url, user, '/settings');
  const sender = '[data-testid="setting-smsSender"] input';
  const template = '[data-testid="setting-smsSaleTemplate"] textarea';
  await page.waitForSelector(sender);
  await page.type(sender, 'Typed');

  // The other tab stores a sender ID, then a sale template: once this tab's preview shows the template, this
  // tab has read a configuration holding the other sender ID too.
  const elsewhere = async (text: string) => {
    await other.bringToFront();
    await fill(other, { selector: sender }, text);
    await other.keyboard.press('Enter');
    await fill(other, { selector: template }, `Hello :name ${text}`);
    await other.focus(sender);
    await page.waitForFunction((t) => document.querySelector('[data-testid="preview-smsSaleTemplate"]')?.textContent?.includes(`Hello Chioma ${t}`), { polling: 'mutation' }, text);
  };
  await elsewhere('Elsewhere');
  assert.is(await page.$eval(sender, (el) => (el as HTMLInputElement).value), 'Typed', 'what was typed stays');

  await page.bringToFront();
  await page.focus(sender);
  await page.keyboard.press('Enter');
  await other.waitForFunction((s) => (document.querySelector(s) as HTMLInputElement | null)?.value === 'Typed', { polling: 'mutation' }, sender);
  // Saved, the field holds nothing unsaved: a change from the other tab shows in it.
  await elsewhere('Later');
  await page.waitForFunction((s) => (document.querySelector(s) as HTMLInputElement | null)?.value === 'Later', { polling: 'mutation' }, sender);
  await other.close();
  await page.close();
});

test('a sales agent gets not-found for /settings, and F2 does not open it', async () => {
  const page = await env.browser.newPage();
  await openAs(page, env.server.url, testUser(3, { business: 'biz-settings' }), '/settings');
  await waitForPath(page, '/not-found');
  await openAs(page, env.server.url, testUser(3, { business: 'biz-settings' }), '/sales');
  await page.waitForSelector('[data-testid="menu"] a');
  await page.keyboard.press('F2');
  // Give the key two frames to act; a page Chromium paints no frames for never runs requestAnimationFrame, and
  // awaiting it alone would hold page.evaluate until the protocol timeout: a second at most, then read the path.
  await page.evaluate(() => new Promise((r) => { requestAnimationFrame(() => requestAnimationFrame(r)); setTimeout(r, 1000); }));
  assert.is(new URL(page.url()).pathname, '/sales');
  await page.close();
});

test('F2 opens /settings for the owner', async () => {
  const page = await env.browser.newPage();
  await openAs(page, env.server.url, OWNER, '/sales');
  await page.waitForSelector('[data-testid="menu"] a');
  await page.keyboard.press('F2');
  await waitForPath(page, '/settings');
  await page.waitForSelector('[data-testid="plan-card"]');
  await page.close();
});

test.run();

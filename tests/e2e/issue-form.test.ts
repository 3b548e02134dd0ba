import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { setup, watchErrors } from './harness';
import { waitForPath } from './helpers';
import { testUser } from '../support/fixtures';
import { pickItem, text } from './store-helpers';
import { openAs } from '../support/open';
import { fill } from '../support/fill';
import { clickText } from '../support/click';

let env: Awaited<ReturnType<typeof setup>>;
test.before(async () => {
  env = await setup();
});
test.after(async () => {
  await env?.teardown();
});

const owner = testUser(0);
const alertText = (page: import('puppeteer-core').Page) => page.waitForSelector('.alert-error').then((h) => h!.evaluate((e) => e.textContent));

/** The balance as the issue form shows it for a picked item (read through the app's own worker). */
async function availableOf(page: import('puppeteer-core').Page, name: string): Promise<string> {
  await page.goto(env.server.url + '/issue-out', { waitUntil: 'domcontentloaded' });
  await pickItem(page, 'issue-item-0', name);
  const handle = await page.waitForFunction(() => {
    const t = document.querySelector('.issue-row .available')?.textContent ?? '';
    return t.startsWith('Available') ? t : null;
  });
  return (await handle.jsonValue()) as string;
}

async function submit(page: import('puppeteer-core').Page) {
  await page.click('.issue-form button[type="submit"]');
}

async function expectError(page: import('puppeteer-core').Page, message: string) {
  await page.waitForFunction((m) => document.querySelector('.alert-error')?.textContent === m, {}, message);
  assert.is(await alertText(page), message);
}

test('issue out from empty to saved: validation in order, total quantity, debt confirmation, then /store', async () => {
  const page = await env.browser.newPage();
  await openAs(page, env.server.url, owner, '/issue-out', [['item-create', { name: 'Flour', price: 500, purchasePrice: 400, quantity: 10 }]]);
  const errors = watchErrors(page);
  await page.waitForSelector('.issue-form');
  assert.is(await text(page, 'h1'), 'Issue out');

  await submit(page);
  await expectError(page, 'You must select the collector you are buying from');
  await fill(page, 'Person Name', 'Musa');
  await page.click('[aria-label="Remove row 1"]');
  await submit(page);
  await expectError(page, 'You must add atleast one item to issue');
  await clickText(page, 'Add', '.issue-form');
  await page.waitForSelector('[data-testid="issue-row"]');
  // Clear the date the way a person does (the field becomes empty).
  await page.$eval('input[type="date"]', (el) => {
    const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
    setter.call(el, '');
    el.dispatchEvent(new Event('input', { bubbles: true }));
  });
  await submit(page);
  await expectError(page, 'You must provide a issue date');
  await page.type('input[type="date"]', '03052026');
  await submit(page);
  await expectError(page, 'You must select item to be issued');

  await pickItem(page, 'issue-item-0', 'flo');
  await page.waitForFunction(() => document.querySelector('.issue-row .available')?.textContent === 'Available: 10');
  await fill(page, 'Quantity', '3', '.issue-row');
  await page.waitForFunction(() => document.querySelector('[data-testid="issue-total-quantity"]')?.textContent === 'Total quantity: 3');
  await clickText(page, 'Add', '.issue-form');
  await page.waitForFunction(() => document.querySelector('[data-testid="issue-total-quantity"]')?.textContent === 'Total quantity: 4');
  await page.click('[aria-label="Remove row 2"]');
  await page.waitForFunction(() => document.querySelector('[data-testid="issue-total-quantity"]')?.textContent === 'Total quantity: 3');
  await fill(page, 'Price', '500', '.issue-row');
  await page.waitForFunction(() => document.querySelector('[data-testid="issue-total-due"]')?.textContent === 'Total due: ₦1,500.00');

  // Paid 0 of 1,500: the debt prompt; declining keeps the form with the spec's text.
  await submit(page);
  await page.waitForSelector('[data-testid="confirm-dialog"]');
  assert.is(await text(page, '[data-testid="confirm-dialog"] .modal-title'), 'Debt issue alert!');
  assert.is(
    await text(page, '[data-testid="confirm-dialog"] .modal-body p'),
    'Please confirm that you made a payment of ₦0.00 for this issue. The total due was meant to be ₦1,500.00',
  );
  await clickText(page, 'Cancel', '[data-testid="confirm-dialog"]');
  await expectError(page, 'Cancelled - Please update amount paid for issue');

  await submit(page);
  await clickText(page, 'Yes, accept debt!', '[data-testid="confirm-dialog"]');
  await waitForPath(page, '/store');
  await page.waitForFunction(() => document.querySelector('[data-testid="alert-dialog"] .modal-title')?.textContent === 'Issue has been successfully saved');
  assert.is(await availableOf(page, 'Flour'), 'Available: 7');
  assert.equal(errors, []);
  await page.close();
});

test('receive is labelled Production, saves with Receive Items and adds to the balance', async () => {
  const page = await env.browser.newPage();
  await openAs(page, env.server.url, owner, '/receive', [['item-create', { name: 'Bread', price: 0, purchasePrice: 0 }]]);
  await page.waitForSelector('.issue-form');
  assert.is(await text(page, 'h1'), 'Production');
  await fill(page, 'Person Name', 'Bakery');
  await pickItem(page, 'issue-item-0', 'Bread');
  await fill(page, 'Quantity', '40', '.issue-row');
  await clickText(page, 'Receive Items');
  await waitForPath(page, '/store');
  assert.is(await availableOf(page, 'Bread'), 'Available: 40');
  await page.close();
});

test.run();

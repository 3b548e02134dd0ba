/** Steps shared by the sign-in, users and branches browser tests: log in, read alerts, move inside the app, answer a dialog. */
import type { KeyInput, Page } from 'puppeteer-core';
import { fill } from '../support/fill';

/** Waits until the red form alert shows exactly `text`. */
export function alertShows(page: Page, text: string) {
  return page.waitForFunction((t) => [...document.querySelectorAll('[role="alert"]')].some((a) => a.textContent === t), {}, text);
}

/** Logs in through /authentication/login and waits until the app leaves the sign-in area. */
export async function loginThroughScreen(page: Page, base: string, username: string, password: string) {
  await page.goto(base + '/authentication/login', { waitUntil: 'domcontentloaded' });
  await page.waitForSelector('form[aria-label="Login"]');
  await fill(page, 'Username', username);
  await fill(page, 'Password', password);
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => !location.pathname.startsWith('/authentication'));
}

/** Goes to a path inside the app without reloading (the worker and its in-memory password stay). */
export async function go(page: Page, path: string) {
  await page.evaluate((p) => {
    history.pushState(null, '', p);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/**
 * Presses `key` in the open alert dialog once focus has moved into it (floating-ui moves it a frame after the
 * dialog appears; a key pressed sooner goes to whatever had focus), then waits for the dialog to close.
 */
export async function answerAlert(page: Page, key: KeyInput = 'Enter') {
  await page.waitForFunction(() => !!document.activeElement?.closest('[data-testid="alert-dialog"]'));
  await page.keyboard.press(key);
  await page.waitForSelector('[data-testid="alert-dialog"]', { hidden: true });
}

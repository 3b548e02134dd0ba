/**
 * The one way browser tests (and the quick-sale benchmark) run commands in the browser without a screen: the
 * page connects to the app's own backend — the business's SharedWorker from worker.js, the very instance the
 * app's tabs use, so seeding beside an open app never puts a second PouchDB on the same IndexedDB — and speaks
 * Comlink's message format to it. Page scripts are strings: tsx would otherwise add helper names that do not
 * exist in the page.
 */
import type { Page } from 'puppeteer-core';
import type { Args, CommandName, Result } from '../../commands/index';
import type { Reply } from '../../commands/errors';
import type { SessionUser } from '../../commands/session';
import { checked, type Call } from './calls';

export type { Call };

/** Page-side: answers a `call(name, input)` bound to the business's backend, signed in as `user`. */
const CONNECT = `(async (u) => {
  const shared = typeof SharedWorker === 'function';
  const worker = shared ? new SharedWorker('/worker.js', { type: 'module', name: 'oja-' + u.business }) : new Worker('/worker.js', { type: 'module', name: 'oja-' + u.business });
  const port = shared ? worker.port : worker;
  if (shared) port.start();
  let seq = 0;
  const call = (name, input) => new Promise((resolve) => {
    const id = 'driver-' + Math.random().toString(36).slice(2) + '-' + ++seq;
    const onMessage = (e) => {
      if (!e.data || e.data.id !== id) return;
      port.removeEventListener('message', onMessage);
      resolve(e.data.value);
    };
    port.addEventListener('message', onMessage);
    port.postMessage({ id, type: 'APPLY', path: ['dispatch'], argumentList: [{ type: 'RAW', value: name }, { type: 'RAW', value: input }] });
  });
  call.close = () => (shared ? port.close() : worker.terminate());
  await call('session-set', u);
  return call;
})`;

/** Runs the calls in order as `user` and answers every reply, failed ones included. */
export async function runReplies(page: Page, user: SessionUser, calls: Call[]): Promise<Reply<unknown>[]> {
  const script = `(async () => {
    const call = await ${CONNECT}(${JSON.stringify(user)});
    const out = [];
    for (const [name, input] of ${JSON.stringify(calls)}) out.push(await call(name, input));
    call.close();
    return out;
  })()`;
  return page.evaluate(script) as Promise<Reply<unknown>[]>;
}

/** Keeps a connection open in the page (window.__driver) for tests that issue commands one at a time. */
export async function startDriver(page: Page, user: SessionUser): Promise<void> {
  await page.evaluate(`(async () => { window.__driver = await ${CONNECT}(${JSON.stringify(user)}); })()`);
}

/** One command through the page's open connection; throws with the command's message when it fails. */
export async function drive<K extends CommandName>(page: Page, name: K, input: Args<K>): Promise<Result<K>> {
  return checked(name, (await page.evaluate(`window.__driver(${JSON.stringify(name)}, ${JSON.stringify(input)})`)) as Reply<Result<K>>);
}

/**
 * Waits until the shell's badge says sync is idle with the server ('paused'); when it never does, fails with
 * the worker's own account of each database's replication (sync-status: lanes and recent events), so a
 * failure says why rather than only that it waited.
 */
export async function waitForSynced(page: Page): Promise<void> {
  try {
    await page.waitForSelector('[data-testid="sync-state"][data-state="paused"]');
  } catch (e) {
    const badge = await page.$eval('[data-testid="sync-state"]', (b) => `${b.getAttribute('data-state')} '${b.textContent}'`).catch(() => 'no badge');
    const user = await signedInUser(page).catch(() => null);
    const status = user ? await runReplies(page, user, [['sync-status', {}]]).catch((x: Error) => x.message) : 'nobody signed in';
    throw new Error(`sync never settled: badge ${badge}; worker ${JSON.stringify(status)} (${(e as Error).message})`);
  }
}

/** The user signed in on the page's device (localStorage `oja:user`); throws when nobody is. */
export async function signedInUser(page: Page): Promise<SessionUser> {
  const stored = (await page.evaluate(() => localStorage.getItem('oja:user'))) as string | null;
  if (!stored) throw new Error('nobody is signed in on this device');
  return JSON.parse(stored) as SessionUser;
}

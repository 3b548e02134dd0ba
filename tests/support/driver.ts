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

/**
 * How long the page waits for the worker's answer to one command before the call fails naming it. A command
 * the worker never answers (it closed, or lost the message) would otherwise hold page.evaluate until puppeteer's
 * 180 s protocol timeout, which says only 'Runtime.evaluate timed out' (seen when the worker had ended itself
 * under a seeding page: worker/lifetime.ts). Generous for a loaded machine: the largest seed (a 1,100-row
 * import) takes seconds.
 */
export const CALL_LIMIT_MS = 90000;

/**
 * Page-side: answers a `call(name, input, label)` bound to the business's backend, signed in as `u`. A call
 * rejects, naming `label`, when the worker answers nothing within `limit` ms or its handler threw. With `unlock`
 * the connection then opens the device as a sign-in does (the worker's own 'session-unlock': a new worker starts
 * locked, worker/lock.ts), so a test that seeds and then opens the app lands in it, not on the lock screen.
 */
const CONNECT = `(async (u, limit, unlock) => {
  const shared = typeof SharedWorker === 'function';
  const worker = shared ? new SharedWorker('/worker.js', { type: 'module', name: 'oja-' + u.business }) : new Worker('/worker.js', { type: 'module', name: 'oja-' + u.business });
  const port = shared ? worker.port : worker;
  const pending = new Map();
  const fail = (id, message) => {
    const p = pending.get(id);
    if (!p) return;
    pending.delete(id);
    clearTimeout(p.timer);
    p.reject(new Error(p.label + ': ' + message));
  };
  port.addEventListener('message', (e) => {
    const p = e.data && pending.get(e.data.id);
    if (!p) return;
    if (e.data.type === 'HANDLER' && e.data.name === 'throw') return fail(e.data.id, 'the worker threw ' + JSON.stringify(e.data.value && e.data.value.value && e.data.value.value.message));
    pending.delete(e.data.id);
    clearTimeout(p.timer);
    window.__driverLast = { ...window.__driverLast, answeredAt: Math.round(performance.now()) };
    p.resolve(e.data.value);
  });
  if (shared) port.start();
  let seq = 0;
  const call = (name, input, label = name) => new Promise((resolve, reject) => {
    const id = 'driver-' + Math.random().toString(36).slice(2) + '-' + ++seq;
    window.__driverLast = { label, sentAt: Math.round(performance.now()) };
    const timer = setTimeout(() => fail(id, 'the worker answered nothing within ' + limit / 1000 + ' s'), limit);
    pending.set(id, { resolve, reject, timer, label });
    port.postMessage({ id, type: 'APPLY', path: ['dispatch'], argumentList: [{ type: 'RAW', value: name }, { type: 'RAW', value: input }] });
  });
  call.close = () => (shared ? port.close() : worker.terminate());
  await call('session-set', u, 'session-set (connecting as ' + u.username + ' of ' + u.business + ')');
  if (unlock) {
    await call('session-unlock', {}, 'session-unlock (connecting as ' + u.username + ')');
    // What an unlocked app page notes as it goes away (src/lock.ts, carryUnlockAcrossLoads): a test that seeds
    // here and then opens the app in this tab must not depend on Chromium keeping the shared worker alive across
    // the navigation (it ends it once no page is connected; under load the new page then met a new, locked
    // worker and the lock screen). The app honours the note only for a fresh worker, within 30 s, and never
    // after a lock.
    sessionStorage.setItem('oja:unlocked-at', String(Date.now()));
  }
  return call;
})`;

/**
 * Runs the calls in order as `user` and answers every reply, failed ones included. The device is unlocked first
 * unless `unlock` is false (a test of the lock itself, which must not open it by connecting).
 */
export async function runReplies(page: Page, user: SessionUser, calls: Call[], options: { unlock?: boolean } = {}): Promise<Reply<unknown>[]> {
  const script = `(async () => {
    const call = await ${CONNECT}(${JSON.stringify(user)}, ${CALL_LIMIT_MS}, ${options.unlock !== false});
    const calls = ${JSON.stringify(calls)};
    const out = [];
    for (const [i, [name, input]] of calls.entries()) out.push(await call(name, input, name + ' (call ' + (i + 1) + ' of ' + calls.length + ')'));
    call.close();
    return out;
  })()`;
  return watched(page, page.evaluate(script) as Promise<Reply<unknown>[]>);
}

/**
 * A driver evaluate, told apart when it goes wrong beyond the page's own limits. The page fails a call the
 * worker leaves unanswered after CALL_LIMIT_MS; an evaluate still pending at puppeteer's protocol timeout (180 s)
 * means the page's timers did not run, or the renderer stopped answering — once seen in a quiet full run
 * (screens-fit's first seed) and saying only 'Runtime.evaluate timed out'. So: a renderer crash fails the
 * evaluate at once (puppeteer reports it only as the page's 'error' event, and a crashed page's evaluate never
 * answers), and a timeout carries the page's last call, whether the page and the browser still answer, and what
 * Chromium's processes are doing. Nothing here fails sooner than puppeteer would: a loaded renderer may be slow.
 */
async function watched<T>(page: Page, evaluating: Promise<T>): Promise<T> {
  let onCrash: ((e: Error) => void) | undefined;
  const crashed = new Promise<never>((_, reject) => {
    onCrash = (e: Error) => reject(new Error(`driver: the page crashed while the evaluate was pending (${e.message})`));
    page.once('error', onCrash);
  });
  try {
    return await Promise.race([evaluating, crashed]);
  } catch (e) {
    if (!/timed out/.test((e as Error).message)) throw e;
    const inPage = await within(page.evaluate(`JSON.stringify({ now: Math.round(performance.now()), last: window.__driverLast, visibility: document.visibilityState })`)).catch(
      (x: Error) => `failed: ${x.message}`,
    );
    const browser = await within(page.browser().version()).catch((x: Error) => `failed: ${x.message}`);
    const processes = await within(processLoad(page)).catch((x: Error) => `failed: ${x.message}`);
    throw new Error(`${(e as Error).message}; page: ${inPage}; browser: ${browser}; processes: ${processes}`);
  } finally {
    if (onCrash) page.off('error', onCrash);
  }
}

/** How long each look after a timeout may take. */
const LOOK_MS = 10000;

/**
 * Chromium's processes with their CPU use over two seconds: a renderer that stopped answering is busy (its main
 * thread running), waiting on something (idle), or gone. Only DevTools calls: this file is also bundled for pages.
 */
async function processLoad(page: Page): Promise<string> {
  const cdp = await page.browser().target().createCDPSession();
  type Info = { processInfo: { type: string; id: number; cpuTime: number }[] };
  const first = (await cdp.send('SystemInfo.getProcessInfo')) as Info;
  await new Promise((r) => setTimeout(r, 2000));
  const second = (await cdp.send('SystemInfo.getProcessInfo')) as Info;
  await cdp.detach();
  return second.processInfo
    .map((p) => `${p.type} ${p.id} ${Math.round(((p.cpuTime - (first.processInfo.find((q) => q.id === p.id)?.cpuTime ?? 0)) / 2) * 100)}%`)
    .join(', ');
}

/** `p`, or a failure after LOOK_MS; the timer does not keep the test's process alive. */
const within = <T>(p: Promise<T>) =>
  Promise.race([p, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`no answer within ${LOOK_MS / 1000} s`)), LOOK_MS).unref())]);

/** Keeps a connection open in the page (window.__driver) for tests that issue commands one at a time. */
export async function startDriver(page: Page, user: SessionUser, options: { unlock?: boolean } = {}): Promise<void> {
  await watched(page, page.evaluate(`(async () => { window.__driver = await ${CONNECT}(${JSON.stringify(user)}, ${CALL_LIMIT_MS}, ${options.unlock !== false}); })()`));
}

/** One command through the page's open connection; throws with the command's message when it fails. */
export async function drive<K extends CommandName>(page: Page, name: K, input: Args<K>): Promise<Result<K>> {
  return checked(name, (await watched(page, page.evaluate(`window.__driver(${JSON.stringify(name)}, ${JSON.stringify(input)})`))) as Reply<Result<K>>);
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
    const status = user ? await runReplies(page, user, [['sync-status', {}]], { unlock: false }).catch((x: Error) => x.message) : 'nobody signed in';
    throw new Error(`sync never settled: badge ${badge}; worker ${JSON.stringify(status)} (${(e as Error).message})`);
  }
}

/** The user signed in on the page's device (localStorage `oja:user`); throws when nobody is. */
export async function signedInUser(page: Page): Promise<SessionUser> {
  const stored = (await page.evaluate(() => localStorage.getItem('oja:user'))) as string | null;
  if (!stored) throw new Error('nobody is signed in on this device');
  return JSON.parse(stored) as SessionUser;
}

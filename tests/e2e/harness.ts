/**
 * Browser-test harness: each test starts its own Oja server on a free port on 127.0.0.1 with a fresh data
 * folder, and its own headless Chromium with a fresh profile. Nothing talks to any other address.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import dayjs from 'dayjs';
import puppeteer, { type Browser, type BrowserContext, type Page } from 'puppeteer-core';

export type TestServer = {
  url: string;
  port: number;
  dataDir: string;
  process: ChildProcess;
  stop(): Promise<void>;
  log(): string;
  /** The database admin's password: from COUCH_URL's credentials (npm run test:couchdb), else the one in DATA_DIR. */
  adminPassword(): string;
  /** The COUCH_URL this server was started with ('' for the embedded database). */
  couchUrl: string;
};

/** Whether this test process runs against a real CouchDB (npm run test:couchdb sets COUCH_URL and OJA_ENGINE). */
export const onCouchdb = process.env.OJA_ENGINE === 'couchdb';

export async function startServer(env: Record<string, string> = {}, dataDir = mkdtempSync(join(tmpdir(), 'oja-data-'))): Promise<TestServer> {
  // Tests register many businesses from 127.0.0.1: no registration limit unless a test sets one.
  const fullEnv: NodeJS.ProcessEnv = { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, REGISTRATIONS_PER_HOUR: '0', ...env };
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: fullEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start within 60 s:\n${log}`)), 60000);
    const onData = (d: Buffer) => {
      log += d;
      const m = log.match(/Oja listening on (http:\/\/127\.0\.0\.1:\d+)/);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (d: Buffer) => (log += d));
    child.on('exit', (code) => reject(new Error(`server exited with ${code}:\n${log}`)));
  }).catch((e: unknown) => {
    console.error(String(e));
    throw e;
  });
  const port = Number(new URL(url).port);
  return {
    url,
    port,
    dataDir,
    process: child,
    log: () => log,
    couchUrl: fullEnv.COUCH_URL ?? '',
    adminPassword() {
      const inUrl = fullEnv.COUCH_URL ? decodeURIComponent(new URL(fullEnv.COUCH_URL).password) : '';
      return inUrl || fullEnv.ADMIN_PASSWORD || readFileSync(join(dataDir, 'admin-password'), 'utf8').trim();
    },
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
    },
  };
}

/** Longest any single wait in a browser test may take. */
export const WAIT_LIMIT_MS = 60000;

/**
 * A browser test file does not run across local midnight. The app reads "today", "this week" and "this month"
 * from the clock when a screen renders (the cashbook, the day at a glance, every list's default period), and the
 * worker stamps what it saves with the time it is saved: a file seeding at 23:59 and reading at 00:00 would see
 * its own records fall out of the screen's period. The browser's clock cannot be set, so a file that would start
 * within this margin before midnight waits (once) until the day has turned; every browser file takes well under it.
 */
export const MIDNIGHT_MARGIN_MS = 10 * 60_000;

let cleared: Promise<void> | null = null;

/** Once per test process (the file's first browser), before anything is seeded. */
export function clearOfMidnight(): Promise<void> {
  cleared ??= waitOutMidnight();
  return cleared;
}

async function waitOutMidnight(): Promise<void> {
  const turn = dayjs().add(1, 'day').startOf('day').valueOf();
  if (turn - Date.now() > MIDNIGHT_MARGIN_MS) return;
  console.log(`${Math.ceil((turn - Date.now()) / 1000)} s before midnight: waiting for the day to turn, so this file runs within one day`);
  while (Date.now() < turn) await new Promise((r) => setTimeout(r, turn - Date.now() + 50));
}

/**
 * A headless Chromium on a fresh profile, removed when it exits; or on `profile` (a folder the test owns and
 * removes), so a test can kill the browser and open the same device's data again. `protocolTimeout` (ms, 0: none)
 * bounds each DevTools call, for the benchmarks' long ones; `chromiumLog: false` keeps Chromium's stderr out.
 */
export async function launchBrowser(options: { profile?: string; protocolTimeout?: number; chromiumLog?: boolean } = {}): Promise<Browser> {
  await clearOfMidnight();
  const profile = options.profile ?? mkdtempSync(join(tmpdir(), 'oja-chromium-'));
  const browser = await puppeteer.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    headless: true,
    // Chromium's own messages (a renderer crash, say) go to the test's output, which the runner shows only for a
    // failing file; the benchmarks keep theirs clean.
    dumpio: options.chromiumLog ?? true,
    ...(options.protocolTimeout !== undefined ? { protocolTimeout: options.protocolTimeout } : {}),
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      `--user-data-dir=${profile}`,
    ],
  });
  // Waits stay event-driven; the limit is only how long a loaded 2-core machine may take (creating a business
  // runs PBKDF2 and several database writes on the server). Puppeteer's 30 s default proved too tight under load.
  const newPage = browser.newPage.bind(browser);
  browser.newPage = async (...args: Parameters<Browser['newPage']>) => preparePage(await newPage(...args));
  const createContext = browser.createBrowserContext.bind(browser);
  browser.createBrowserContext = async (...args: Parameters<Browser['createBrowserContext']>) => {
    const context = await createContext(...args);
    const contextPage = context.newPage.bind(context);
    context.newPage = async (...pageArgs: Parameters<BrowserContext['newPage']>) => preparePage(await contextPage(...pageArgs));
    return context;
  };
  // Remove the profile only after the Chromium process has exited (it writes to it until then).
  if (!options.profile) browser.process()?.once('exit', () => {
    try {
      rmSync(profile, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
    } catch {
      // a temporary folder left behind is harmless
    }
  });
  return browser;
}

/**
 * Screens load in chunks on first visit (src/lazy-screen.tsx), so an element is not there the moment the URL
 * changes. Acting on an element by selector therefore waits for it first (as puppeteer's locators do); `page.$`
 * still answers null at once, for tests that assert something is absent.
 */
function preparePage(page: Page): Page {
  page.setDefaultTimeout(WAIT_LIMIT_MS);
  const waitFirst = <A extends unknown[], R>(act: (selector: string, ...rest: A) => Promise<R>) =>
    async (selector: string, ...rest: A): Promise<R> => {
      await page.waitForSelector(selector);
      return act(selector, ...rest);
    };
  page.click = waitFirst(page.click.bind(page));
  page.type = waitFirst(page.type.bind(page));
  page.focus = waitFirst(page.focus.bind(page));
  page.select = waitFirst(page.select.bind(page));
  page.hover = waitFirst(page.hover.bind(page));
  page.$eval = waitFirst(page.$eval.bind(page)) as Page['$eval'];
  return page;
}

/**
 * Collects page errors so a test can assert the page ran clean. Not counted: the 404 of /favicon.ico, which
 * Chromium asks for when it shows the worker script as a document (the page tests/support/open.ts seeds from);
 * the app's own pages carry their icon inline and never ask for it.
 */
/**
 * The Content-Security-Policy's report of an inline event handler it refused (server/headers.ts). Chromium
 * reports one for each handler attribute parsed in the page, even by DOMPurify before it strips them: a test
 * that feeds hostile HTML meets these, and they prove the policy's second wall; the app has no inline handler.
 */
export const REFUSED_HANDLER = /^Executing inline event handler violates the following Content Security Policy/;

export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => {
    if (m.type() === 'error' && !/^https?:\/\/[^/]+\/favicon\.ico$/.test(m.location().url ?? '')) errors.push(m.text());
  });
  return errors;
}

/**
 * A server and a browser for one test file, torn down together. A test that stops the server (to be offline)
 * starts it again with startAgain(): the same port (the device's origin), data folder and environment; teardown
 * stops whichever server is running then.
 */
export async function setup(env: Record<string, string> = {}) {
  const first = await startServer(env);
  const browser = await launchBrowser();
  const files = {
    server: first,
    browser,
    async startAgain(): Promise<TestServer> {
      files.server = await startServer({ ...env, PORT: String(files.server.port) }, files.server.dataDir);
      return files.server;
    },
    async teardown() {
      await browser.close();
      await files.server.stop();
      rmSync(files.server.dataDir, { recursive: true, force: true });
    },
  };
  return files;
}

/**
 * The real app for the benchmarks that drive it (quick sale, initial sync, printing): one production build per
 * bench process, the real server (server/main.ts) on 127.0.0.1, and a headless Chromium on a given profile.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'puppeteer-core';
import { launchBrowser, startServer, type TestServer } from '../../tests/e2e/harness';

let built: string | undefined;

/**
 * Builds the app once per process into a temp folder of its own (DIST_DIR), which the servers started here
 * serve: a rebuild of dist/ while a long run goes on (tests, another run) never changes the code measured.
 */
export function buildAppOnce(): string {
  if (built) return built;
  const dir = mkdtempSync(join(tmpdir(), 'oja-bench-dist-'));
  if (spawnSync(process.execPath, ['build.mjs'], { stdio: 'ignore', env: { ...process.env, DIST_DIR: dir } }).status !== 0) throw new Error('build failed');
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  built = dir;
  return dir;
}

export type AppServer = TestServer;

/** Starts server/main.ts (the browser tests' startServer) on `port` ('0': any free port) over `dataDir`, serving this process's build. */
export function startAppServer(dataDir: string, port: string, env: Record<string, string> = {}): Promise<AppServer> {
  return startServer({ PORT: port, DIST_DIR: buildAppOnce(), ...env }, dataDir);
}

/** A headless Chromium on `profile` (kept: the bench owns it), with no limit on a DevTools call: an import of 50,000 items is one call. */
export function launchChromium(profile: string): Promise<Browser> {
  return launchBrowser({ profile, protocolTimeout: 0, chromiumLog: false });
}

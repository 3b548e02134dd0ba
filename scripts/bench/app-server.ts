/**
 * The real app for the benchmarks that drive it (quick sale, initial sync, printing): one production build per
 * bench process, the real server (server/main.ts) on 127.0.0.1, and a headless Chromium on a given profile.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import puppeteer, { type Browser } from 'puppeteer-core';

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

export type AppServer = { url: string; child: ChildProcess; stop(): Promise<void> };

/** Starts server/main.ts on `port` ('0': any free port) over `dataDir`, with extra environment. */
export function startAppServer(dataDir: string, port: string, env: Record<string, string> = {}): Promise<AppServer> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, PORT: port, HOST: '127.0.0.1', DATA_DIR: dataDir, DIST_DIR: buildAppOnce(), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const stop = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${log}`)), 60000);
    child.stdout!.on('data', (d: Buffer) => {
      log += d;
      const m = /Oja listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(log);
      if (m) {
        clearTimeout(timer);
        resolve({ url: m[1], child, stop });
      }
    });
    child.stderr!.on('data', (d: Buffer) => (log += d));
    child.on('exit', (code) => reject(new Error(`server exited with ${code}:\n${log}`)));
  });
}

export function launchChromium(profile: string): Promise<Browser> {
  return puppeteer.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    headless: true,
    protocolTimeout: 0,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', `--user-data-dir=${profile}`],
  });
}

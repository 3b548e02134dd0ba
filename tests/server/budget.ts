/**
 * The server's budget (README, "What one request may cost"): no single member request moves the server's RSS
 * by more than 200 MB or holds another shop's request more than 1 s. Measured over real HTTP from outside the
 * serving process: its RSS read from /proc/<pid>/status every 25 ms while the request runs (a blocked event
 * loop cannot delay that), and another business's ordinary request sent again and again meanwhile, each timed.
 * The machine is shared and loaded, so the wait is compared with that same request timed just before, on the
 * same server: the budget is 1 s beyond that unloaded baseline.
 */
import { readFileSync } from 'node:fs';
import * as assert from 'uvu/assert';
import type { TestServer } from '../e2e/harness';
import type { Client } from './helpers';

export const RSS_BUDGET_MB = 200;
export const WAIT_BUDGET_MS = 1000;

function adminAuth(server: TestServer): string {
  const password = readFileSync(`${server.dataDir}/admin-password`, 'utf8').trim();
  return 'Basic ' + Buffer.from(`admin:${password}`).toString('base64');
}

/** GET /db/_oja_stats as the admin: open databases, memory, CPU time and the serving process's id. */
export async function serverStats(server: TestServer): Promise<{ pid?: number; feeds?: number; cpu?: { user: number; system: number }; databases: { open: number; in_use: number }; memory: { rss: number } }> {
  const res = await fetch(`${server.url}/db/_oja_stats`, { headers: { Authorization: adminAuth(server) } });
  assert.is(res.status, 200, 'the admin reads the stats');
  return (await res.json()) as never;
}

/** The process that serves requests: the supervisor's worker (its stats say), or the started process itself. */
export async function servingPid(server: TestServer): Promise<number> {
  return (await serverStats(server)).pid ?? server.process.pid!;
}

/** Resident memory of a process in MB (0 once it is gone). */
export function rssMb(pid: number): number {
  try {
    const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
    return kb / 1024;
  } catch {
    return 0;
  }
}

export type Cost = { rssBeforeMb: number; rssPeakMb: number; rssGrowthMb: number; baselineMs: number; waitMs: number; probes: number };

/** Times one request of the other shop (its database's info: the lightest thing a till asks). */
async function timed(other: Client, path: string): Promise<number> {
  const started = performance.now();
  const res = await other.call('GET', path);
  if (res.status !== 200) throw new Error(`the other shop's request answered ${res.status}`);
  return performance.now() - started;
}

/**
 * Runs `attack` and measures what it costs the server: peak RSS growth and the longest wait of `other`'s
 * request to `path` while it runs (and the one after it ends, which a blocked loop also holds).
 */
export async function costOf<T>(server: TestServer, other: Client, path: string, attack: () => Promise<T>): Promise<Cost & { result: T }> {
  const pid = await servingPid(server);
  const warm: number[] = [];
  for (let i = 0; i < 5; i++) warm.push(await timed(other, path));
  const baselineMs = Math.max(...warm);
  const rssBeforeMb = rssMb(pid);
  let rssPeakMb = rssBeforeMb;
  const sampler = setInterval(() => (rssPeakMb = Math.max(rssPeakMb, rssMb(pid))), 25);
  let running = true;
  let waitMs = 0;
  let probes = 0;
  const prober = (async () => {
    while (running) {
      try {
        waitMs = Math.max(waitMs, await timed(other, path));
      } catch {
        // The server stopped answering (it died): no wait could be longer.
        waitMs = Infinity;
        return;
      }
      probes += 1;
    }
  })();
  try {
    const result = await attack();
    running = false;
    await prober;
    return { result, rssBeforeMb, rssPeakMb, rssGrowthMb: rssPeakMb - rssBeforeMb, baselineMs, waitMs, probes };
  } finally {
    running = false;
    clearInterval(sampler);
  }
}

/** Asserts the budget and prints the figures (the closing note quotes them). */
export function withinBudget(what: string, cost: Cost): void {
  console.log(`${what}: RSS +${cost.rssGrowthMb.toFixed(0)} MB (${cost.rssBeforeMb.toFixed(0)} → ${cost.rssPeakMb.toFixed(0)}), other shop waited at most ${cost.waitMs.toFixed(0)} ms (baseline ${cost.baselineMs.toFixed(0)} ms, ${cost.probes} requests)`);
  assert.ok(cost.rssGrowthMb <= RSS_BUDGET_MB, `${what}: RSS grew ${cost.rssGrowthMb.toFixed(0)} MB`);
  assert.ok(cost.waitMs <= WAIT_BUDGET_MS + cost.baselineMs, `${what}: another shop waited ${cost.waitMs.toFixed(0)} ms (baseline ${cost.baselineMs.toFixed(0)} ms)`);
}

/** CPU time a process has used so far, in seconds (user + system, from /proc/<pid>/stat). */
export function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may hold spaces) start at its closing parenthesis; utime and stime are 14 and 15.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

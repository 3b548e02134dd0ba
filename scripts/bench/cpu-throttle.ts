/**
 * `--cpu-throttle N`: the whole browser (page, SharedWorker, every Chromium process) slowed N times, as on a shop's
 * slow laptop. DevTools' Emulation.setCPUThrottlingRate serves pages only: Chromium refuses it on workers, and a
 * DevTools session on the app's SharedWorker left it answering nothing (issue 31). So the browser runs in a Linux
 * cgroup whose CPU quota is 1/N of this machine's cores: every process Chromium starts inherits the group, and the
 * kernel lets the group run at most (cores / N) CPU-seconds per second. The Oja server stays outside it (a shop's
 * server is not its laptop).
 *
 * How: a wrapper script joins the group (its own pid into cgroup.procs) and execs Chromium; CHROMIUM_PATH points at
 * it while `fn` runs, so every launch in the benches (tests/e2e/harness.ts's launchBrowser, run.ts's launch) goes
 * through it. cgroup v2 (`cpu.max`) where the unified hierarchy has the cpu controller, else v1 (`cpu.cfs_quota_us`
 * under /sys/fs/cgroup/cpu). Needs root (or a delegated, writable cgroup); otherwise it says so and stops.
 *
 * What N× means here: the quota caps the browser at cores/N, so work that would use the whole machine takes N times
 * longer. On a machine other processes already load, 1× gets less than every core too, so the ratio between the
 * columns is below N where the load takes the browser's share anyway: read the figures with the load average.
 */
import { chmodSync, existsSync, mkdirSync, readFileSync, rmdirSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The quota's period (the kernel's default 100 ms unless CPU_THROTTLE_PERIOD_MS says otherwise). Within each
 * period the group runs at full speed until its share is spent, then stops until the next: at 4× on 2 cores a
 * 100 ms period means 50 ms of running then up to 50 ms of standing still, a stutter a slow CPU does not have
 * (it is slower all the time). A short period (10 ms: 5 ms running, at most 5 ms still) is closer to a slow
 * laptop for latencies like a keystroke's; the long one is kept as the default so earlier figures compare.
 */
const PERIOD_US = Math.round(1000 * (Number(process.env.CPU_THROTTLE_PERIOD_MS) || 100));
export const THROTTLE_PERIOD_MS = PERIOD_US / 1000;

type Group = { dir: string; version: 1 | 2 };

function makeGroup(name: string, quotaUs: number): Group {
  const v2root = '/sys/fs/cgroup';
  const v2 = existsSync(join(v2root, 'cgroup.controllers')) && readFileSync(join(v2root, 'cgroup.controllers'), 'utf8').split(/\s+/).includes('cpu');
  try {
    if (v2) {
      // The cpu controller must be enabled for the root's children (already so on most systemd machines).
      if (!readFileSync(join(v2root, 'cgroup.subtree_control'), 'utf8').includes('cpu')) writeFileSync(join(v2root, 'cgroup.subtree_control'), '+cpu');
      const dir = join(v2root, name);
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, 'cpu.max'), `${quotaUs} ${PERIOD_US}`);
      return { dir, version: 2 };
    }
    const dir = join('/sys/fs/cgroup/cpu', name);
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'cpu.cfs_period_us'), String(PERIOD_US));
    writeFileSync(join(dir, 'cpu.cfs_quota_us'), String(quotaUs));
    return { dir, version: 1 };
  } catch (e) {
    throw new Error(
      `--cpu-throttle needs a writable cgroup (run the bench as root, or delegate a cgroup to this user): ${e instanceof Error ? e.message : String(e)}`,
    );
  }
}

/** Seconds the kernel held the group back (cpu.stat): proof the quota bit, printed beside the figures. */
function throttledSeconds(group: Group): number {
  const stat = readFileSync(join(group.dir, 'cpu.stat'), 'utf8');
  const v2 = stat.match(/throttled_usec (\d+)/);
  if (v2) return Number(v2[1]) / 1e6;
  const v1 = stat.match(/throttled_time (\d+)/);
  return v1 ? Number(v1[1]) / 1e9 : NaN;
}

export type Throttled<T> = { result: T; throttledS: number; quotaCores: number };

/** Runs `fn` with every Chromium it launches held to (cores / factor) of the CPU. factor ≤ 1: no group at all. */
export async function withCpuThrottle<T>(factor: number, fn: () => Promise<T>): Promise<Throttled<T>> {
  const cores = cpus().length;
  if (factor <= 1) return { result: await fn(), throttledS: 0, quotaCores: cores };
  const quotaCores = cores / factor;
  const group = makeGroup(`oja-bench-${process.pid}-${factor}x`, Math.round(quotaCores * PERIOD_US));
  const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  const wrapper = join(tmpdir(), `oja-bench-chromium-${process.pid}-${factor}x.sh`);
  writeFileSync(wrapper, `#!/bin/sh\n# Joins the bench's CPU-quota cgroup, then is Chromium.\necho $$ > '${group.dir}/cgroup.procs' || exit 1\nexec '${chromium}' "$@"\n`);
  chmodSync(wrapper, 0o755);
  const before = process.env.CHROMIUM_PATH;
  process.env.CHROMIUM_PATH = wrapper;
  try {
    const result = await fn();
    return { result, throttledS: throttledSeconds(group), quotaCores };
  } finally {
    if (before === undefined) delete process.env.CHROMIUM_PATH;
    else process.env.CHROMIUM_PATH = before;
    rmSync(wrapper, { force: true });
    // Chromium's processes have exited by now (browser.close() waits); a straggler keeps the group a moment.
    for (let i = 0; i < 50; i++) {
      try {
        rmdirSync(group.dir);
        break;
      } catch {
        await new Promise((r) => setTimeout(r, 100));
      }
    }
  }
}

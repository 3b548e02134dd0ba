/**
 * A crash is not an outage (issue 37): this process serves nothing itself; it runs one serving process
 * (./serve.ts) with Node's `cluster` and starts a new one when it dies. Exactly one: the embedded LevelDB
 * can be opened by one process only, so the next starts after the last has exited (its lock is then free).
 *
 * A worker that dies soon after it started (within STABLE_MS) counts as a crash loop: each such restart
 * waits twice as long as the one before (from RESTART_MIN_MS up to RESTART_MAX_MS), so a server that cannot
 * start (a full disk, a bad setting) does not spin; one that ran a while is restarted at once.
 *
 * The listening socket: with PORT=0 the port is picked here, once, so a restarted worker listens where the
 * first one did. SIGINT/SIGTERM are passed to the worker, which closes its connections and exits; then this
 * process exits too. A worker whose supervisor is gone exits on its own (cluster's IPC channel closes).
 */
import cluster, { type Worker } from 'node:cluster';
import { createServer } from 'node:net';

const RESTART_MIN_MS = 250;
const RESTART_MAX_MS = 30_000;
const STABLE_MS = 30_000;
/** How long a worker asked to stop may take before it is killed. */
const STOP_GRACE_MS = 10_000;

/** A free port on `host`, as the OS gives one for port 0 (the first worker listens on it right after). */
function freePort(host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, host, () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export async function supervise(): Promise<void> {
  const host = process.env.HOST ?? '127.0.0.1';
  const port = process.env.PORT === '0' ? String(await freePort(host)) : process.env.PORT;
  // The worker accepts its connections itself (no hand-over through this process for each one).
  cluster.schedulingPolicy = cluster.SCHED_NONE;
  let worker: Worker | undefined;
  let stopping = false;
  let delay = RESTART_MIN_MS;
  let restarts = 0;

  const start = () => {
    const startedAt = Date.now();
    // More threads than libuv's 4: LevelDB reads, gzip and PBKDF2 all run there, and one shop's large listing
    // must not leave another's small read queued behind it.
    worker = cluster.fork({ UV_THREADPOOL_SIZE: process.env.UV_THREADPOOL_SIZE ?? '16', ...(port === undefined ? {} : { PORT: port }) });
    worker.once('exit', (code, signal) => {
      worker = undefined;
      if (stopping) process.exit(0);
      const ranMs = Date.now() - startedAt;
      // A worker that ran a while is started again at once; a crash loop waits longer each time.
      const wait = ranMs >= STABLE_MS ? 0 : delay;
      delay = ranMs >= STABLE_MS ? RESTART_MIN_MS : Math.min(delay * 2, RESTART_MAX_MS);
      restarts += 1;
      console.error(`Oja server process exited (${signal ?? `code ${code}`}) after ${Math.round(ranMs / 1000)} s; starting it again in ${wait} ms (restart ${restarts})`);
      setTimeout(() => {
        if (!stopping) start();
      }, wait);
    });
  };

  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      if (!worker) process.exit(0);
      worker.process.kill('SIGTERM');
      setTimeout(() => worker?.process.kill('SIGKILL'), STOP_GRACE_MS).unref();
    });
  }
  start();
}

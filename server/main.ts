/**
 * `npm start`: the Oja server under its supervisor (./supervisor.ts), which runs exactly one serving process
 * (./serve.ts: the app, /api and /db) and starts it again when it dies. OJA_SUPERVISOR=off serves in this very
 * process, without one (a process manager of the host's own, such as systemd, restarts it instead).
 * Settings are read by the serving process: see ./serve.ts and README.
 */
import cluster from 'node:cluster';

if (cluster.isPrimary && process.env.OJA_SUPERVISOR !== 'off') {
  const { supervise } = await import('./supervisor');
  await supervise();
} else {
  await import('./serve');
}

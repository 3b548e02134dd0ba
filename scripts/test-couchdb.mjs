// `npm run test:couchdb`: the server suite (tests/server), the CouchDB-only tests (tests/couchdb: cluster, setup;
// never run by `npm test`, which needs no CouchDB) and the two-device browser tests against a real Apache
// CouchDB 3.5 (COUCH_URL), as `npm test` runs them against the embedded database, ending with the same
// `N passed, N failed` line.
//
// Each test file gets a CouchDB of its own, started fresh from ../shared/couchdb (see scripts/couchdb/control.mjs
// for how couchdb.sh is found: COUCHDB_DIR, COUCHDB_TARBALL, ../shared/couchdb, /work/shared/couchdb) and stopped
// when the file ends, so no two files share databases, users or login counters. With COUCH_URL already set (an
// admin URL, http://NAME:PASSWORD@HOST:PORT) that CouchDB is used instead, files one at a time; they then share it.
// Every CouchDB this script started is stopped at the end, also on failure or Ctrl-C.
//   npm run test:couchdb                         everything below
//   npm run test:couchdb -- tests/server/sync.test.ts     only these files (embedded-only ones are still left out)
//   npm run test:couchdb -- --nodes 3            each file against a three-node cluster
import { spawnSync } from 'node:child_process';
import { rmSync, mkdtempSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { collect, runAll } from './test-files.mjs';
import { findCouchdbScript, startCouchdb } from './couchdb/control.mjs';
import { EMBEDDED_ONLY, TWO_DEVICE_BROWSER_FILES } from './couchdb/suite.mjs';

const args = process.argv.slice(2);
const nodesArg = args.indexOf('--nodes');
const nodes = nodesArg >= 0 ? Number(args[nodesArg + 1]) : 1;
const paths = args.filter((a, i) => !a.startsWith('--') && !(nodesArg >= 0 && i === nodesArg + 1));
const given = process.env.COUCH_URL;

const roots = paths.length ? paths : ['tests/server', 'tests/couchdb', ...TWO_DEVICE_BROWSER_FILES];
const all = roots.flatMap((r) => collect(r));
const files = all.filter((f) => !EMBEDDED_ONLY[f]);
for (const f of all) if (EMBEDDED_ONLY[f]) console.log(`skip ${f}  (embedded only: ${EMBEDDED_ONLY[f]})`);

const found = findCouchdbScript();
if (!given && !found) {
  console.error('No CouchDB: set COUCH_URL, or COUCHDB_DIR to the folder holding couchdb.sh (CI has ../shared/couchdb).');
  process.exit(1);
}
console.log(given ? `CouchDB: the given COUCH_URL (files share it)` : `CouchDB: ${found.script} (${found.from}), ${nodes} node(s), one instance per test file`);

const lanes = given ? 1 : Math.max(1, Math.min(2, cpus().length));
// One folder per lane, reused with --fresh: the release is unpacked once per lane, not once per file.
const laneDirs = Array.from({ length: lanes }, () => mkdtempSync(join(tmpdir(), 'oja-couchdb-lane-')));
const started = Date.now();
const running = new Set();
/** Starts in progress: a signal during one waits for it, so the CouchDB it brings up is stopped too. */
const starting = new Set();
let stopping = false;
async function stopAll() {
  if (stopping) return;
  stopping = true;
  await Promise.allSettled([...starting]);
  await Promise.all([...running].map((c) => c.stop().catch((e) => console.error(String(e)))));
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    console.error(`${signal}: stopping every CouchDB this run started`);
    void stopAll().then(() => {
      for (const d of laneDirs) rmSync(d, { recursive: true, force: true });
      process.exit(130);
    });
  });
}

let setupFailures = 0;
if (spawnSync(process.execPath, ['build.mjs'], { stdio: 'inherit' }).status !== 0) setupFailures++;

let couchSeconds = 0;
// Passwords hashed at 100,000 iterations (CouchDB's PBKDF2-SHA256) rather than its 600,000: the embedded suite's
// cost (PBKDF2-SHA1 at 100,000), so sign-in-heavy files take minutes, not tens of them, on a loaded machine.
// tests/couchdb/couchdb-setup.test.ts sets its own and checks CouchDB applies it.
const SUITE_ENV = { OJA_ENGINE: 'couchdb', PBKDF2_ITERATIONS: process.env.PBKDF2_ITERATIONS || '100000', NO_PROXY: '127.0.0.1,localhost' };

/** No file takes this long unless it hangs (the slowest take ~2 minutes on a loaded machine). */
const FILE_LIMIT_MS = 15 * 60_000;

async function around(lane, file, runWith) {
  const run = (env) => runWith(env, FILE_LIMIT_MS);
  if (given) return run(SUITE_ENV);
  const t0 = Date.now();
  let couch;
  if (stopping) return { file, passed: 0, failed: 1, skipped: 0, output: 'not run: stopping', ms: 0 };
  const start = startCouchdb({ nodes, dir: laneDirs[lane], fresh: true });
  starting.add(start);
  try {
    couch = await start;
    running.add(couch);
  } catch (e) {
    return { file, passed: 0, failed: 1, skipped: 0, output: `CouchDB did not start: ${e}`, ms: Date.now() - t0 };
  } finally {
    starting.delete(start);
  }
  couchSeconds += (Date.now() - t0) / 1000;
  try {
    return await run({ COUCH_URL: couch.adminUrl, ...SUITE_ENV, OJA_COUCHDB_DIR: couch.dir });
  } finally {
    const t1 = Date.now();
    await couch.stop({ remove: false }).catch((e) => console.error(`stopping CouchDB: ${e}`));
    running.delete(couch);
    couchSeconds += (Date.now() - t1) / 1000;
  }
}

let results = [];
try {
  const browserFiles = files.filter((f) => f.includes('/e2e/'));
  const otherFiles = files.filter((f) => !f.includes('/e2e/'));
  results = [...(await runAll(otherFiles, lanes, around)), ...(await runAll(browserFiles, 1, around))];
} finally {
  await stopAll();
  for (const d of laneDirs) rmSync(d, { recursive: true, force: true });
}

const passed = results.reduce((n, r) => n + r.passed, 0);
const failed = results.reduce((n, r) => n + r.failed, 0) + setupFailures;
console.log(`\n${results.length} files on CouchDB in ${((Date.now() - started) / 1000).toFixed(1)} s (starting and stopping CouchDB: ${couchSeconds.toFixed(1)} s over all lanes)`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);

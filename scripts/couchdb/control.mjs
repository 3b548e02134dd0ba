// Starting and stopping a real Apache CouchDB for `npm run test:couchdb`, the cluster tests and
// `npm run bench:server -- --couch`, through the couchdb.sh that ships beside its release tarball.
//
// Where couchdb.sh is found, first match wins (explicit, so a run never picks up a stray copy):
//   1. COUCHDB_DIR: a folder holding couchdb.sh (and, unless COUCHDB_TARBALL says otherwise, the tarball);
//   2. COUCHDB_TARBALL set: the couchdb.sh beside that tarball;
//   3. ../shared/couchdb beside the repository root (how CI lays out a clone: shared/ next to it);
//   4. /work/shared/couchdb (the development machines).
// COUCHDB_TARBALL, when set, is passed on to couchdb.sh (it unpacks that tarball instead of its neighbour).
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** The folders searched for couchdb.sh, in order, each with why it is there. */
export function couchdbCandidates(env = process.env) {
  const list = [];
  if (env.COUCHDB_DIR) list.push({ dir: resolve(env.COUCHDB_DIR), from: 'COUCHDB_DIR' });
  if (env.COUCHDB_TARBALL) list.push({ dir: dirname(resolve(env.COUCHDB_TARBALL)), from: 'COUCHDB_TARBALL' });
  list.push({ dir: resolve(ROOT, '../shared/couchdb'), from: '../shared/couchdb beside the repository' });
  list.push({ dir: '/work/shared/couchdb', from: '/work/shared/couchdb' });
  return list;
}

/** The couchdb.sh to use, or undefined when none of the candidates has one. */
export function findCouchdbScript(env = process.env) {
  for (const { dir, from } of couchdbCandidates(env)) {
    const script = join(dir, 'couchdb.sh');
    if (existsSync(script)) return { script, from };
  }
  return undefined;
}

function portFree(port) {
  return new Promise((ok) => {
    const s = createServer();
    s.once('error', () => ok(false));
    s.listen(port, '127.0.0.1', () => s.close(() => ok(true)));
  });
}

/** A base port whose HTTP (PORT..PORT+2) and Erlang (PORT+10..PORT+12) ports are free now. */
async function freeBase() {
  for (let i = 0; i < 200; i++) {
    const base = 21000 + 20 * Math.floor(Math.random() * 1500);
    const ports = [0, 1, 2, 10, 11, 12].map((d) => base + d);
    let free = true;
    for (const p of ports) if (!(await portFree(p))) free = false;
    if (free) return base;
  }
  throw new Error('no free ports for CouchDB');
}

function sh(script, args, env) {
  return new Promise((ok) => {
    const child = spawn('bash', [script, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '', err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    child.on('close', (code) => ok({ code, out, err }));
  });
}

const ADMIN = { name: 'admin', password: 'password' };

/**
 * Starts a CouchDB of `nodes` nodes (1 or 3) in `dir` (default: a new temporary folder), on free ports; `fresh`
 * clears data left in `dir`. Answers its URLs (`url` without credentials, `adminUrl` with them), the admin, and
 * stop(), restartNode(n), pids() for tests that kill a node.
 */
export async function startCouchdb({ nodes = 1, dir, fresh = true, extraIni } = {}) {
  const found = findCouchdbScript();
  if (!found) throw new Error(`couchdb.sh not found; looked in ${couchdbCandidates().map((c) => c.dir).join(', ')} (set COUCHDB_DIR)`);
  const home = dir ?? mkdtempSync(join(tmpdir(), 'oja-couchdb-'));
  if (extraIni) {
    const { mkdirSync, writeFileSync } = await import('node:fs');
    mkdirSync(join(home, 'local.d'), { recursive: true });
    writeFileSync(join(home, 'local.d', 'oja-test.ini'), extraIni);
  }
  const env = { ...process.env, NO_PROXY: '127.0.0.1,localhost', no_proxy: '127.0.0.1,localhost' };
  let last;
  for (let attempt = 0; attempt < 4; attempt++) {
    const port = await freeBase();
    const args = ['start', '--dir', home, '--port', String(port), '--nodes', String(nodes), '--admin', `${ADMIN.name}:${ADMIN.password}`];
    if (fresh || attempt > 0) args.push('--fresh');
    last = await sh(found.script, args, env);
    if (last.code === 0) {
      const url = /^COUCH_URL=(.*)$/m.exec(last.out)?.[1];
      const urls = (/^COUCH_URLS=(.*)$/m.exec(last.out)?.[1] ?? url).split(/[ ,]+/).filter(Boolean);
      const withAdmin = (u) => u.replace('http://', `http://${ADMIN.name}:${ADMIN.password}@`);
      return {
        dir: home,
        url,
        urls,
        adminUrl: withAdmin(url),
        adminUrls: urls.map(withAdmin),
        admin: ADMIN,
        script: found.script,
        async stop({ remove = !dir } = {}) {
          const r = await sh(found.script, ['stop', '--dir', home], env);
          if (r.code !== 0) throw new Error(`couchdb.sh stop failed: ${r.err}`);
          if (remove) rmSync(home, { recursive: true, force: true });
        },
        async restartNode(n) {
          const r = await sh(found.script, ['restart-node', '--dir', home, '--node', String(n), '--admin', `${ADMIN.name}:${ADMIN.password}`], env);
          if (r.code !== 0) throw new Error(`couchdb.sh restart-node ${n} failed: ${r.err}`);
        },
        async pids() {
          const { readFileSync } = await import('node:fs');
          const map = {};
          for (const line of readFileSync(join(home, 'pids'), 'utf8').split('\n')) {
            const [k, v] = line.split(' ');
            if (k && v) map[k] = Number(v);
          }
          return map;
        },
      };
    }
    // A port taken between our check and couchdb.sh's: try other ports.
    if (!/in use/i.test(last.err)) break;
  }
  throw new Error(`couchdb.sh start failed (${last?.code}):\n${last?.err}`);
}

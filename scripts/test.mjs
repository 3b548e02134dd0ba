// `npm test`: makes sure Chromium is there, type-checks, builds, runs every test file in its own process,
// and ends with the line CI reads: `N passed, N failed`.
//   npm test -- tests/backend            only files under that path (any number of paths or files)
//   npm test -- --no-typecheck           skip tsc and the lint (quick local loops)
//   OXLINT=path/to/oxlint                 the linter's binary when node_modules has none (before npm ci)
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cpus } from 'node:os';
import { collect, runAll } from './test-files.mjs';

const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const LINT_ROOTS = ['commands', 'src', 'worker', 'server', 'scripts', 'tests', 'types', 'build.mjs'];
const args = process.argv.slice(2);
const skipTypecheck = args.includes('--no-typecheck');
const paths = args.filter((a) => !a.startsWith('--'));

function run(cmd, cmdArgs, opts = {}) {
  const r = spawnSync(cmd, cmdArgs, { stdio: 'inherit', ...opts });
  return r.status === 0;
}

function ensureChromium() {
  if (existsSync(CHROMIUM)) return true;
  if (process.getuid?.() === 0) {
    console.log('Chromium is missing: installing Debian\'s chromium package with apt-get');
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    return run('apt-get', ['update', '-qq'], { env }) && run('apt-get', ['install', '-y', '-qq', 'chromium'], { env }) && existsSync(CHROMIUM);
  }
  console.error(`Chromium is missing at ${CHROMIUM}. Install it with: sudo apt-get install -y chromium (or set CHROMIUM_PATH).`);
  return false;
}

const started = Date.now();
let setupFailures = 0;
if (!ensureChromium()) setupFailures++;
if (!skipTypecheck) {
  console.log('type check (tsc --noEmit)');
  for (const project of ['tsconfig.json', 'tsconfig.sw.json']) {
    if (!run(process.execPath, ['node_modules/typescript/bin/tsc', '--noEmit', '-p', project])) setupFailures++;
  }
}
if (!skipTypecheck) {
  // The walls between commands/, src/ and worker/, every PouchDB write through worker/writes.ts, and no unused
  // imports or variables (.oxlintrc.json); well under a second.
  console.log('lint (oxlint)');
  const oxlint = process.env.OXLINT || 'node_modules/oxlint/bin/oxlint';
  if (!existsSync(oxlint)) {
    console.error(`The linter is missing at ${oxlint}: run npm ci (or npm install).`);
    setupFailures++;
  } else if (!run(process.execPath, [oxlint, '--deny-warnings', ...LINT_ROOTS])) setupFailures++;
}
if (!run(process.execPath, ['build.mjs'])) setupFailures++;

const roots = paths.length ? paths : ['tests/unit', 'tests/backend', 'tests/server', 'tests/e2e'];
const files = roots.flatMap((r) => collect(r));
const browserFiles = files.filter((f) => f.includes('/e2e/'));
const otherFiles = files.filter((f) => !f.includes('/e2e/'));
const lanes = Math.max(1, Math.min(2, cpus().length));

// Browser files run one at a time: each drives a server and a Chromium, and two at once on a 2-core machine
// starve each other into timeouts that say nothing about the product.
const results = [...(await runAll(otherFiles, lanes)), ...(await runAll(browserFiles, 1))];

const passed = results.reduce((n, r) => n + r.passed, 0);
const failed = results.reduce((n, r) => n + r.failed, 0) + setupFailures;
const skipped = results.reduce((n, r) => n + r.skipped, 0);
console.log(`\n${results.length} files in ${((Date.now() - started) / 1000).toFixed(1)} s${setupFailures ? `; ${setupFailures} setup step(s) failed` : ''}`);
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed ? 1 : 0);

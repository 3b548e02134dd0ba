// `npm test`: makes sure Chromium is there, type-checks, builds, runs every test file in its own process,
// and ends with the line CI reads: `N passed, N failed`.
//   npm test -- tests/backend            only files under that path (any number of paths or files)
//   npm test -- --no-typecheck           skip tsc and the lint (quick local loops)
//   OXLINT=path/to/oxlint                 the linter's binary when node_modules has none (before npm ci)
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';

const CSS_STUB = new URL('./css-stub.mjs', import.meta.url).href;
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

function collect(dir, out = []) {
  if (!existsSync(dir)) return out;
  if (statSync(dir).isFile()) return dir.endsWith('.test.ts') ? [...out, dir] : out;
  for (const name of readdirSync(dir).sort()) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) collect(p, out);
    else if (name.endsWith('.test.ts')) out.push(p);
  }
  return out;
}

/** Runs one test file; uvu prints Total/Passed/Skipped per process. A crash counts as one failure. */
function runFile(file) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(process.execPath, ['--import', 'tsx', '--import', CSS_STUB, file], { env: { ...process.env, FORCE_COLOR: '0' } });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('close', (code) => {
      const num = (label) => Number(output.match(new RegExp(`${label}:\\s+(\\d+)`))?.[1] ?? NaN);
      const total = num('Total');
      const passed = num('Passed');
      const skipped = num('Skipped') || 0;
      let failed = Number.isNaN(total) ? 1 : total - passed - skipped;
      if (code !== 0 && failed === 0) failed = 1;
      // uvu swallows an error thrown by a before() hook (its runner returns from `finally`): say so.
      if (failed && !/FAIL /.test(output)) output += '\n(no test reported a failure: a before() hook probably threw; see its output above)\n';
      resolve({ file, passed: Number.isNaN(passed) ? 0 : passed, failed, skipped, output, ms: Date.now() - started });
    });
  });
}

async function runAll(files, concurrency) {
  const results = [];
  let next = 0;
  async function lane() {
    while (next < files.length) {
      const file = files[next++];
      const r = await runFile(file);
      const status = r.failed ? 'FAIL' : 'ok  ';
      console.log(`${status} ${file}  (${r.passed} passed${r.failed ? `, ${r.failed} failed` : ''}, ${(r.ms / 1000).toFixed(1)} s)`);
      if (r.failed) console.log(r.output.split('\n').map((l) => `    ${l}`).join('\n'));
      results.push(r);
    }
  }
  await Promise.all(Array.from({ length: Math.min(concurrency, files.length) }, lane));
  return results;
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

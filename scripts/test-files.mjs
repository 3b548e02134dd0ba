// Shared by `npm test` (./test.mjs) and `npm run test:couchdb` (./test-couchdb.mjs): finding test files and running
// each in its own process, counting uvu's Total/Passed/Skipped lines.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const CSS_STUB = new URL('./css-stub.mjs', import.meta.url).href;

export function collect(dir, out = []) {
  if (!existsSync(dir)) return out;
  if (statSync(dir).isFile()) return dir.endsWith('.test.ts') ? [...out, dir] : out;
  for (const name of readdirSync(dir).sort()) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) collect(p, out);
    else if (name.endsWith('.test.ts')) out.push(p);
  }
  return out;
}

/**
 * Runs one test file; uvu prints Total/Passed/Skipped per process. A crash counts as one failure, and so does a
 * file still running after `limitMs` (0: no limit), which is then stopped.
 */
export function runFile(file, env = {}, limitMs = 0) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(process.execPath, ['--import', 'tsx', '--import', CSS_STUB, file], { env: { ...process.env, FORCE_COLOR: '0', ...env } });
    let output = '';
    const timer = limitMs
      ? setTimeout(() => {
          output += `\n(stopped: still running after ${limitMs / 60000} minutes)\n`;
          child.kill('SIGTERM');
        }, limitMs)
      : undefined;
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('close', (code) => {
      clearTimeout(timer);
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

/**
 * Runs the files in `concurrency` lanes. `around(lane, file, run)` (optional) wraps each file's run, e.g. to start a
 * database for it and pass its address in the environment: it calls run(env, limitMs) and answers what that answers.
 */
export async function runAll(files, concurrency, around = (_lane, _file, run) => run({}, 0)) {
  const results = [];
  let next = 0;
  async function lane(index) {
    while (next < files.length) {
      const file = files[next++];
      const r = await around(index, file, (env, limitMs) => runFile(file, env, limitMs));
      const status = r.failed ? 'FAIL' : 'ok  ';
      console.log(`${status} ${file}  (${r.passed} passed${r.failed ? `, ${r.failed} failed` : ''}, ${(r.ms / 1000).toFixed(1)} s)`);
      if (r.failed) console.log(r.output.split('\n').map((l) => `    ${l}`).join('\n'));
      results.push(r);
    }
  }
  await Promise.all(Array.from({ length: Math.min(concurrency, files.length) }, (_, i) => lane(i)));
  return results;
}

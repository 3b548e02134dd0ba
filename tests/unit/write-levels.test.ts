/**
 * The server refuses any document whose kind is not in the permission table (commands/permissions.ts), so
 * every kind the app, the worker or the server writes must be listed there, or the app's own writes would
 * be refused. This reads every `stores: '…'` the sources write and fails on any kind missing from the table
 * (device-only kinds aside: they never reach the server).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { DEVICE_ONLY_KINDS, mayWrite, WRITE_LEVELS } from '../../commands/permissions';

const ROOT = join(import.meta.dirname, '..', '..');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

test('every kind the sources write is in the permission table (or device-only)', () => {
  const kinds = new Map<string, string>();
  for (const dir of ['worker', 'commands', 'server', 'src']) {
    for (const file of sources(join(ROOT, dir))) {
      for (const m of readFileSync(file, 'utf8').matchAll(/stores: ?'([^']+)'/g)) kinds.set(m[1], file.slice(ROOT.length + 1));
    }
  }
  // Clients are written with their kind from the input (worker/clients/handlers.ts).
  kinds.set('customer', 'worker/clients/handlers.ts');
  kinds.set('supplier', 'worker/clients/handlers.ts');
  assert.ok(kinds.size > 25, `only ${kinds.size} kinds found: the pattern no longer matches the sources`);
  const missing = [...kinds].filter(([kind]) => !Object.prototype.hasOwnProperty.call(WRITE_LEVELS, kind) && !(DEVICE_ONLY_KINDS as readonly string[]).includes(kind));
  assert.equal(missing, [], `kinds written but not in commands/permissions.ts: ${missing.map(([k, f]) => `${k} (${f})`).join(', ')}`);
});

test('an unknown kind, no kind or an inherited name is written by nobody', () => {
  for (const kind of [undefined, '', 'note', '__proto__', 'constructor', 'toString']) {
    for (const level of [0, 1, 2, 3, 4]) assert.not.ok(mayWrite(kind, level), `${kind} at level ${level}`);
  }
  assert.ok(mayWrite('sale', 3));
  assert.not.ok(mayWrite('sale', 4));
});

test.run();

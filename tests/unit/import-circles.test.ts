import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { findCircles } from '../../scripts/import-circles';

test('no import circle in src, worker, commands, server, scripts or tests (type imports included)', () => {
  const circles = findCircles(['src', 'worker', 'commands', 'server', 'scripts', 'tests']).map((c) =>
    c.map((p) => relative(process.cwd(), p)).join(' → '),
  );
  assert.equal(circles, []);
});

test('the checker finds a circle made only of type imports and dynamic imports', () => {
  const dir = mkdtempSync(join(tmpdir(), 'circles-'));
  try {
    mkdirSync(join(dir, 'a'));
    writeFileSync(join(dir, 'a', 'one.ts'), "import type { Two } from '../two';\nexport type One = Two;\n");
    writeFileSync(join(dir, 'two.ts'), "export type Two = import('./three').Three;\n");
    writeFileSync(join(dir, 'three.tsx'), "export type Three = string;\nexport const load = () => import('./a/one');\n");
    writeFileSync(join(dir, 'leaf.ts'), "import './two';\n");
    const circles = findCircles([dir]);
    assert.is(circles.length, 1);
    assert.equal(circles[0].map((p) => relative(dir, p)).sort(), ['a/one.ts', 'three.tsx', 'two.ts']);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test.run();

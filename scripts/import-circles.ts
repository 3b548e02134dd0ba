// Import circles among the project's own files. Type-only imports count: they tie files together too (a
// change to one re-checks the other, and a leaf module is what keeps the layers readable).
//   npx tsx scripts/import-circles.ts src worker commands server   prints each circle; exits 1 when any exists
// tests/unit/import-circles.test.ts runs it on every `npm test`.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const SOURCE = /\.(ts|tsx|mjs|js)$/;
const EXTENSIONS = ['', '.ts', '.tsx', '.mjs', '.js', '/index.ts', '/index.tsx'];
// import … from './x', export … from './x', import './x', import('./x') (dynamic and type positions).
const SPECIFIERS = /(?:import|export)\s[^'"`;]*?from\s*['"](\.[^'"]+)['"]|import\s*['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)/g;

function listFiles(roots: string[]): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const p = join(dir, name);
      if (statSync(p).isDirectory()) walk(p);
      else if (SOURCE.test(name) && !name.endsWith('.d.ts')) files.push(resolve(p));
    }
  };
  roots.filter((r) => existsSync(r)).forEach(walk);
  return files;
}

/** The import graph of the files under `roots`: file → files it imports (relative imports only). */
export function importGraph(roots: string[]): Map<string, string[]> {
  const files = listFiles(roots);
  const known = new Set(files);
  const graph = new Map<string, string[]>(files.map((f) => [f, []]));
  for (const file of files) {
    for (const m of readFileSync(file, 'utf8').matchAll(SPECIFIERS)) {
      const base = resolve(dirname(file), (m[1] ?? m[2] ?? m[3]).replace(/\.js$/, ''));
      const target = EXTENSIONS.map((e) => base + e).find((p) => known.has(p));
      if (target) graph.get(file)!.push(target);
    }
  }
  return graph;
}

/** Strongly connected components of more than one file (Tarjan), each a list of absolute paths. */
export function findCircles(roots: string[]): string[][] {
  const graph = importGraph(roots);
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  let next = 0;
  const visit = (v: string): void => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v)!) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const component: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    if (component.length > 1) circles.push(component);
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return circles;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const roots = process.argv.slice(2);
  const circles = findCircles(roots.length ? roots : ['src', 'worker', 'commands', 'server']);
  for (const c of circles) console.log(`circle of ${c.length}: ${c.map((p) => relative(process.cwd(), p)).join(', ')}`);
  const count = circles.reduce((n, c) => n + c.length, 0);
  console.log(`files in import circles: ${count}`);
  process.exit(count ? 1 : 0);
}

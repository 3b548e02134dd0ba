// Builds Oja into dist/: the app bundle (+ its CSS), the worker bundle, the service worker, index.html, and
// public/'s files as they are (the web app manifest and its icons: scripts/icons.mjs draws them).
// `node build.mjs --watch` rebuilds on change for development.
import { createHash } from 'node:crypto';
import { copyFile, cp, mkdir, readdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import * as esbuild from 'esbuild';

const watch = process.argv.includes('--watch');
// DIST_DIR: another folder (the benchmarks build there, so a run never serves a build made under it).
const outdir = process.env.DIST_DIR || 'dist';
const production = !watch;

const common = {
  bundle: true,
  sourcemap: true,
  minify: production,
  target: ['chrome110', 'firefox110', 'safari16'],
  define: { 'process.env.NODE_ENV': JSON.stringify(production ? 'production' : 'development'), global: 'globalThis' },
  logLevel: 'warning',
};

/** The service worker caches exactly the files of this build, under a cache named by their hash. */
async function writeServiceWorker() {
  // Every chunk too (dist/chunks/): a screen first opened offline must come from the cache.
  const files = (await readdir(outdir, { recursive: true }))
    .map((f) => f.split('\\').join('/'))
    .filter((f) => /\.[a-z]+$/.test(f) && !f.endsWith('.map') && f !== 'sw.js')
    .sort();
  const hash = createHash('sha256');
  for (const f of files) hash.update(f).update(await readFile(join(outdir, f)));
  const buildId = hash.digest('hex').slice(0, 12);
  const shell = ['/', ...files.map((f) => `/${f}`)];
  await esbuild.build({
    ...common,
    entryPoints: ['src/sw.ts'],
    outfile: join(outdir, 'sw.js'),
    format: 'iife',
    define: { ...common.define, BUILD_ID: JSON.stringify(buildId), SHELL_FILES: JSON.stringify(shell) },
  });
}

const afterBuild = {
  name: 'shell-files',
  setup(build) {
    build.onEnd(async (result) => {
      if (result.errors.length) return;
      await copyFile('index.html', join(outdir, 'index.html'));
      // Before the service worker is written: it caches these too (an installed app's icons work offline).
      await cp('public', outdir, { recursive: true });
      await writeServiceWorker();
    });
  },
};

/**
 * jsPDF (the shared PDF's chunk, src/share/pdf-file.ts) imports html2canvas and canvg lazily for its .html() and
 * SVG images, which Oja never calls: stubbed, so they are not two more chunks (360 KB) the service worker caches.
 */
const jspdfExtras = {
  name: 'jspdf-extras',
  setup(build) {
    build.onResolve({ filter: /^(html2canvas|canvg)$/ }, (args) => (/[\\/]jspdf[\\/]/.test(args.importer) ? { path: args.path, namespace: 'jspdf-extra' } : undefined));
    build.onLoad({ filter: /.*/, namespace: 'jspdf-extra' }, () => ({ contents: 'export default undefined;', loader: 'js' }));
  },
};

const app = {
  ...common,
  entryPoints: { app: 'src/main.tsx' },
  outdir,
  format: 'esm',
  // Screens are dynamic imports (src/routes.tsx): each becomes a chunk, code they share a shared chunk.
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  jsx: 'automatic',
  loader: { '.png': 'dataurl', '.svg': 'dataurl' },
  plugins: [jspdfExtras],
};

const worker = {
  ...common,
  entryPoints: { worker: 'worker/main.ts' },
  outdir,
  format: 'esm',
  // Node-only storage adapters: never loaded in the browser (worker/pouch.ts picks indexeddb there).
  external: ['pouchdb-adapter-memory', 'pouchdb-adapter-leveldb'],
  plugins: [afterBuild],
};

await rm(outdir, { recursive: true, force: true });
await mkdir(outdir, { recursive: true });

if (watch) {
  const contexts = await Promise.all([esbuild.context(app), esbuild.context(worker)]);
  await Promise.all(contexts.map((c) => c.watch()));
  console.log('watching for changes');
} else {
  const started = Date.now();
  await esbuild.build(app);
  await esbuild.build(worker);
  console.log(`built ${outdir}/ in ${Date.now() - started} ms`);
}

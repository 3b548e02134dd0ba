/** Serves the built app from dist/: files as they are, every other GET path gets index.html (history routes). */
import express from 'express';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

export function staticApp(distDir = resolve(process.env.DIST_DIR || 'dist')): express.Router {
  if (!existsSync(join(distDir, 'index.html'))) throw new Error(`No built app in ${distDir}: run npm run build first`);
  const router = express.Router();
  // The service worker must be revalidated on every load, or a new build would wait a day to reach users.
  router.get('/sw.js', (_req, res, next) => {
    res.setHeader('Cache-Control', 'no-cache');
    next();
  });
  router.use(express.static(distDir, { index: false, fallthrough: true }));
  router.get(/^\/(?!db\/|api\/).*/, (req, res, next) => {
    if (req.method !== 'GET' || /\.[a-z0-9]+$/i.test(req.path)) return next();
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(join(distDir, 'index.html'));
  });
  return router;
}

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
  // Any other path is the app's, dots included (/finance/users/ada.obi reloaded answered 'Cannot GET' while
  // the fallback skipped paths with a dot), unless it is a file the page itself asks for (a script, a style, an
  // image: no 'text/html' in Accept) that is not there: that gets a plain 404, not the app's HTML as a script.
  router.get(/^\/(?!db\/|api\/).*/, (req, res) => {
    const asset = /\.[a-z0-9]+$/i.test(req.path) && !(req.get('accept') ?? '').includes('text/html');
    if (asset) {
      res.status(404).json({ error: 'not_found', reason: 'No such file' });
      return;
    }
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(join(distDir, 'index.html'));
  });
  return router;
}

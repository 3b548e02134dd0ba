// Node test processes import screens that import their stylesheets (esbuild bundles those for the browser);
// in Node a `.css` import becomes an empty module instead of failing with ERR_UNKNOWN_FILE_EXTENSION.
import { register } from 'node:module';

const hook = `export async function load(url, context, next) {
  if (url.endsWith('.css')) return { format: 'module', source: '', shortCircuit: true };
  return next(url, context);
}`;
register('data:text/javascript,' + encodeURIComponent(hook));

/**
 * What the embedded server's document checks cost, kept in proportion to a request. pouchdb-validation (and
 * pouchdb-security and pouchdb-auth, through pouchdb-bulkdocs-wrapper) check every document of a _bulk_docs at
 * once, and pouchdb-validation reads the design documents and compiles validate_doc_update anew for each: 5000
 * small documents took the process from 146 MB to 733 MB (measured over HTTP). Here, before express-pouchdb
 * loads them:
 * - one compiled copy of each validate_doc_update text serves every document (the function is pure ES5 and
 *   needs no require()). Since issue 36 the text is one small function for every business (./validate.ts;
 *   before, a 67 kB text per business held 0.3-0.9 MB of heap per compiled copy), so the cache holds one entry;
 *   the MAX_COMPILED bound stays for a server whose businesses are not all brought up to date yet;
 * - the per-document checks of a batch run at most CHECKS_AT_ONCE at a time, in order (the answers are the
 *   same: each check looks at its own document only).
 */
import type { createRequire } from 'node:module';

type Require = ReturnType<typeof createRequire>;
type CouchEval = { evaluate(context: unknown, extraVars: Record<string, unknown> | undefined, program: string): unknown };
type Handler = (doc: { _id?: string }, args: BulkArgs) => Promise<unknown>;
type BulkArgs = { docs: { _id?: string }[] };

/** Compiled validate_doc_update functions kept (the businesses writing at once, with room). */
const MAX_COMPILED = 64;
const CHECKS_AT_ONCE = 32;

export function installLeanValidation(require: Require): void {
  const couchEval = require('couchdb-eval') as CouchEval;
  const compile = couchEval.evaluate.bind(couchEval);
  const compiled = new Map<string, unknown>();
  couchEval.evaluate = (context, extraVars, program) => {
    // Only the plain call (no extra variables) is shared; anything else compiles as before.
    if (Object.keys(extraVars ?? {}).length) return compile(context, extraVars, program);
    const hit = compiled.get(program);
    if (hit) {
      // Most recently used last: the Map keeps insertion order, so its first key is the one to drop.
      compiled.delete(program);
      compiled.set(program, hit);
      return hit;
    }
    const func = compile(context, extraVars, program);
    if (compiled.size >= MAX_COMPILED) compiled.delete(compiled.keys().next().value!);
    compiled.set(program, func);
    return func;
  };
  // The wrapper's module is replaced in the require cache before its users load it (they take it at load).
  const path = require.resolve('pouchdb-bulkdocs-wrapper');
  require(path);
  require.cache[path]!.exports = (handler: Handler) => pooledBulkDocs.bind(null, handler);
}

/** pouchdb-bulkdocs-wrapper's contract: refused documents' errors first, then the database's answers. */
async function pooledBulkDocs(handler: Handler, bulkDocs: () => Promise<unknown[]>, args: BulkArgs): Promise<unknown[]> {
  const docs = args.docs;
  const passed: boolean[] = new Array(docs.length).fill(false);
  const refused: unknown[] = [];
  let next = 0;
  const worker = async () => {
    while (next < docs.length) {
      const i = next++;
      try {
        await handler(docs[i], args);
        passed[i] = true;
      } catch (err) {
        (err as { id?: string }).id = docs[i]._id;
        refused.push(err);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(CHECKS_AT_ONCE, docs.length) }, worker));
  args.docs = docs.filter((_, i) => passed[i]);
  const answers = await bulkDocs();
  return refused.concat(answers);
}

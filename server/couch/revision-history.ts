/**
 * Keeps a replicated document's own revision history through validation on the embedded server.
 *
 * pouchdb-validation (express-pouchdb's 'validation' part) sets every incoming document's `_revisions` to the
 * stored document's before it runs validate_doc_update. For a replicator's write (`new_edits: false`) that
 * history is the write itself: with the stored history the new revision is filed as the old one, so nothing
 * changes, and the answer is still a success. Every update and deletion a till pushed was dropped that way
 * (settings stayed at revision 1 on the server, deleted sales stayed on every other device) while the till
 * counted them as pushed. Apache CouchDB (COUCH_URL) has no such step.
 *
 * The fix wraps the validation from both sides, on the same call: an outer handler notes each document's own
 * history, an inner one (run after validation, right before the write) puts it back.
 */
type Doc = { _revisions?: unknown };
type Args = { docs?: Doc[]; doc?: Doc };
type Handler = (next: () => Promise<unknown>, args: Args) => Promise<unknown>;
type Wrapped = { _handlers?: Handler[] };

const NONE = Symbol('no _revisions');
const noted = new WeakMap<Doc, unknown>();

const docsOf = (args: Args): Doc[] => (args.docs ?? (args.doc ? [args.doc] : [])).filter((d) => d && typeof d === 'object');

const note: Handler = (next, args) => {
  for (const doc of docsOf(args)) noted.set(doc, '_revisions' in doc ? doc._revisions : NONE);
  return next();
};

const restore: Handler = (next, args) => {
  for (const doc of docsOf(args)) {
    if (!noted.has(doc)) continue;
    const own = noted.get(doc);
    if (own === NONE) delete doc._revisions;
    else doc._revisions = own;
  }
  return next();
};

/**
 * Installs note (outermost) and restore (innermost) around whatever wrappers `db`'s bulkDocs and put already
 * carry (none: nothing to do): call it after express-pouchdb's validation wrapper is installed on the database.
 */
export function keepRevisionHistory(db: Record<string, unknown>): void {
  for (const method of ['bulkDocs', 'put'] as const) {
    const wrapped = db[method] as Wrapped | undefined;
    // Without validation's wrapper nothing rewrites the history. pouchdb-wrappers calls _handlers[0] first and
    // the last one right before the real method.
    if (!wrapped?._handlers) continue;
    wrapped._handlers.unshift(note);
    wrapped._handlers.push(restore);
  }
}

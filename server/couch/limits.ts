/**
 * Every bound of the /db endpoint for members, in one place, each sized from what the app itself sends so that
 * a real till is never refused, and small enough that no single request moves the server's memory by more than
 * about 200 MB (measured over HTTP against the embedded server: see tests/server/request-bounds.test.ts).
 *
 * What a till sends (the largest of each):
 * - live sync (worker/sync/lane.ts): batches of SYNC_BATCH_SIZE (512) changes: revs_diff of 512 ids, _bulk_get
 *   of 512 revisions or a few more (conflicts), _bulk_docs of up to 512 documents, _changes?limit=512;
 * - catch-up (worker/sync/catch-up.ts): pulls of CATCH_UP_BATCH_SIZE (2000) and pushes of
 *   CATCH_UP_PUSH_BATCH_SIZE (5000): revs_diff of 5000 ids, _bulk_docs of up to 5000 documents;
 * - the snapshot (worker/sync/snapshot.ts): _changes?limit=SNAPSHOT_PAGE (5000)&include_docs=true and a
 *   _bulk_get of the page's documents it must fetch with their history (up to 5000, more with conflicts);
 * - PouchDB's longpoll: heartbeat=10000, no timeout (it holds the request until a change).
 * The app never sends _all_docs with keys or doc_ids to the server; they are bounded like ids.
 */
import { CATCH_UP_PUSH_BATCH_SIZE, SNAPSHOT_PAGE } from '../../commands/sync';

/** Largest document, in characters of its JSON (1 MiB: five times an item's largest picture). */
export const MAX_DOC_CHARS = 1024 * 1024;
export const DOC_TOO_LARGE = 'This document is larger than 1 MB.';
/**
 * While a `_bulk_docs` body streams in, a document is cut off (the whole request refused) only past twice the
 * cap: one a little over 1 MB is refused alone by the gate (server/couch/gate.ts) so the rest of a till's batch
 * is still written and its sync is not stuck on one document; what a request parses into stays bounded by the
 * value counts either way.
 */
export const MAX_STREAMED_DOC_CHARS = 2 * MAX_DOC_CHARS;

/**
 * Ids (or revisions) one request may name: keys of _all_docs, doc_ids of _changes, entries of _bulk_get, ids
 * of _revs_diff. Twice the largest batch the app sends (5000). Measured: 10,000 keys of _all_docs took the
 * server +79 MB (300,000 keys took 40 s and 5.7 GB before this bound), 10,000 _bulk_get entries +31 MB,
 * 10,000 _revs_diff ids +27 MB.
 */
export const MAX_IDS = 2 * Math.max(CATCH_UP_PUSH_BATCH_SIZE, SNAPSHOT_PAGE);
/**
 * Revision ids in one document's `_revisions`: PouchDB's default revs_limit, the history a database keeps
 * anyway. pouchdb-merge's cost grows with the square of the history sent: 60,000 ids held the server 62 s.
 */
export const MAX_REVISIONS = 1000;
/**
 * Entries of one id in a _bulk_docs with new_edits=false (a replication sends each leaf of a conflicted
 * document): 32 leaves is far past any real conflict; 2,000 copies of one id overflowed pouchdb-merge's stack.
 */
export const MAX_LEAVES_PER_ID = 32;

/**
 * What a request's JSON may build, counted on its bytes before it is parsed (./json-shape.ts): a legal body of
 * `[],` builds ~16 times its size in heap, and deep nesting overflows the stack of what walks it later.
 * Sized from the app's documents: the deepest (a sale's line with its units) is under 10 levels in a
 * _bulk_docs; the largest is a stocktake's snapshot (three values an item: 50,000 values is ~16,000 items);
 * the largest request is a push of 5,000 documents of ~100 values. Measured: 1,000,000 values of the worst
 * shape (keys of one object) parse into ~150 MB.
 */
export const MAX_JSON_DEPTH = 64;
export const MAX_MEMBERS = 50_000;
export const MAX_DOC_VALUES = 50_000;
export const MAX_REQUEST_VALUES = 1_000_000;

/** Revisions in one _revs_diff (a document asked about with several leaves counts each). */
export const MAX_REVS = 2 * MAX_IDS;
/**
 * Documents in one _bulk_docs: twice the catch-up push batch. 5000 small documents took +78 MB (with the
 * checks of ./lean-validation.ts; +590 MB without them).
 */
export const MAX_BULK_DOCS = 2 * CATCH_UP_PUSH_BATCH_SIZE;
/**
 * Rows one _changes or _all_docs answer may hold (`limit`, clamped; also when absent): twice the snapshot's
 * page. PouchDB pages by `limit` and reads on from `last_seq`, so a smaller answer only means another page.
 */
export const MAX_ROWS = 2 * SNAPSHOT_PAGE;
/**
 * Longpoll `timeout` and `heartbeat` in ms, clamped to these (CouchDB's own default timeout is 60 s). A
 * heartbeat under a second makes the server write a newline every millisecond; one over 2^31-1 ms overflows
 * Node's timer and fires every millisecond too.
 */
export const MAX_WAIT_MS = 60_000;
export const MIN_HEARTBEAT_MS = 1000;

const MB = 1024 * 1024;
/**
 * Largest _bulk_docs body: a live sync batch (SYNC_BATCH_SIZE, 512) in which about 320 items carry the largest
 * picture (MAX_IMAGE_CHARS, with 8 KB of the rest of the item: 64 MB / 208 KB = 322);
 * the process holds a body about three times over while it is parsed and written (a 50 MB body took +195 MB,
 * 100 MB +300 MB), so 64 MB stays near the 200 MB aim. (It was SYNC_BATCH_SIZE × 256 KB = 128 MB.)
 */
export const MAX_BULK_DOCS_BYTES = 64 * MB;
/** Bodies that carry only ids and revisions (_all_docs, _changes, _bulk_get, _revs_diff): MAX_IDS of ~200 bytes. */
export const MAX_IDS_BODY_BYTES = 4 * MB;
/** A single document's body (PUT of a document). */
export const MAX_DOC_BODY_BYTES = MAX_DOC_CHARS;
/**
 * A `_local` document's body: PouchDB's checkpoints are under 1 KB (a session id, a sequence and a history of
 * at most five entries); anything else has no business there (./local-docs.ts bounds their number).
 */
export const MAX_LOCAL_BODY_BYTES = 16 * 1024;
/** `_local` documents one member keeps in one database: the oldest goes when a new one passes it. */
export const MAX_LOCAL_PER_MEMBER = 100;
/** Anything else a member may POST (_ensure_full_commit) and anyone without a session (the sign-in form). */
export const MAX_SMALL_BODY_BYTES = 16 * 1024;
export const MAX_ANONYMOUS_BODY_BYTES = MAX_SMALL_BODY_BYTES;
/**
 * A member's body declared over its route's limit is answered 413 at once; when it is no larger than this the
 * connection stays open and the rest is read through and dropped (time, not memory), so a client that sends
 * everything before reading gets the answer; a larger one has its connection closed. (The old single limit.)
 */
export const MAX_DRAINED_BYTES = 128 * MB;

/**
 * Request bodies of non-admin /db requests, read here instead of by the database server: only once the caller
 * is known (anonymous callers may send only the sign-in form), only up to a size limit (checked against
 * Content-Length before a byte is read), parsed once, and checked for the shape each route expects, so
 * malformed input gets a 400 with a short reason instead of reaching express-pouchdb or CouchDB.
 */
import { parse as parseQuery } from 'node:querystring';
import type express from 'express';
import { checkJsonShape, JsonShape } from './json-shape';
import { DOC_TOO_LARGE, MAX_BULK_DOCS, MAX_DOC_CHARS, MAX_DRAINED_BYTES, MAX_IDS, MAX_LEAVES_PER_ID, MAX_REVISIONS, MAX_REVS } from './limits';
import { Refusal } from './refusal';
import type { DbRoute } from './route';

export { Refusal };

const bad = (reason: string) => new Refusal(400, 'bad_request', reason);
/** A list longer than a till ever sends (./limits.ts): refused before anything is done with it. */
const tooMany = (what: string, max: number) => new Refusal(413, 'too_large', `At most ${max} ${what} per request.`);

/**
 * Reads the raw body within `limit` bytes (an empty buffer when there is none). A declared Content-Length over
 * the limit is answered at once without keeping a byte; up to MAX_DRAINED_BYTES the connection stays open and
 * Node reads the rest through and drops it (a client that sends its whole body before reading the answer, as
 * fetch does, then gets the 413 instead of a reset connection), beyond it the connection is closed. A body
 * that grows past the limit is refused at that byte and the connection closed after the answer.
 */
export function readRaw(req: express.Request, res: express.Response, limit: number, shape?: JsonShape): Promise<Buffer> {
  const tooLarge = (close = true) => {
    if (close) res.setHeader('Connection', 'close');
    return new Refusal(413, 'too_large', `The request is larger than ${limit >= 1024 * 1024 ? `${Math.floor(limit / 1024 / 1024)} MB` : `${Math.floor(limit / 1024)} KB`}.`);
  };
  const encoding = String(req.headers['content-encoding'] ?? 'identity').toLowerCase();
  if (encoding !== 'identity') return Promise.reject(new Refusal(415, 'bad_content_type', 'Compressed request bodies are not accepted.'));
  const declared = req.headers['content-length'];
  if (declared !== undefined && Number(declared) > limit) return Promise.reject(tooLarge(Number(declared) > MAX_DRAINED_BYTES));
  if (declared === undefined && req.headers['transfer-encoding'] === undefined) return Promise.resolve(Buffer.alloc(0));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        cleanup();
        req.pause();
        reject(tooLarge());
        return;
      }
      try {
        // What the body parses into, checked as it arrives (./json-shape.ts): refused mid-upload.
        shape?.push(chunk);
      } catch (err) {
        cleanup();
        req.pause();
        res.setHeader('Connection', 'close');
        reject(err);
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      cleanup();
      resolve(Buffer.concat(chunks as unknown as Uint8Array[]));
    };
    const onError = () => {
      cleanup();
      reject(bad('The request body could not be read.'));
    };
    const cleanup = () => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
    };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
  });
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const strings = (v: unknown) => Array.isArray(v) && v.every((x) => typeof x === 'string');

/** The sign-in form (JSON or url-encoded), parsed. */
export function parseSession(raw: Buffer, contentType: string): Record<string, unknown> {
  if (raw.length === 0) return {};
  if (/application\/x-www-form-urlencoded/i.test(contentType)) return { ...parseQuery(raw.toString('utf8')) };
  return parseJson(raw);
}

/**
 * `docDepth`: where the documents stand in the body, for ./json-shape.ts (0: no documents); undefined when the
 * body was scanned as it was read.
 */
function parseJson(raw: Buffer, docDepth: number | undefined = 0): Record<string, unknown> {
  if (docDepth !== undefined) checkJsonShape(raw, docDepth);
  let value: unknown;
  try {
    value = JSON.parse(raw.toString('utf8'));
  } catch {
    throw bad('The request body is not valid JSON.');
  }
  if (!isObject(value)) throw bad('The request body must be a JSON object.');
  return value;
}

function checkDoc(doc: unknown, where: string, newEdits: boolean, local = false): void {
  if (!isObject(doc)) throw bad(`${where} must be a JSON object.`);
  if ('_id' in doc && typeof doc._id !== 'string') throw bad(`${where}: _id must be a string.`);
  if (!local && typeof doc._id === 'string' && doc._id.startsWith('_')) throw new Refusal(403, 'forbidden', 'Design, local and security documents are written only by the server.');
  if ('_rev' in doc && typeof doc._rev !== 'string') throw bad(`${where}: _rev must be a string.`);
  if (!newEdits && typeof doc._rev !== 'string') throw bad(`${where}: new_edits=false needs a _rev.`);
  if ('_revisions' in doc) {
    const r = doc._revisions;
    if (!isObject(r) || !Number.isInteger(r.start) || !strings(r.ids)) throw bad(`${where}: _revisions must be {start, ids}.`);
    // The stored history is cut to this many anyway (PouchDB's revs_limit); merging a longer one costs the
    // square of its length, with every other request waiting (60,000 ids held the server 62 s).
    if (r.ids.length > MAX_REVISIONS) throw new Refusal(413, 'too_large', `${where}: at most ${MAX_REVISIONS} revisions in _revisions.`);
  }
  if ('_deleted' in doc && typeof doc._deleted !== 'boolean') throw bad(`${where}: _deleted must be true or false.`);
}

/** Where a route's body holds its documents (./json-shape.ts): the body itself for a PUT, `docs[i]` of a batch. */
export function docDepthOf(what: DbRoute): number {
  return what === 'doc' || what === 'local' ? 1 : what === 'bulk_docs' ? 3 : 0;
}

/**
 * One document per id in a batch of new edits; with new_edits=false (replication) the distinct leaves of one
 * document may come together, at most MAX_LEAVES_PER_ID of them. pouchdb-merge folds every entry of an id into
 * one revision tree, recursively: 2,000 copies of one id overflowed its stack and killed the process.
 */
function checkRepeats(docs: Record<string, unknown>[], newEdits: boolean): void {
  const seen = new Map<string, number>();
  const revs = new Set<string>();
  for (const doc of docs) {
    if (typeof doc._id !== 'string') continue;
    const count = (seen.get(doc._id) ?? 0) + 1;
    seen.set(doc._id, count);
    if (newEdits && count > 1) throw bad(`Document ${doc._id} appears more than once in this batch.`);
    if (count > MAX_LEAVES_PER_ID) throw new Refusal(413, 'too_large', `At most ${MAX_LEAVES_PER_ID} revisions of one document per batch.`);
    const rev = `${doc._id}\n${String(doc._rev)}`;
    if (!newEdits && revs.has(rev)) throw bad(`Revision ${String(doc._rev)} of ${doc._id} appears more than once in this batch.`);
    revs.add(rev);
  }
}

/**
 * The parsed body of a database route, or a Refusal. `id` is the document of a PUT (its body must not name
 * another id); single documents are capped here, documents in a batch by validate_doc_update (per document).
 */
export function parseDbBody(what: DbRoute, raw: Buffer, contentType: string, id: string | undefined, query: Record<string, unknown>, scanned = false): Record<string, unknown> {
  if (raw.length === 0) return {};
  if (!/json/i.test(contentType)) throw new Refusal(415, 'bad_content_type', 'The request body must be JSON.');
  if ((what === 'doc' || what === 'local') && raw.length > MAX_DOC_CHARS) throw new Refusal(413, 'too_large', DOC_TOO_LARGE);
  const body = parseJson(raw, scanned ? undefined : docDepthOf(what));
  switch (what) {
    case 'doc':
    case 'local':
      if ('_id' in body && body._id !== id) throw bad('The body names another document than the path.');
      checkDoc(body, 'The document', query.new_edits !== 'false', what === 'local');
      break;
    case 'bulk_docs': {
      if (!Array.isArray(body.docs)) throw bad('The body must be {"docs": [...]}.');
      if (body.docs.length > MAX_BULK_DOCS) throw tooMany('documents', MAX_BULK_DOCS);
      if ('new_edits' in body && typeof body.new_edits !== 'boolean') throw bad('new_edits must be true or false.');
      const newEdits = body.new_edits !== false;
      body.docs.forEach((doc, i) => checkDoc(doc, `Document ${i + 1}`, newEdits));
      checkRepeats(body.docs as Record<string, unknown>[], newEdits);
      break;
    }
    case 'bulk_get':
      if (!Array.isArray(body.docs)) throw bad('The body must be {"docs": [...]}.');
      if (body.docs.length > MAX_IDS) throw tooMany('documents', MAX_IDS);
      for (const d of body.docs) {
        if (!isObject(d) || typeof d.id !== 'string') throw bad('Every entry must be {"id": "..."}.');
        if ('rev' in d && typeof d.rev !== 'string') throw bad('rev must be a string.');
        if (d.id.startsWith('_local/')) throw new Refusal(403, 'forbidden', 'Local documents cannot be read this way.');
      }
      break;
    case 'revs_diff': {
      const lists = Object.values(body);
      if (lists.length > MAX_IDS) throw tooMany('document ids', MAX_IDS);
      if (!lists.every(strings)) throw bad('The body must map document ids to lists of revisions.');
      if (lists.reduce((n, revs) => n + (revs as string[]).length, 0) > MAX_REVS) throw tooMany('revisions', MAX_REVS);
      break;
    }
    case 'all_docs':
    case 'changes':
      if ('keys' in body && !strings(body.keys)) throw bad('keys must be a list of strings.');
      if ('doc_ids' in body && !strings(body.doc_ids)) throw bad('doc_ids must be a list of strings.');
      if (Array.isArray(body.keys) && body.keys.length > MAX_IDS) throw tooMany('keys', MAX_IDS);
      if (Array.isArray(body.doc_ids) && body.doc_ids.length > MAX_IDS) throw tooMany('document ids', MAX_IDS);
      break;
    default:
      break;
  }
  return body;
}

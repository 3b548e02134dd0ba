/**
 * The query string of a member's /db request, held to the bounds of ./limits.ts before the database server sees
 * it: `limit` of _changes and _all_docs clamped to MAX_ROWS (also when absent), longpoll `timeout` and
 * `heartbeat` clamped, the never-ending feeds refused (the app uses longpoll), and ids named in the query
 * (`keys`, `doc_ids`) counted. A clamp rewrites both req.url (what the proxy to COUCH_URL sends on) and
 * req.query (what express-pouchdb reads), so both database servers see the same bounded request.
 */
import type express from 'express';
import { Refusal } from './refusal';
import { MAX_BULK_DOCS_BYTES, MAX_DOC_BODY_BYTES, MAX_LOCAL_BODY_BYTES, MAX_IDS, MAX_IDS_BODY_BYTES, MAX_ROWS, MAX_SMALL_BODY_BYTES, MAX_WAIT_MS, MIN_HEARTBEAT_MS } from './limits';
import type { DbRoute } from './route';

const FEEDS = new Set(['normal', 'longpoll']);

function tooMany(what: string, max: number): Refusal {
  return new Refusal(413, 'too_large', `At most ${max} ${what} per request.`);
}

/** The largest body a member may send to a route, read no further (./body.ts readRaw answers 413). */
export function bodyLimit(what: DbRoute): number {
  switch (what) {
    case 'bulk_docs':
      return MAX_BULK_DOCS_BYTES;
    case 'all_docs':
    case 'changes':
    case 'bulk_get':
    case 'revs_diff':
      return MAX_IDS_BODY_BYTES;
    case 'doc':
      return MAX_DOC_BODY_BYTES;
    case 'local':
      return MAX_LOCAL_BODY_BYTES;
    default:
      return MAX_SMALL_BODY_BYTES;
  }
}

export function boundQuery(req: express.Request, what: DbRoute): void {
  const question = req.url.indexOf('?');
  const params = new URLSearchParams(question < 0 ? '' : req.url.slice(question + 1));
  req.query = singleValues(params);
  if (what !== 'changes' && what !== 'all_docs') return;
  const set = new Map<string, string>();
  const limit = params.get('limit');
  const rows = limit === null ? MAX_ROWS : Number(limit);
  if (!Number.isFinite(rows)) throw new Refusal(400, 'bad_request', 'limit must be a number.');
  if (limit === null || rows > MAX_ROWS) set.set('limit', String(Math.min(rows, MAX_ROWS)));
  for (const name of ['keys', 'doc_ids']) {
    const listed = params.get(name);
    if (listed === null) continue;
    let list: unknown;
    try {
      list = JSON.parse(listed);
    } catch {
      throw new Refusal(400, 'bad_request', `${name} must be a JSON list.`);
    }
    if (!Array.isArray(list)) throw new Refusal(400, 'bad_request', `${name} must be a JSON list.`);
    if (list.length > MAX_IDS) throw tooMany(name === 'keys' ? 'keys' : 'document ids', MAX_IDS);
  }
  if (what === 'changes') {
    const feed = params.get('feed');
    if (feed !== null && !FEEDS.has(feed)) throw new Refusal(400, 'bad_request', 'Only the normal and longpoll feeds are available.');
    clampWait(params, 'timeout', 0, set);
    // Without one a longpoll would wait for a change for ever: CouchDB's own default is 60 s (./feeds.ts ends it).
    if (feed === 'longpoll' && (params.get('timeout') === null || params.get('timeout') === 'true')) set.set('timeout', String(MAX_WAIT_MS));
    clampWait(params, 'heartbeat', MIN_HEARTBEAT_MS, set);
  }
  if (set.size) rewrite(req, params, set);
}

/**
 * Every query parameter as exactly one string. Express parses `heartbeat[]=1` into a list and `a[b]=1` into an
 * object, which slipped past the checks below (a list of one heartbeat made express-pouchdb write a newline
 * every millisecond, for good): names with brackets and repeated names are refused, and req.query is replaced
 * by the plain strings read here, so the database server sees what was checked.
 */
function singleValues(params: URLSearchParams): Record<string, string> {
  const seen = new Map<string, string>();
  for (const [name, value] of params) {
    if (/[[\]]/.test(name)) throw new Refusal(400, 'bad_request', 'Query parameter names cannot hold [ or ].');
    if (seen.has(name)) throw new Refusal(400, 'bad_request', `The query names ${JSON.stringify(name.slice(0, 40))} more than once.`);
    seen.set(name, value);
  }
  return Object.fromEntries(seen);
}

/** A wait in ms kept within [min, MAX_WAIT_MS]; `heartbeat=true` (CouchDB's "the default") stays as it is. */
function clampWait(params: URLSearchParams, name: string, min: number, set: Map<string, string>): void {
  const given = params.get(name);
  if (given === null || given === 'true') return;
  const ms = Number(given);
  if (!Number.isFinite(ms)) throw new Refusal(400, 'bad_request', `${name} must be a number of milliseconds.`);
  const bounded = Math.min(Math.max(Math.floor(ms), min), MAX_WAIT_MS);
  if (String(bounded) !== given) set.set(name, String(bounded));
}

function rewrite(req: express.Request, params: URLSearchParams, set: Map<string, string>): void {
  const query = req.query as Record<string, unknown>;
  for (const [name, value] of set) {
    params.set(name, value);
    query[name] = value;
  }
  const question = req.url.indexOf('?');
  req.url = (question < 0 ? req.url : req.url.slice(0, question)) + '?' + params.toString();
}

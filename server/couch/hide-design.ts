/**
 * What a member may not read, by any route. Design documents are the server's: `_design/oja-security` holds
 * the write rules and the business's delete settings; a till needs neither (the worker applies the same rules
 * from its own code and settings), so sync works without it, and nobody learns the rules' exact wording to
 * probe them. The audit log (`audit:` ids, commands/audit-docs.ts) is the owner's (its screen is level 0 only,
 * src/routes.tsx): staff write the entries of their own actions, but their tills never receive the log, so a
 * cashier cannot read the owner's record of price changes, role changes and deletions from the till's database.
 *
 * By path (`GET /db/x/_design/…`, or an audit entry's id for a non-owner) a member gets 404, as for a document
 * that does not exist. Through the routes that list documents (`_changes`, `_all_docs`, `_bulk_get`) the answer
 * is held (each is bounded by ./limits.ts: at most MAX_ROWS rows or MAX_IDS ids), those documents' rows are
 * cut out of its text without parsing it (./answer-rows.ts), and the rest goes on. The database server is asked for plain JSON, uncompressed (express-pouchdb's
 * compression would otherwise write the answer in gzip pieces); this step compresses the final answer itself
 * when the caller accepts gzip. Works the same for the embedded server and a real CouchDB behind COUCH_URL.
 */
import { gzip } from 'node:zlib';
import type express from 'express';
import { AUDIT_ID_PREFIX } from '../../commands/audit-docs';
import type { GuardedRequest } from './guard';
import type { DbRoute } from './route';
import { membershipOf } from './roles';
import { withoutRows } from './answer-rows';

const LISTING = new Set<DbRoute>(['changes', 'all_docs', 'bulk_get']);
const DESIGN = '_design/';
/** Below this an answer goes out uncompressed: gzip would not pay for itself. */
const GZIP_FROM_BYTES = 1024;

/** Whether a document id is hidden from this caller. */
type Hidden = (id: string) => boolean;
const designOnly: Hidden = (id) => id.startsWith(DESIGN);
const designAndAudit: Hidden = (id) => id.startsWith(DESIGN) || id.startsWith(AUDIT_ID_PREFIX);

/** What the caller may not read: design documents, and the audit log unless they are an owner (level 0). */
function hiddenFor(req: GuardedRequest): Hidden {
  return membershipOf(req.couchCaller?.roles ?? [])?.level === 0 ? designOnly : designAndAudit;
}

/** The answer without the hidden documents, or undefined when it names none (then it goes on byte for byte). */
export function withoutHiddenDocs(what: DbRoute, text: string, hidden: Hidden = designOnly): string | undefined {
  if (!text.includes(DESIGN) && (hidden === designOnly || !text.includes(AUDIT_ID_PREFIX))) return undefined;
  return withoutRows(text, what === 'all_docs' ? 'rows' : 'results', hidden);
}

export function hideDesignDocs(): express.RequestHandler {
  return (req, res, next) => {
    const route = (req as GuardedRequest).couchRoute;
    if (route?.kind !== 'db') return next();
    const hidden = hiddenFor(req as GuardedRequest);
    if (route.what === 'design' || (route.what === 'doc' && ['GET', 'HEAD'].includes(req.method) && route.id && hidden(route.id))) {
      res.status(404).json({ error: 'not_found', reason: 'missing' });
      return;
    }
    if (!LISTING.has(route.what)) return next();
    const acceptsGzip = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
    delete req.headers['accept-encoding'];
    req.headers.accept = 'application/json';
    collect(res, (status, text) => {
      const answer = Buffer.from((status === 200 ? withoutHiddenDocs(route.what, text, hidden) : undefined) ?? text);
      if (!acceptsGzip || answer.length < GZIP_FROM_BYTES || res.headersSent) return send(res, answer);
      gzip(new Uint8Array(answer), (err, zipped) => {
        if (err) return send(res, answer);
        res.setHeader('Content-Encoding', 'gzip');
        send(res, zipped);
      });
    });
    next();
  };
}

/**
 * Holds every byte the handler writes, but heartbeats, and hands the text to `done` once the handler ends the
 * answer.
 */
function collect(res: express.Response, done: (status: number, text: string) => void): void {
  const parts: Uint8Array[] = [];
  const chunk = (c: unknown, encoding?: unknown): void => {
    if (c === undefined || c === null || typeof c === 'function') return;
    parts.push(new Uint8Array(Buffer.isBuffer(c) ? c : Buffer.from(c as string, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8')));
  };
  const originalWrite = res.write;
  const originalEnd = res.end;
  const originalWriteHead = res.writeHead;
  // Held too: compression (inside express-pouchdb) writes the head, with the unfiltered length, before the end.
  res.writeHead = ((status: number, ...rest: unknown[]) => {
    res.statusCode = status;
    const headers = rest.find((r) => r && typeof r === 'object') as Record<string, string | string[] | number> | undefined;
    for (const [name, value] of Object.entries(headers ?? {})) res.setHeader(name, value);
    return res;
  }) as typeof res.writeHead;
  res.write = ((c: unknown, encoding?: unknown, cb?: unknown) => {
    if (isHeartbeat(c)) {
      // A longpoll's heartbeat goes out at once, ahead of what is held: it keeps proxies from closing a quiet
      // feed, and newlines are whitespace wherever they land in the JSON (no string holds a raw newline).
      if (!res.headersSent) {
        res.removeHeader('Content-Length');
        originalWriteHead.call(res, res.statusCode);
      }
      return (originalWrite as (c: unknown, ...rest: unknown[]) => boolean).call(res, c, encoding, cb);
    }
    chunk(c, encoding);
    const callback = typeof encoding === 'function' ? encoding : cb;
    if (typeof callback === 'function') process.nextTick(callback as () => void);
    return true;
  }) as typeof res.write;
  res.end = ((c?: unknown, encoding?: unknown) => {
    chunk(c, encoding);
    res.write = originalWrite;
    res.end = originalEnd;
    res.writeHead = originalWriteHead;
    done(res.statusCode, Buffer.concat(parts).toString('utf8'));
    return res;
  }) as typeof res.end;
}

const isHeartbeat = (c: unknown): boolean => (typeof c === 'string' || Buffer.isBuffer(c)) && c.length > 0 && /^\n+$/.test(c.toString());

function send(res: express.Response, body: Buffer): void {
  // After a heartbeat the head is out (chunked, uncompressed): the rest follows as it is.
  if (res.headersSent) {
    res.end(body);
    return;
  }
  res.removeHeader('Transfer-Encoding');
  res.setHeader('Content-Length', String(body.length));
  res.end(body);
}

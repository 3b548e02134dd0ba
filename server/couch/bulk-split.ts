/**
 * A large `_bulk_docs` sent to an Apache CouchDB in parts. A till's first push after a day offline is one
 * `_bulk_docs` of up to CATCH_UP_PUSH_BATCH_SIZE (5,000) documents; CouchDB runs validate_doc_update on each
 * (1.2 ms a document on a quiet 2-core machine), and on a busy machine one such request outlived CouchDB's own
 * internal timeout (`fabric_worker_timeout`): 500 for every document, and the till pushed it all again. Here it
 * goes on as parts of BULK_PART_DOCS documents, one after another, as the caller (CouchDB still checks each
 * document against the caller's roles), and the results come back as one answer in the order sent. A part
 * answered 500 or not at all is sent again (up to PART_TRIES times) when it carries `new_edits: false` (a
 * replication's push: saving the same revisions twice changes nothing); a normal save is not repeated.
 */
import type express from 'express';
import type { GuardedRequest } from './guard';
import type { CouchNodes } from './nodes';
import { strictCookie } from './proxy';

export const BULK_PART_DOCS = 500;
const PART_TRIES = 3;

type Bulk = { docs: unknown[]; new_edits?: boolean };

export function splitBulkDocs(nodesOf: () => CouchNodes): express.RequestHandler {
  return (req, res, next) => {
    const route = (req as GuardedRequest).couchRoute;
    const body = req.body as Bulk | undefined;
    if (route?.kind !== 'db' || route.what !== 'bulk_docs' || req.method !== 'POST' || !Array.isArray(body?.docs) || body.docs.length <= BULK_PART_DOCS) return next();
    sendInParts(nodesOf(), req, body).then(
      ({ status, answer, cookie }) => {
        if (cookie) res.setHeader('Set-Cookie', cookie.map(strictCookie));
        res.status(status).json(answer);
      },
      next,
    );
  };
}

async function sendInParts(nodes: CouchNodes, req: express.Request, body: Bulk): Promise<{ status: number; answer: unknown; cookie?: string[] }> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json', Accept: 'application/json' };
  for (const name of ['cookie', 'authorization'] as const) if (req.headers[name]) headers[name] = String(req.headers[name]);
  const results: unknown[] = [];
  let cookie: string[] | undefined;
  for (let start = 0; start < body.docs.length; start += BULK_PART_DOCS) {
    const part = JSON.stringify({ ...body, docs: body.docs.slice(start, start + BULK_PART_DOCS) });
    const repeatable = body.new_edits === false;
    for (let attempt = 1; ; attempt++) {
      let res: Response | undefined;
      try {
        res = await nodes.each((base) => fetch(base + req.url, { method: 'POST', headers, body: part }));
      } catch (err) {
        if (!repeatable || attempt >= PART_TRIES) throw err;
        continue;
      }
      const answer = (await res.json().catch(() => undefined)) as unknown;
      const set = res.headers.getSetCookie();
      if (set.length) cookie = set;
      if (res.status >= 500 && repeatable && attempt < PART_TRIES) continue;
      // A refusal of the whole request (401, 403, 413, a 500 after the last try) is the answer, as one request's was.
      if (res.status >= 300 || !Array.isArray(answer)) return { status: res.status, answer, cookie };
      results.push(...(answer as unknown[]));
      break;
    }
  }
  return { status: 201, answer: results, cookie };
}

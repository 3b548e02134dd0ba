/**
 * The /db gate: every document a member writes — PUT and DELETE of a document, _bulk_docs with or without
 * new_edits:false — is judged by the rulebook (commands/rules/, the same code the worker runs before it
 * writes) against the stored documents read here, and only what passed is written, by the server as the
 * database admin. Each business database's validate_doc_update refuses every write that is not the admin's
 * (./validate.ts), so nothing reaches a database around the rulebook, embedded or behind COUCH_URL alike.
 *
 * - One read per request: the stored winners of the ids the batch names, the transactions its lines belong to
 *   and the writer's invoice policy (./gate-reads.ts, `_all_docs` with keys), plus the business's settings
 *   (cached until a settings write passes here).
 * - A replicated write (new_edits:false) is judged against the stored winner, whatever parent its history
 *   names: a branch that does not descend from the winner must still pass every rule measured against it.
 * - Writes to one database pass one at a time from read to written (a queue per database), so a write cannot
 *   be judged against a revision another write through this server replaces meanwhile. (Two servers in front
 *   of one CouchDB: an ordinary write still meets CouchDB's revision check; see docs/architecture.md.)
 * - A refused document: a single PUT or DELETE is answered 403 with the rule's reason; in a batch it is marked
 *   (./refused.ts) so validate_doc_update refuses it alone and the rest of a till's sync goes on.
 * - Stamps show the server's names: a stamp the writer sets gets the full name the server knows for them
 *   (./gate-names.ts), whatever the document said.
 * - After the write, the gate writes the audit entries of what passed (./gate-audit.ts).
 */
import type express from 'express';
import { idsToRead, judgeWrite, type Doc, type Writer } from '../../commands/rules';
import { WRITER_STAMPS } from '../../commands/rules/stamps';
import { LOGIN_PREFIX, type RoleLevel } from '../../commands/session';
import type { CouchClient } from './client';
import { writeGateAudit } from './gate-audit';
import { KnownNames } from './gate-names';
import { readStored, WriteSettingsCache, type StoredDocs } from './gate-reads';
import type { GuardedRequest } from './guard';
import { DOC_TOO_LARGE, MAX_DOC_CHARS } from './limits';
import { REFUSED_FIELD } from './refused';
import { membershipOf } from './roles';
import { CONFIG_DOC_PREFIX } from '../../commands/config';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The documents a write request carries, as the rulebook judges them, and how to send the request on. */
type Batch = { docs: Doc[]; single: boolean; body?: Record<string, unknown>; newEdits: boolean };

function batchOf(req: GuardedRequest): Batch | undefined {
  const route = req.couchRoute;
  if (route?.kind !== 'db') return undefined;
  const query = req.query as Record<string, unknown>;
  if (route.what === 'doc' && route.id && req.method === 'DELETE') {
    const rev = typeof query.rev === 'string' ? query.rev : undefined;
    return { docs: [{ _id: route.id, ...(rev ? { _rev: rev } : {}), _deleted: true }], single: true, newEdits: true };
  }
  if (route.what === 'doc' && route.id && req.method === 'PUT' && isObject(req.body)) {
    const body = { ...req.body, _id: route.id };
    return { docs: [body as Doc], single: true, body, newEdits: query.new_edits !== 'false' };
  }
  if (route.what === 'bulk_docs' && req.method === 'POST' && isObject(req.body) && Array.isArray(req.body.docs)) {
    const docs = (req.body.docs as unknown[]).filter(isObject) as Doc[];
    return { docs, single: false, body: req.body, newEdits: req.body.new_edits !== false };
  }
  return undefined;
}

function writerOf(req: GuardedRequest, business: string): Writer | undefined {
  const caller = req.couchCaller;
  if (!caller?.name) return undefined;
  const username = caller.name.startsWith(LOGIN_PREFIX) ? caller.name.slice(LOGIN_PREFIX.length) : caller.name;
  const membership = membershipOf(caller.roles);
  // A branch's database also admits its parent's owners (server/couch/roles.ts), as the owner.
  if (membership?.business === business) return { username, level: membership.level };
  if (caller.roles.some((r) => r.startsWith('oja:owner:'))) return { username, level: 0 as RoleLevel };
  return undefined;
}

/** One write at a time per database, from its read to its answer. */
class DbQueues {
  private tails = new Map<string, Promise<unknown>>();
  run<T>(db: string, job: () => Promise<T>): Promise<T> {
    const before = this.tails.get(db) ?? Promise.resolve();
    const run = before.then(job, job);
    const tail = run.catch(() => undefined);
    this.tails.set(db, tail);
    void tail.then(() => {
      if (this.tails.get(db) === tail) this.tails.delete(db);
    });
    return run;
  }
}

export type Gate = { middleware: express.RequestHandler; settings: WriteSettingsCache };

export function documentGate(couch: () => CouchClient, clock: () => number = Date.now): Gate {
  const settings = new WriteSettingsCache(couch);
  const names = new KnownNames(couch);
  const queues = new DbQueues();

  const middleware: express.RequestHandler = (req, res, next) => {
    const guarded = req as GuardedRequest;
    const route = guarded.couchRoute;
    if (!guarded.couchCaller || route?.kind !== 'db') return next();
    const batch = batchOf(guarded);
    if (!batch) return next();
    const writer = writerOf(guarded, route.business);
    if (!writer) {
      res.status(403).json({ error: 'forbidden', reason: 'You are not a member of this business.' });
      return;
    }
    queues
      .run(route.db, async () => {
        const [stored, known] = await Promise.all([
          readStored(couch(), route.db, idsToRead(batch.docs.filter((d) => typeof d._id === 'string' && d._id !== ''), writer)),
          settings.of(route.business),
        ]);
        const now = clock();
        const byId = new Map(batch.docs.filter((d) => typeof d._id === 'string').map((d) => [d._id, d]));
        const admitted: { doc: Doc; before?: Doc }[] = [];
        for (const doc of batch.docs) {
          if (doc[REFUSED_FIELD] !== undefined) continue;
          const problem = problemOf(doc, stored, writer, known.rules, now, byId);
          if (problem) {
            if (batch.single) return { status: 403, body: { error: 'forbidden', reason: problem } };
            doc[REFUSED_FIELD] = problem;
            continue;
          }
          await showKnownNames(doc, stored.live.get(doc._id), writer, names);
          admitted.push({ doc, before: stored.live.get(doc._id) });
        }
        const path = guarded.url;
        // A refused document of a batch goes on as its id and the reason only: the database refuses it by the mark,
        // and a body past a bound is not sent on again.
        if (!batch.single && batch.body) batch.body.docs = (batch.body.docs as unknown[]).map((d) => (isObject(d) && d[REFUSED_FIELD] !== undefined ? markOnly(d) : d));
        const body = batch.single && req.method === 'DELETE' ? undefined : batch.single ? batch.docs[0] : batch.body;
        const answer = await couch().request<unknown>(req.method, path, body);
        return { ...answer, admitted, levelNames: known.levelNames };
      })
      .then(
        async (answer) => {
          if ('admitted' in answer && answer.status < 300) {
            if (route.db.endsWith('-shared') && answer.admitted.some((a) => a.doc._id.startsWith(CONFIG_DOC_PREFIX))) settings.forget(route.business);
            await writeGateAudit(couch(), { req, route, writer, names, levelNames: answer.levelNames, now: clock(), written: writtenOf(answer.body, answer.admitted, batch) });
          }
          res.status(answer.status).json(answer.body);
        },
        (err: unknown) => next(err),
      );
  };
  return { middleware, settings };
}

function problemOf(doc: Doc, stored: StoredDocs, writer: Writer, rules: Parameters<typeof judgeWrite>[0]['settings'], now: number, batch: Map<string, Doc>): string | undefined {
  if (typeof doc._id !== 'string' || doc._id === '') return 'A document needs its id.';
  if (JSON.stringify(doc).length > MAX_DOC_CHARS) return DOC_TOO_LARGE;
  return judgeWrite({
    doc,
    stored: stored.live.get(doc._id),
    wasDeleted: stored.deleted.has(doc._id),
    writer,
    settings: rules,
    now,
    storedOf: (id) => stored.live.get(id),
    batchOf: (id) => batch.get(id),
  });
}

/** What the database needs of a refused document to answer it as refused: its id, revision and the reason. */
function markOnly(doc: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { _id: doc._id, [REFUSED_FIELD]: doc[REFUSED_FIELD] };
  if (doc._rev !== undefined) out._rev = doc._rev;
  if (doc._revisions !== undefined) out._revisions = doc._revisions;
  return out;
}

/** Each stamp the writer sets now shows the name the server knows for them. */
async function showKnownNames(doc: Doc, before: Doc | undefined, writer: Writer, names: KnownNames): Promise<void> {
  for (const field of WRITER_STAMPS) {
    const stamp = doc[field];
    if (!isObject(stamp) || stamp.username !== writer.username) continue;
    if (before && JSON.stringify(before[field]) === JSON.stringify(stamp)) continue;
    const known = await names.of(writer.username);
    if (known !== undefined) doc[field] = { ...stamp, fullname: known };
  }
}

/** The admitted documents the database took (a replicated batch answers only its failures). */
function writtenOf(body: unknown, admitted: { doc: Doc; before?: Doc }[], batch: Batch): { doc: Doc; before?: Doc }[] {
  if (batch.single) return admitted;
  const failed = new Set(Array.isArray(body) ? body.filter((r) => isObject(r) && r.error !== undefined).map((r) => (r as { id?: string }).id) : []);
  return admitted.filter((a) => !failed.has(a.doc._id));
}

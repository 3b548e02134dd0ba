/**
 * Keeps every business database's validate_doc_update the one this code writes (server/couch/validate.ts: the
 * same small function for every business, refusing any write but the admin's; the rules themselves run in
 * the /db gate). Businesses made before it carry the older per-business function, which baked their settings
 * in; at start each is brought up to date once. Settings no longer touch the design documents: the gate reads
 * them (server/couch/gate-reads.ts).
 *
 * Each refresh leaves a note in the directory (`validation:{business}`: a hash of the source it wrote), so a
 * start need not open a business's databases to learn they are current (issue 31: a start used to read 7
 * documents from every business, 35,000 at 5,000 businesses): only a business whose note is missing or names
 * another source is refreshed. The note is cleared before a refresh writes and set after it wrote all three,
 * so a refresh cut short is done again at the next start.
 */
import { createHash } from 'node:crypto';
import type { CouchClient } from '../couch/client';
import { businessDb, DB_KINDS, DIRECTORY_DB } from '../couch/names';
import { validateDesignDoc, VALIDATE_DDOC_ID } from '../couch/validate';
import { businessKey, getBusiness, type BusinessRecord } from './directory';

type DesignDoc = { _id: string; _rev?: string; validate_doc_update?: string };
/** What the last refresh wrote; `hash` empty while a refresh is under way. */
type ValidationNote = { _id: string; _rev?: string; type: 'validation'; hash: string };

const NOTE_PREFIX = 'validation:';
const noteId = (business: string) => NOTE_PREFIX + business;
const hashOf = (source: string) => createHash('sha256').update(source).digest('hex');
const CURRENT = hashOf(validateDesignDoc().validate_doc_update);

async function writeNote(couch: CouchClient, note: ValidationNote): Promise<ValidationNote> {
  const path = `/${DIRECTORY_DB}/${encodeURIComponent(note._id)}`;
  let res = await couch.request<{ rev?: string }>('PUT', path, note);
  if (res.status === 409) {
    // Another process's refresh wrote it: this one's outcome goes on top.
    res = await couch.request<{ rev?: string }>('PUT', path, { ...note, _rev: (await couch.get<ValidationNote>(DIRECTORY_DB, note._id))?._rev });
  }
  if (res.status >= 300) throw new Error(`noting ${note._id}: ${res.status}`);
  return { ...note, _rev: res.body.rev };
}

const queues = new Map<string, Promise<void>>();

/** Rewrites the business's design documents where their source differs; one refresh per business at a time. */
export function refreshValidation(couch: CouchClient, business: string): Promise<void> {
  const run = (queues.get(business) ?? Promise.resolve()).then(() => refreshNow(couch, business));
  const settled = run.catch(() => undefined);
  queues.set(business, settled);
  void settled.then(() => {
    if (queues.get(business) === settled) queues.delete(business);
  });
  return run;
}

async function refreshNow(couch: CouchClient, business: string): Promise<void> {
  if (!(await getBusiness(couch, business))) return;
  const before = await couch.get<ValidationNote>(DIRECTORY_DB, noteId(business));
  const note = await writeNote(couch, { _id: noteId(business), ...(before?._rev ? { _rev: before._rev } : {}), type: 'validation', hash: '' });
  const wanted = validateDesignDoc();
  for (const kind of DB_KINDS) {
    const db = businessDb(business, kind);
    for (let attempt = 0; ; attempt++) {
      const current = await couch.get<DesignDoc>(db, VALIDATE_DDOC_ID);
      if (current?.validate_doc_update === wanted.validate_doc_update) break;
      const res = await couch.request('PUT', `/${encodeURIComponent(db)}/${VALIDATE_DDOC_ID}`, { ...current, ...wanted });
      if (res.status < 300) break;
      if (res.status !== 409 || attempt > 3) throw new Error(`rewriting ${db}'s validation: ${res.status}`);
    }
  }
  await writeNote(couch, { ...note, hash: CURRENT });
}

/** Brings every business's validation up to date (at start: older businesses carry the older function). */
export async function refreshAllValidation(couch: CouchClient): Promise<void> {
  const records = await couch.byPrefix<BusinessRecord>(DIRECTORY_DB, businessKey(''));
  const notes = new Map((await couch.byPrefix<ValidationNote>(DIRECTORY_DB, NOTE_PREFIX)).map((n) => [n._id, n]));
  for (const record of records) {
    const business = record._id.slice(businessKey('').length);
    if (notes.get(noteId(business))?.hash !== CURRENT) await refreshValidation(couch, business);
  }
}

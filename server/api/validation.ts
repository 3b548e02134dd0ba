/**
 * Keeps each business's validate_doc_update in step with its delete settings. A validation function reads no
 * other document, so the settings (delete policy, review, timeout, editable invoices) are baked into its
 * source; when a config document of the business changes through /db (the only way a client writes one, with
 * the embedded database and behind COUCH_URL alike), the design documents of its three databases are
 * rewritten before the write is answered. At start every business is brought up to date once.
 *
 * Each refresh leaves a note in the directory (`validation:{business}`: the rules and parent it wrote with and a
 * hash of the source), so a start need not open a business's databases to learn they are current (issue 31: a
 * start used to read 7 documents from every business, 35,000 at 5,000 businesses): only a business whose note
 * is missing, or whose source this code would now write differently, is refreshed. The note is cleared before
 * a refresh writes and set after it wrote all three, so a refresh cut short is done again at the next start.
 */
import { createHash } from 'node:crypto';
import { CONFIG_CHOICES, CONFIG_DOC_PREFIX } from '../../commands/config';
import type { ConfigDoc } from '../../commands/docs';
import type { CouchClient } from '../couch/client';
import { businessDb, DB_KINDS, DIRECTORY_DB } from '../couch/names';
import { validateDesignDoc, VALIDATE_DDOC_ID } from '../couch/validate';
import { DEFAULT_DELETE_RULES, type ServerDeleteRules } from '../couch/validate-delete';
import { businessKey, getBusiness, type BusinessRecord } from './directory';

type DesignDoc = { _id: string; _rev?: string; validate_doc_update?: string };
/** What the last refresh wrote; `hash` empty while a refresh is under way. */
type ValidationNote = { _id: string; _rev?: string; type: 'validation'; rules: ServerDeleteRules; parent: string; hash: string };

const NOTE_PREFIX = 'validation:';
const noteId = (business: string) => NOTE_PREFIX + business;
const hashOf = (source: string) => createHash('sha256').update(source).digest('hex');

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

/** The business's delete settings as stored in its shared database (a missing or invalid value: the default). */
export async function deleteRulesOf(couch: CouchClient, business: string): Promise<ServerDeleteRules> {
  const shared = businessDb(business, 'shared');
  const rules: Record<string, unknown> = { ...DEFAULT_DELETE_RULES };
  for (const key of Object.keys(DEFAULT_DELETE_RULES) as (keyof ServerDeleteRules)[]) {
    const doc = await couch.get<ConfigDoc>(shared, CONFIG_DOC_PREFIX + key);
    const value = doc?.value;
    const choices = CONFIG_CHOICES[key] as readonly unknown[] | undefined;
    const valid = choices ? choices.includes(value) : typeof value === typeof DEFAULT_DELETE_RULES[key] && (typeof value !== 'number' || Number.isFinite(value));
    if (valid) rules[key] = value;
  }
  return rules as ServerDeleteRules;
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
  const record = await getBusiness(couch, business);
  if (!record) return;
  const rules = await deleteRulesOf(couch, business);
  const parent = record.branch?.of ?? '';
  const before = await couch.get<ValidationNote>(DIRECTORY_DB, noteId(business));
  const note = await writeNote(couch, { _id: noteId(business), ...(before?._rev ? { _rev: before._rev } : {}), type: 'validation', rules, parent, hash: '' });
  for (const kind of DB_KINDS) {
    const db = businessDb(business, kind);
    const wanted = validateDesignDoc(business, record.branch?.of, rules);
    for (let attempt = 0; ; attempt++) {
      const current = await couch.get<DesignDoc>(db, VALIDATE_DDOC_ID);
      if (current?.validate_doc_update === wanted.validate_doc_update) break;
      const res = await couch.request('PUT', `/${encodeURIComponent(db)}/${VALIDATE_DDOC_ID}`, { ...current, ...wanted });
      if (res.status < 300) break;
      if (res.status !== 409 || attempt > 3) throw new Error(`rewriting ${db}'s validation: ${res.status}`);
    }
  }
  await writeNote(couch, { ...note, hash: hashOf(validateDesignDoc(business, record.branch?.of, rules).validate_doc_update) });
}

/** True when the business's note says its databases carry what this code would write for it now. */
function current(record: BusinessRecord, note: ValidationNote | undefined): boolean {
  if (!note?.hash || note.parent !== (record.branch?.of ?? '')) return false;
  const business = record._id.slice(businessKey('').length);
  return hashOf(validateDesignDoc(business, record.branch?.of, note.rules).validate_doc_update) === note.hash;
}

/** Brings every business's validation up to date (at start: older businesses lack the newer rules). */
export async function refreshAllValidation(couch: CouchClient): Promise<void> {
  const records = await couch.byPrefix<BusinessRecord>(DIRECTORY_DB, businessKey(''));
  const notes = new Map((await couch.byPrefix<ValidationNote>(DIRECTORY_DB, NOTE_PREFIX)).map((n) => [n._id, n]));
  for (const record of records) {
    const business = record._id.slice(businessKey('').length);
    if (!current(record, notes.get(noteId(business)))) await refreshValidation(couch, business);
  }
}

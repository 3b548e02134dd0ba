/**
 * validate_doc_update of every business database, one small function identical for all: only the database
 * admin writes. Members' writes reach a database only through the server's /db gate (./gate.ts), which judges
 * each document by the rulebook (commands/rules/) and then writes what passed as the admin; a document the
 * gate refused inside a batch carries its reason (./refused.ts) and is refused here alone, so the rest of a
 * till's sync goes on. A login that reaches CouchDB around the server (COUCH_URL's port left open) cannot
 * write at all. Design documents are the admin's too.
 */
import { REFUSED_FIELD } from './refused';

export const VALIDATE_DDOC_ID = '_design/oja-security';

export const ONLY_THROUGH_THE_GATE = 'Documents are written through the Oja server only.';

const SOURCE = `function (newDoc, oldDoc, userCtx) {
  if (newDoc[${JSON.stringify(REFUSED_FIELD)}] !== undefined) throw { forbidden: String(newDoc[${JSON.stringify(REFUSED_FIELD)}]) };
  if (((userCtx && userCtx.roles) || []).indexOf('_admin') === -1) throw { forbidden: ${JSON.stringify(ONLY_THROUGH_THE_GATE)} };
}`;

/** The design document carrying validate_doc_update: the same for every business database. */
export function validateDesignDoc() {
  return { _id: VALIDATE_DDOC_ID, validate_doc_update: SOURCE };
}

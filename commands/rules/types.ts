/**
 * The shapes the rulebook judges (./index.ts): one document a member writes, the stored version it replaces,
 * who writes it and the business's settings the rules depend on. The worker fills these from its own
 * database before it writes; the server's /db gate (server/couch/gate.ts) from the documents it read.
 */
import type { DeletePolicy, ReviewDelete } from '../config';
import type { RoleLevel } from '../session';

/** A document as written: any JSON object with an id. */
export type Doc = { _id: string; _rev?: string; _deleted?: boolean; stores?: unknown } & Record<string, unknown>;

/** The business's settings some rules read (delete policy and review, timeout in hours, editable invoices). */
export type WriteSettings = { deletePolicy: DeletePolicy; reviewDelete: ReviewDelete; deleteTimeout: number; editableInvoice: boolean };

/** Who writes: the username without the login prefix, and the role level. */
export type Writer = { username: string; level: RoleLevel };

export type Write = {
  doc: Doc;
  /** The live stored version this write replaces (undefined: none, or a deleted one). */
  stored?: Doc;
  /** True when the id's stored winner is a deletion (a write now re-creates it). */
  wasDeleted?: boolean;
  writer: Writer;
  settings: WriteSettings;
  now: number;
  /** Other stored documents a rule asked for (./index.ts idsToRead), and the batch's own documents by id. */
  storedOf: (id: string) => Doc | undefined;
  batchOf: (id: string) => Doc | undefined;
};

/** A rule answers why the write is refused, or undefined when it has nothing against it. */
export type Rule = (w: Write) => string | undefined;

export const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
export const own = (o: object, key: string): boolean => Object.prototype.hasOwnProperty.call(o, key);
export const stampName = (s: unknown): string | undefined => (isObject(s) && typeof s.username === 'string' ? s.username : undefined);
export const isAmount = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
/** The kind a write is judged as: a deletion or update is of its stored document's kind, never the new body's. */
export const kindOf = (w: Write): string | undefined => {
  const k = w.stored ? w.stored.stores : w.doc.stores;
  return typeof k === 'string' ? k : undefined;
};
export const live = (w: Write): boolean => w.doc._deleted !== true;

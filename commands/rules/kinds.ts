/**
 * Kinds and levels (commands/permissions.ts): every document is of a known kind, each kind is written only by
 * the levels listed for it, a deletion or update is judged as the STORED document's kind (a delete that names
 * another kind in its body cannot pass as a line or a payment), and design documents are the server's.
 */
import { WRITE_LEVELS } from '../permissions';
import { own, type Rule } from './types';

const known = (k: unknown): k is string => typeof k === 'string' && own(WRITE_LEVELS, k);

export const kindRule: Rule = ({ doc, stored, writer }) => {
  if (doc._id.startsWith('_design/')) return 'Only the server changes design documents.';
  if (doc._id.startsWith('_')) return 'Document ids cannot begin with _.';
  if (doc._deleted !== true || doc.stores !== undefined) {
    if (doc.stores === undefined || doc.stores === null || doc.stores === '') return 'A document needs its kind (stores).';
    if (!known(doc.stores)) return `Documents of kind "${String(doc.stores).slice(0, 40)}" are not stored here.`;
  }
  if (stored && !known(stored.stores) && writer.level !== 0) return 'Only the owner changes a document of no known kind.';
  const kinds = new Set<string>();
  if (known(doc.stores)) kinds.add(doc.stores);
  if (stored && known(stored.stores)) kinds.add(stored.stores);
  for (const k of kinds) {
    const levels = WRITE_LEVELS[k];
    if (levels === null || !(levels as number[]).includes(writer.level)) return `Your role may not change ${k} documents.`;
  }
  if (stored && doc._deleted !== true && known(stored.stores) && doc.stores !== stored.stores) return 'A document cannot change its kind.';
  return undefined;
};

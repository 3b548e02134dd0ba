/** Client search-as-you-type over an in-memory index of the client id range (type prefix '4'). */
import { ID_PREFIX } from '../../commands/lib/ids';
import { HOME_CODE } from '../../commands/lib/phone';
import type { ClientKind, ClientSummary } from '../../commands/clients';
import { asKind } from '../../commands/docs';
import type { Database } from '../pouch';
import { createPrefixIndex, prefixIndex } from '../prefix-index';

export type ClientEntry = ClientSummary & { haystack: string; nameLower: string };
type Entry = ClientEntry;

function entryOf(raw: Record<string, unknown>): Entry | undefined {
  const doc = asKind(raw, 'customer', 'supplier');
  if (!doc || doc._deleted || typeof doc.name !== 'string') return undefined;
  const phone = doc.phone_number ?? '';
  // Stored as +234803…; a cashier types it the national way (0803…): both are found.
  const national = phone.startsWith('+' + HOME_CODE) ? '0' + phone.slice(1 + HOME_CODE.length) : '';
  return {
    _id: doc._id,
    kind: doc.stores,
    name: doc.name,
    phone_number: doc.phone_number,
    discount: doc.discount,
    address: doc.address,
    credit_limit: doc.credit_limit,
    defaultLevel: doc.defaultLevel,
    nameLower: doc.name.toLowerCase(),
    haystack: `${doc.name}\n${phone}\n${phone.replace(/\D/g, '')}\n${national}`.toLowerCase(),
  };
}

/** Every live customer and supplier of the database, kept current from the changes feed. */
export const clientIndex = (db: Database) => prefixIndex(db, 'clients', () => createPrefixIndex(db, ID_PREFIX.client, entryOf));

export async function searchClients(db: Database, kind: ClientKind, query: string, limit: number): Promise<ClientSummary[]> {
  const entries = await clientIndex(db).entries();
  const q = query.trim().toLowerCase();
  const digits = q.replace(/\D/g, '');
  const hits: Entry[] = [];
  for (const e of entries.values()) {
    if (e.kind !== kind) continue;
    if (!q || e.haystack.includes(q) || (digits.length >= 3 && e.haystack.includes(digits))) hits.push(e);
  }
  const rank = (e: Entry) => (q && e.nameLower.startsWith(q) ? 0 : 1);
  hits.sort((a, b) => rank(a) - rank(b) || a.nameLower.localeCompare(b.nameLower));
  return hits.slice(0, limit).map(({ haystack: _h, nameLower: _n, ...summary }) => summary);
}

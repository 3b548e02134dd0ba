/**
 * In-memory client index for search-as-you-type. Built once from the client id range (type prefix '4'), then
 * kept current by reading only the changes since the last sequence it saw, so a keystroke never scans documents.
 */
import { ID_PREFIX } from '../../commands/lib/ids';
import type { ClientKind, ClientSummary } from '../../commands/clients';
import type { ClientDoc } from '../../commands/docs';
import type { Database } from '../pouch';

type Entry = ClientSummary & { haystack: string; nameLower: string };

export type ClientIndex = { search(kind: ClientKind, query: string, limit: number): Promise<ClientSummary[]> };

const PREFIX = ID_PREFIX.client;
const indexes = new WeakMap<Database, ClientIndex>();

export function clientIndex(db: Database): ClientIndex {
  let index = indexes.get(db);
  if (!index) indexes.set(db, (index = createClientIndex(db)));
  return index;
}

function isClient(doc: unknown): doc is ClientDoc {
  const d = doc as ClientDoc | undefined;
  return !!d && !d._deleted && (d.stores === 'customer' || d.stores === 'supplier') && typeof d.name === 'string';
}

function entryOf(doc: ClientDoc): Entry {
  const phone = doc.phone_number ?? '';
  return {
    _id: doc._id,
    kind: doc.stores,
    name: doc.name,
    phone_number: doc.phone_number,
    discount: doc.discount,
    address: doc.address,
    nameLower: doc.name.toLowerCase(),
    haystack: `${doc.name}\n${phone}\n${phone.replace(/\D/g, '')}`.toLowerCase(),
  };
}

function createClientIndex(db: Database): ClientIndex {
  const byId = new Map<string, Entry>();
  let since: string | number | null = null;
  let chain: Promise<void> = Promise.resolve();

  async function build() {
    const info = await db.info();
    const res = await db.allDocs({ startkey: PREFIX, endkey: PREFIX + '\uffff', include_docs: true });
    for (const row of res.rows) if (isClient(row.doc)) byId.set(row.id, entryOf(row.doc));
    since = info.update_seq;
  }

  async function catchUp() {
    // Ids only: bodies are fetched just for the few changed ids that can be clients.
    const res = await db.changes({ since: since ?? 0 });
    since = res.last_seq;
    const candidates = res.results.filter((c) => c.id.startsWith(PREFIX) || byId.has(c.id));
    for (const c of candidates) if (c.deleted) byId.delete(c.id);
    const live = candidates.filter((c) => !c.deleted).map((c) => c.id);
    if (!live.length) return;
    const docs = await db.allDocs({ keys: live, include_docs: true });
    for (const row of docs.rows) {
      const doc = 'doc' in row ? row.doc : undefined;
      if (isClient(doc)) byId.set(doc._id, entryOf(doc));
      else byId.delete(row.key);
    }
  }

  function refresh(): Promise<void> {
    chain = chain.then(() => (since === null ? build() : catchUp()));
    return chain;
  }

  return {
    async search(kind, query, limit) {
      await refresh();
      const q = query.trim().toLowerCase();
      const digits = q.replace(/\D/g, '');
      const hits: Entry[] = [];
      for (const e of byId.values()) {
        if (e.kind !== kind) continue;
        if (!q || e.haystack.includes(q) || (digits.length >= 3 && e.haystack.includes(digits))) hits.push(e);
      }
      const rank = (e: Entry) => (q && e.nameLower.startsWith(q) ? 0 : 1);
      hits.sort((a, b) => rank(a) - rank(b) || a.nameLower.localeCompare(b.nameLower));
      return hits.slice(0, limit).map(({ haystack: _h, nameLower: _n, ...summary }) => summary);
    },
  };
}

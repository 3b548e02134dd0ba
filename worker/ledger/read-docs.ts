/** Reads only the documents a page needs, by key, leaving out missing, deleted or 'deleted'-marked ones. */
import type { Database } from '../pouch';

export type Doc = Record<string, unknown>;

export async function readDocs(main: Database, ids: readonly string[]): Promise<Map<string, Doc>> {
  const out = new Map<string, Doc>();
  if (!ids.length) return out;
  const res = await main.allDocs({ keys: [...new Set(ids)], include_docs: true });
  for (const row of res.rows) {
    const doc = 'doc' in row ? (row.doc as Doc | null | undefined) : undefined;
    if (doc && doc.deleted !== true) out.set(row.key, doc);
  }
  return out;
}

/**
 * What the /db gate (./gate.ts) reads before it judges a write: the stored winners of the ids a batch names
 * (one `_all_docs?include_docs` request with their keys, bounded by the batch the body limits already bound),
 * and the business's settings the rules depend on, kept per business until a settings write through the gate
 * or a minute passes (a restore writes as admin, around the gate).
 */
import { CONFIG_CHOICES, CONFIG_DEFAULTS, CONFIG_DOC_PREFIX } from '../../commands/config';
import type { Doc, WriteSettings } from '../../commands/rules';
import type { CouchClient } from './client';
import { businessDb } from './names';

export type StoredDocs = { live: Map<string, Doc>; deleted: Set<string> };

type Row = { key: string; error?: string; value?: { rev: string; deleted?: boolean }; doc?: Doc | null };

/** The stored winners of `ids` in `db`: live documents by id, and the ids whose winner is a deletion. */
export async function readStored(couch: CouchClient, db: string, ids: string[]): Promise<StoredDocs> {
  const out: StoredDocs = { live: new Map(), deleted: new Set() };
  if (!ids.length) return out;
  const res = await couch.request<{ rows?: Row[] }>('POST', `/${encodeURIComponent(db)}/_all_docs?include_docs=true`, { keys: ids });
  if (res.status >= 300 || !Array.isArray(res.body.rows)) throw new Error(`reading ${db}: ${res.status}`);
  for (const row of res.body.rows) {
    if (row.value?.deleted) out.deleted.add(row.key);
    else if (row.doc) out.live.set(row.key, row.doc);
  }
  return out;
}

const SETTINGS_TTL_MS = 60_000;
const MAX_BUSINESSES = 5000;
const KEYS = ['deletePolicy', 'reviewDelete', 'deleteTimeout', 'editableInvoice'] as const;
export const DEFAULT_WRITE_SETTINGS: WriteSettings = {
  deletePolicy: CONFIG_DEFAULTS.deletePolicy,
  reviewDelete: CONFIG_DEFAULTS.reviewDelete,
  deleteTimeout: CONFIG_DEFAULTS.deleteTimeout,
  editableInvoice: CONFIG_DEFAULTS.editableInvoice,
};

/** A value as the settings screen would take it; anything else reads as the default. */
function valid(key: (typeof KEYS)[number], value: unknown): boolean {
  const choices = CONFIG_CHOICES[key] as readonly unknown[] | undefined;
  if (choices) return choices.includes(value);
  const def = CONFIG_DEFAULTS[key];
  return typeof value === typeof def && (typeof value !== 'number' || (Number.isFinite(value) && value >= 0));
}

/** What the gate knows of a business's settings: the rules' settings, and the price levels' names (the audit log's). */
export type GateSettings = { rules: WriteSettings; levelNames: ReadonlyMap<string, string> };

export class WriteSettingsCache {
  private entries = new Map<string, { value: Promise<GateSettings>; until: number }>();
  constructor(private readonly couch: () => CouchClient) {}

  of(business: string): Promise<GateSettings> {
    const hit = this.entries.get(business);
    if (hit && hit.until > Date.now()) return hit.value;
    if (this.entries.size >= MAX_BUSINESSES) this.entries.clear();
    const value = this.read(business);
    this.entries.set(business, { value, until: Date.now() + SETTINGS_TTL_MS });
    // A failed read is not kept: the next write asks again.
    value.catch(() => this.entries.delete(business));
    return value;
  }

  /** Called when a write of the business's settings was answered: the next write reads them again. */
  forget(business: string): void {
    this.entries.delete(business);
  }

  private async read(business: string): Promise<GateSettings> {
    const stored = await readStored(this.couch(), businessDb(business, 'shared'), [...KEYS, 'priceLevels'].map((k) => CONFIG_DOC_PREFIX + k));
    const out: Record<string, unknown> = { ...DEFAULT_WRITE_SETTINGS };
    for (const key of KEYS) {
      const value = stored.live.get(CONFIG_DOC_PREFIX + key)?.value;
      if (valid(key, value)) out[key] = value;
    }
    const levels = stored.live.get(`${CONFIG_DOC_PREFIX}priceLevels`)?.value;
    const levelNames = new Map(Array.isArray(levels) ? levels.filter((l) => typeof l?.id === 'string' && typeof l?.name === 'string').map((l) => [l.id as string, l.name as string]) : []);
    return { rules: out as WriteSettings, levelNames };
  }
}

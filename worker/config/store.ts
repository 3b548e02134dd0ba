/** Config documents in the shared database, one per key, cached in memory and refreshed on change. */
import { CONFIG_DEFAULTS, CONFIG_DOC_PREFIX, type ConfigKey, type ConfigValues } from '../../commands/config';
import { asKind } from '../../commands/docs';
import type { Database } from '../pouch';

export function configDocId(key: ConfigKey): string {
  return CONFIG_DOC_PREFIX + key;
}

export async function readConfig(shared: Database): Promise<ConfigValues> {
  const res = await shared.allDocs({ startkey: CONFIG_DOC_PREFIX, endkey: CONFIG_DOC_PREFIX + '\uffff', include_docs: true });
  const values: Record<string, unknown> = { ...CONFIG_DEFAULTS };
  for (const row of res.rows) {
    const doc = asKind(row.doc, 'config');
    if (doc && doc.key in CONFIG_DEFAULTS) values[doc.key] = doc.value;
  }
  return values as ConfigValues;
}

export function createConfigCache(shared: Database) {
  let cached: Promise<ConfigValues> | null = null;
  return {
    get: (): Promise<ConfigValues> => (cached ??= readConfig(shared)),
    invalidate: (): void => {
      cached = null;
    },
  };
}

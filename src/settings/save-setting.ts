/**
 * Saving one setting from /settings: the worker checks it (commands/config-rules.ts) and writes it to the shared
 * database; every open tab re-reads the configuration on the change event and other devices get it by sync.
 * Answers '' when saved, else the refusal to show beside the field.
 */
import type { ConfigKey, ConfigValues } from '../../commands/config';
import { dispatch } from '../bus';

export async function saveSetting<K extends ConfigKey>(key: K, value: ConfigValues[K]): Promise<string> {
  const reply = await dispatch('config-set', { [key]: value } as Partial<ConfigValues>);
  return reply.ok ? '' : reply.error.message;
}

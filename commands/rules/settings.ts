/**
 * Settings: every config document is stored as `config-{key}` and holds a value the worker's own check
 * accepts (commands/config-rules.ts, the very function), so a device that skips the worker cannot store a
 * setting the app would then trip over. Who may write them is ./kinds.ts's (config: the owner).
 */
import { CONFIG_DOC_PREFIX } from '../config';
import { checkConfigValue } from '../config-rules';
import type { Rule } from './types';

export const settingsRule: Rule = ({ doc }) => {
  if (doc._deleted === true || (doc.stores !== 'config' && !doc._id.startsWith(CONFIG_DOC_PREFIX))) return undefined;
  // One id per key, so no second document can carry a key sideways past what the owner sees.
  if (typeof doc.key !== 'string' || doc._id !== CONFIG_DOC_PREFIX + doc.key) return `A setting is stored as ${CONFIG_DOC_PREFIX}{its key}.`;
  return checkConfigValue(doc.key, doc.value);
};

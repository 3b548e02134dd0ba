/**
 * Which values each setting takes, with messages that name the setting as /settings shows it. The worker
 * checks every config-set with this; the server's /db gate runs it too (commands/rules/settings.ts).
 */
import { CONFIG_CHOICES, CONFIG_DEFAULTS, type ConfigKey } from './config';
import { SETTING_TEXTS } from './config-labels';
import { SMS_SENDER_MAX } from './lib/sms';
import { scalePrefixes } from './lib/scale-barcode';
import { priceLevelsProblem } from './lib/price-levels';

export const CONFIG_MESSAGES = {
  senderTooLong: `The sender ID can have at most ${SMS_SENDER_MAX} characters`,
  vatRange: 'VAT percentage must be between 0 and 100',
  height: 'Paper height must be empty or a length such as 278mm',
  scalePrefix: 'Scale barcode prefix must be 1 to 3 digits such as 21, or a range such as 20-29',
  scaleCodeLength: 'Scale item code length must be a whole number from 3 to 6',
} as const;

/** Lengths a printed page may be given: a number and a unit CSS understands. */
const LENGTH = /^\d+(?:\.\d+)?(?:mm|cm|in)$/;

function listProblem(label: string, value: unknown): string | undefined {
  if (!Array.isArray(value) || !value.every((v) => typeof v === 'string')) return `${label} must be a list of texts`;
  const seen = new Set<string>();
  for (const v of value as string[]) {
    const t = v.trim().toLowerCase();
    if (!t) return `${label}: every entry needs a text`;
    if (seen.has(t)) return `${label}: "${v.trim()}" is listed twice`;
    seen.add(t);
  }
  return undefined;
}

/** An error text for a bad value, or undefined when the value fits the key. */
export function checkConfigValue(key: string, value: unknown): string | undefined {
  if (!Object.prototype.hasOwnProperty.call(CONFIG_DEFAULTS, key)) return `Unknown setting: ${key}`;
  const k = key as ConfigKey;
  const text = SETTING_TEXTS[k];
  const choices = CONFIG_CHOICES[k];
  if (choices) {
    if (choices.includes(value)) return undefined;
    const names = text.choices?.map((c) => c.label) ?? choices.map(String);
    return `${text.label}: choose one of ${names.join(', ')}`;
  }
  const def = CONFIG_DEFAULTS[k];
  // A list of levels, not of texts: its own rule (the server's gate runs this very check: commands/rules/settings.ts).
  if (k === 'priceLevels') return priceLevelsProblem(value);
  if (Array.isArray(def)) return listProblem(text.label, value);
  if (typeof def === 'number') {
    if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) return `${text.label} must be a number of 0 or more`;
    if (k === 'vatPercentage' && value > 100) return CONFIG_MESSAGES.vatRange;
    if (k === 'scaleCodeLength' && !(Number.isInteger(value) && value >= 3 && value <= 6)) return CONFIG_MESSAGES.scaleCodeLength;
    return undefined;
  }
  if (typeof def === 'boolean') return typeof value === 'boolean' ? undefined : `${text.label} must be on or off`;
  if (typeof value !== 'string') return `${text.label} must be a text`;
  if (k === 'smsSender' && value.trim().length > SMS_SENDER_MAX) return CONFIG_MESSAGES.senderTooLong;
  if (k === 'scalePrefix' && !scalePrefixes(value)) return CONFIG_MESSAGES.scalePrefix;
  if (k === 'invoiceHeight' && value.trim() !== '' && !LENGTH.test(value.trim())) return CONFIG_MESSAGES.height;
  return undefined;
}

/**
 * The settings rule of validate_doc_update: every config document a member writes is stored as
 * `config-{key}` and holds a value the worker's checkConfigValue (commands/config-rules.ts) accepts, with the
 * same message. A device that skips the worker's check (an old build, a hand-made request) cannot store a
 * setting the app would then trip over: a scale prefix it cannot read, a paper height CSS rejects, a currency
 * it does not know. tests/unit/validate-config.test.ts proves both sides answer alike for every key.
 *
 * ES5 for CouchDB's JavaScript engine, inside a template literal: no backslashes (they would be eaten), so
 * digits are `[0-9]` and the dot `[.]`.
 */
import { CONFIG_CHOICES, CONFIG_DEFAULTS, CONFIG_DOC_PREFIX, type ConfigKey } from '../../commands/config';
import { SETTING_TEXTS } from '../../commands/config-labels';
import { CONFIG_MESSAGES } from '../../commands/config-rules';
import { SMS_SENDER_MAX } from '../../commands/lib/sms';
import { priceLevelsSource } from './validate-price-levels';

type Rule = { label: string; kind: 'choice' | 'list' | 'levels' | 'number' | 'boolean' | 'text'; choices?: readonly unknown[]; names?: string[] };

/** Each key's label and kind, as checkConfigValue derives them (choices first, then the default's type). */
function configRules(): Record<string, Rule> {
  const rules: Record<string, Rule> = {};
  for (const key of Object.keys(CONFIG_DEFAULTS) as ConfigKey[]) {
    const text = SETTING_TEXTS[key];
    const choices = CONFIG_CHOICES[key];
    const def = CONFIG_DEFAULTS[key];
    if (key === 'priceLevels') rules[key] = { label: text.label, kind: 'levels' };
    else if (choices) rules[key] = { label: text.label, kind: 'choice', choices, names: text.choices?.map((c) => c.label) ?? choices.map(String) };
    else if (Array.isArray(def)) rules[key] = { label: text.label, kind: 'list' };
    else if (typeof def === 'number') rules[key] = { label: text.label, kind: 'number' };
    else if (typeof def === 'boolean') rules[key] = { label: text.label, kind: 'boolean' };
    else rules[key] = { label: text.label, kind: 'text' };
  }
  return rules;
}

const SOURCE = `
  var CONFIG_PREFIX = %CONFIG_PREFIX%;
  var CONFIG_RULES = %CONFIG_RULES%;
  var CONFIG_MESSAGES = %CONFIG_MESSAGES%;
  var CONFIG_SENDER_MAX = %SMS_SENDER_MAX%;
  var isDigits = function (t, min, max) {
    if (t.length < min || t.length > max) return false;
    for (var d = 0; d < t.length; d++) if (t.charAt(d) < '0' || t.charAt(d) > '9') return false;
    return true;
  };
  // One prefix such as 21, or a range of same-length prefixes such as 20-29 (commands/lib/scale-barcode.ts).
  var scalePrefixOk = function (text) {
    var parts = text.trim().split('-');
    if (parts.length > 2 || !isDigits(parts[0], 1, 3)) return false;
    if (parts.length === 1) return true;
    return isDigits(parts[1], 1, 3) && parts[1].length === parts[0].length && Number(parts[1]) >= Number(parts[0]);
  };
%PRICE_LEVELS%  var checkConfig = function (key, value) {
    if (!Object.prototype.hasOwnProperty.call(CONFIG_RULES, key)) return 'Unknown setting: ' + key;
    var rule = CONFIG_RULES[key];
    if (rule.kind === 'choice') {
      for (var c = 0; c < rule.choices.length; c++) if (rule.choices[c] === value) return null;
      return rule.label + ': choose one of ' + rule.names.join(', ');
    }
    if (rule.kind === 'levels') return priceLevelsProblem(value) || null;
    if (rule.kind === 'list') {
      if (!Array.isArray(value)) return rule.label + ' must be a list of texts';
      for (var s = 0; s < value.length; s++) if (typeof value[s] !== 'string') return rule.label + ' must be a list of texts';
      var seen = {};
      for (var e = 0; e < value.length; e++) {
        var entry = value[e].trim().toLowerCase();
        if (!entry) return rule.label + ': every entry needs a text';
        if (seen.hasOwnProperty('#' + entry)) return rule.label + ': "' + value[e].trim() + '" is listed twice';
        seen['#' + entry] = true;
      }
      return null;
    }
    if (rule.kind === 'number') {
      if (typeof value !== 'number' || !isFinite(value) || value < 0) return rule.label + ' must be a number of 0 or more';
      if (key === 'vatPercentage' && value > 100) return CONFIG_MESSAGES.vatRange;
      if (key === 'scaleCodeLength' && !(value % 1 === 0 && value >= 3 && value <= 6)) return CONFIG_MESSAGES.scaleCodeLength;
      return null;
    }
    if (rule.kind === 'boolean') return typeof value === 'boolean' ? null : rule.label + ' must be on or off';
    if (typeof value !== 'string') return rule.label + ' must be a text';
    if (key === 'smsSender' && value.trim().length > CONFIG_SENDER_MAX) return CONFIG_MESSAGES.senderTooLong;
    if (key === 'scalePrefix' && !scalePrefixOk(value)) return CONFIG_MESSAGES.scalePrefix;
    if (key === 'invoiceHeight' && value.trim() !== '' && !/^[0-9]+([.][0-9]+)?(mm|cm|in)$/.test(value.trim())) return CONFIG_MESSAGES.height;
    return null;
  };
  if (!newDoc._deleted && (newDoc.stores === 'config' || newDoc._id.indexOf(CONFIG_PREFIX) === 0)) {
    // The worker reads a setting by its key from the config- range: one id per key, so no second document
    // can carry a key sideways past what the owner sees.
    if (typeof newDoc.key !== 'string' || newDoc._id !== CONFIG_PREFIX + newDoc.key) throw { forbidden: 'A setting is stored as ' + CONFIG_PREFIX + '{its key}.' };
    var configProblem = checkConfig(newDoc.key, newDoc.value);
    if (configProblem) throw { forbidden: configProblem };
  }
`;

/** The ES5 statements of the settings rule, for validate_doc_update's body (newDoc in scope). */
export function configRulesSource(): string {
  return SOURCE.replace('%PRICE_LEVELS%', () => priceLevelsSource())
    .replace('%CONFIG_PREFIX%', JSON.stringify(CONFIG_DOC_PREFIX))
    .replace('%CONFIG_RULES%', () => JSON.stringify(configRules()))
    .replace('%CONFIG_MESSAGES%', () => JSON.stringify(CONFIG_MESSAGES))
    .replace('%SMS_SENDER_MAX%', JSON.stringify(SMS_SENDER_MAX));
}

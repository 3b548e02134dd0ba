/**
 * The price-level rules of validate_doc_update (issue 28), the server's copy of what the worker checks in
 * commands/lib/price-levels.ts, with the same messages:
 * - the `priceLevels` setting (config-priceLevels, owner only like every setting): at most MAX_PRICE_LEVELS
 *   levels, each { id, name, minQuantity? } with a short id, a name of at most MAX_LEVEL_NAME characters, a whole
 *   minimum quantity of 1 or more, no id or name twice (priceLevelsSource, called by ./validate-config.ts);
 * - an item's `levelPrices`: a map of level id to an amount of 0 or more, at most MAX_PRICE_LEVELS entries (the
 *   upper bound of each amount is ./validate-limits.ts's, from commands/lib/doc-limits.ts);
 * - a customer's `defaultLevel`: one level id;
 * - the level a sale and each of its lines record: { id, name, fallback?, auto? }.
 * The server cannot read the settings document while validating another, so an item or sale naming a level
 * deleted since (or made offline) is stored: the worker refuses unknown levels where it writes.
 *
 * ES5 for CouchDB's JavaScript engine, inside a template literal: no backslashes.
 */
import { LEVEL_MESSAGES, MAX_LEVEL_ID, MAX_LEVEL_NAME, MAX_PRICE_LEVELS } from '../../commands/lib/price-levels';
import { MAX_QUANTITY } from '../../commands/lib/bounds';

const CONSTANTS = `
  var PL_MAX = ${MAX_PRICE_LEVELS};
  var PL_NAME_MAX = ${MAX_LEVEL_NAME};
  var PL_ID_MAX = ${MAX_LEVEL_ID};
  var PL_QUANTITY_MAX = ${MAX_QUANTITY};
  var PL_MESSAGES = %MESSAGES%;
  var PL_ID_CHARS = 'abcdefghijklmnopqrstuvwxyz0123456789-';
  var plIdOk = function (id) {
    if (typeof id !== 'string' || id.length < 1 || id.length > PL_ID_MAX) return false;
    for (var c = 0; c < id.length; c++) if (PL_ID_CHARS.indexOf(id.charAt(c)) === -1) return false;
    return true;
  };
`;

const SETTING = `
  var priceLevelsProblem = function (value) {
    if (!Array.isArray(value)) return PL_MESSAGES.notList;
    if (value.length > PL_MAX) return PL_MESSAGES.tooMany;
    var ids = {};
    var names = {};
    for (var i = 0; i < value.length; i++) {
      var l = value[i];
      if (!l || typeof l !== 'object' || Array.isArray(l)) return PL_MESSAGES.shape;
      for (var k in l) {
        if (Object.prototype.hasOwnProperty.call(l, k) && k !== 'id' && k !== 'name' && k !== 'minQuantity') return PL_MESSAGES.shape;
      }
      if (!plIdOk(l.id)) return PL_MESSAGES.id;
      if (typeof l.name !== 'string' || l.name.trim() === '' || l.name.length > PL_NAME_MAX || l.name !== l.name.trim()) return PL_MESSAGES.name;
      if (l.minQuantity !== undefined && !(typeof l.minQuantity === 'number' && l.minQuantity % 1 === 0 && l.minQuantity >= 1 && l.minQuantity <= PL_QUANTITY_MAX)) return PL_MESSAGES.minQuantity;
      if (ids.hasOwnProperty('#' + l.id)) return PL_MESSAGES.duplicateId;
      var key = '#' + l.name.toLowerCase();
      if (names.hasOwnProperty(key)) return 'Price levels: "' + l.name + '" is listed twice';
      ids['#' + l.id] = true;
      names[key] = true;
    }
    return undefined;
  };
`;

const DOCUMENTS = `
  var plLineLevelOk = function (lv) {
    if (lv === undefined) return true;
    if (!lv || typeof lv !== 'object' || Array.isArray(lv) || !plIdOk(lv.id)) return false;
    if (typeof lv.name !== 'string' || lv.name === '' || lv.name.length > PL_NAME_MAX) return false;
    return (lv.fallback === undefined || lv.fallback === true) && (lv.auto === undefined || lv.auto === true);
  };
  if (!newDoc._deleted && newDoc.stores === 'item' && newDoc.levelPrices !== undefined) {
    var lp = newDoc.levelPrices;
    if (lp === null || typeof lp !== 'object' || Array.isArray(lp)) throw { forbidden: PL_MESSAGES.levelPrices };
    var lpCount = 0;
    for (var lpId in lp) {
      if (!Object.prototype.hasOwnProperty.call(lp, lpId)) continue;
      lpCount++;
      if (!plIdOk(lpId) || typeof lp[lpId] !== 'number' || !isFinite(lp[lpId]) || lp[lpId] < 0) throw { forbidden: PL_MESSAGES.levelPrices };
    }
    if (lpCount > PL_MAX) throw { forbidden: PL_MESSAGES.tooMany };
  }
  if (!newDoc._deleted && newDoc.stores === 'customer' && newDoc.defaultLevel !== undefined && !plIdOk(newDoc.defaultLevel)) {
    throw { forbidden: PL_MESSAGES.id };
  }
  if (!newDoc._deleted && newDoc.stores === 'sale') {
    if (newDoc.level !== undefined && !plLineLevelOk(newDoc.level)) throw { forbidden: 'A sale records its price level as { id, name }.' };
    if (Array.isArray(newDoc.items)) {
      for (var pl = 0; pl < newDoc.items.length; pl++) {
        if (newDoc.items[pl] && !plLineLevelOk(newDoc.items[pl].level)) throw { forbidden: 'A sale line records its price level as { id, name, fallback?, auto? }.' };
      }
    }
  }
  if (!newDoc._deleted && newDoc.stores === 'sale_item' && !plLineLevelOk(newDoc.level)) {
    throw { forbidden: 'A sale line records its price level as { id, name, fallback?, auto? }.' };
  }
`;

const constants = () => CONSTANTS.replace('%MESSAGES%', () => JSON.stringify({ ...LEVEL_MESSAGES, duplicateName: undefined, unknown: undefined }));

/** The setting's check (`priceLevelsProblem(value)`), for the settings rule of ./validate-config.ts. */
export function priceLevelsSource(): string {
  return constants() + SETTING;
}

/** The rules for items, customers and sales, for validate_doc_update's body (newDoc in scope). */
export function priceLevelRulesSource(): string {
  return constants() + DOCUMENTS;
}

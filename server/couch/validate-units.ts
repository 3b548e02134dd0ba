/**
 * Units of measure in validate_doc_update (issue 28, commands/lib/units.ts), with the worker's messages, so a
 * device that skips the worker cannot store what the app would not:
 * - an item's base unit is a name of 1 to MAX_UNIT_NAME characters; its pack units a list of at most
 *   MAX_PACK_UNITS, each with a name (not the base unit's, not twice), a whole factor from 2 to MAX_UNIT_FACTOR
 *   (a factor of 0 would make a carton weigh nothing in the ledger), a price of 0 or more and a barcode of at
 *   most 60 characters, and optionally its own price per level (a map of level id to an amount of 0 or more);
 * - a line that names a pack (sale, purchase and issue lines, their movement documents, returns, damaged goods
 *   and warehouse transfers) carries a whole unit_factor from 2 to MAX_UNIT_FACTOR: the ledger multiplies by it.
 * Injected into ./validate.ts at %UNIT_RULES%. ES5 for CouchDB's JavaScript engine, inside a template literal:
 * no backslashes.
 */
import { MAX_LEVEL_ID, MAX_PRICE_LEVELS } from '../../commands/lib/price-levels';
import { MAX_PACK_UNITS, MAX_UNIT_FACTOR, MAX_UNIT_NAME, UNIT_MESSAGES } from '../../commands/lib/units';

/** A pack's price per level (commands/lib/unit-types.ts): like the item's own levelPrices. */
export const PACK_LEVELS_MESSAGE = `A pack unit's level prices are a map of price level to an amount of 0 or more, at most ${MAX_PRICE_LEVELS}.`;

/** The line factor's message (the worker never writes another factor: it takes it from the item). */
export const UNIT_FACTOR_MESSAGE = `A line's unit_factor is a whole number from 2 to ${MAX_UNIT_FACTOR}.`;

const SOURCE = `
  if (!newDoc._deleted) {
    var unitName = function (v) { return typeof v === 'string' && v.trim() !== '' && v.length <= %MAX_UNIT_NAME%; };
    var factorOk = function (v) { return typeof v === 'number' && v % 1 === 0 && v >= 2 && v <= %MAX_UNIT_FACTOR%; };
    if (newDoc.stores === 'item') {
      if (newDoc.unit !== undefined && !unitName(newDoc.unit)) throw { forbidden: %NAME_MESSAGE% };
      if (newDoc.units !== undefined) {
        if (!Array.isArray(newDoc.units) || newDoc.units.length > %MAX_PACK_UNITS%) throw { forbidden: %COUNT_MESSAGE% };
        var unitNames = [String(newDoc.unit || 'piece').trim().toLowerCase()];
        for (var ui = 0; ui < newDoc.units.length; ui++) {
          var pack = newDoc.units[ui];
          if (!pack || typeof pack !== 'object' || !unitName(pack.name)) throw { forbidden: %NAME_MESSAGE% };
          if (!factorOk(pack.factor)) throw { forbidden: %FACTOR_MESSAGE% };
          if (typeof pack.price !== 'number' || !(pack.price >= 0)) throw { forbidden: %PRICE_MESSAGE% };
          if (pack.barcode !== undefined && (typeof pack.barcode !== 'string' || pack.barcode.length > 60)) throw { forbidden: %BARCODE_MESSAGE% };
          if (pack.levelPrices !== undefined) {
            var plp = pack.levelPrices;
            if (plp === null || typeof plp !== 'object' || Array.isArray(plp)) throw { forbidden: %PACK_LEVELS_MESSAGE% };
            var plpCount = 0;
            for (var plpId in plp) {
              if (!Object.prototype.hasOwnProperty.call(plp, plpId)) continue;
              plpCount++;
              if (plpId === '' || plpId.length > %MAX_LEVEL_ID% || typeof plp[plpId] !== 'number' || !isFinite(plp[plpId]) || plp[plpId] < 0) throw { forbidden: %PACK_LEVELS_MESSAGE% };
            }
            if (plpCount > %MAX_PRICE_LEVELS%) throw { forbidden: %PACK_LEVELS_MESSAGE% };
          }
          var packKey = pack.name.trim().toLowerCase();
          if (unitNames.indexOf(packKey) !== -1) throw { forbidden: 'The unit ' + pack.name.trim() + ' is named twice.' };
          unitNames.push(packKey);
        }
      }
    }
    var unitLines = [];
    if (newDoc.stores === 'sale' || newDoc.stores === 'purchase' || newDoc.stores === 'issue') {
      if (Array.isArray(newDoc.items)) unitLines = newDoc.items;
    } else if (['sale_item', 'purchase_item', 'issue_item', 'good-returns', 'damaged-goods', 'warehouse-transfer'].indexOf(newDoc.stores) !== -1) {
      unitLines = [newDoc];
    }
    for (var ul = 0; ul < unitLines.length; ul++) {
      var uline = unitLines[ul];
      if (!uline || typeof uline !== 'object') continue;
      if (uline.unit_factor !== undefined && !factorOk(uline.unit_factor)) throw { forbidden: %LINE_FACTOR_MESSAGE% };
      if (uline.unit !== undefined && !unitName(uline.unit)) throw { forbidden: %NAME_MESSAGE% };
    }
  }
`;

export function unitRulesSource(): string {
  const values: Record<string, string> = {
    MAX_UNIT_NAME: String(MAX_UNIT_NAME),
    MAX_UNIT_FACTOR: String(MAX_UNIT_FACTOR),
    MAX_PACK_UNITS: String(MAX_PACK_UNITS),
    NAME_MESSAGE: JSON.stringify(UNIT_MESSAGES.name),
    COUNT_MESSAGE: JSON.stringify(UNIT_MESSAGES.count),
    FACTOR_MESSAGE: JSON.stringify(UNIT_MESSAGES.factor),
    PRICE_MESSAGE: JSON.stringify(UNIT_MESSAGES.price),
    BARCODE_MESSAGE: JSON.stringify(UNIT_MESSAGES.barcode),
    LINE_FACTOR_MESSAGE: JSON.stringify(UNIT_FACTOR_MESSAGE),
    PACK_LEVELS_MESSAGE: JSON.stringify(PACK_LEVELS_MESSAGE),
    MAX_LEVEL_ID: String(MAX_LEVEL_ID),
    MAX_PRICE_LEVELS: String(MAX_PRICE_LEVELS),
  };
  return SOURCE.replace(/%([A-Z_]+)%/g, (_, name: string) => values[name]);
}

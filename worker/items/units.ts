/**
 * Units of measure on items and lines (issue 28, commands/lib/units.ts): the item form's pack units as stored,
 * and the unit each line of a sale, purchase, issue, return or transfer names, read from the stored item (a
 * form never decides how many base units a carton is).
 */
import { asKind, type ItemDoc, type UnitFields } from '../../commands/docs';
import type { Ctx } from '../context';
import { UserError } from '../../commands/errors';
import type { PackUnitInput } from '../../commands/items';
import { parseMoney } from '../../commands/lib/money';
import { unitOf, unitsProblem, type LineUnit, type PackUnit } from '../../commands/lib/units';
import type { PriceLevel } from '../../commands/lib/price-levels';
import { levelPricesProblem, parseLevelPrices } from './price-levels';

/** The pack units as stored: names and barcodes trimmed, prices parsed, an empty barcode dropped. */
export function packUnits(input: readonly PackUnitInput[] | undefined): PackUnit[] | undefined {
  if (!Array.isArray(input) || !input.length) return undefined;
  return input.map((u) => {
    const unit: PackUnit = { name: String(u?.name ?? '').trim(), factor: Number(u?.factor), price: parseMoney(u?.price) };
    const code = String(u?.barcode ?? '').trim();
    if (code) unit.barcode = code;
    const levelPrices = parseLevelPrices(u?.levelPrices);
    if (levelPrices) unit.levelPrices = levelPrices;
    return unit;
  });
}

/** The reason an item form's units cannot be saved, or undefined. */
export function itemUnitsProblem(f: { unit?: string; units?: readonly PackUnitInput[] }): string | undefined {
  if (f.units !== undefined && !Array.isArray(f.units)) return unitsProblem(f.unit, null);
  const unit = f.unit === undefined ? undefined : String(f.unit).trim() || undefined;
  return unitsProblem(unit, packUnits(f.units));
}

/** Why a pack's level prices cannot be stored (a level the settings do not have, a negative price), or undefined. */
export function packLevelPricesProblem(units: readonly PackUnitInput[] | undefined, levels: readonly PriceLevel[]): string | undefined {
  for (const u of Array.isArray(units) ? units : []) {
    const problem = levelPricesProblem(u?.levelPrices, levels);
    if (problem) return `${String(u?.name ?? '').trim() || 'Pack'}: ${problem}`;
  }
  return undefined;
}

/**
 * The unit a line names on its item and the fields the line stores: nothing for a base-unit line of an item
 * without units (so old lines and new ones of plain items look alike), else `unit` and, for a pack, its factor.
 * An unknown unit is refused with the item's name.
 */
export function lineUnit(item: Pick<ItemDoc, 'name' | 'unit' | 'units' | 'price'>, name: string | undefined, code: string): { unit: LineUnit; fields: UnitFields } {
  const unit = unitOf(item, name);
  if (!unit) throw new UserError(code, `${item.name} has no unit ${String(name)}.`);
  if (unit.factor > 1) return { unit, fields: { unit: unit.name, unit_factor: unit.factor } };
  return { unit, fields: item.units?.length || item.unit ? { unit: unit.name } : {} };
}

/**
 * A quantity in `unit` against a base-unit balance: how many of the unit are left, whole packs for a pack
 * ('There are only 8 Indomie (carton) left…'), and the name to say it with. `short` when quantity × factor
 * base units are more than the balance.
 */
export function unitShortfall(balance: number, quantity: number, unit: LineUnit, itemName: string): { short: boolean; left: number; name: string } {
  const short = Math.round(quantity * 1000) * unit.factor > Math.round(balance * 1000);
  if (unit.factor <= 1) return { short, left: balance, name: itemName };
  return { short, left: Math.floor(Math.round(balance * 1000) / (unit.factor * 1000)), name: `${itemName} (${unit.name})` };
}

/** The item documents of some lines, by id (one allDocs by key). */
export async function loadItems(ctx: Ctx, ids: readonly string[]): Promise<Map<string, ItemDoc>> {
  const keys = [...new Set(ids.filter(Boolean))];
  const map = new Map<string, ItemDoc>();
  if (!keys.length) return map;
  const res = await ctx.db.main.allDocs({ keys, include_docs: true });
  for (const row of res.rows) {
    const doc = 'doc' in row ? asKind(row.doc, 'item') : undefined;
    if (doc) map.set(doc._id, doc);
  }
  return map;
}

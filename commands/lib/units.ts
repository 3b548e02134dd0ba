/**
 * Units of measure (issue 28): an item has a base unit (piece, kg, litre…) and any number of pack units, each a
 * whole number of base units (carton = 24 pieces) with its own price and barcode. Stock is always kept in base
 * units: a line of a sale, purchase, issue, return or transfer records the unit it was entered in and its
 * factor (`unit`, `unit_factor` on the line), and the ledger moves quantity × factor base units
 * (worker/ledger/postings.ts). Pure: the worker, the screens and the server's rules (commands/rules/units.ts)
 * share these bounds and messages.
 *
 * Cost of a pack bought at a pack price (the rounding rule): the cost of one base unit is the pack price ÷ the
 * factor, rounded to the nearest kobo, halves away from zero (₦1,000 a carton of 24 → ₦41.67 a piece; ₦100 a
 * pack of 8 → ₦12.50). The profit of a sale then counts that rounded cost × the base units sold; the kobo a
 * rounding loses or gains is not carried anywhere (at most half a kobo per base unit sold).
 */
import { mulMoney, toMinor } from './money';
import type { PackUnit } from './unit-types';
import type { PriceLevel } from './price-level-types';

export type { PackUnit };

/** The unit a line was entered in: its name and how many base units one of it is (1 for the base unit). */
export type LineUnit = { name: string; factor: number; price: number };

/** At most this many pack units per item (a shop sells by the piece, pack, carton, maybe a pallet). */
export const MAX_PACK_UNITS = 10;
/** A pack holds 2 to this many base units (a factor of 1 would be the base unit again). */
export const MAX_UNIT_FACTOR = 100_000;
/** A unit's name ('carton', 'tray of 30'): short, it is shown on every line and receipt. */
export const MAX_UNIT_NAME = 30;
/** The base unit's name when an item with pack units names none. */
export const DEFAULT_BASE_UNIT = 'piece';

export const UNIT_MESSAGES = {
  count: `An item has at most ${MAX_PACK_UNITS} pack units.`,
  name: `A unit needs a name of 1 to ${MAX_UNIT_NAME} characters.`,
  factor: `A pack unit holds a whole number of base units, from 2 to ${MAX_UNIT_FACTOR.toLocaleString('en-US')}.`,
  price: 'A pack unit needs a price of 0 or more.',
  duplicate: (name: string) => `The unit ${name} is named twice.`,
  barcode: 'A pack unit barcode is at most 60 characters.',
  barcodeTwice: (code: string) => `The barcode ${code} is used twice.`,
  unknown: (item: string, unit: string) => `${item} has no unit ${unit}.`,
} as const;

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

/**
 * Why an item's base unit and pack units cannot be stored, or undefined. The same checks as the server's
 * (commands/rules/units.ts, the server's gate); prices' upper bound is the doc-limits table's ('units.*.price').
 */
export function unitsProblem(base: unknown, units: unknown): string | undefined {
  if (base !== undefined && (typeof base !== 'string' || !text(base) || base.length > MAX_UNIT_NAME)) return UNIT_MESSAGES.name;
  if (units === undefined) return undefined;
  if (!Array.isArray(units)) return UNIT_MESSAGES.count;
  if (units.length > MAX_PACK_UNITS) return UNIT_MESSAGES.count;
  const names = new Set<string>([text(base || DEFAULT_BASE_UNIT).toLowerCase()]);
  const codes = new Set<string>();
  for (const u of units as unknown[]) {
    const p = (u ?? {}) as Partial<PackUnit>;
    if (typeof p.name !== 'string' || !text(p.name) || p.name.length > MAX_UNIT_NAME) return UNIT_MESSAGES.name;
    if (typeof p.factor !== 'number' || p.factor % 1 !== 0 || p.factor < 2 || p.factor > MAX_UNIT_FACTOR) return UNIT_MESSAGES.factor;
    if (typeof p.price !== 'number' || !(p.price >= 0)) return UNIT_MESSAGES.price;
    const key = text(p.name).toLowerCase();
    if (names.has(key)) return UNIT_MESSAGES.duplicate(text(p.name));
    names.add(key);
    if (p.barcode !== undefined) {
      if (typeof p.barcode !== 'string' || p.barcode.length > 60) return UNIT_MESSAGES.barcode;
      const code = p.barcode.toLowerCase();
      if (code && codes.has(code)) return UNIT_MESSAGES.barcodeTwice(p.barcode);
      if (code) codes.add(code);
    }
  }
  return undefined;
}

/** The item's base unit name ('piece' unless it names one). */
export function baseUnit(item: { unit?: string }): string {
  return text(item.unit) || DEFAULT_BASE_UNIT;
}

/**
 * The unit a line names on this item: a pack unit by name (case-insensitive), or the base unit when the name is
 * empty or the base unit's; undefined for a name the item does not have.
 */
export function unitOf(item: { unit?: string; units?: PackUnit[]; price: number }, name?: string): LineUnit | undefined {
  const wanted = text(name).toLowerCase();
  const base = baseUnit(item);
  if (!wanted || wanted === base.toLowerCase()) return { name: base, factor: 1, price: item.price };
  const pack = (item.units ?? []).find((u) => text(u.name).toLowerCase() === wanted);
  return pack ? { name: pack.name, factor: pack.factor, price: pack.price } : undefined;
}

/** Base units a line moves: quantity × factor (a line with no factor is in base units). */
export function baseQuantity(line: { quantity: number; unit_factor?: number }): number {
  const factor = line.unit_factor && line.unit_factor > 1 ? line.unit_factor : 1;
  // Thousandths, as the ledger counts, so 0.1 kg × 3 is 0.3 and not 0.30000000000000004.
  return Math.round(line.quantity * 1000) * factor / 1000;
}

/** The cost of one base unit of a pack bought at `packPrice` (the rounding rule in this file's header). */
export function baseCost(packPrice: number, factor: number): number {
  if (!(factor > 1)) return packPrice;
  const minor = toMinor(packPrice);
  // Integer kobo: round half away from zero without the float error of (price / factor).
  const q = Math.floor((2 * Math.abs(minor) + factor) / (2 * factor));
  return (Math.sign(minor) * q) / 100;
}

/** A line's cost at a base unit cost: what `cost_price` on a sold line holds (cost of one of its unit). */
export function unitCost(costPerBase: number, factor: number | undefined): number {
  return factor && factor > 1 ? mulMoney(costPerBase, factor) : costPerBase;
}

const NO_PLURAL = new Set(['kg', 'g', 'mg', 'l', 'ml', 'cl', 'm', 'cm', 'mm', 'lb', 'oz', 'ft', 'in', 'yd', 'pcs', 'dozen']);

/** '1 carton', '2 cartons', '3 boxes', '2.5 kg'. */
export function countOf(n: number, unit: string): string {
  const shown = Number.isInteger(n) ? n.toLocaleString('en-US') : String(Math.round(n * 1000) / 1000);
  if (n === 1 || NO_PLURAL.has(unit.toLowerCase()) || /\d/.test(unit)) return `${shown} ${unit}`;
  if (/(s|x|z|ch|sh)$/i.test(unit)) return `${shown} ${unit}es`;
  if (/[^aeiou]y$/i.test(unit)) return `${shown} ${unit.slice(0, -1)}ies`;
  return `${shown} ${unit}s`;
}

/**
 * A base-unit balance in packs, largest first, and what is left in base units: '8 cartons 22 pieces'.
 * Negative balances read the same with a minus ('-1 carton 2 pieces'). Counted in thousandths so fractions
 * of a base unit (kg) stay exact.
 */
export function inPacks(balance: number, item: { unit?: string; units?: PackUnit[] }): string {
  const base = baseUnit(item);
  const packs = [...(item.units ?? [])].filter((u) => u.factor > 1).sort((a, b) => b.factor - a.factor);
  let rest = Math.round(Math.abs(balance) * 1000);
  const parts: string[] = [];
  for (const p of packs) {
    const n = Math.floor(rest / (p.factor * 1000));
    if (n > 0) parts.push(countOf(n, p.name));
    rest -= n * p.factor * 1000;
  }
  if (rest > 0 || !parts.length) parts.push(countOf(rest / 1000, base));
  return (balance < 0 ? '-' : '') + parts.join(' ');
}

/**
 * Stock both ways: '8 cartons 22 pieces = 214 pieces'. An item without pack units shows the plain number, as
 * before units existed; a balance below the smallest pack shows base units alone ('22 pieces').
 */
export function bothWays(balance: number, item: { unit?: string; units?: PackUnit[] }): string {
  if (!item.units?.length) return item.unit ? countOf(balance, item.unit) : String(Math.round(balance * 1000) / 1000);
  const packed = inPacks(balance, item);
  const plain = countOf(balance, baseUnit(item));
  return packed === plain ? plain : `${packed} = ${plain}`;
}

/** How many of a unit a base-unit balance covers, whole units only (the 'only N left' message of a pack line). */
export function wholeUnits(balance: number, factor: number): number {
  if (!(factor > 1)) return balance;
  return Math.floor(Math.round(balance * 1000) / (factor * 1000));
}

/** A line's unit as shown beside its quantity ('carton'), or '' for a line in the base unit of a plain item. */
export function lineUnitLabel(line: { unit?: string; quantity?: number }): string {
  return line.unit ?? '';
}

/** A line's quantity with its unit, as invoices and receipts print it: '1 carton', '5 pieces'; a plain '3' without. */
export function quantityText(line: { quantity: number; unit?: string }): string {
  return line.unit ? countOf(line.quantity, line.unit) : String(line.quantity);
}

/** A line's description in the Sold and Bought lists, with the unit it was in: 'Indomie (carton)'. */
export function withUnit(description: string, line: { unit?: string }): string {
  return line.unit ? `${description} (${line.unit})` : description;
}

/**
 * Pack units in one CSV cell (item import and the store's CSV export): 'carton = 24 @ 4800 # 6151234500017;
 * pack = 6 @ 1250' (name = factor @ price, an optional # barcode, packs separated by ';'). A pack's own prices
 * at price levels follow its price in brackets, by level name: 'carton = 24 @ 4800 (Wholesale 4500,
 * Distributor 4300) # 6151234500017'. `levels` names the ids a pack stores; a price at a level no longer in
 * settings is left out.
 */
export function packsCell(units: readonly PackUnit[] | undefined, levels: readonly PriceLevel[] = []): string {
  const named = (u: PackUnit) =>
    levels
      .filter((l) => u.levelPrices?.[l.id] !== undefined)
      .map((l) => `${l.name} ${u.levelPrices![l.id]}`)
      .join(', ');
  return (units ?? [])
    .map((u) => {
      const prices = named(u);
      return `${u.name} = ${u.factor} @ ${u.price}${prices ? ` (${prices})` : ''}${u.barcode ? ` # ${u.barcode}` : ''}`;
    })
    .join('; ');
}

const AMOUNT = '[0-9][0-9,]*(?:\\.[0-9]+)?';
const PACK_PART = new RegExp(`^([^=]+?)\\s*=\\s*([0-9]+)\\s*@\\s*(${AMOUNT})\\s*(?:\\(([^)]*)\\))?\\s*(?:#\\s*(\\S+))?$`);
const LEVEL_PRICE = new RegExp(`^(.+?)\\s+(${AMOUNT})$`);

/** The packs of a CSV cell, or the reason it cannot be read. Bounds are unitsProblem's (and levelPricesProblem's). */
export function parsePacksCell(cell: string, levels: readonly PriceLevel[] = []): { units: PackUnit[] } | { problem: string } {
  const units: PackUnit[] = [];
  for (const part of cell.split(';').map((p) => p.trim()).filter(Boolean)) {
    const m = PACK_PART.exec(part);
    if (!m) return { problem: `Pack unit "${part}" is not name = factor @ price (# barcode)` };
    const unit: PackUnit = { name: m[1].trim(), factor: Number(m[2]), price: Number(m[3].replace(/,/g, '')) };
    // Entries part at a comma before a name, not inside an amount ('Wholesale 1,100, Big Trader 4300').
    for (const entry of (m[4] ?? '').split(/,\s*(?=[^\d\s])/).map((e) => e.trim()).filter(Boolean)) {
      const p = LEVEL_PRICE.exec(entry);
      const level = p && levels.find((l) => l.name.trim().toLowerCase() === p[1].trim().toLowerCase());
      if (!p) return { problem: `"${entry}" in pack unit ${unit.name} is not a level name and a price (Wholesale 4500)` };
      if (!level) return { problem: `Pack unit ${unit.name}: there is no price level named ${p[1].trim()}` };
      (unit.levelPrices ??= {})[level.id] = Number(p[2].replace(/,/g, ''));
    }
    if (m[5]) unit.barcode = m[5];
    units.push(unit);
  }
  return { units };
}

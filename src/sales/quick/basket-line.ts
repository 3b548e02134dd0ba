/**
 * A quick-sale basket line and the pure steps that make one: from a search hit in a unit, in another unit of
 * its item (F6), from a scale label, from a parked basket; and what a line saves as. The store
 * (./quick-store.ts) holds the basket and decides when each applies.
 */
import type { ItemHit } from '../../../commands/items';
import type { ParkedSale } from '../../../commands/parked';
import type { LineLevel } from '../../../commands/lib/price-levels';
import { unitOf } from '../../../commands/lib/units';
import { unitsOf, type UnitsOf } from '../../ui/UnitSelect';

export type BasketLine = {
  id: string;
  name: string;
  price: number;
  quantity: number;
  /** Stock of the item in base units (issue 28: lines of one item in several units draw on it together). */
  available: number;
  group?: string;
  variation?: Record<string, string>;
  /** The unit sold: a pack's name (a scanned carton) or the base unit's; absent for items without units. */
  unit?: string;
  /** Base units in one of `unit` (1 for the base unit). */
  factor: number;
  /** The retail price of the line's unit and the item's level prices: the line reprices itself by level. */
  retail?: number;
  levelPrices?: Record<string, number>;
  /** A pack line's units, for the pack's own level prices (src/sales/levels/level-pricing.ts). */
  unitsOf?: { units?: { name: string }[] };
  /** The item's units, when it has packs: F6 switches the line among them (issue 28). */
  units?: UnitsOf;
  /** The level that priced the line (shown on it). */
  level?: LineLevel;
  /** A scale label's price (what the label says is paid) or a parked line's: never repriced. */
  fixed?: boolean;
};

/** The unit a hit is sold in by default: its base unit (named only when the item has units). */
export function baseOf(hit: ItemHit): { unit?: string; factor: number; price: number } {
  const base = hit.units?.length || hit.unit ? unitOf(hit) : undefined;
  return { unit: base?.name, factor: 1, price: hit.price };
}

/** A unit of an item as a line sells it: its name (absent for items without units), base units in one, price. */
export type LineUnit = { unit?: string; factor: number; price: number };

/** One of `hit` in `unit`, at the unit's retail price (the level in use reprices it: ../levels/level-pricing.ts). */
export function lineOf(hit: ItemHit, unit: LineUnit): BasketLine {
  return {
    id: hit._id,
    name: hit.name,
    price: unit.price,
    quantity: 1,
    available: hit.balance,
    group: hit.group?.name,
    variation: hit.variation,
    unit: unit.unit,
    factor: unit.factor,
    retail: unit.price,
    levelPrices: hit.levelPrices,
    ...(unit.factor > 1 ? { unitsOf: { units: hit.units } } : {}),
    units: unitsOf(hit),
  };
}

/** The line in another unit of its item, its quantity kept, at that unit's retail price (no longer fixed). */
export function inUnit(line: BasketLine, next: { name: string; factor: number; price: number }): BasketLine {
  return {
    ...line,
    unit: next.name,
    factor: next.factor,
    price: next.price,
    retail: next.price,
    fixed: false,
    unitsOf: next.factor > 1 ? { units: line.units?.units } : undefined,
  };
}

/** A scale label's line: its price is what the label says is paid, never repriced. */
export function weighedLine(item: ItemHit, price: number, quantity: number): BasketLine {
  const base = baseOf(item);
  return { id: item._id, name: item.name, price, quantity, available: item.balance, group: item.group?.name, variation: item.variation, unit: base.unit, factor: 1, fixed: true, units: unitsOf(item) };
}

/**
 * A parked line back in the basket with today's stock of its item (`item` undefined when it is gone: nothing
 * available). Parked prices stay as parked (fixed): the basket is what was agreed when it was parked.
 */
export function parkedLine(l: ParkedSale['lines'][number], item: ItemHit | undefined): BasketLine {
  const factor = item ? (unitOf(item, l.unit)?.factor ?? 1) : 1;
  return { id: l.id, name: l.name, price: l.price, quantity: l.quantity, available: item?.balance ?? 0, group: l.group, variation: l.variation, unit: l.unit, factor, fixed: true, units: item ? unitsOf(item) : undefined };
}

/** What the sale (or a parked basket) records of a line. */
export function saleItemOf(l: BasketLine) {
  return { id: l.id, name: l.name, price: l.price, quantity: l.quantity, group: l.group, variation: l.variation, ...(l.unit ? { unit: l.unit } : {}) };
}

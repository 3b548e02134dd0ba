/** The line a scan adds (see ItemScan in commands/items.ts): plain barcodes and scale labels. */
import { UserError } from '../../commands/errors';
import type { ItemScan, ItemView } from '../../commands/items';
import { mulMoney } from '../../commands/lib/money';
import type { PackUnit } from '../../commands/lib/units';
import { readScaleBarcode, roundQuantity, ScaleCheckDigitError, type ScaleReading, type ScaleSettings } from '../../commands/lib/scale-barcode';

export const SCAN_MESSAGES = {
  empty: (code: string) => `The scale label ${code} carries no price or weight: weigh the item again.`,
} as const;

/** The scale reading of a code, or undefined; a scale label with a wrong check digit is refused. */
export function scaleReading(code: string, cfg: ScaleSettings): ScaleReading | undefined {
  try {
    const reading = readScaleBarcode(code, cfg);
    if (reading && (reading.kind === 'price' ? reading.price : reading.weight) <= 0) throw new UserError('item-scan', SCAN_MESSAGES.empty(code));
    return reading;
  } catch (e) {
    if (e instanceof ScaleCheckDigitError) throw new UserError('item-scan', e.message);
    throw e;
  }
}

export function scanLine(item: ItemView, scale?: ScaleReading): ItemScan {
  if (!scale) return { item, quantity: 1, price: item.price };
  if (scale.kind === 'weight') return { item, quantity: roundQuantity(scale.weight), price: item.price, scale };
  const quantity = item.price > 0 ? roundQuantity(scale.price / item.price) : 0;
  if (quantity > 0 && mulMoney(item.price, quantity) === scale.price) return { item, quantity, price: item.price, scale };
  return { item, quantity: 1, price: scale.price, scale };
}

/** A pack unit's barcode: one of that pack at its price; the line carries the unit (issue 28). */
export function packLine(item: ItemView, unit: PackUnit): ItemScan {
  return { item, quantity: 1, price: unit.price, unit: unit.name, unit_factor: unit.factor };
}

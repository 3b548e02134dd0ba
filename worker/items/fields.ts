/** Normalising and checking an item's fields (create, update and CSV import share these rules). */
import type { ItemDoc } from '../../commands/docs';
import { parseMoney } from '../../commands/lib/money';
import { MAX_IMAGE_CHARS, type ItemFields } from '../../commands/items';
import { parseLevel, REORDER_LEVEL_MESSAGE } from '../../commands/lib/reorder';
import { boundProblem } from '../../commands/lib/bounds';
import { itemUnitsProblem, packUnits } from './units';

const badLevel = (v: unknown) => {
  const n = parseLevel(v);
  return n !== undefined && !(n >= 0);
};

/** Returns the reason a field set cannot be saved, or undefined. */
export function itemProblem(f: Partial<ItemFields>, creating: boolean): string | undefined {
  if ((creating || f.name !== undefined) && !String(f.name ?? '').trim()) return 'Item name is required.';
  if (f.price !== undefined && parseMoney(f.price) < 0) return 'Price cannot be negative.';
  if (f.purchasePrice !== undefined && parseMoney(f.purchasePrice) < 0) return 'Purchase price cannot be negative.';
  // The bounds of every amount and quantity (commands/lib/bounds.ts), named as the form names the field.
  const tooLarge =
    (f.price !== undefined ? boundProblem('amount', parseMoney(f.price), 'Price') : undefined) ??
    (f.purchasePrice !== undefined ? boundProblem('amount', parseMoney(f.purchasePrice), 'Purchase price') : undefined) ??
    boundProblem('quantity', parseLevel(f.reorderLevel), 'Reorder level') ??
    Object.values(f.reorderLevels ?? {}).map((v) => boundProblem('quantity', parseLevel(v), 'Reorder level')).find(Boolean);
  if (tooLarge) return `${tooLarge}.`;
  if (badLevel(f.reorderLevel)) return REORDER_LEVEL_MESSAGE;
  if (f.reorderLevels !== undefined && (typeof f.reorderLevels !== 'object' || Object.values(f.reorderLevels ?? {}).some(badLevel))) return REORDER_LEVEL_MESSAGE;
  const units = f.unit !== undefined || f.units !== undefined ? itemUnitsProblem(f) : undefined;
  if (units) return units;
  if (f.image) {
    if (!/^data:image\/(png|jpeg|webp|gif);base64,/.test(f.image)) return 'The image must be a PNG, JPEG, WebP or GIF picture.';
    if (f.image.length > MAX_IMAGE_CHARS) return 'The image is too large.';
  }
  return undefined;
}

/** The stored shape of the given fields (only those present), trimmed and with money parsed. */
export function itemPatch(f: Partial<ItemFields>): Partial<ItemDoc> {
  const out: Partial<ItemDoc> = {};
  if (f.name !== undefined) out.name = String(f.name).trim();
  if (f.price !== undefined) out.price = parseMoney(f.price);
  if (f.purchasePrice !== undefined) out.purchasePrice = parseMoney(f.purchasePrice);
  if (f.description !== undefined) out.description = String(f.description).trim();
  if (f.image !== undefined) out.image = f.image || undefined;
  if (f.isRaw !== undefined) out.isRaw = !!f.isRaw;
  if (f.group !== undefined) out.group = f.group?.id ? { name: f.group.name, id: f.group.id } : undefined;
  if (f.variation !== undefined) {
    const v = Object.fromEntries(Object.entries(f.variation ?? {}).filter(([, value]) => String(value).trim() !== ''));
    out.variation = Object.keys(v).length ? v : undefined;
  }
  if (f.reorderLevel !== undefined) out.reorderLevel = parseLevel(f.reorderLevel);
  if (f.reorderLevels !== undefined) {
    const levels: Record<string, number> = {};
    for (const [warehouse, v] of Object.entries(f.reorderLevels ?? {})) {
      const n = parseLevel(v);
      if (n !== undefined) levels[warehouse] = n;
    }
    out.reorderLevels = Object.keys(levels).length ? levels : undefined;
  }
  if (f.barcode !== undefined) out.barcode = String(f.barcode).trim() || undefined;
  if (f.unit !== undefined) out.unit = String(f.unit ?? '').trim() || undefined;
  if (f.units !== undefined) out.units = packUnits(f.units);
  return out;
}

/** Quantities as a person types them: a number, or 0 when it is not one. */
export function parseQuantity(input: unknown): number {
  const n = typeof input === 'number' ? input : Number(String(input ?? '').replace(/,/g, '').trim());
  return Number.isFinite(n) ? n : 0;
}

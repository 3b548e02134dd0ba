/** The stored shape of a pack unit (commands/lib/units.ts): a leaf, so document shapes import it without a circle. */

/** A pack unit as the item stores it. `price` is the selling price of one pack. */
export type PackUnit = { name: string; factor: number; price: number; barcode?: string };

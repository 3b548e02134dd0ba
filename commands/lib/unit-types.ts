/** The stored shape of a pack unit (commands/lib/units.ts): a leaf, so document shapes import it without a circle. */

/** A pack unit as the item stores it. `price` is the selling price of one pack. */
export type PackUnit = {
  name: string;
  factor: number;
  price: number;
  barcode?: string;
  /**
   * The pack's own price per price level (level id → price of one pack; issue 28's price levels): a carton sold
   * at Wholesale is priced from here, else at the pack's retail `price` (worker/sales/line-levels.ts).
   */
  levelPrices?: Record<string, number>;
};

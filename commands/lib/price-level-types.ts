/**
 * The shapes of price levels (commands/lib/price-levels.ts holds the rules), apart so that the settings and the
 * document shapes can name them without importing the rules (and the bounds and money they import).
 */
/** A level as the owner defines it (config `priceLevels`). */
export type PriceLevel = { id: string; name: string; minQuantity?: number };

/** What a sale line records about the level that priced it (with the price charged beside it on the line). */
export type LineLevel = {
  id: string;
  /** The level's name when sold, so a receipt reprinted after a rename says what the customer saw. */
  name: string;
  /** The level was in use but the item has no price for it: retail was charged. */
  fallback?: true;
  /** A quantity break applied this level by itself. */
  auto?: true;
};


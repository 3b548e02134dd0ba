/** SMS unit pricing of document 001 section 9: unit price, bonus units and the minimum purchase. */
export const SMS_MIN_PURCHASE = 150;
/**
 * The most units one purchase buys (where the spec is silent): far above any shop's need (₦2.3 million), and a
 * bound so a request cannot credit a quantity whose total no longer counts in whole kobo.
 */
export const SMS_MAX_PURCHASE = 1_000_000;

/** Why a quantity cannot be bought, or undefined: a whole number of SMS_MIN_PURCHASE..SMS_MAX_PURCHASE units. */
export function smsQuantityProblem(quantity: number): string | undefined {
  if (!Number.isInteger(quantity) || quantity < SMS_MIN_PURCHASE) return `You can only buy a minimum of ${SMS_MIN_PURCHASE} units`;
  if (quantity > SMS_MAX_PURCHASE) return `You can buy at most ${SMS_MAX_PURCHASE.toLocaleString('en-NG')} units at a time`;
  return undefined;
}
export const SMS_DEFAULT_QUANTITY = 200;
export const SMS_SEGMENT = 160;

export function smsUnitPrice(quantity: number): number {
  return quantity >= 200 ? 2.3 : 3.5;
}

/** Bonus percent by quantity: below 300 none; up to 500 1.2; up to 1000 2.8; up to 3000 3.4; up to 7500 5; above 7. */
export function smsBonusPercent(quantity: number): number {
  if (quantity < 300) return 0;
  if (quantity <= 500) return 1.2;
  if (quantity <= 1000) return 2.8;
  if (quantity <= 3000) return 3.4;
  if (quantity <= 7500) return 5;
  return 7;
}

export function smsBonusUnits(quantity: number): number {
  return Math.floor((quantity * smsBonusPercent(quantity)) / 100);
}

/** Price in kobo-exact major units (two decimals), computed in minor units so it never drifts. */
export function smsTotal(quantity: number): number {
  return Math.round(quantity * Math.round(smsUnitPrice(quantity) * 100)) / 100;
}

/** Units a message needs: its length divided by 160, rounded up. */
export function smsUnitsNeeded(message: string): number {
  return Math.ceil(message.length / SMS_SEGMENT);
}

/**
 * The spec's id scheme (document 000 section 3): type prefix + invoice-policy prefix + base-62 time
 * + a random base-62 part (below 62 for main ids, below 3884 for SMS ids). Beyond the spec, the device's tag
 * follows the policy prefix (as in the device's invoice numbers): two devices signed in as one user share the
 * prefix, and two documents made in the same millisecond would otherwise collide one time in 62 and replace
 * each other on sync. Ids made before the tag keep their shape; nothing reads the parts back.
 */
export const ID_PREFIX = {
  adjustment: '1',
  sale: '2',
  purchase: '3',
  client: '4',
  payment: '5',
  returns: '6',
  item: '7',
  transfer: '8',
  saleItem: '9',
  expense: 'a',
  purchaseItem: 'b',
  bank: 'c',
  warehouse: 'd',
  warehouseTransfer: 'e',
  sms: 'f',
  variation: 'g',
  category: 'h',
  issue: 'i',
} as const;

export type IdType = keyof typeof ID_PREFIX;

export const BASE62 = '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';

export function toBase62(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`toBase62 needs a non-negative integer, got ${n}`);
  if (n === 0) return '0';
  let out = '';
  while (n > 0) {
    out = BASE62[n % 62] + out;
    n = Math.floor(n / 62);
  }
  return out;
}

export function fromBase62(s: string): number {
  let n = 0;
  for (const ch of s) {
    const d = BASE62.indexOf(ch);
    if (d < 0) throw new RangeError(`not a base-62 digit: ${ch}`);
    n = n * 62 + d;
  }
  return n;
}

/** Exclusive upper bound of the random part. */
export function randomBound(type: IdType): number {
  return type === 'sms' ? 3884 : 62;
}

export type IdParts = {
  type: IdType;
  /** The user's invoice-policy prefix. */
  policyPrefix: string;
  /** This device's tag (base-62 characters; see worker/ids.ts), so two devices of one user never share an id space. */
  device?: string;
  /** Milliseconds since the epoch; callers keep it strictly increasing per device (see worker/ids.ts). */
  time: number;
  /** Integer in [0, randomBound(type)). */
  random: number;
};

export function makeId({ type, policyPrefix, device = '', time, random }: IdParts): string {
  const bound = randomBound(type);
  if (!Number.isInteger(random) || random < 0 || random >= bound) {
    throw new RangeError(`random part for ${type} must be an integer below ${bound}`);
  }
  return ID_PREFIX[type] + policyPrefix + device + toBase62(time) + toBase62(random);
}

/** Child ids of a document (sale_item of a sale, issue_item of an issue): parent id + base-62 sequence. */
export function childId(parentId: string, index: number): string {
  return `${parentId}-${toBase62(index)}`;
}

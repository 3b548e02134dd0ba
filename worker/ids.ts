/**
 * Id generation for this device. The time part is kept strictly increasing, so ids made in the same
 * millisecond (a bulk import, a sale's lines) never collide on this device; other devices differ by prefix.
 */
import { makeId, randomBound, type IdType } from '../commands/lib/ids';

export type IdMaker = (type: IdType) => string;

export function createIdMaker(clock: () => number, prefix: () => string, random: () => number = Math.random): IdMaker {
  let last = 0;
  return (type) => {
    const time = Math.max(clock(), last + 1);
    last = time;
    return makeId({ type, policyPrefix: prefix(), time, random: Math.floor(random() * randomBound(type)) });
  };
}

/**
 * Id generation for this device. The time part is kept strictly increasing, so ids made in the same
 * millisecond (a bulk import, a sale's lines) never collide on this device; other devices differ by their
 * tag, even when they share a user and so a policy prefix.
 */
import { BASE62, makeId, randomBound, type IdType } from '../commands/lib/ids';
import { getLocal } from './db';
import type { Database } from './pouch';
import { putDoc } from './writes';

export type IdMaker = (type: IdType) => string;

export function createIdMaker(clock: () => number, prefix: () => string, random: () => number = Math.random, device: () => string = () => ''): IdMaker {
  let last = 0;
  return (type) => {
    const time = Math.max(clock(), last + 1);
    last = time;
    return makeId({ type, policyPrefix: prefix(), device: device(), time, random: Math.floor(random() * randomBound(type)) });
  };
}

/** Characters of a device tag: 62^4, about 14.8 million tags. */
export const DEVICE_TAG_LENGTH = 4;
const DEVICE_DOC = 'id-device';

/** A fresh tag from the platform's cryptographic random source (never the test-seeded `random`). */
export function randomDeviceTag(): string {
  const bytes = crypto.getRandomValues(new Uint32Array(DEVICE_TAG_LENGTH));
  return Array.from(bytes, (b) => BASE62[b % 62]).join('');
}

/** This device's tag, kept in the device-only database; chosen once, on first use. */
export async function deviceTag(local: Database): Promise<string> {
  const known = await getLocal<{ tag: string }>(local, DEVICE_DOC);
  if (known) return known.tag;
  const tag = randomDeviceTag();
  try {
    await putDoc(local, { _id: DEVICE_DOC, tag });
    return tag;
  } catch {
    // Another tab's worker chose one at the same moment: use the stored one.
    return ((await getLocal<{ tag: string }>(local, DEVICE_DOC)) ?? { tag }).tag;
  }
}

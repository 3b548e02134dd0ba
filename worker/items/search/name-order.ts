/**
 * The items in name order (ties by insertion, so the order is stable), and each entry's place in it (-1: not
 * alive). Rebuilt by the item index only after an item came, changed or went; every page reads it.
 */
import type { Entry } from './rank';

export function nameOrder(entries: readonly Entry[]): { order: number[]; position: Int32Array<ArrayBuffer> } {
  const order: number[] = [];
  for (let i = 0; i < entries.length; i++) if (entries[i].alive) order.push(i);
  order.sort((a, b) => {
    const x = entries[a].name;
    const y = entries[b].name;
    return x < y ? -1 : x > y ? 1 : a - b;
  });
  const position = new Int32Array(entries.length).fill(-1);
  order.forEach((entry, pos) => (position[entry] = pos));
  return { order, position };
}

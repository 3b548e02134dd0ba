/**
 * The shared data table's engine (spec document 000, 'Shared data table'): search, date range, sort and one
 * page over an in-memory row array, so a screen never receives more than one page of rows.
 *
 *   const page = tablePage(rows, query, {
 *     search: (r) => [r.name, r.description, r.price],      // text searched (case-insensitive, all words)
 *     date: (r) => r.date,                                  // for query.range (inclusive)
 *     sortValue: (r, key) => (key === 'customer' ? r.customer.name : undefined),  // default: r[key]
 *     summary: (matching) => ({ total: sumMoney(matching.map((r) => r.total)) }),
 *   });
 *
 * Keep the same `rows` array between calls while the data is unchanged (rebuild it when a `changed` event
 * touches it): search texts and sort orders are cached per array, so paging and re-sorting 100,000 rows stays
 * in milliseconds after the first query.
 */
import type { SortDir, TablePage, TableQuery } from '../../commands/table';
import { PRINT_CHUNK, readPath } from '../../commands/table';

export type TableSpec<Row> = {
  search?: (row: Row) => readonly unknown[];
  date?: (row: Row) => number | undefined;
  sortValue?: (row: Row, key: string) => unknown;
  summary?: (matching: readonly Row[]) => Record<string, number>;
};

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

type Cache = { haystacks?: string[]; orders: Map<string, Uint32Array> };
const caches = new WeakMap<readonly unknown[], Cache>();

function cacheFor(rows: readonly unknown[]): Cache {
  let c = caches.get(rows);
  if (!c) caches.set(rows, (c = { orders: new Map() }));
  return c;
}

/** Compares two present values: numbers numerically, booleans false first, text naturally ('Item 9' < 'Item 10'). */
function compareValues(a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  return collator.compare(String(a), String(b));
}

const isEmpty = (v: unknown) => v === undefined || v === null || v === '';

/** Row indexes sorted by `key`: empty values last in both directions, ties keep their original order. */
function orderFor<Row>(rows: readonly Row[], key: string, dir: SortDir, spec: TableSpec<Row>): Uint32Array {
  const cache = cacheFor(rows);
  const cacheKey = `${dir}:${key}`;
  let order = cache.orders.get(cacheKey);
  if (order) return order;
  const values = rows.map((r) => spec.sortValue?.(r, key) ?? readPath(r, key));
  const sign = dir === 'desc' ? -1 : 1;
  const idx = Array.from(rows, (_, i) => i);
  idx.sort((i, j) => {
    const a = values[i];
    const b = values[j];
    const ea = isEmpty(a);
    const eb = isEmpty(b);
    if (ea || eb) return ea === eb ? i - j : ea ? 1 : -1;
    return sign * compareValues(a, b) || i - j;
  });
  order = Uint32Array.from(idx);
  cache.orders.set(cacheKey, order);
  return order;
}

function haystacksFor<Row>(rows: readonly Row[], spec: TableSpec<Row>): string[] {
  const cache = cacheFor(rows);
  return (cache.haystacks ??= rows.map((r) =>
    (spec.search?.(r) ?? [])
      .filter((v) => v !== undefined && v !== null)
      .join(' ')
      .toLowerCase(),
  ));
}

function clamp(n: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, Number.isFinite(n) ? Math.floor(n) : min));
}

export function tablePage<Row>(rows: readonly Row[], query: TableQuery, spec: TableSpec<Row> = {}): TablePage<Row> {
  const words = (query.search ?? '').toLowerCase().split(/\s+/).filter(Boolean);
  const haystacks = words.length ? haystacksFor(rows, spec) : undefined;
  const range = query.range && spec.date ? query.range : undefined;
  const keep = (i: number): boolean => {
    if (haystacks && !words.every((w) => haystacks[i].includes(w))) return false;
    if (range) {
      const d = spec.date!(rows[i]);
      if (d === undefined || d < range.from || d > range.to) return false;
    }
    return true;
  };

  const sort = query.sort;
  let matching: number[];
  if (sort) {
    const order = orderFor(rows, sort.key, sort.dir === 'desc' ? 'desc' : 'asc', spec);
    matching = [];
    for (const i of order) if (keep(i)) matching.push(i);
  } else {
    matching = [];
    for (let i = 0; i < rows.length; i++) if (keep(i)) matching.push(i);
  }

  const limit = clamp(query.limit, 1, PRINT_CHUNK);
  const offset = clamp(query.offset, 0, Math.max(0, matching.length));
  const page: TablePage<Row> = {
    rows: matching.slice(offset, offset + limit).map((i) => rows[i]),
    total: matching.length,
    offset,
  };
  if (spec.summary) page.summary = spec.summary(matching.map((i) => rows[i]));
  return page;
}

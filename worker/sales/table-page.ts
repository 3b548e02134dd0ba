/** Search, sort and page a list of rows in the worker (the shared data table's TableQuery → TablePage). */
import type { TablePage, TableQuery } from '../../commands/table';

export function pageRows<Row extends Record<string, unknown>>(
  rows: Row[],
  query: TableQuery,
  searchKeys: readonly (keyof Row & string)[],
  summary?: (matching: Row[]) => Record<string, number>,
): TablePage<Row> {
  const needle = query.search?.trim().toLowerCase();
  let matching = needle
    ? rows.filter((r) => searchKeys.some((k) => r[k] !== undefined && String(r[k]).toLowerCase().includes(needle)))
    : rows;
  if (query.sort) {
    const { key, dir } = query.sort;
    const sign = dir === 'desc' ? -1 : 1;
    matching = [...matching].sort((a, b) => sign * compare(a[key], b[key]));
  }
  const offset = Math.max(0, query.offset || 0);
  return {
    rows: matching.slice(offset, offset + Math.max(1, query.limit || 100)),
    total: matching.length,
    offset,
    summary: summary?.(matching),
  };
}

function compare(a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a ?? '').localeCompare(String(b ?? ''), undefined, { numeric: true, sensitivity: 'base' });
}

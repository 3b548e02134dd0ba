/**
 * Where a data table's rows come from: a list command that takes a TableQuery (plus its own filters) and
 * returns a TablePage. `useTablePage` is a live read (src/live.ts) of one page: it refetches when a document
 * type the command declared in READS changes; `fetchAllRows` pulls every matching row in PRINT_CHUNK pieces.
 */
import type { Args, CommandError, ReadName, Result } from '../../commands/index';
import { PRINT_CHUNK, type TablePage, type TableQuery } from '../../commands/table';
import { dispatch } from '../bus';
import { useLive } from '../live';

/** Live-readable commands whose input extends TableQuery and whose result is a TablePage. */
export type TableCommand = {
  [K in ReadName]: Args<K> extends TableQuery ? (Result<K> extends TablePage<unknown> ? K : never) : never;
}[ReadName];
export type RowOf<K extends TableCommand> = Result<K> extends TablePage<infer R> ? R : never;
/** The command's own filters (everything but the table query). */
export type FiltersOf<K extends TableCommand> = Omit<Args<K>, keyof TableQuery>;

/** The command's input: its filters plus the table query (TypeScript cannot see that the two halves make Args<K>). */
function inputOf<K extends TableCommand>(filters: FiltersOf<K>, query: TableQuery): Args<K> {
  return { ...filters, ...query } as Args<K>;
}

async function fetchPage<K extends TableCommand>(command: K, filters: FiltersOf<K>, query: TableQuery) {
  return dispatch(command, inputOf<K>(filters, query)) as Promise<
    { ok: true; value: TablePage<RowOf<K>> } | { ok: false; error: CommandError }
  >;
}

export function useTablePage<K extends TableCommand>(command: K, filters: FiltersOf<K>, query: TableQuery) {
  const live = useLive(command, inputOf<K>(filters, query));
  return { page: live.data as TablePage<RowOf<K>> | undefined, error: live.error, loading: live.loading };
}

/** Every row matching `query`'s search, range and sort, fetched PRINT_CHUNK at a time. */
export async function fetchAllRows<K extends TableCommand>(
  command: K,
  filters: FiltersOf<K>,
  query: Omit<TableQuery, 'offset' | 'limit'>,
  onProgress?: (done: number, total: number) => void,
): Promise<RowOf<K>[]> {
  const rows: RowOf<K>[] = [];
  for (let offset = 0; ; offset += PRINT_CHUNK) {
    const reply = await fetchPage(command, filters, { ...query, offset, limit: PRINT_CHUNK });
    if (!reply.ok) throw new Error(reply.error.message);
    rows.push(...reply.value.rows);
    onProgress?.(rows.length, reply.value.total);
    if (reply.value.rows.length < PRINT_CHUNK || rows.length >= reply.value.total) return rows;
  }
}

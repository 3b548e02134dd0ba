/**
 * Where a data table's rows come from: a list command that takes a TableQuery (plus its own filters) and
 * returns a TablePage. `useTablePage` runs it for one page and again when a `changed` event names one of
 * `dependsOn`; `fetchAllRows` pulls every matching row in PRINT_CHUNK pieces for printing.
 */
import { useEffect, useRef, useState } from 'react';
import type { Args, CommandError, CommandName, Result } from '../../commands/index';
import { PRINT_CHUNK, type TablePage, type TableQuery } from '../../commands/table';
import { dispatch } from '../bus';
import { onChanged } from '../events';

/** Commands whose input extends TableQuery and whose result is a TablePage. */
export type TableCommand = {
  [K in CommandName]: Args<K> extends TableQuery ? (Result<K> extends TablePage<unknown> ? K : never) : never;
}[CommandName];
export type RowOf<K extends TableCommand> = Result<K> extends TablePage<infer R> ? R : never;
/** The command's own filters (everything but the table query). */
export type FiltersOf<K extends TableCommand> = Omit<Args<K>, keyof TableQuery>;

async function fetchPage<K extends TableCommand>(command: K, filters: FiltersOf<K>, query: TableQuery) {
  return dispatch(command, { ...filters, ...query } as unknown as Args<K>) as Promise<
    { ok: true; value: TablePage<RowOf<K>> } | { ok: false; error: CommandError }
  >;
}

export function useTablePage<K extends TableCommand>(command: K, filters: FiltersOf<K>, query: TableQuery, dependsOn: readonly string[]) {
  const [page, setPage] = useState<TablePage<RowOf<K>> | undefined>(undefined);
  const [error, setError] = useState<CommandError | undefined>(undefined);
  const [loading, setLoading] = useState(true);
  const ticket = useRef(0);
  const key = JSON.stringify([filters, query]);
  const depsKey = dependsOn.join(',');

  useEffect(() => {
    const load = () => {
      const mine = ++ticket.current;
      setLoading(true);
      const [f, q] = JSON.parse(key) as [FiltersOf<K>, TableQuery];
      void fetchPage(command, f, q).then((reply) => {
        if (mine !== ticket.current) return;
        setLoading(false);
        if (reply.ok) {
          setPage(reply.value);
          setError(undefined);
        } else setError(reply.error);
      });
    };
    load();
    return depsKey ? onChanged(depsKey.split(','), load) : undefined;
  }, [command, key, depsKey]);

  return { page, error, loading };
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

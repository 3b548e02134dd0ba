/**
 * Live reads: run a command, and run it again whenever a `changed` event names a document type it depends on.
 *
 *   const { data, error, loading, refetch } = useQuery('bank-list', {}, ['bank', 'payment']);
 *   const q = liveQuery('config-get', {}, ['config']);  q.data.value …  q.dispose()   (outside components)
 *
 * Input is compared by value (JSON), so passing a fresh object literal each render does not refetch.
 * An older answer never overwrites a newer one.
 */
import { useEffect, useRef, useState } from 'react';
import { signal, type Signal } from '@preact/signals-react';
import type { Args, CommandError, CommandName, Result } from '../commands/index';
import { dispatch } from './bus';
import { onChanged } from './events';

export type QueryState<T> = { data: T | undefined; error: CommandError | undefined; loading: boolean };

export function useQuery<K extends CommandName>(
  name: K,
  input: Args<K>,
  types: readonly string[],
  options: { enabled?: boolean } = {},
): QueryState<Result<K>> & { refetch: () => void } {
  const enabled = options.enabled ?? true;
  const key = JSON.stringify(input ?? null);
  const [state, setState] = useState<QueryState<Result<K>>>({ data: undefined, error: undefined, loading: enabled });
  const latest = useRef(0);
  const run = useRef<() => void>(() => undefined);

  run.current = () => {
    const ticket = ++latest.current;
    setState((s) => ({ ...s, loading: true }));
    void dispatch(name, JSON.parse(key) as Args<K>).then((reply) => {
      if (ticket !== latest.current) return;
      setState(reply.ok ? { data: reply.value, error: undefined, loading: false } : { data: undefined, error: reply.error, loading: false });
    });
  };

  const typesKey = types.join(',');
  useEffect(() => {
    if (!enabled) return;
    run.current();
    return onChanged(typesKey ? typesKey.split(',') : [], () => run.current());
  }, [name, key, typesKey, enabled]);

  return { ...state, refetch: () => run.current() };
}

export type LiveQuery<T> = {
  data: Signal<T | undefined>;
  error: Signal<CommandError | undefined>;
  loading: Signal<boolean>;
  refetch: () => Promise<void>;
  dispose: () => void;
};

export function liveQuery<K extends CommandName>(name: K, input: Args<K>, types: readonly string[]): LiveQuery<Result<K>> {
  const data = signal<Result<K> | undefined>(undefined);
  const error = signal<CommandError | undefined>(undefined);
  const loading = signal(true);
  let ticket = 0;
  const refetch = async () => {
    const mine = ++ticket;
    loading.value = true;
    const reply = await dispatch(name, input);
    if (mine !== ticket) return;
    loading.value = false;
    if (reply.ok) {
      data.value = reply.value;
      error.value = undefined;
    } else error.value = reply.error;
  };
  void refetch();
  const dispose = onChanged(types, () => void refetch());
  return { data, error, loading, refetch, dispose };
}

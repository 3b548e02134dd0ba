/**
 * Live reads: the one way the UI reads data that can change. A read command declares, beside its declaration in
 * commands/<domain>.ts, the document types its answer depends on (READS, see commands/reads.ts); here it runs
 * once and again whenever a `changed` event names one of those types (or the device moves to another business),
 * never on unrelated changes. An older answer never overwrites a newer one.
 *
 *   const { data, error, loading, refetch } = useLive('bank-list', {});        in a component
 *   const { data } = useLive('warehouse-list', {}, { enabled: cfg.useWarehouse });
 *   const live = watchLive('config-get', {}, (reply) => …);  live.stop()      outside components
 *
 * Input is compared by value (JSON), so a fresh object literal each render does not refetch.
 */
import { useEffect, useRef, useState } from 'react';
import { READS, type Args, type Backend, type CommandError, type ReadName, type Reply, type Result } from '../commands/index';
import { dispatch } from './bus';
import { onChanged } from './events';

export type LiveState<T> = { data: T | undefined; error: CommandError | undefined; loading: boolean };

export type LiveWatch = { refetch: () => void; stop: () => void };

/** What a live read needs from the backend (the bus in the app; a Node backend in tests). */
export type LiveSource = {
  dispatch: Backend['dispatch'];
  onChanged: (types: readonly string[], listener: () => void) => () => void;
};

const BUS: LiveSource = { dispatch, onChanged };

/** Runs `name` now and on every change to what it reads; `onReply` gets each answer that is still the newest. */
export function watchLive<K extends ReadName>(
  name: K,
  input: Args<K>,
  onReply: (reply: Reply<Result<K>>) => void,
  source: LiveSource = BUS,
): LiveWatch {
  let ticket = 0;
  let stopped = false;
  const refetch = () => {
    const mine = ++ticket;
    void source.dispatch(name, input).then((reply) => {
      if (!stopped && mine === ticket) onReply(reply);
    });
  };
  // A read a test fixture merged in (optional in LiveReads) may be missing from READS: it then never refetches.
  const unsubscribe = source.onChanged(READS[name] ?? [], refetch);
  refetch();
  return {
    refetch,
    stop: () => {
      stopped = true;
      unsubscribe();
    },
  };
}

export function useLive<K extends ReadName>(
  name: K,
  input: Args<K>,
  options: { enabled?: boolean } = {},
): LiveState<Result<K>> & { refetch: () => void } {
  const enabled = options.enabled ?? true;
  const key = JSON.stringify(input ?? null);
  const [state, setState] = useState<LiveState<Result<K>>>({ data: undefined, error: undefined, loading: enabled });
  const live = useRef<LiveWatch | null>(null);

  useEffect(() => {
    if (!enabled) return;
    setState((s) => (s.loading ? s : { ...s, loading: true }));
    const watch = watchLive(name, JSON.parse(key) as Args<K>, (reply) =>
      setState(reply.ok ? { data: reply.value, error: undefined, loading: false } : { data: undefined, error: reply.error, loading: false }),
    );
    live.current = watch;
    return () => {
      watch.stop();
      if (live.current === watch) live.current = null;
    };
  }, [name, key, enabled]);

  return { ...state, refetch: () => live.current?.refetch() };
}

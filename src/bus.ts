/**
 * The UI's only door to the backend. This is the one place that calls Comlink.wrap, and the one type cast.
 * Screens call `dispatch(name, input)` and get `{ ok, value } | { ok: false, error }` back.
 */
import * as Comlink from 'comlink';
import type { Args, Backend, BackendEvent, CommandName, Reply, Result } from '../commands/index';

type RemoteBackend = {
  dispatch<K extends CommandName>(name: K, input: Args<K>): Promise<Reply<Result<K>>>;
  subscribe(listener: (event: BackendEvent) => void): Promise<() => void>;
};

let worker: Worker | null = null;
let workerName = '';
let remote: RemoteBackend | null = null;
const listeners = new Set<(event: BackendEvent) => void>();

/** Starts (or restarts, for another business) the worker whose databases are named `name`. */
export function startBackend(name: string): void {
  if (worker && workerName === name) return;
  worker?.terminate();
  worker = new Worker('/worker.js', { type: 'module', name });
  workerName = name;
  remote = Comlink.wrap(worker) as unknown as RemoteBackend;
  void remote.subscribe(Comlink.proxy((event: BackendEvent) => listeners.forEach((l) => l(event))));
}

function backend(): RemoteBackend {
  if (!remote) startBackend('oja');
  return remote as RemoteBackend;
}

export const dispatch: Backend['dispatch'] = (name, input) => backend().dispatch(name, input);

export function subscribe(listener: (event: BackendEvent) => void): () => void {
  backend();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

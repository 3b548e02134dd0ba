/**
 * The UI's only door to the backend. This is the one place that calls Comlink.wrap, and the one type cast.
 * Screens call `dispatch(name, input)` and get `{ ok, value } | { ok: false, error }` back.
 *
 * One backend per business per browser: every tab of the app connects to the same SharedWorker (named after
 * the business), so only one PouchDB instance ever writes the business's IndexedDB databases. Two instances
 * on one IndexedDB abort each other's transactions ("Database was made stale"), and two tabs would keep two
 * ledgers and two id clocks. Browsers without SharedWorker (Chrome on Android) get a dedicated worker.
 */
import * as Comlink from 'comlink';
import type { Args, Backend, BackendEvent, CommandName, ErrorCode, Reply, Result } from '../commands/index';
import { holdTabLock } from './tab-lock';

type RemoteBackend = {
  dispatch<K extends CommandName>(name: K, input: Args<K>): Promise<Reply<Result<K>, ErrorCode<K>>>;
  subscribe(listener: (event: BackendEvent) => void, tabLock?: string): Promise<() => void>;
};

type Connection = { name: string; remote: RemoteBackend; close(): void };

let current: Connection | null = null;
const listeners = new Set<(event: BackendEvent) => void>();
const fanOut = Comlink.proxy((event: BackendEvent) => listeners.forEach((l) => l(event)));

/** Comlink's remote type loses the command map's generics: this is the UI's one cast. */
const wrap = (endpoint: Comlink.Endpoint): RemoteBackend => Comlink.wrap(endpoint) as unknown as RemoteBackend;

function connect(name: string): Connection {
  if (typeof SharedWorker !== 'undefined') {
    const worker = new SharedWorker('/worker.js', { type: 'module', name });
    const remote = wrap(worker.port);
    // The shared worker outlives this tab: it drops this tab's listener when the tab's lock is released
    // (the tab closed or navigated away), and at once when this tab switches business.
    const unsubscribe = holdTabLock().then((lock) => remote.subscribe(fanOut, lock));
    return {
      name,
      remote,
      close: () => void unsubscribe.then((off) => off()).finally(() => worker.port.close()),
    };
  }
  const worker = new Worker('/worker.js', { type: 'module', name });
  const remote = wrap(worker);
  void remote.subscribe(fanOut);
  return { name, remote, close: () => worker.terminate() };
}

/** Connects to (or, for another business, switches to) the backend whose databases are named `name`. */
export function startBackend(name: string): void {
  if (current?.name === name) return;
  if (current) {
    current.close();
    // The previous business's sync state is not this one's: 'off' until this backend's sync reports.
    listeners.forEach((l) => l({ kind: 'sync', state: 'off', pending: 0 }));
  }
  current = connect(name);
}

function backend(): RemoteBackend {
  if (!current) startBackend('oja');
  return (current as Connection).remote;
}

export const dispatch: Backend['dispatch'] = (name, input) => backend().dispatch(name, input);

export function subscribe(listener: (event: BackendEvent) => void): () => void {
  backend();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

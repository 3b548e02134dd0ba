/// <reference lib="webworker" />
/**
 * Runs createBackend on IndexedDB inside a worker and exposes it through Comlink. The database name comes from
 * the worker's name (one worker per business). As a SharedWorker (the app's normal case) every tab connects
 * its own port to the one backend; as a dedicated Worker (browsers without SharedWorker) there is one port.
 * worker/main.ts calls it with no extra domains; the data-table browser test's fixture worker adds its own.
 */
import * as Comlink from 'comlink';
import type { Args, CommandName } from '../commands/index';
import type { BackendEvent } from '../commands/events';
import { createBackend } from './backend';
import type { Domain } from './registry';
import { watchIndexedDbQuota } from './storage-full';

export function exposeBackend(domains: Domain[] = []) {
  const scope = self as unknown as { name?: string; onconnect?: ((e: MessageEvent) => void) | null };
  const name = scope.name || 'oja';
  watchIndexedDbQuota();
  const ready = createBackend({ adapter: 'indexeddb', name, domains });

  const api = {
    async dispatch<K extends CommandName>(command: K, input: Args<K>) {
      return (await ready).dispatch(command, input);
    },
    /** `tabLock`: a Web Lock the subscribing tab holds while it lives; granted to us means the tab is gone. */
    async subscribe(listener: (event: BackendEvent) => void, tabLock?: string) {
      const backend = await ready;
      let off: (() => void) | null = backend.subscribe(listener);
      if (backend.storageFull()) listener({ kind: 'storage', full: true });
      tabs.joined();
      const unsubscribe = () => {
        if (!off) return;
        off();
        off = null;
        (listener as unknown as { [Comlink.releaseProxy]?: () => void })[Comlink.releaseProxy]?.();
        tabs.left();
      };
      if (tabLock && typeof navigator !== 'undefined' && navigator.locks) void navigator.locks.request(tabLock, unsubscribe);
      return Comlink.proxy(unsubscribe);
    },
  };
  const tabs = new TabCount(
    () => void ready.then((b) => b.dispatch('sync-stop', {})),
    () => self.close(),
  );
  if ('onconnect' in scope) scope.onconnect = (e) => Comlink.expose(api, e.ports[0]);
  else Comlink.expose(api);
  return api;
}

/**
 * A shared worker lives while any page that ever connected to it lives, even after that page switched to
 * another business: left running, it would keep syncing for nobody, and its three long-poll requests would
 * hold half of the browser's six connections to the server (the other business's sync holds the rest, and
 * every API call then waits). When its last tab leaves it stops sync at once and ends itself a moment later;
 * the moment lets a tab that switches straight back find it still open rather than closing under it.
 */
class TabCount {
  private count = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly idle: () => void,
    private readonly end: () => void,
  ) {}

  joined(): void {
    this.count++;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  left(): void {
    if (--this.count > 0) return;
    this.idle();
    this.timer = setTimeout(this.end, LAST_TAB_GRACE_MS);
  }
}

const LAST_TAB_GRACE_MS = 2000;

export type WorkerApi = ReturnType<typeof exposeBackend>;

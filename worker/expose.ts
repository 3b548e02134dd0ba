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
import { WorkerLifetime } from './lifetime';
import type { Domain } from './registry';
import { watchIndexedDbQuota } from './storage-full';

export function exposeBackend(domains: Domain[] = []) {
  const scope = self as unknown as { name?: string; onconnect?: ((e: MessageEvent) => void) | null };
  const name = scope.name || 'oja';
  watchIndexedDbQuota();
  // A new worker is a browser restart or the first tab of the business: locked until the password, the pin or
  // a sign-in opens it (the tab then sends 'session-unlock').
  const ready = createBackend({ adapter: 'indexeddb', name, domains, locked: true });

  const api = {
    async dispatch<K extends CommandName>(command: K, input: Args<K>) {
      lifetime.commandStarted();
      try {
        return await (await ready).dispatch(command, input);
      } finally {
        lifetime.commandEnded();
      }
    },
    /** `tabLock`: a Web Lock the subscribing tab holds while it lives; granted to us means the tab is gone. */
    async subscribe(listener: (event: BackendEvent) => void, tabLock?: string) {
      const backend = await ready;
      let off: (() => void) | null = backend.subscribe(listener);
      if (backend.storageFull()) listener({ kind: 'storage', full: true });
      // Through the listener, like every later change: one channel, so the tab hears them in order.
      listener({ kind: 'lock', ...backend.lockStatus() });
      lifetime.joined();
      const unsubscribe = () => {
        if (!off) return;
        off();
        off = null;
        (listener as unknown as { [Comlink.releaseProxy]?: () => void })[Comlink.releaseProxy]?.();
        lifetime.left();
      };
      if (tabLock && typeof navigator !== 'undefined' && navigator.locks) void navigator.locks.request(tabLock, unsubscribe);
      return Comlink.proxy(unsubscribe);
    },
  };
  const lifetime = new WorkerLifetime(
    () => void ready.then((b) => b.dispatch('sync-stop', {})),
    () => self.close(),
  );
  if ('onconnect' in scope)
    scope.onconnect = (e) => {
      lifetime.connected();
      Comlink.expose(api, e.ports[0]);
    };
  else Comlink.expose(api);
  return api;
}

export type WorkerApi = ReturnType<typeof exposeBackend>;

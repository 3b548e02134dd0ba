/// <reference lib="webworker" />
/**
 * Runs createBackend on IndexedDB inside a Web Worker and exposes it through Comlink. The database name comes
 * from the Worker's name (one worker per signed-in business). worker/main.ts calls it with no extra domains;
 * the data-table browser test's fixture worker adds its test-only domain.
 */
import * as Comlink from 'comlink';
import type { Args, CommandName } from '../commands/index';
import type { BackendEvent } from '../commands/events';
import { createBackend } from './backend';
import type { Domain } from './registry';

export function exposeBackend(domains: Domain[] = []) {
  const name = (self as unknown as { name?: string }).name || 'oja';
  const ready = createBackend({ adapter: 'indexeddb', name, domains });

  const api = {
    async dispatch<K extends CommandName>(command: K, input: Args<K>) {
      return (await ready).dispatch(command, input);
    },
    async subscribe(listener: (event: BackendEvent) => void) {
      return Comlink.proxy((await ready).subscribe(listener));
    },
  };
  Comlink.expose(api);
  return api;
}

export type WorkerApi = ReturnType<typeof exposeBackend>;

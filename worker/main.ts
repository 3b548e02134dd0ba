/// <reference lib="webworker" />
/**
 * The browser worker: the same createBackend as Node, on IndexedDB, exposed through Comlink.
 * The database name comes from the Worker's name (one worker per signed-in business).
 */
import * as Comlink from 'comlink';
import type { Args, CommandName } from '../commands/index';
import type { BackendEvent } from '../commands/events';
import { createBackend } from './backend';

const name = (self as unknown as { name?: string }).name || 'oja';
const ready = createBackend({ adapter: 'indexeddb', name });

const api = {
  async dispatch<K extends CommandName>(command: K, input: Args<K>) {
    return (await ready).dispatch(command, input);
  },
  async subscribe(listener: (event: BackendEvent) => void) {
    return Comlink.proxy((await ready).subscribe(listener));
  },
};

export type WorkerApi = typeof api;

Comlink.expose(api);

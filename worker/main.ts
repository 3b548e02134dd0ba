/// <reference lib="webworker" />
/** The browser worker: the same createBackend as Node, on IndexedDB, exposed through Comlink. */
import { exposeBackend } from './expose';

exposeBackend();

/**
 * The PouchDB constructor shared by the browser worker and Node: core + http + replication + find + mapreduce.
 * Storage adapters register on demand so the browser bundle never carries the Node-only memory/leveldb code.
 */
import PouchDB from 'pouchdb-core';
import httpAdapter from 'pouchdb-adapter-http';
import find from 'pouchdb-find';
import mapreduce from 'pouchdb-mapreduce';
import replication from 'pouchdb-replication';

PouchDB.plugin(httpAdapter).plugin(replication).plugin(find).plugin(mapreduce);

export type Adapter = 'memory' | 'indexeddb' | 'leveldb';

const loaded = new Set<Adapter>();

export async function ensureAdapter(adapter: Adapter): Promise<void> {
  if (loaded.has(adapter)) return;
  // Literal specifiers so esbuild can mark the Node-only ones external in the browser bundle.
  const mod =
    adapter === 'memory'
      ? await import('pouchdb-adapter-memory')
      : adapter === 'leveldb'
        ? await import('pouchdb-adapter-leveldb')
        : await import('pouchdb-adapter-indexeddb');
  PouchDB.plugin((mod as { default: PouchDB.Plugin }).default);
  loaded.add(adapter);
}

export { PouchDB };
/** A PouchDB database of `Doc`s (the main and shared databases are typed with commands/docs.ts's unions). */
export type Database<Doc extends {} = Record<string, unknown>> = PouchDB.Database<Doc>;

// Packages that ship no type declarations of their own.
declare module 'pouchdb-adapter-indexeddb' {
  const plugin: PouchDB.Plugin;
  export default plugin;
}
declare module 'pouchdb-adapter-leveldb' {
  const plugin: PouchDB.Plugin;
  export default plugin;
}
declare module 'express-pouchdb' {
  const expressPouchDB: (PouchDB: unknown, options?: Record<string, unknown>) => import('express').Express;
  export default expressPouchDB;
}
declare module '*.css';
declare module 'pouchdb-generate-replication-id' {
  /** '_local/' + the id PouchDB's replication gives its checkpoints of `src` → `target` with `opts`. */
  const generateReplicationId: (src: PouchDB.Database<any>, target: PouchDB.Database<any>, opts: Record<string, unknown>) => Promise<string>;
  export default generateReplicationId;
}

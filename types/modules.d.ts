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

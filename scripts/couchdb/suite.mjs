// What `npm run test:couchdb` runs besides tests/server and tests/couchdb, and what it leaves out (with the reason).

/** Browser tests with two devices (two browser profiles) syncing through Oja: they run on CouchDB too. */
export const TWO_DEVICE_BROWSER_FILES = ['tests/e2e/browser-sync.test.ts', 'tests/e2e/two-tills.test.ts', 'tests/e2e/credit-two-tills.test.ts', 'tests/e2e/sync-trust.test.ts'];

/**
 * Test files about the embedded database only, each with why it cannot run against a real CouchDB. (A single
 * embedded-only test inside a file that otherwise runs says "(embedded only)" in its name and is not registered
 * on CouchDB: tests/server/device-credential.test.ts.)
 */
export const EMBEDDED_ONLY = {
  'tests/server/couch-url.test.ts': 'a second Oja stands in for CouchDB; the whole of test:couchdb is the real thing',
  'tests/server/data-dir-modes.test.ts': "the database files in DATA_DIR are the embedded server's; CouchDB keeps its own",
  'tests/server/open-databases.test.ts': "OPEN_DATABASES_MAX bounds the embedded server's open LevelDB databases; CouchDB has max_dbs_open",
};

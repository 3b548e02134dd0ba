// What `npm run test:couchdb` runs besides tests/server, and what it leaves out (with the reason).

/** Browser tests with two devices (two browser profiles) syncing through Oja: they run on CouchDB too. */
export const TWO_DEVICE_BROWSER_FILES = [
  'tests/e2e/browser-sync.test.ts',
  'tests/e2e/two-tills.test.ts',
  'tests/e2e/credit-two-tills.test.ts',
  'tests/e2e/sync-trust.test.ts',
  'tests/e2e/couchdb-cluster-sync.test.ts',
];

/** Test files about the embedded database only, each with why it cannot run against a real CouchDB. */
export const EMBEDDED_ONLY = {
};

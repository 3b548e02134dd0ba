/**
 * A till's first push after a day offline: one _bulk_docs of 5,000 documents (CATCH_UP_PUSH_BATCH_SIZE), each
 * checked by the validation. On a1cae3b behind a busy Apache CouchDB the one request outlived CouchDB's internal
 * timeout (fabric_worker_timeout): 500 for every document. Here, on CouchDB, that timeout is cut to 5 s (the one
 * request took 6.0 s on a quiet machine), and the push still saves every document: Oja sends it on in parts
 * (server/couch/bulk-split.ts). On the embedded server the same push is simply saved.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { CATCH_UP_PUSH_BATCH_SIZE } from '../../commands/sync';
import { onCouchdb } from '../e2e/harness';
import { testCouchdb } from '../support/couchdb';
import { freshServer, registerBusiness } from './helpers';

let env: Awaited<ReturnType<typeof freshServer>>;
test.before(async () => {
  env = await freshServer();
});
test.after(async () => {
  await env?.stop();
});

test('a push of 5,000 documents with validation is saved whole, in the order sent', async () => {
  if (onCouchdb) {
    const couch = await testCouchdb();
    for (const node of (await couch.call('GET', '/_membership')).body.cluster_nodes as string[]) {
      assert.is((await couch.call('PUT', `/_node/${node}/_config/fabric/request_timeout`, '5000')).status, 200);
    }
  }
  const a = await registerBusiness(env.server, { name: 'Big Push Shop' });
  const docs = Array.from({ length: CATCH_UP_PUSH_BATCH_SIZE }, (_, i) => ({
    _id: `4Apush${String(i).padStart(5, '0')}`,
    _rev: `1-${(i + 1).toString(16).padStart(32, '0')}`,
    _revisions: { start: 1, ids: [(i + 1).toString(16).padStart(32, '0')] },
    stores: 'customer',
    name: `Customer ${i}`,
  }));
  const res = await a.owner.call('POST', `/db/oja-${a.id}/_bulk_docs`, { docs, new_edits: false });
  assert.is(res.status, 201, JSON.stringify(res.body).slice(0, 300));
  // new_edits=false answers only the failures (CouchDB and PouchDB alike): none.
  assert.equal(res.body, []);
  const info = await a.owner.call('GET', `/db/oja-${a.id}`);
  assert.ok(info.body.doc_count >= CATCH_UP_PUSH_BATCH_SIZE, `doc_count ${info.body.doc_count}`);
  assert.is((await a.owner.call('GET', `/db/oja-${a.id}/4Apush04999`)).body.name, 'Customer 4999');
});

test.run();

/**
 * Finding 2: no member, of any level, and nobody outside reaches a database's security (`_security`, the
 * embedded server's `_local/_security`) or its design documents, by PUT, DELETE or _bulk_docs (also with
 * new_edits=false), however the path is spelled; the role checks stay in force afterwards.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { freshServer } from './helpers';
import { castOf, cleanError, type Cast } from './security-cast';

let env: Awaited<ReturnType<typeof freshServer>>;
let cast: Cast;
test.before(async () => {
  env = await freshServer();
  cast = await castOf(env.server, 'Guard Shop');
});
test.after(async () => {
  await env?.stop();
});

const OPEN = { admins: { names: ['v2_x'], roles: ['oja:level:4'] }, members: { names: [], roles: [] } };
const EVIL = { validate_doc_update: 'function () {}' };

/** Every way of writing the security object or a design document, as [method, path, body]. */
function attacks(db: string, designRev: string): [string, string, unknown?][] {
  const securityPaths = ['_local/_security', '%5Flocal/_security', '_local/%5Fsecurity', '%5Flocal%2F_security', '_local%2F_security', '_local//_security', '/_local/_security', '_LOCAL/_security', '_Local/_security', '_local/_security/', '_security', '%5Fsecurity', '_local/../_security'];
  const designPaths = ['_design/oja-security', '%5Fdesign/oja-security', '_design%2Foja-security', '%5Fdesign%2Foja-security', '_design//oja-security', '_DESIGN/oja-security', '_design/evil'];
  const design = { _id: '_design/oja-security', _rev: designRev, ...EVIL };
  return [
    ...securityPaths.map((p): [string, string, unknown] => ['PUT', `${db}/${p}`, OPEN]),
    ...securityPaths.map((p): [string, string] => ['DELETE', `${db}/${p}`]),
    ...designPaths.map((p): [string, string, unknown] => ['PUT', `${db}/${p}`, { ...design, _id: undefined }]),
    ...designPaths.map((p): [string, string] => ['DELETE', `${db}/${p}?rev=${designRev}`]),
    ['POST', `${db}/_bulk_docs`, { docs: [{ _id: '_local/_security', ...OPEN }] }],
    ['POST', `${db}/_bulk_docs`, { docs: [design] }],
    ['POST', `${db}/_bulk_docs`, { docs: [{ _id: '_design/evil', ...EVIL }] }],
    ['POST', `${db}/_bulk_docs`, { docs: [{ ...design, _deleted: true }] }],
    ['POST', `${db}/_bulk_docs`, { new_edits: false, docs: [{ ...design, _rev: '99-aaaa' }] }],
    ['POST', `${db}/_bulk_docs`, { new_edits: false, docs: [{ _id: '_local/_security', _rev: '0-9', ...OPEN }] }],
    ['POST', `${db}/%5Fbulk_docs`, { docs: [design] }],
    ['PUT', `${db}/_design/oja-security?new_edits=false`, { ...design, _rev: '99-bbbb' }],
  ];
}

test('every level and every outsider is refused on every route to _security, _local/_security and design documents', async () => {
  const before: Record<string, { security: unknown; design: { _rev: string; validate_doc_update: string } }> = {};
  for (const db of Object.values(cast.dbs)) {
    const name = db.replace('/db', '');
    before[db] = { security: (await cast.admin('GET', `${name}/_security`)).body, design: (await cast.admin('GET', `${name}/_design/oja-security`)).body };
  }
  const callers = [...cast.levels().map(([who, c]): [string, typeof c, number] => [who, c, 403]), ...cast.outsiders()];
  for (const [who, client, status] of callers) {
    for (const db of Object.values(cast.dbs)) {
      for (const [method, path, body] of attacks(db, before[db].design._rev)) {
        const res = await client.call(method, path, body);
        assert.ok(res.status === status || res.status === 403, `${who} ${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
        assert.ok(cleanError(res.body), `${who} ${method} ${path}: ${JSON.stringify(res.body)}`);
      }
    }
  }
  for (const db of Object.values(cast.dbs)) {
    const name = db.replace('/db', '');
    assert.equal((await cast.admin('GET', `${name}/_security`)).body, before[db].security, `${db} security`);
    const design = (await cast.admin('GET', `${name}/_design/oja-security`)).body;
    assert.is(design._rev, before[db].design._rev, `${db} design`);
    assert.is((await cast.admin('GET', `${name}/_design/evil`)).status, 404, `${db} no new design document`);
  }
  // The role checks still hold: a store keeper may not write a sale; outsiders stay out.
  assert.is((await cast.staff[4].call('PUT', `${cast.dbs.main}/2sale-after`, { stores: 'sale', total_due: 1 })).status, 403);
  assert.is((await cast.anonymous.call('GET', `${cast.dbs.main}/_all_docs`)).status, 401);
});

test('members keep their own local documents (replication checkpoints) but read no design document', async () => {
  for (const [who, client] of cast.levels()) {
    const id = `_local/ckpt-${who.replace(' ', '')}`;
    const put = await client.call('PUT', `${cast.dbs.main}/${id}`, { last_seq: 3 });
    assert.is(put.status, 201, `${who}: ${JSON.stringify(put.body)}`);
    const read = await client.call('GET', `${cast.dbs.main}/${id}`);
    assert.is(read.body.last_seq, 3, who);
    assert.is((await client.call('DELETE', `${cast.dbs.main}/${id}?rev=${read.body._rev}`)).status, 200, who);
    assert.is((await client.call('GET', `${cast.dbs.main}/_design/oja-security`)).status, 404, who);
  }
});

test("a checkpoint whose name starts with '_' is a member's too (PouchDB's base64 names do, one device in 64)", async () => {
  // PouchDB names checkpoints '_local/' + base64 md5 with '/' → '.' and '+' → '_'.
  const [who, client] = cast.levels()[0];
  for (const name of ['_5kQm.x_Wv2Jq9bC8dE7fG==', '__eP3rT.uV6wXyZaB1cD2e==']) {
    const path = `${cast.dbs.main}/_local/${name}`;
    const put = await client.call('PUT', path, { last_seq: 7 });
    assert.is(put.status, 201, `${who} ${name}: ${JSON.stringify(put.body)}`);
    assert.is((await client.call('GET', path)).body.last_seq, 7, name);
  }
  // _security itself stays out of reach.
  assert.is((await client.call('GET', `${cast.dbs.main}/_local/_security`)).status, 403);
});

test.run();

/**
 * Issue 31, many shops on one server: a start brings every business's validation up to date without opening
 * the databases of those already current. Each refresh leaves a note in the directory (server/api/
 * validation.ts); refreshAllValidation, which the server runs at each start, refreshes only a business whose
 * note is missing or out of date. The function is one for every business (server/couch/validate.ts): an
 * owner's settings change leaves the design documents alone (the /db gate reads the settings).
 */
import { rmSync } from 'node:fs';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { businessDbName } from '../../commands/session';
import { validateDesignDoc } from '../../server/couch/validate';
import { refreshAllValidation } from '../../server/api/validation';
import { CouchClient, type CouchAnswer } from '../../server/couch/client';
import { startServer, type TestServer } from '../e2e/harness';
import { registerBusiness } from './helpers';

class RecordingClient extends CouchClient {
  paths: string[] = [];
  override request<T = Record<string, unknown>>(method: string, path: string, body?: unknown): Promise<CouchAnswer<T>> {
    this.paths.push(`${method} ${path}`);
    return super.request<T>(method, path, body);
  }
}

let server: TestServer;
test.before(async () => {
  server = await startServer({ PAYMENT_PROVIDER: 'fake', SMS_PROVIDER: 'none' });
});
test.after(async () => {
  await server?.stop();
  rmSync(server.dataDir, { recursive: true, force: true });
});

test('a start refreshes only the businesses whose validation is not known to be current', async () => {
  const shop = await registerBusiness(server, { name: 'Noted Shop' });
  const couch = new RecordingClient(`${server.url}/db`, { name: 'admin', password: server.adminPassword() });
  const dbs = ['', '-shared', '-denormalized'].map((suffix) => businessDbName(shop.id) + suffix);
  const touched = () => couch.paths.filter((p) => p.includes(`/${businessDbName(shop.id)}`));
  const rules = async () => Promise.all(dbs.map(async (db) => (await couch.get<{ validate_doc_update: string }>(db, '_design/oja-security'))?.validate_doc_update ?? ''));

  // The first pass may refresh (a new business has no note yet, unless its settings were written); it leaves one.
  await refreshAllValidation(couch);
  assert.ok(await couch.get('directory', `validation:${shop.id}`), 'a note is left');
  couch.paths = [];
  await refreshAllValidation(couch);
  assert.equal(touched(), [], 'a current business’s databases are not asked for');

  // Every database carries the one function; the owner's settings change leaves it (and the next start) alone.
  for (const source of await rules()) assert.is(source, validateDesignDoc().validate_doc_update);
  const shared = `/db/${businessDbName(shop.id)}-shared`;
  const current = await shop.owner.call('GET', `${shared}/config-deletePolicy`);
  const set = await shop.owner.call('PUT', `${shared}/config-deletePolicy`, { ...(current.status === 200 ? current.body : { stores: 'config', key: 'deletePolicy' }), value: 'admin' });
  assert.is(set.status, 201, JSON.stringify(set.body));
  couch.paths = [];
  await refreshAllValidation(couch);
  assert.equal(touched(), [], 'still current after the settings change');
  for (const source of await rules()) assert.is(source, validateDesignDoc().validate_doc_update);

  // Without its note (a refresh cut short leaves none that matches) the business is refreshed again.
  const note = await couch.get<{ _rev: string }>('directory', `validation:${shop.id}`);
  assert.is((await couch.request('DELETE', `/directory/${encodeURIComponent(`validation:${shop.id}`)}?rev=${note!._rev}`)).status, 200);
  couch.paths = [];
  await refreshAllValidation(couch);
  assert.ok(touched().length > 0, 'refreshed without a note');
  assert.ok(await couch.get('directory', `validation:${shop.id}`), 'noted again');
  for (const source of await rules()) assert.is(source, validateDesignDoc().validate_doc_update);
});

test.run();

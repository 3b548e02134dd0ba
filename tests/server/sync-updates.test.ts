/**
 * What a till changes or deletes after the first write reaches the server. The embedded server filed a
 * replicated update under the stored revision's history (./../../server/couch/revision-history.ts), so every
 * update and deletion pushed by sync was dropped while the till counted it as pushed: settings stayed at
 * revision 1 and deletions never left the device.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { businessDbName } from '../../commands/session';
import { createBackend } from '../../worker/backend';
import { freshServer, registerBusiness, type Client } from './helpers';
import { checked } from '../support/seed';

let env: Awaited<ReturnType<typeof freshServer>>;
test.before(async () => {
  env = await freshServer();
});
test.after(async () => {
  await env?.stop();
});

/** Polls the server (as the owner) until `ok` holds for the document's answer. */
async function onServer(owner: Client, path: string, ok: (status: number, body: any) => boolean, what: string, ms = 60000) {
  const until = Date.now() + ms;
  for (;;) {
    const res = await owner.call('GET', path);
    if (ok(res.status, res.body)) return res.body;
    if (Date.now() > until) throw new Error(`${what}: the server still answers ${res.status} ${JSON.stringify(res.body)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

test('a setting changed, a document edited and one deleted on a till all reach the server', async () => {
  const a = await registerBusiness(env.server, { name: 'Update Shop' });
  const name = businessDbName(a.id);
  const b = await createBackend({ adapter: 'memory', name, user: { ...a.user } });
  try {
    checked('sync-start', await b.dispatch('sync-start', { remote: `${env.server.url}/db`, username: a.username, password: 'secret12' }));
    // The server's own config documents (revision 1) must be on the till before it changes them.
    await onServer(a.owner, `/db/${name}-shared/config-vatPercentage`, (s) => s === 200, 'config on server');
    const until = Date.now() + 60000;
    while (!(await b.ctx.db.shared.get('config-vatPercentage').catch(() => null))) {
      if (Date.now() > until) throw new Error('the settings never reached the till');
      await new Promise((r) => setTimeout(r, 100));
    }
    checked('config-set', await b.dispatch('config-set', { vatPercentage: 7.5, deletePolicy: 'all' }));
    const vat = await onServer(a.owner, `/db/${name}-shared/config-vatPercentage`, (_s, body) => body.value === 7.5, 'the VAT setting');
    assert.is(vat._rev.split('-')[0], '2');
    await onServer(a.owner, `/db/${name}-shared/config-deletePolicy`, (_s, body) => body.value === 'all', 'the delete policy');

    const first = await b.ctx.db.main.put({ _id: '4edit', stores: 'customer', name: 'Before' });
    await onServer(a.owner, `/db/${name}/4edit`, (s) => s === 200, 'the new customer');
    await b.ctx.db.main.put({ _id: '4edit', _rev: first.rev, stores: 'customer', name: 'After' });
    await onServer(a.owner, `/db/${name}/4edit`, (_s, body) => body.name === 'After', 'the edited customer');

    const gone = await b.ctx.db.main.put({ _id: '4gone', stores: 'customer', name: 'Leaving' });
    await onServer(a.owner, `/db/${name}/4gone`, (s) => s === 200, 'the customer to delete');
    await b.ctx.db.main.remove('4gone', gone.rev);
    await onServer(a.owner, `/db/${name}/4gone`, (s) => s === 404, 'the deletion');
  } finally {
    await b.dispatch('sync-stop', {});
    await b.close();
  }
});

test.run();

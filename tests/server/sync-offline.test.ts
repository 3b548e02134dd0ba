/**
 * 'Offline' and 'Sign in to sync' mean what they say: a till whose server does not answer is offline, whether it
 * holds a password or not and whether anything waits; 'Sign in to sync' comes only once the server has answered
 * that the till has no valid sign-in. Before, a till without the password (a reloaded page) that could not reach
 * the server said 'Sign in to sync' at once.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { BackendEvent } from '../../commands/events';
import { SYNC_SIGN_IN_AGAIN } from '../../commands/sync';
import { businessDbName } from '../../commands/session';
import { createBackend, type NodeBackend } from '../../worker/backend';
import { startRecordingProxy, type RecordingProxy } from '../support/recording-proxy';
import { freshServer, registerBusiness } from './helpers';
import { checked } from '../support/seed';

let env: Awaited<ReturnType<typeof freshServer>>;
let proxy: RecordingProxy;
test.before(async () => {
  env = await freshServer();
  proxy = await startRecordingProxy(env.server.url);
});
test.after(async () => {
  proxy?.close();
  await env?.stop();
});

function nextSync(b: NodeBackend, match: (e: Extract<BackendEvent, { kind: 'sync' }>) => boolean, what: string, ms = 60000) {
  return new Promise<Extract<BackendEvent, { kind: 'sync' }>>((resolve, reject) => {
    const timer = setTimeout(() => {
      off();
      reject(new Error(`${what} never came`));
    }, ms);
    const off = b.subscribe((e) => {
      if (e.kind === 'sync' && match(e)) {
        clearTimeout(timer);
        off();
        resolve(e);
      }
    });
  });
}

test('with the server cut off: Offline, with or without a password, and nothing waiting', async () => {
  const a = await registerBusiness(env.server, { name: 'Offline Shop' });
  const name = businessDbName(a.id);
  const b = await createBackend({ adapter: 'memory', name, user: { ...a.user } });
  try {
    // Synced through the proxy, then the cable is pulled with nothing waiting.
    const synced = nextSync(b, (e) => e.state === 'paused' && e.pending === 0, 'Synced');
    checked('sync-start', await b.dispatch('sync-start', { remote: `${proxy.url}/db`, username: a.username, password: 'secret12' }));
    await synced;
    const offline = nextSync(b, (e) => e.state === 'offline', 'Offline with nothing written');
    proxy.cut(true);
    await offline;
    // Back on: synced again by itself.
    const again = nextSync(b, (e) => e.state === 'paused' && e.pending === 0, 'Synced again');
    proxy.cut(false);
    await again;
    await b.dispatch('sync-stop', {});

    // A till that holds no password (a reloaded page) and cannot reach the server: Offline, not 'Sign in'.
    proxy.cut(true);
    const status = checked('sync-start', await b.dispatch('sync-start', { remote: `${proxy.url}/db`, username: a.username }));
    assert.is(status.state, 'offline');
    assert.is.not(status.message, SYNC_SIGN_IN_AGAIN);
    // Once the server answers that this till has no sign-in (no cookie here), and only then: 'Sign in to sync'.
    const refused = nextSync(b, (e) => e.state === 'error', 'Sign in to sync');
    proxy.cut(false);
    assert.is((await refused).message, SYNC_SIGN_IN_AGAIN);
  } finally {
    await b.dispatch('sync-stop', {});
    await b.close();
  }
});

test.run();

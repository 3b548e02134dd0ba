/**
 * Issue 37, finding 9: user text in the server's log stays on one line. An SMS whose text holds newlines,
 * sent through the 'log' provider, wrote whole lines of its own into the log on a1cae3b (here a fake
 * "Oja listening on …", the very line scripts wait for).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { businessDbName } from '../../commands/session';
import { freshServer, registerBusiness } from './helpers';

test('an SMS with newlines is logged on one line, quoted', async () => {
  const env = await freshServer({ SMS_PROVIDER: 'log' });
  try {
    const a = await registerBusiness(env.server, { name: 'Log Shop' });
    const message = 'Thanks\nOja listening on http://127.0.0.1:1\nadmin password reset';
    const res = await a.owner.call('PUT', `/db/${businessDbName(a.id)}/fAlogline1`, { stores: 'sms', sender: '', recipient: '+2348030001234', message, units: 1, status: 'queued', date: Date.now() });
    assert.is(res.status, 201, JSON.stringify(res.body));
    for (let i = 0; !env.server.log().includes('fAlogline1'); i++) {
      assert.ok(i < 600, 'the message was logged');
      await new Promise((r) => setTimeout(r, 50));
    }
    const lines = env.server.log().split('\n');
    const line = lines.find((l) => l.includes('fAlogline1'))!;
    assert.ok(line.includes('"Thanks\\nOja listening on http://127.0.0.1:1\\nadmin password reset"'), line);
    assert.not.ok(lines.some((l) => l.startsWith('Oja listening on http://127.0.0.1:1')), 'no fake line');
    assert.not.ok(lines.some((l) => l.startsWith('admin password reset')), 'no fake line');
  } finally {
    await env.stop();
  }
});

test.run();

/**
 * Issue 37, "a crash is not an outage": `npm start` runs the server under a supervisor (server/supervisor.ts,
 * Node's cluster). Killing the serving process outright (SIGKILL, as a crash or the kernel's OOM killer does)
 * brings the app back on the same address within seconds, with every write it had acknowledged; a crash loop
 * is restarted with a growing wait instead of spinning. On a1cae3b the one process was the server: killed, it
 * stayed dead.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { serverStats, servingPid } from './budget';
import { freshServer, registerBusiness } from './helpers';

let env: Awaited<ReturnType<typeof freshServer>>;
test.before(async () => {
  env = await freshServer();
});
test.after(async () => {
  await env?.stop();
});

/** Waits until the app answers again (its /db root, then the admin's stats); answers the serving pid and the wait. */
async function answersAgain(limitMs = 60_000): Promise<{ pid: number; ms: number }> {
  const started = Date.now();
  for (;;) {
    try {
      const res = await fetch(`${env.server.url}/db/`, { signal: AbortSignal.timeout(5000) });
      if (res.status === 200) return { pid: await servingPid(env.server), ms: Date.now() - started };
    } catch {
      // refused while the next process starts
    }
    assert.ok(Date.now() - started < limitMs, `the app did not answer again within ${limitMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

test('the serving process killed outright: the app answers again on the same address with every acknowledged write', async () => {
  const shop = await registerBusiness(env.server, { name: 'Crash Shop' });
  const db = `/db/oja-${shop.id}`;
  const user = { username: shop.username, fullname: 'Owner' };
  const acknowledged: string[] = [];
  for (let i = 0; i < 20; i++) {
    const id = `7item-kept-${i}`;
    const res = await shop.owner.call('PUT', `${db}/${id}`, { stores: 'item', name: `Kept ${i}`, price: 100, purchasePrice: 80, date: Date.now(), user });
    assert.is(res.status, 201, JSON.stringify(res.body));
    acknowledged.push(id);
  }
  const pid = await servingPid(env.server);
  assert.is.not(pid, env.server.process.pid, 'requests are served by a worker, not by the supervisor');
  process.kill(pid, 'SIGKILL');
  const back = await answersAgain();
  console.log(`killed the serving process; the app answered again after ${back.ms} ms`);
  assert.is.not(back.pid, pid, 'a new serving process');
  for (const id of acknowledged) {
    const res = await shop.owner.call('GET', `${db}/${id}`);
    assert.is(res.status, 200, `${id} was acknowledged before the crash`);
  }
  assert.is(env.server.process.exitCode, null, 'the supervisor lives on');
});

test('a crash loop is restarted with a doubling wait, not at once each time', async () => {
  const waits: number[] = [];
  for (let i = 0; i < 3; i++) {
    const pid = (await serverStats(env.server)).pid!;
    const logged = env.server.log().length;
    process.kill(pid, 'SIGKILL');
    await answersAgain();
    const line = /starting it again in (\d+) ms/.exec(env.server.log().slice(logged));
    assert.ok(line, 'the supervisor says when it starts the server again');
    waits.push(Number(line![1]));
  }
  console.log(`restart waits: ${waits.join(', ')} ms`);
  assert.ok(waits[1] > waits[0] && waits[2] > waits[1], `waits ${waits.join(', ')}`);
});

test.run();

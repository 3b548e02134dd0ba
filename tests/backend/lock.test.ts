/**
 * The device's lock in the worker (worker/lock.ts, gated in worker/backend.ts): while locked, every command
 * outside commands/lock.ts's allow-list is refused with code 'locked' and nothing is read or written; unlocking
 * answers them again; every change is one `lock` event with a growing seq.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { BackendEvent } from '../../commands/events';
import { ALLOWED_WHILE_LOCKED, LOCKED_ERROR } from '../../commands/lock';
import { DOMAINS } from '../../worker/domains';
import { makeBackend, ok } from './helpers';
import { OWNER } from '../support/fixtures';

test('a backend started locked refuses data commands, reads and writes alike, until it is unlocked', async () => {
  const b = await makeBackend({ locked: true });
  const events: BackendEvent[] = [];
  b.subscribe((e) => events.push(e));

  const read = await b.dispatch('client-list', { kind: 'customer', offset: 0, limit: 10 });
  assert.equal(read, { ok: false, error: LOCKED_ERROR });
  const write = await b.dispatch('client-create', { kind: 'customer', name: 'Written while locked' });
  assert.is(write.ok, false);
  assert.is(!write.ok && write.error.code, 'locked');
  assert.is((await b.dispatch('config-get', {})).ok, false, 'settings are business data too');
  assert.is((await b.dispatch('business-export', {})).ok, false);

  // What the lock and sign-in screens need still answers.
  assert.equal(ok(await b.dispatch('session-lock-get', {})), { locked: true, seq: 0 });
  assert.equal(ok(await b.dispatch('session-get', {})), OWNER);
  assert.equal(ok(await b.dispatch('sync-pending', {})), { pending: 0 });
  assert.ok(ok(await b.dispatch('backend-info', {})).version);

  assert.equal(ok(await b.dispatch('session-unlock', {})), { locked: false, seq: 1 });
  const after = ok(await b.dispatch('client-list', { kind: 'customer', offset: 0, limit: 10 }));
  assert.is(after.total, 0, 'the refused write left nothing behind');
  ok(await b.dispatch('client-create', { kind: 'customer', name: 'Written after unlock' }));
  assert.equal(
    events.filter((e) => e.kind === 'lock'),
    [{ kind: 'lock', locked: false, seq: 1 }],
  );
  await b.close();
});

test('locking again refuses again; a second lock changes nothing and says nothing', async () => {
  const b = await makeBackend();
  const events: BackendEvent[] = [];
  b.subscribe((e) => events.push(e));
  ok(await b.dispatch('client-create', { kind: 'customer', name: 'Before the lock' }));
  assert.equal(ok(await b.dispatch('session-lock', {})), { locked: true, seq: 1 });
  assert.equal(ok(await b.dispatch('session-lock', {})), { locked: true, seq: 1 });
  const refused = await b.dispatch('client-list', { kind: 'customer', offset: 0, limit: 10 });
  assert.is(!refused.ok && refused.error.code, 'locked');
  assert.is(!refused.ok && refused.error.message, LOCKED_ERROR.message);
  // Another tab connecting as the same user (session-set) does not open it.
  ok(await b.dispatch('session-set', OWNER));
  assert.is((await b.dispatch('client-list', { kind: 'customer', offset: 0, limit: 10 })).ok, false);
  ok(await b.dispatch('session-unlock', {}));
  assert.is(ok(await b.dispatch('client-list', { kind: 'customer', offset: 0, limit: 10 })).total, 1);
  assert.equal(
    events.filter((e) => e.kind === 'lock').map((e) => e.kind === 'lock' && [e.locked, e.seq]),
    [
      [true, 1],
      [false, 2],
    ],
  );
  await b.close();
});

test("a 'fresh' unlock (a reload carrying its unlock over) opens only a worker that has neither locked nor unlocked", async () => {
  const b = await makeBackend({ locked: true });
  assert.equal(ok(await b.dispatch('session-unlock', { fresh: true })), { locked: false, seq: 1 });
  ok(await b.dispatch('session-lock', {}));
  assert.equal(ok(await b.dispatch('session-unlock', { fresh: true })), { locked: true, seq: 2 }, 'locked by someone: stays locked');
  assert.is((await b.dispatch('client-list', { kind: 'customer', offset: 0, limit: 10 })).ok, false);
  assert.equal(ok(await b.dispatch('session-unlock', {})), { locked: false, seq: 3 }, 'the password still opens it');
  await b.close();
});

test('the allow-list names only registered commands, and no command that reads or writes business documents', () => {
  const registered = new Set(DOMAINS.flatMap((d) => Object.keys(d.handlers)));
  for (const name of ALLOWED_WHILE_LOCKED) assert.ok(registered.has(name), `${name} is a command`);
  assert.equal([...ALLOWED_WHILE_LOCKED].filter((n) => !/^(session|sync|backend)-/.test(n)), []);
});

test.run();

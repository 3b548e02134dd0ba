/**
 * When the shared worker ends itself (worker/lifetime.ts): a moment after its last tab left, never while a
 * command is being answered, and the moment starts again after the last answer or a new connection. Timers are
 * the test's own, fired by hand, so nothing here depends on the clock.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { WorkerLifetime, type Timers } from '../../worker/lifetime';

function fakeTimers() {
  let next = 1;
  const pending = new Map<number, { fn: () => void; ms: number }>();
  const timers: Timers = {
    set: (fn, ms) => (pending.set(next, { fn, ms }), next++),
    clear: (h) => void pending.delete(h as number),
  };
  /** Runs every timer now set, as if their time had come. */
  const elapse = () => {
    const due = [...pending.values()];
    pending.clear();
    due.forEach((t) => t.fn());
  };
  return { timers, elapse, pending };
}

function lifetime() {
  const t = fakeTimers();
  const seen: string[] = [];
  const life = new WorkerLifetime(() => seen.push('idle'), () => seen.push('end'), t.timers, 2000);
  return { life, seen, ...t };
}

/** A worker whose only tab has come and gone: it has idled, and its grace is running. */
function lastTabLeft() {
  const l = lifetime();
  l.life.joined();
  l.life.left();
  return l;
}

test('a fresh worker waits for its first tab; after its last tab leaves it idles at once and ends after the grace', () => {
  const { life, seen, elapse, pending } = lifetime();
  life.connected();
  life.commandStarted();
  life.commandEnded();
  elapse();
  assert.equal(seen, [], 'no tab has come yet');
  life.joined();
  life.joined();
  life.left();
  elapse();
  assert.equal(seen, [], 'one tab is still there');
  life.left();
  assert.equal(seen, ['idle']);
  assert.equal([...pending.values()].map((p) => p.ms), [2000]);
  elapse();
  assert.equal(seen, ['idle', 'end']);
});

test('a tab that comes back within the grace keeps the worker', () => {
  const { life, seen, elapse } = lastTabLeft();
  life.joined();
  elapse();
  assert.equal(seen, ['idle']);
});

test('a command being answered when the last tab has left keeps the worker until a grace after its answer', () => {
  const { life, seen, elapse, pending } = lastTabLeft();
  life.commandStarted();
  assert.is(pending.size, 0, 'no end is pending while the command runs');
  elapse();
  life.commandStarted();
  life.commandEnded();
  elapse();
  assert.equal(seen, ['idle'], 'one command is still running');
  life.commandEnded();
  assert.is(pending.size, 1);
  elapse();
  assert.equal(seen, ['idle', 'end']);
});

test('a page that connects after the last tab left gets a whole grace to send its first command', () => {
  const { life, seen, elapse, pending } = lastTabLeft();
  life.connected();
  assert.is(pending.size, 1, 'the grace started again, once');
  life.commandStarted();
  elapse();
  assert.equal(seen, ['idle']);
});

test.run();

/** A fresh in-memory backend per test, with a fixed clock and a signed-in owner by default. */
import { OWNER } from '../support/fixtures';
import { createBackend, type BackendOptions, type NodeBackend } from '../../worker/backend';

/** 2026-03-05 10:00 local time */
export const T0 = new Date(2026, 2, 5, 10, 0, 0).getTime();

let counter = 0;

export function fixedClock(start = T0) {
  let now = start;
  const clock = () => now;
  clock.set = (t: number) => {
    now = t;
  };
  clock.advance = (ms: number) => {
    now += ms;
  };
  return clock as (() => number) & { set(t: number): void; advance(ms: number): void };
}

export async function makeBackend(options: Partial<BackendOptions> = {}): Promise<NodeBackend> {
  counter += 1;
  return createBackend({
    adapter: 'memory',
    name: `test-${process.pid}-${counter}`,
    clock: fixedClock(),
    user: OWNER,
    // Every refusal a backend test provokes is checked against its command's error codes.
    checkErrorCodes: true,
    ...options,
  });
}

/** Unwraps a reply, failing the test with the error's text when it is not ok. */
export function ok<T>(reply: { ok: true; value: T } | { ok: false; error: { code: string; message: string } }): T {
  if (!reply.ok) throw new Error(`expected ok, got ${reply.error.code}: ${reply.error.message}`);
  return reply.value;
}

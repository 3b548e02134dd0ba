/**
 * Error codes are a union per command (commands/error-codes.ts). The backend tests' dispatcher checks every
 * refusal against its command's list (`checkErrorCodes`, on in tests/backend/helpers.ts): a handler that throws a
 * code its command does not list fails the test that provoked it, naming both; the app passes it through.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { UserError } from '../../commands/errors';
import { ERRORS } from '../../commands/index';
import type { Domain } from '../../worker/registry';
import { makeBackend } from './helpers';

// A command only this test registers, with no list of codes; its handler refuses with a code of its own.
const probe: Domain = { handlers: { 'zz-probe': () => Promise.reject(new UserError('made-up', 'Refused')) } as unknown as Domain['handlers'], writes: new Set() };

test('a declared code comes back as it is', async () => {
  const b = await makeBackend();
  const reply = await b.dispatch('config-set', { currency: 'euro' as never });
  assert.is(reply.ok ? '' : reply.error.code, 'invalid-config');
  assert.ok(ERRORS['config-set'].includes('invalid-config'));
  await b.close();
});

test('with the check on, a code the command does not list fails loudly, naming command and code', async () => {
  const b = await makeBackend({ domains: [probe] });
  let error: unknown;
  try {
    await b.dispatch('zz-probe' as never, {} as never);
  } catch (e) {
    error = e;
  }
  assert.match(String(error), /zz-probe answered the error code 'made-up', which commands\/error-codes\.ts does not list for it/);
  await b.close();
});

test('in the app (no check) the same refusal reaches the person as it is', async () => {
  const b = await makeBackend({ domains: [probe], checkErrorCodes: false });
  assert.equal(await b.dispatch('zz-probe' as never, {} as never), { ok: false, error: { code: 'made-up', message: 'Refused' } });
  await b.close();
});

test.run();

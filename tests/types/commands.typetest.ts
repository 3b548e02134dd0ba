/**
 * Compile-time tests of the command map: `tsc --noEmit` (part of npm test) fails if any line marked
 * @ts-expect-error compiles, i.e. if a wrong argument or result type for a command were accepted.
 */
import type { Args, Backend, Result } from '../../commands/index';

declare const backend: Backend;

export async function typeChecks() {
  // A right call compiles and its result is typed.
  const reply = await backend.dispatch('config-set', { useWarehouse: true });
  if (reply.ok) {
    const warehouse: boolean = reply.value.useWarehouse;
    void warehouse;
  }

  // Error codes are a union per command: a code the command answers compiles, one it never answers does not.
  const sale = await backend.dispatch('sale-create', { customer: { with_account: false, name: 'x' }, items: [], amount_paid: 0 });
  if (!sale.ok) {
    const credit: boolean = sale.error.code === 'credit-warning' || sale.error.code === 'storage-full';
    // @ts-expect-error 'invalid-config' is config-set's, never sale-create's
    const wrong: boolean = sale.error.code === 'invalid-config';
    void credit;
    void wrong;
  }

  // @ts-expect-error a wrong argument type for a command does not compile
  await backend.dispatch('config-set', { useWarehouse: 'yes' });

  // @ts-expect-error an unknown command name does not compile
  await backend.dispatch('config-delete', {});

  // @ts-expect-error a missing input does not compile
  await backend.dispatch('config-get');

  const ok: Result<'backend-info'> = { version: '', name: '', adapter: '' };
  // @ts-expect-error results are typed too
  const bad: Result<'backend-info'> = { version: 1 };
  const args: Args<'session-set'> = null;
  void ok;
  void bad;
  void args;
}

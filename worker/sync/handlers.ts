/** Sync commands: one engine per backend (keyed by its databases), started after sign-in. */
import type { Ctx } from '../context';
import type { Databases } from '../db';
import { UserError } from '../../commands/errors';
import { domain } from '../registry';
import { SyncEngine } from './engine';

const engines = new WeakMap<Databases, SyncEngine>();

/** On pulled shared changes the spec asks the API for the SMS balance; best effort, never blocks sync. */
function askSmsBalance(remote: string, sharedDb: string): void {
  const api = remote.replace(/\/db$/, '/api');
  void fetch(`${api}/sms/${encodeURIComponent(sharedDb)}`, { credentials: 'include' }).then((r) => r.arrayBuffer(), () => undefined);
}

function engine(ctx: Ctx): SyncEngine {
  let e = engines.get(ctx.db);
  if (!e) {
    e = new SyncEngine(ctx.db, ctx.name, ctx.emit, askSmsBalance);
    engines.set(ctx.db, e);
  }
  return e;
}

export default domain({
  // The 'sync' setting (on by default) turns sync off for this business.
  'sync-start': async (input, ctx) => ((await ctx.config()).sync ? engine(ctx).start(input) : engine(ctx).stop()),
  'sync-stop': (_input, ctx) => engine(ctx).stop(),
  'sync-status': (_input, ctx) => engine(ctx).report(),
  'sync-pending': async (_input, ctx) => ({ pending: await engine(ctx).pending() }),
  'sync-refusals': async (_input, ctx) => {
    const refusals = engine(ctx).refusals;
    return { refusals: await refusals.all(), problem: refusals.problem };
  },
  'sync-refusal-dismiss': async (input, ctx) => {
    if (typeof input?.key !== 'string') throw new UserError('invalid-input', 'Which refused change to take off the list?');
    const refusals = engine(ctx).refusals;
    return { refusals: await refusals.dismiss(input.key), problem: refusals.problem };
  },
});

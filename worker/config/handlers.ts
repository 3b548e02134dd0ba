import { TRIAL_DAYS, TRIAL_PLAN_NAME, type ConfigKey } from '../../commands/config';
import { checkConfigValue } from '../../commands/config-rules';
import type { ConfigDoc } from '../../commands/docs';
import { UserError } from '../../commands/errors';
import { getKind } from '../db';
import { domain } from '../registry';
import { configDocId } from './store';
import { writeAllOr } from '../writes';

export default domain(
  {
    'config-get': (_input, ctx) => ctx.config(),

    'plan-get': async (_input, ctx) => {
      const doc = await getKind(ctx.db.shared, 'current-plan', 'current-plan');
      const name = doc?.name || TRIAL_PLAN_NAME;
      const trial = name === TRIAL_PLAN_NAME;
      return { name, from: doc?.from ?? null, days: trial ? (doc?.for ?? TRIAL_DAYS) : null, trial };
    },

    'config-set': async (input, ctx) => {
      const user = ctx.session();
      if (user && user.level !== 0) throw new UserError('forbidden', 'Only the admin can change settings');
      const entries = Object.entries(input ?? {});
      for (const [key, value] of entries) {
        const problem = checkConfigValue(key, value);
        if (problem) throw new UserError('invalid-config', problem);
      }
      const docs: ConfigDoc[] = [];
      for (const [key, value] of entries) {
        const _id = configDocId(key as ConfigKey);
        const existing = await getKind(ctx.db.shared, _id, 'config');
        docs.push({ _id, _rev: existing?._rev, stores: 'config', key, value });
      }
      // Every setting of the change or none of them (worker/writes.ts); the server's gate records the change in the audit log.
      try {
        await writeAllOr(ctx.db.shared, docs, () => new UserError('config-write', 'Could not save the settings. Please try again.'));
      } finally {
        ctx.configChanged();
      }
      return ctx.config();
    },
  },
  { writes: ['config-set'] },
);

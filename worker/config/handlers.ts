import type { ConfigKey } from '../../commands/config';
import { checkConfigValue } from '../../commands/config-rules';
import type { ConfigDoc } from '../../commands/docs';
import { UserError } from '../../commands/errors';
import { getOrUndefined } from '../db';
import { domain } from '../registry';
import { configDocId } from './store';

export default domain(
  {
    'config-get': (_input, ctx) => ctx.config(),

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
        const existing = await getOrUndefined<ConfigDoc>(ctx.db.shared, _id);
        docs.push({ _id, _rev: existing?._rev, stores: 'config', key, value });
      }
      const results = await ctx.db.shared.bulkDocs(docs);
      const failed = results.find((r) => 'error' in r && r.error);
      ctx.configChanged();
      if (failed) throw new UserError('config-write', 'Could not save the settings. Please try again.');
      return ctx.config();
    },
  },
  { writes: ['config-set'] },
);

import { APP_VERSION } from '../../commands/lib/version';
import { domain } from '../registry';

export default domain(
  {
    'backend-info': (_input, ctx) => ({ version: APP_VERSION, name: ctx.name, adapter: ctx.adapter }),
    'session-get': (_input, ctx) => ctx.session(),
    'session-set': (input, ctx) => {
      ctx.setSession(input);
      return ctx.session();
    },
    'session-lock': (_input, ctx) => ctx.lock.lock(),
    'session-unlock': (input, ctx) => (input?.fresh && !ctx.lock.fresh ? ctx.lock.status() : ctx.lock.unlock()),
    'session-lock-get': (_input, ctx) => ctx.lock.status(),
  },
  { writes: ['session-set'] },
);

/** The acting user as stamped on every document a person writes. */
import type { UserStamp } from '../commands/docs';
import { UserError } from '../commands/errors';
import type { Ctx } from './context';

export function userStamp(ctx: Ctx): UserStamp {
  const user = ctx.session();
  if (!user) throw new UserError('signed-out', 'Please sign in again');
  return { username: user.username, fullname: user.fullname, level: user.level };
}

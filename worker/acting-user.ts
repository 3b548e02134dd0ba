/** The signed-in user as stamped on the documents they write (user, deletedBy, deleteRequestedBy). */
import type { UserStamp } from '../commands/docs';
import { UserError } from '../commands/errors';
import type { SessionUser } from '../commands/session';
import type { Ctx } from './context';

export function actingUser(ctx: Ctx): SessionUser {
  const user = ctx.session();
  if (!user) throw new UserError('signed-out', 'You must sign in first');
  return user;
}

export function userStamp(user: SessionUser): UserStamp {
  return { username: user.username, fullname: user.fullname, level: user.level };
}

/** The stamp for a document the signed-in user writes now. */
export function stampOf(ctx: Ctx): UserStamp {
  return userStamp(actingUser(ctx));
}

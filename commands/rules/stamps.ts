/**
 * User stamps: a new document carries its writer's own `user` stamp, an update keeps its creator, and the
 * updatedBy, deleteRequestedBy and deletedBy stamps a write sets are the writer's own. The names a stamp
 * shows are the server's (the gate writes the directory's name into them: server/couch/gate-names.ts).
 */
import { isObject, stampName, type Rule } from './types';

/** The stamp fields a write sets as its writer. */
export const WRITER_STAMPS = ['user', 'updatedBy', 'deleteRequestedBy', 'deletedBy'] as const;

export const stampRule: Rule = ({ doc, stored, writer }) => {
  const same = (field: string) => !!stored && JSON.stringify(doc[field]) === JSON.stringify(stored[field]);
  const mine = (field: string) => {
    const stamp = doc[field];
    if (stamp === undefined || same(field)) return undefined;
    if (!isObject(stamp) || stampName(stamp) !== writer.username) return `The ${field} stamp must be your own user.`;
    return undefined;
  };
  if (doc._deleted !== true) {
    if (!stored || stored.user === undefined) {
      const problem = mine('user');
      if (problem) return problem;
    } else if (stampName(doc.user) !== stampName(stored.user)) return 'Who created a document cannot be changed.';
    for (const field of ['updatedBy', 'deleteRequestedBy']) {
      const problem = mine(field);
      if (problem) return problem;
    }
  }
  return mine('deletedBy');
};

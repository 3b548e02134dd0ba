/**
 * The rulebook (commands/rules/) called the way validate_doc_update used to be, for tests written against that
 * shape: `(newDoc, oldDoc, userCtx)`, throwing `{ forbidden }` with the rule's reason.
 */
import { judgeWrite, type Doc, type WriteSettings } from '../../commands/rules';
import { LOGIN_PREFIX, type RoleLevel } from '../../commands/session';

export const DEFAULT_SETTINGS: WriteSettings = { deletePolicy: 'none', reviewDelete: 'none', deleteTimeout: 0, editableInvoice: false };

type Ctx = { name: string; roles: string[] };

export function rulebookVdu(settings: Partial<WriteSettings> = {}, now = () => Date.now()) {
  return (newDoc: object, oldDoc: object | null, userCtx: Ctx): void => {
    const name = userCtx.name.startsWith(LOGIN_PREFIX) ? userCtx.name.slice(LOGIN_PREFIX.length) : userCtx.name;
    const level = Number(userCtx.roles.map((r) => /^oja:level:([0-4])$/.exec(r)?.[1]).find(Boolean) ?? 0) as RoleLevel;
    const doc = newDoc as Doc;
    const stored = oldDoc && !(oldDoc as Doc)._deleted ? (oldDoc as Doc) : undefined;
    const problem = judgeWrite({
      doc,
      stored,
      wasDeleted: !!oldDoc && !stored,
      writer: { username: name, level },
      settings: { ...DEFAULT_SETTINGS, ...settings },
      now: now(),
      storedOf: () => undefined,
      batchOf: (id) => (id === doc._id ? doc : undefined),
    });
    if (problem) throw { forbidden: problem };
  };
}

/**
 * The rulebook's deletion rule (commands/rules/deletion.ts, run by the server's /db gate) answers exactly as the
 * worker's (commands/lib/deletion.ts) for every policy, review setting, timeout, level, creator, age and
 * pending state: deleting, marking delete_pending and clearing the mark.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { DeletePolicy, ReviewDelete } from '../../commands/config';
import { canReviewDeletion, decideDeletion } from '../../commands/lib/deletion';
import { rulebookVdu } from '../support/rulebook';

type Vdu = (newDoc: object, oldDoc: object | null, userCtx: { name: string; roles: string[] }) => void;

function vduFor(rules: { deletePolicy: DeletePolicy; reviewDelete: ReviewDelete; deleteTimeout: number }): Vdu {
  return rulebookVdu({ ...rules, editableInvoice: false });
}

const passes = (run: () => void) => {
  try {
    run();
    return true;
  } catch (e) {
    if (!(e as { forbidden?: string }).forbidden) throw e;
    return false;
  }
};

test('delete, mark and clear agree with the worker in every case', () => {
  const now = Date.now();
  let cases = 0;
  for (const deletePolicy of ['all', 'creator', 'preferred', 'managers', 'admin', 'none'] as DeletePolicy[]) {
    for (const reviewDelete of ['admin', 'managers', 'none'] as ReviewDelete[]) {
      for (const deleteTimeout of [0, 1]) {
        const rules = { deletePolicy, reviewDelete, deleteTimeout };
        const vdu = vduFor(rules);
        for (const level of [0, 1, 2, 3, 4]) {
          for (const creator of ['me', 'other']) {
            for (const age of [0, 2 * 3_600_000]) {
              for (const pending of [false, true]) {
                const old = { _id: '5x', _rev: '1-a', stores: 'payment', factor: 1, amount: 5, medium: 'cash', date: now - age, user: { username: creator, fullname: creator }, ...(pending ? { delete_pending: true } : {}) };
                const ctx = { name: 'v2_me', roles: ['oja:member:b1', `oja:level:${level}`] };
                const me = { username: 'me', fullname: 'Me' };
                const target = { creator, date: old.date, delete_pending: pending };
                const decision = decideDeletion(rules, { level, username: 'me' }, target, now);
                const label = JSON.stringify({ ...rules, level, creator, age, pending });
                assert.is(passes(() => vdu({ ...old, _deleted: true, deletedBy: me }, old, ctx)), decision.action === 'delete', `delete ${label}`);
                assert.is(passes(() => vdu({ _id: old._id, _rev: old._rev, _deleted: true }, old, ctx)), decision.action === 'delete', `DELETE ${label}`);
                if (!pending) assert.is(passes(() => vdu({ ...old, delete_pending: true, deleteRequestedBy: me }, old, ctx)), decision.action !== 'deny', `mark ${label}`);
                if (pending) {
                  const { delete_pending: _p, ...cleared } = old as typeof old & { delete_pending?: boolean };
                  assert.is(passes(() => vdu(cleared, old, ctx)), canReviewDeletion(rules, { level, username: 'me' }, target), `clear ${label}`);
                }
                cases++;
              }
            }
          }
        }
      }
    }
  }
  assert.is(cases, 6 * 3 * 2 * 5 * 2 * 2 * 2);
});

test.run();

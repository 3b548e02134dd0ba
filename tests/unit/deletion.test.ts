import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { DeletePolicy, ReviewDelete } from '../../commands/config';
import { DELETE_DENIED, DELETE_TEXTS, decideDeletion, canReviewDeletion, type DeleteRules } from '../../commands/lib/deletion';

const HOUR = 3_600_000;
const NOW = new Date(2026, 2, 5, 10).getTime();
const POLICIES: DeletePolicy[] = ['all', 'creator', 'preferred', 'managers', 'admin', 'none'];
const REVIEWS: ReviewDelete[] = ['admin', 'managers', 'none'];
const LEVELS = [0, 1, 2, 3, 4];

// The spec's table, written out independently of the implementation.
const ALLOWED_LEVELS: Record<Exclude<DeletePolicy, 'creator'>, number[]> = {
  all: [0, 1, 2, 3, 4],
  preferred: [0, 1, 2],
  managers: [0, 1],
  admin: [0],
  none: [],
};
const DIRECT_LEVELS: Record<ReviewDelete, number[]> = { admin: [0], managers: [0, 1], none: [0, 1, 2, 3, 4] };

for (const policy of POLICIES) {
  for (const review of REVIEWS) {
    for (const timeout of [0, 24]) {
      test(`policy ${policy} × review ${review} × timeout ${timeout}h`, () => {
        const rules: DeleteRules = { deletePolicy: policy, reviewDelete: review, deleteTimeout: timeout };
        for (const level of LEVELS) {
          for (const isCreator of [true, false]) {
            for (const ageHours of [1, 23.9, 24, 500]) {
              const actor = { level, username: 'u' + level };
              const target = { creator: isCreator ? actor.username : 'someone-else', date: NOW - ageHours * HOUR };
              const got = decideDeletion(rules, actor, target, NOW);
              const admitted = policy === 'creator' ? isCreator : ALLOWED_LEVELS[policy].includes(level);
              const expired = timeout > 0 && ageHours >= timeout;
              const where = `level ${level}, creator ${isCreator}, age ${ageHours}h`;
              if (!admitted) {
                assert.is(got.action, 'deny', where);
                assert.is(got.reason, DELETE_DENIED[policy === 'all' ? 'none' : policy], where);
              } else if (expired) {
                assert.equal(got, { action: 'deny', reason: `This transaction is older than ${timeout} hours and can no longer be deleted` }, where);
              } else {
                assert.is(got.action, DIRECT_LEVELS[review].includes(level) ? 'delete' : 'mark', where);
              }
            }
          }
        }
      });
    }
  }
}

test('the default policy (none) denies even the admin', () => {
  const got = decideDeletion({ deletePolicy: 'none', reviewDelete: 'none', deleteTimeout: 0 }, { level: 0, username: 'a' }, { creator: 'a', date: NOW }, NOW);
  assert.equal(got, { action: 'deny', reason: 'Deleting transactions is not allowed' });
});

test('a transaction without a creator is never "the creator\'s"', () => {
  const got = decideDeletion({ deletePolicy: 'creator', reviewDelete: 'none', deleteTimeout: 0 }, { level: 0, username: '' }, { date: NOW }, NOW);
  assert.is(got.action, 'deny');
});

test('a pending deletion is removed for real only by a reviewer', () => {
  const rules: DeleteRules = { deletePolicy: 'all', reviewDelete: 'managers', deleteTimeout: 1 };
  const old = { creator: 'x', date: NOW - 100 * HOUR, delete_pending: true };
  assert.equal(decideDeletion(rules, { level: 1, username: 'm' }, old, NOW), { action: 'delete' }, 'the timeout does not stop a review');
  assert.equal(decideDeletion(rules, { level: 3, username: 'x' }, old, NOW), { action: 'deny', reason: DELETE_TEXTS.pendingBanner });
  assert.is(canReviewDeletion(rules, { level: 2, username: 'a' }, old), false);
  assert.is(canReviewDeletion(rules, { level: 0, username: 'a' }, old), true);
});

test('with review switched off after the mark, the delete policy decides who clears it', () => {
  const rules: DeleteRules = { deletePolicy: 'preferred', reviewDelete: 'none', deleteTimeout: 0 };
  const pending = { creator: 'x', date: NOW, delete_pending: true };
  assert.is(decideDeletion(rules, { level: 2, username: 'a' }, pending, NOW).action, 'delete');
  assert.is(decideDeletion(rules, { level: 3, username: 'x' }, pending, NOW).action, 'deny');
});

test('the dialog texts are the spec\'s', () => {
  assert.equal(
    [DELETE_TEXTS.confirmTitle, DELETE_TEXTS.confirmText, DELETE_TEXTS.confirmButton, DELETE_TEXTS.cancelledTitle, DELETE_TEXTS.cancelledText],
    ['Are you sure?', 'You might not be able to revert this!', 'Yes, delete it!', 'Cancelled', 'Your data is safe'],
  );
  assert.equal([DELETE_TEXTS.deletedTitle, DELETE_TEXTS.deletedText, DELETE_TEXTS.deletedAutoCloseMs], ['Deleted!', 'Your file has been deleted.', 1750]);
  assert.is(DELETE_TEXTS.pendingBanner, 'This transaction has been marked for deleting');
});

test.run();

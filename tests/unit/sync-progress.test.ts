/** The sync badge during a new till's first pull: documents synced of the total and a readable time estimate. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { progressText, syncBadge } from '../../src/shell/sync-badge';

test('documents of the total, estimating until there is a rate', () => {
  assert.is(progressText({ done: 12345, total: 331555 }), '12,345 of 331,555 documents, estimating time left');
});

test('the estimate in seconds near the end, minutes, then hours', () => {
  assert.is(progressText({ done: 1, total: 2, etaSeconds: 2 }), '1 of 2 documents, about 5 s left');
  assert.is(progressText({ done: 1, total: 2, etaSeconds: 41 }), '1 of 2 documents, about 45 s left');
  assert.is(progressText({ done: 1, total: 2, etaSeconds: 61 }), '1 of 2 documents, about 2 min left');
  assert.is(progressText({ done: 1, total: 2, etaSeconds: 3 * 3600 + 60 * 20 }), '1 of 2 documents, about 3 h 20 min left');
});

test('the badge shows the progress while syncing, and the plain states otherwise', () => {
  const progress = { done: 500, total: 2000, etaSeconds: 90 };
  assert.equal(syncBadge({ kind: 'sync', state: 'syncing', pending: 0, progress }, true), { kind: 'syncing', text: 'Syncing 500 of 2,000 documents, about 2 min left' });
  assert.equal(syncBadge({ kind: 'sync', state: 'syncing', pending: 3 }, true), { kind: 'syncing', text: 'Syncing (3)' });
  assert.equal(syncBadge({ kind: 'sync', state: 'paused', pending: 0 }, true), { kind: 'synced', text: 'Synced' });
});

test('changes the server refused outrank Synced and plain syncing, never offline or signing in', () => {
  assert.equal(syncBadge({ kind: 'sync', state: 'paused', pending: 0, refused: 2 }, true), { kind: 'refused', text: 'Not accepted (2)' });
  assert.equal(syncBadge({ kind: 'sync', state: 'syncing', pending: 1, refused: 1 }, true), { kind: 'refused', text: 'Not accepted (1)' });
  assert.equal(syncBadge({ kind: 'sync', state: 'offline', pending: 1, refused: 1 }, true), { kind: 'offline', text: 'Offline (1)' });
  assert.equal(syncBadge({ kind: 'sync', state: 'error', pending: 0, message: 'Sign in again to resume sync', refused: 1 }, true), { kind: 'signed-out', text: 'Sign in to sync' });
  assert.equal(syncBadge({ kind: 'sync', state: 'paused', pending: 0, refused: 0 }, true), { kind: 'synced', text: 'Synced' });
});

test.run();

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { CHEAT_SHEET, createBurstDetector } from '../../src/sales/quick/keys';

test('a scanner burst is six or more keys and its Enter, each within 50 ms; typing is not', () => {
  const d = createBurstDetector();
  [0, 4, 9, 13, 18, 22, 27, 31].forEach((t) => d.typed(t));
  assert.ok(d.isBurst(8, 35));
  d.reset();
  [0, 90, 170, 260, 330, 420].forEach((t) => d.typed(t));
  assert.not.ok(d.isBurst(6, 430));
  d.reset();
  // A fast typist's three-letter roll-over is still a search, never a barcode lookup.
  [0, 20, 40].forEach((t) => d.typed(t));
  assert.not.ok(d.isBurst(3, 45));
  // Slow letters typed before a burst do not count against the code that follows.
  d.reset();
  [0, 300, 600, 601, 603, 605, 607, 609, 611].forEach((t) => d.typed(t));
  assert.ok(d.isBurst(7, 615));
  assert.not.ok(d.isBurst(9, 615));
});

test('seven letters under 30 ms each, then Enter after a look at the results, is a typist, not a scan', () => {
  const d = createBurstDetector();
  [0, 25, 50, 75, 100, 125, 150].forEach((t) => d.typed(t));
  assert.not.ok(d.isBurst(7, 400));
  assert.ok(d.isBurst(7, 170));
});

test('the cheat sheet names every key the screen handles', () => {
  const keys = CHEAT_SHEET.map(([k]) => k).join(' ');
  for (const k of ['↑ ↓', 'Enter', '+ / −', 'PgUp PgDn', 'F4', 'Del', 'F9', 'Ctrl+Enter', 'Esc']) assert.ok(keys.includes(k), k);
});

test.run();

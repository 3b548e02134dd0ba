/**
 * A single account's statement page reads running balances kept per account version (worker/ledger/statement.ts)
 * instead of walking every earlier entry. Property: for a seeded random account and random ranges, offsets and
 * limits, that page equals the plain walk's (forced through a keep-everything filter) — rows, balances, total,
 * opening and closing — and it stays equal after entries are added out of order and removed between reads.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { TableQuery } from '../../commands/table';
import { Book } from '../../worker/ledger/postings';
import { Account, Entry } from '../../worker/ledger/state';
import { pageEntries, type EntryPage } from '../../worker/ledger/statement';
import { seededRandom } from '../../scripts/bench/rng';

const DAY = 86_400_000;
const START = new Date(2024, 0, 1).getTime();

const plain = (p: EntryPage) => ({ ...p, rows: p.rows.map((r) => ({ doc: r.entry.doc, delta: r.entry.delta, balance: r.balance })) });

function check(account: Account, r: () => number, rounds: number): void {
  for (let k = 0; k < rounds; k++) {
    const from = START + Math.floor(r() * 400) * DAY;
    const query: TableQuery = {
      offset: Math.floor(r() * 40),
      limit: 1 + Math.floor(r() * 30),
      range: r() < 0.2 ? undefined : { from, to: from + Math.floor(r() * 120) * DAY },
    };
    const accumulate = r() < 0.3;
    const fast = pageEntries([account], query, accumulate);
    const walked = pageEntries([account], query, accumulate, () => true);
    assert.equal(plain(fast), plain(walked), JSON.stringify({ query, accumulate }));
  }
}

test('a single account page equals the walk, through additions out of order and removals', () => {
  const r = seededRandom(18);
  const account = new Account('cB00001', Book.Bank);
  const live: Entry[] = [];
  let n = 0;
  const add = () => {
    const e = new Entry(`d${n++}`, account, Math.round((r() - 0.4) * 100_000), START + Math.floor(r() * 365 * DAY), 1, '', NaN);
    account.add(e);
    live.push(e);
  };
  for (let i = 0; i < 300; i++) add();
  check(account, r, 60);
  for (let step = 0; step < 40; step++) {
    // Between reads: a few entries dated anywhere (the account has to sort again) and a removal (compaction).
    for (let i = 0; i < 3; i++) add();
    const gone = live.splice(Math.floor(r() * live.length), 1)[0];
    account.unpost(gone);
    check(account, r, 5);
  }
  // The page actually moved with the changes: the last entry's balance is the account's total.
  const all = pageEntries([account], { offset: 0, limit: 1000 }, false);
  assert.is(all.rows.length, live.length);
  assert.is(all.closing, account.total);
  assert.is(all.rows[all.rows.length - 1].balance, account.total);
});

test('an empty account and a range before every entry page to nothing', () => {
  const account = new Account('cash', Book.Bank);
  assert.equal(pageEntries([account], { offset: 0, limit: 10 }, false), { rows: [], total: 0, opening: 0, closing: 0 });
  account.add(new Entry('d1', account, 500, START + 10 * DAY, 1, '', NaN));
  const before = pageEntries([account], { offset: 0, limit: 10, range: { from: START, to: START + DAY } }, false);
  assert.equal(before, { rows: [], total: 0, opening: 0, closing: 0 });
  const after = pageEntries([account], { offset: 0, limit: 10, range: { from: START + 20 * DAY, to: START + 30 * DAY } }, false);
  assert.equal({ ...after, rows: after.rows.length }, { rows: 0, total: 0, opening: 500, closing: 500 });
});

test.run();

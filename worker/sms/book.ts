/**
 * The SMS book: the derived unit balance kept in memory, like the other ledgers. Credits are the server's
 * 'sms-credit-*' documents in the shared database; debits are the messages themselves (SMS id prefix in the
 * main database), each carrying its unit count. Both sides are prefix indexes kept current from the changes
 * feeds, with running totals, so a read never scans.
 */
import dayjs from 'dayjs';
import { asKind, type SmsStatus } from '../../commands/docs';
import { ID_PREFIX } from '../../commands/lib/ids';
import { creditUnits, SMS_CREDIT_PREFIX, smsDebit, smsUnitsOf } from '../../commands/lib/sms-balance';
import type { SmsLogRow } from '../../commands/sms';
import type { Ctx } from '../context';
import { createPrefixIndex, prefixIndex, type PrefixIndex } from '../prefix-index';

type Book = {
  credits: PrefixIndex<number>;
  messages: PrefixIndex<SmsLogRow>;
  totals: { credits: number; debits: number };
  /** Bumped on every message change: the log's row array is rebuilt only then. */
  version: number;
  rows?: { version: number; rows: SmsLogRow[] };
};

const books = new WeakMap<Ctx['db']['main'], Book>();

function rowOf(d: Record<string, unknown>): SmsLogRow | undefined {
  const doc = asKind(d, 'sms');
  if (!doc || doc._deleted) return undefined;
  return {
    _id: doc._id,
    date: Number(doc.date ?? 0),
    recipient: String(doc.recipient ?? ''),
    message: String(doc.message ?? ''),
    units: smsUnitsOf(doc),
    status: (doc.status ?? 'queued') as SmsStatus,
    reason: String(doc.reason ?? ''),
    kind: String(doc.kind ?? ''),
  };
}

function bookOf(ctx: Ctx): Book {
  let book = books.get(ctx.db.main);
  if (book) return book;
  const totals = { credits: 0, debits: 0 };
  const b: Book = {
    totals,
    version: 0,
    credits: prefixIndex(ctx.db.shared, 'sms-credits', () =>
      createPrefixIndex<number>(
        ctx.db.shared,
        SMS_CREDIT_PREFIX,
        (d) => {
          const credit = asKind(d, 'sms-credit');
          return credit && !d._deleted ? creditUnits(credit) : undefined;
        },
        (before, after) => (totals.credits += (after ?? 0) - (before ?? 0)),
      ),
    ),
    messages: prefixIndex(ctx.db.main, 'sms-messages', () =>
      createPrefixIndex<SmsLogRow>(ctx.db.main, ID_PREFIX.sms, rowOf, (before, after) => {
        totals.debits += (after ? smsDebit(after) : 0) - (before ? smsDebit(before) : 0);
        b.version++;
      }),
    ),
  };
  books.set(ctx.db.main, (book = b));
  return book;
}

/** Units this device may still queue: credits minus the units of every message not failed. */
export async function smsBalance(ctx: Ctx): Promise<number> {
  const book = bookOf(ctx);
  await Promise.all([book.credits.entries(), book.messages.entries()]);
  return book.totals.credits - book.totals.debits;
}

/** Every message as a log row, newest first; the same array until a message changes (the table caches by it). */
export async function smsLogRows(ctx: Ctx): Promise<SmsLogRow[]> {
  const book = bookOf(ctx);
  const entries = await book.messages.entries();
  if (book.rows?.version !== book.version) {
    const rows = [...entries.values()].sort((a, b) => b.date - a.date || b._id.localeCompare(a._id));
    book.rows = { version: book.version, rows };
  }
  return book.rows.rows;
}

/** Units of this calendar month's messages that were not refused. */
export function spentThisMonth(rows: readonly SmsLogRow[], now: number): number {
  const start = dayjs(now).startOf('month').valueOf();
  let spent = 0;
  // Rows are newest first: stop at the first one before this month.
  for (const r of rows) {
    if (r.date < start) break;
    spent += smsDebit(r);
  }
  return spent;
}

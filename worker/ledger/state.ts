/**
 * The in-memory ledger: per-account totals (stock per item and per warehouse, clients, banks) plus each
 * account's entries for statements and expiry. Applying a document costs O(its postings): its previous
 * entries are found through `byDoc`, subtracted and marked dead, and the new ones appended. Accounts sort
 * and compact their entries lazily, when a statement or expiry read needs them in order.
 */
import { Book, isDeleted, kindCode, kindOf, postingsOf } from './postings';

export class Entry {
  dead = false;
  constructor(
    readonly doc: string,
    readonly account: Account,
    readonly delta: number,
    readonly date: number,
    readonly kind: number,
    /** Interned warehouse location ('' for money entries). */
    readonly warehouse: string,
    /** Expiry date of a stock batch, NaN when none. */
    readonly expiry: number,
  ) {}
}

export class Account {
  total = 0;
  /** Stock only: total per warehouse. */
  warehouses: Map<string, number> | undefined;
  entries: Entry[] = [];
  private sorted = true;
  private deadCount = 0;
  /** Bumped on every change: lets readers cache per-account results (expiry batches). */
  version = 0;

  constructor(
    readonly key: string,
    readonly book: Book,
  ) {}

  add(e: Entry): void {
    this.move(e.delta, e.warehouse);
    this.attach(e);
  }

  /** Changes the sums alone (a checkpoint's balances, or its entries taken out before they are loaded). */
  move(delta: number, warehouse: string): void {
    this.total += delta;
    if (this.book === Book.Stock) {
      this.warehouses ??= new Map();
      this.warehouses.set(warehouse, (this.warehouses.get(warehouse) ?? 0) + delta);
    }
    this.version++;
  }

  /** Adds an entry whose delta the sums already hold (restored behind a checkpoint's balances). */
  attach(e: Entry): void {
    const last = this.entries[this.entries.length - 1];
    if (last && compareEntries(last, e) > 0) this.sorted = false;
    this.entries.push(e);
    this.version++;
  }

  /** Takes a posted entry out (an edit or a deletion of its document). */
  unpost(e: Entry): void {
    if (e.dead) return;
    e.dead = true;
    this.move(-e.delta, e.warehouse);
    this.deadCount++;
  }

  /** Live entries in (date, document id) order. */
  ordered(): Entry[] {
    if (this.deadCount) {
      this.entries = this.entries.filter((e) => !e.dead);
      this.deadCount = 0;
    }
    if (!this.sorted) {
      this.entries.sort(compareEntries);
      this.sorted = true;
    }
    return this.entries;
  }
}

export function compareEntries(a: Entry, b: Entry): number {
  return a.date - b.date || (a.doc < b.doc ? -1 : a.doc > b.doc ? 1 : 0) || a.delta - b.delta;
}

/** Index of the first entry dated at or after `start` in date-ordered entries (`Account.ordered()`): a binary search. */
export function firstEntryFrom(entries: readonly Entry[], start: number): number {
  let lo = 0;
  let hi = entries.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (entries[mid].date < start) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export type Snapshot = {
  stock: Record<string, Record<string, number>>;
  clients: Record<string, number>;
  banks: Record<string, number>;
};

/** One sequence for every state, so a state replaced by another (checkpoint, recompute) never repeats a version. */
let versions = 0;

export class LedgerState {
  /**
   * Changes whenever a balance or an entry (hence an expiry) may have: readers cache what they derive from
   * every account on it (the store page's pass, worker/items/store-pass.ts).
   */
  version = ++versions;
  readonly books: [Map<string, Account>, Map<string, Account>, Map<string, Account>] = [new Map(), new Map(), new Map()];
  /** Each document's live entries: what to subtract when it changes or goes away. */
  readonly byDoc = new Map<string, Entry | Entry[]>();
  private readonly warehouseNames = new Map<string, string>();
  /** Stock accounts that have dated batches (candidates for 'Expiring soon'). */
  readonly dated = new Set<Account>();

  account(book: Book, key: string): Account | undefined {
    return this.books[book].get(key);
  }

  /** The account, opened when new. */
  open(book: Book, key: string): Account {
    let a = this.books[book].get(key);
    if (!a) {
      a = new Account(key, book);
      this.books[book].set(key, a);
    }
    return a;
  }

  /** One string object per warehouse name. */
  intern(warehouse: string): string {
    const known = this.warehouseNames.get(warehouse);
    if (known !== undefined) return known;
    this.warehouseNames.set(warehouse, warehouse);
    return warehouse;
  }

  /** Replaces whatever `id` contributed before with what `doc` contributes now (nothing when deleted/absent). */
  apply(id: string, doc: Record<string, unknown> | undefined): void {
    const previous = this.byDoc.get(id);
    if (previous) {
      this.version = ++versions;
      if (Array.isArray(previous)) for (const e of previous) e.account.unpost(e);
      else previous.account.unpost(previous);
      this.byDoc.delete(id);
    }
    if (!doc || isDeleted(doc)) return;
    const kind = kindOf(doc);
    if (!kind) return;
    const postings = postingsOf(doc);
    if (!postings.length) return;
    this.version = ++versions; // documents without postings (items, customers) leave it: their readers have their own
    const code = kindCode(kind);
    const date = typeof doc.date === 'number' && Number.isFinite(doc.date) ? doc.date : 0;
    const entries = postings.map((p) => this.insert(id, p.book, p.account, p.delta, date, code, p.warehouse ?? '', p.expiry ?? NaN));
    this.byDoc.set(id, entries.length === 1 ? entries[0] : entries);
  }

  /** Adds one entry. */
  insert(doc: string, book: Book, key: string, delta: number, date: number, kind: number, warehouse: string, expiry: number): Entry {
    const account = this.open(book, key);
    const e = new Entry(doc, account, delta, date, kind, warehouse ? this.intern(warehouse) : '', expiry);
    account.add(e);
    if (!Number.isNaN(expiry)) this.dated.add(account);
    return e;
  }

  /** Adds an entry whose delta the account's sums already hold (checkpoint restore: account and warehouse resolved). */
  attach(doc: string, account: Account, delta: number, date: number, kind: number, warehouse: string, expiry: number): Entry {
    const e = new Entry(doc, account, delta, date, kind, warehouse, expiry);
    this.version = ++versions;
    account.attach(e);
    if (!Number.isNaN(expiry)) this.dated.add(account);
    return e;
  }

  /** Moves an account's sums without an entry (checkpoint balances; a checkpoint entry taken back out). */
  move(book: Book, key: string, delta: number, warehouse: string): void {
    this.version = ++versions;
    this.open(book, key).move(delta, warehouse ? this.intern(warehouse) : '');
  }

  /** Registers a restored document's entries (checkpoint load). */
  remember(doc: string, entries: Entry[]): void {
    this.byDoc.set(doc, entries.length === 1 ? entries[0] : entries);
  }

  /** Every balance, in plain objects with sorted keys and zero balances left out (for comparisons). */
  snapshot(): Snapshot {
    const sorted = (m: Map<string, Account>) => [...m.values()].sort((a, b) => (a.key < b.key ? -1 : 1));
    const stock: Snapshot['stock'] = {};
    for (const a of sorted(this.books[Book.Stock])) {
      const w: Record<string, number> = {};
      for (const [name, v] of [...(a.warehouses ?? [])].sort()) if (v !== 0) w[name] = v;
      if (Object.keys(w).length) stock[a.key] = w;
    }
    const totals = (m: Map<string, Account>) => {
      const out: Record<string, number> = {};
      for (const a of sorted(m)) if (a.total !== 0) out[a.key] = a.total;
      return out;
    };
    return { stock, clients: totals(this.books[Book.Client]), banks: totals(this.books[Book.Bank]) };
  }
}

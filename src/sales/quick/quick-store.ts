/**
 * The quick sale's state as signals, one store per visit: search results from the worker's in-memory item
 * index (latest answer wins), the active result, the basket, the selected basket line and amount paid.
 */
import { batch, computed, signal } from '@preact/signals-react';
import { notEnough, notEnoughOf } from '../../../commands/lib/sale-rules';
import { baseUnit, unitOf } from '../../../commands/lib/units';
import { saleTotals, type SaleCharges } from '../../../commands/lib/sale-math';
import type { ItemHit, ItemScan } from '../../../commands/items';
import { roundQuantity } from '../../../commands/lib/scale-barcode';
import { dispatch } from '../../bus';
import type { PriceLevel } from '../../../commands/lib/price-levels';
import { priceLine, priceLines } from '../levels/level-pricing';
import { baseOf, inUnit, lineOf, weighedLine, type BasketLine } from './basket-line';
import { parking, WALK_IN } from './quick-park';
import { finishing, type LastSale } from './quick-finish';
import type { ChosenClient } from '../../clients/ClientPicker';

export type { BasketLine } from './basket-line';

/** Results shown at once: enough tiles to fill a large screen, few enough to paint in one frame. */
export const RESULT_LIMIT = 40;
/** The spec's barcode lookup delay on the quick sale (document 001 section 9). */
export const QUICK_BARCODE_DELAY_MS = 100;
export { WALK_IN } from './quick-park';

export type { LastSale } from './quick-finish';

export function createQuickSale() {
  const query = signal('');
  const results = signal<ItemHit[]>([]);
  /** The query the shown results answer (the keystroke benchmark waits for it on the results list). */
  const resultsFor = signal('');
  const matches = signal(0);
  const active = signal(0);
  const basket = signal<BasketLine[]>([]);
  const selected = signal(-1);
  const paid = signal(0);
  /** Amount paid as typed (an entry that is not an amount reads as 0, and the basket says so). */
  const paidText = signal('');
  const customer = signal(WALK_IN);
  const phone = signal('');
  /** The managed customer the sale goes on (their account, credit limit and statement); '' for a walk-in. */
  const account = signal('');
  const error = signal('');
  const busy = signal(false);
  const notFound = signal<string | null>(null);
  /** The settings' price levels (set by the screen) and the level in use ('' = retail). */
  const levels = signal<readonly PriceLevel[]>([]);
  const level = signal('');
  /** The VAT the settings charge (defaultVat, set by the screen): in the totals and sent with the sale. */
  const vat = signal<SaleCharges['vat']>(undefined);
  const totals = computed(() => saleTotals(basket.value, { vat: vat.value }));
  /** What happens after Complete (the 'After a quick sale' setting, set by the screen). */
  const after = signal<'next' | 'invoice'>('next');
  /** The sale just made, while the quick sale has gone on to the next (its strip, Ctrl+P, the customer display). */
  const lastSale = signal<LastSale | null>(null);
  let ticket = 0;
  /**
   * The item Enter last added. The search clears after an add; the empty search then shows this item first and
   * highlighted, so Enter again adds one more of it (the cheat sheet's 'again: one more'), not the first item.
   */
  let lastAdded: ItemHit | null = null;

  /** The empty search's answer with the item just added first. */
  function pinLastAdded(rows: ItemHit[]): ItemHit[] {
    if (!lastAdded) return rows;
    const id = lastAdded._id;
    return [lastAdded, ...rows.filter((r) => r._id !== id)].slice(0, RESULT_LIMIT);
  }

  async function search(text: string): Promise<void> {
    query.value = text;
    if (text.trim()) lastAdded = null;
    await answer(text, 0);
  }

  /**
   * The results on screen asked again, the highlight kept: an item changed (its price or stock, on this till or
   * another: the screen calls this on every change item-search reads), so Enter adds it at today's price
   * (issue 39). The item just added, kept first on the empty search, is taken from the answer too.
   */
  async function refresh(): Promise<void> {
    await answer(query.value, active.value);
  }

  async function answer(text: string, keep: number): Promise<void> {
    const mine = ++ticket;
    const reply = await dispatch('item-search', { query: text, limit: RESULT_LIMIT });
    if (mine !== ticket || !reply.ok) return;
    const rows = reply.value.rows;
    const fresh = lastAdded && rows.find((r) => r._id === lastAdded!._id);
    if (fresh) lastAdded = fresh;
    // One render for the whole answer.
    batch(() => {
      results.value = text.trim() ? rows : pinLastAdded(rows);
      resultsFor.value = text;
      matches.value = reply.value.total;
      active.value = Math.max(0, Math.min(keep, results.value.length - 1));
    });
  }

  function move(by: number): void {
    const n = results.value.length;
    if (n) active.value = Math.min(n - 1, Math.max(0, active.value + by));
  }

  /** Base units of the item the other lines of the basket already take. */
  function takenBesides(index: number, id: string): number {
    return basket.value.reduce((n, l, i) => (i !== index && l.id === id ? n + l.quantity * l.factor : n), 0);
  }

  function setQuantity(index: number, quantity: number): void {
    const line = basket.value[index];
    if (!line) return;
    // Counted in the unit sold: a carton line of 24 needs 24 pieces per carton (issue 28).
    const left = (line.available - takenBesides(index, line.id)) / line.factor;
    if (quantity > left) {
      error.value = notEnoughOf(left, { name: line.name, quantity, unit: line.unit, unit_factor: line.factor });
      return;
    }
    error.value = '';
    if (quantity <= 0) return remove(index);
    // A quantity break may change the line's price: repriced here, in memory, with no round trip.
    basket.value = basket.value.map((l, i) => (i === index ? priceLine({ ...l, quantity }, levels.value, level.value) : l));
  }

  /**
   * A managed customer picked (the sale form's picker: src/clients/ClientPicker.tsx): the sale goes on their
   * account, and their default price level, when they have one, becomes the level in use (as on the sale form).
   */
  function pickCustomer(c: ChosenClient): void {
    batch(() => {
      account.value = c._id;
      customer.value = c.name;
      phone.value = c.phone_number ?? '';
      if (c.defaultLevel && levels.value.some((l) => l.id === c.defaultLevel)) setLevel(c.defaultLevel);
    });
  }

  /** A walk-in by the name typed (no account): the quick sale's customer as before. */
  function walkIn(name: string): void {
    batch(() => {
      account.value = '';
      customer.value = name.trim() || WALK_IN;
    });
  }

  /** Switches the level in use (F3, the switch, a customer's default): every line not fixed is repriced. */
  function setLevel(id: string): void {
    batch(() => {
      level.value = id;
      basket.value = priceLines(basket.value, levels.value, id);
    });
  }

  /** One more of `hit` in `unit` (its base unit unless a pack's barcode was scanned). */
  function add(hit: ItemHit | undefined, unit = hit && baseOf(hit)): void {
    if (!hit || !unit) return;
    remember(hit);
    const at = basket.value.findIndex((l) => l.id === hit._id && l.unit === unit.unit && !l.fixed);
    if (at >= 0) {
      selected.value = at;
      return setQuantity(at, basket.value[at].quantity + 1);
    }
    const left = (hit.balance - takenBesides(-1, hit._id)) / unit.factor;
    if (left < 1) {
      error.value = notEnoughOf(left, { name: hit.name, quantity: 1, unit: unit.unit, unit_factor: unit.factor });
      return;
    }
    error.value = '';
    basket.value = [...basket.value, priceLine(lineOf(hit, unit), levels.value, level.value)];
    selected.value = basket.value.length - 1;
  }

  /** Keeps the added item first on the empty search (already shown: moved to the front and highlighted). */
  function remember(hit: ItemHit): void {
    lastAdded = hit;
    if (query.value.trim() === '' && resultsFor.value.trim() === '') {
      batch(() => {
        results.value = pinLastAdded(results.value);
        active.value = 0;
      });
    }
  }

  /**
   * Enter: the highlighted result — or, when the results on screen still answer an earlier query (Enter came
   * before the newest keystroke's answer), the best hit of the query as typed, never the stale first tile.
   */
  async function addHighlighted(): Promise<void> {
    const text = query.value;
    if (resultsFor.value === text && results.value.length) return add(results.value[active.value]);
    // Enter again before the cleared search's answer: one more of the item just added.
    if (!text.trim() && lastAdded) return add(lastAdded);
    const reply = resultsFor.value === text ? undefined : await dispatch('item-search', { query: text, limit: 1 });
    if (reply?.ok && reply.value.rows.length) return add(reply.value.rows[0]);
    if (text.trim()) await addPackCode(text.trim());
  }

  /**
   * A pack's barcode typed by hand (no scanner): the search knows item names and codes, not packs', so a query
   * with no hit is looked up as a pack code (the item index's code map); found, one of that pack is added.
   * Anything else stays as before: nothing is added.
   */
  async function addPackCode(code: string): Promise<void> {
    const reply = await dispatch('item-scan', { code });
    if (reply.ok && reply.value.item && reply.value.unit_factor) {
      add(reply.value.item, { unit: reply.value.unit, factor: reply.value.unit_factor, price: reply.value.price });
    }
  }

  /**
   * F6: the selected line in the item's next unit (piece → carton → piece) at that unit's price (its retail, then
   * the level in use as for any line), its quantity kept; refused with the 'only N left' message when the stock
   * does not cover it in the new unit.
   */
  function nextUnit(index: number): void {
    const line = basket.value[index];
    if (!line?.units) return;
    const names = [baseUnit(line.units), ...(line.units.units ?? []).map((u) => u.name)];
    const at = names.findIndex((n) => n.toLowerCase() === (line.unit ?? names[0]).toLowerCase());
    const next = unitOf(line.units, names[(at + 1) % names.length]);
    if (!next) return;
    const left = (line.available - takenBesides(index, line.id)) / next.factor;
    if (line.quantity > left) {
      error.value = notEnoughOf(left, { name: line.name, quantity: line.quantity, unit: next.name, unit_factor: next.factor });
      return;
    }
    error.value = '';
    basket.value = basket.value.map((l, i) => (i === index ? priceLine(inUnit(line, next), levels.value, level.value) : l));
  }

  function remove(index: number): void {
    basket.value = basket.value.filter((_, i) => i !== index);
    selected.value = Math.min(selected.value, basket.value.length - 1);
  }

  function selectLine(by: number): void {
    const n = basket.value.length;
    if (n) selected.value = Math.min(n - 1, Math.max(0, (selected.value < 0 ? n : selected.value) + by));
  }

  /**
   * A scanned code: after the spec's delay, a lookup by id or barcode, or a scale label's item with its weight
   * or price (item-scan); a miss opens 'Not found!' (Create item takes a scale label's item code), a refused
   * label (wrong check digit) says why.
   */
  async function scan(code: string): Promise<void> {
    await new Promise((r) => setTimeout(r, QUICK_BARCODE_DELAY_MS));
    const reply = await dispatch('item-scan', { code });
    if (!reply.ok) error.value = reply.error.message;
    else if (!reply.value.item) notFound.value = reply.value.code;
    else if (reply.value.scale) addWeighed(reply.value);
    // A pack's barcode (a carton's): one of that pack at its price (issue 28).
    else if (reply.value.unit_factor) add(reply.value.item, { unit: reply.value.unit, factor: reply.value.unit_factor, price: reply.value.price });
    else add(reply.value.item);
  }

  /** A scale label's line: joins a line of the item at the same price (weights add up), else a line of its own. */
  function addWeighed({ item, quantity, price }: ItemScan): void {
    remember(item);
    const at = basket.value.findIndex((l) => l.id === item._id && l.price === price && l.factor === 1);
    if (at >= 0) {
      selected.value = at;
      return setQuantity(at, roundQuantity(basket.value[at].quantity + quantity));
    }
    if (item.balance - takenBesides(-1, item._id) < quantity) {
      error.value = notEnough(item.balance - takenBesides(-1, item._id), item.name, quantity);
      return;
    }
    error.value = '';
    basket.value = [
      ...basket.value,
      weighedLine(item, price, quantity),
    ];
    selected.value = basket.value.length - 1;
  }

  const { complete, clear, sold } = finishing({ basket, selected, paid, paidText, customer, phone, account, level, error, busy, vat, totals, after, lastSale });
  const { parkInput, restore } = parking({ basket, selected, paid, paidText, customer, phone, account, level, levels, error });

  return {
    query, results, resultsFor, matches, active, basket, selected, paid, paidText, customer, phone, account, error, busy, notFound, totals, levels, level, vat, after, lastSale,
    pickCustomer, walkIn, search, refresh, move, add, addHighlighted, remove, setQuantity, selectLine, scan, complete, parkInput, clear, restore, setLevel, nextUnit,
    sold,
  };
}

export type QuickSale = ReturnType<typeof createQuickSale>;


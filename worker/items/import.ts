/**
 * CSV import of items. Step 1 parses and checks every row (nothing written). Step 2 writes a chunk of checked
 * rows in one bulk write; a row whose item or starting stock failed is rolled back, so no item exists without
 * the stock it was imported with.
 */
import { MAIN_STORE, type ItemDoc, type StockDoc } from '../../commands/docs';
import { parseCsv, unneutraliseCell } from '../../commands/lib/csv';
import type { ImportRejection, ImportRow } from '../../commands/items';
import { MAX_IMPORT_ROWS } from '../../commands/items';
import { UserError } from '../../commands/errors';
import { domain } from '../registry';
import { stampOf } from '../acting-user';
import { itemIndex } from './search/item-index';
import { boundProblem } from '../../commands/lib/bounds';
// Number cells are read as every money field reads them; undefined: not a number at all.
import { amountOf } from '../../commands/lib/money';
import { docLimitsProblem } from '../../commands/lib/doc-limits';
import { parsePacksCell, unitsProblem } from '../../commands/lib/units';
import { levelsOf, levelPricesProblem } from './price-levels';
import { packLevelPricesProblem } from './units';
import type { PriceLevel } from '../../commands/lib/price-levels';
import { writeEach } from '../writes';

/** Header texts each column accepts (lower case, spaces and underscores ignored). */
const COLUMNS: Record<keyof Omit<ImportRow, 'line' | 'levelPrices'>, string[]> = {
  name: ['name', 'item', 'itemname'],
  price: ['price', 'sellingprice', 'saleprice'],
  purchasePrice: ['purchaseprice', 'costprice', 'cost'],
  description: ['description', 'details'],
  quantity: ['quantity', 'startingquantity', 'startingstock', 'stock', 'qty'],
  barcode: ['barcode', 'id', 'code'],
  unit: ['unit', 'baseunit'],
  units: ['units', 'packunits', 'packs'],
};

const norm = (h: string) => h.toLowerCase().replace(/[\s_-]+/g, '');

/**
 * The column of each price level: headed by its name or its name and 'price' ('Wholesale', 'Wholesale price'),
 * as the store's Export CSV heads it. A level without a column gives the imported items no price at it.
 */
function levelColumns(header: string[], levels: readonly PriceLevel[]): { level: PriceLevel; at: number }[] {
  return levels.map((level) => ({ level, at: header.findIndex((h) => h === norm(level.name) || h === norm(`${level.name} price`)) })).filter((c) => c.at >= 0);
}


export default domain(
  {
    'item-import-check': async (input, ctx) => {
      const table = parseCsv(String(input.csv ?? ''));
      const header = (table[0] ?? []).map(norm);
      const col = Object.fromEntries(
        Object.entries(COLUMNS).map(([key, names]) => [key, header.findIndex((h) => names.includes(h))]),
      ) as Record<keyof typeof COLUMNS, number>;
      if (col.name < 0 || col.price < 0) {
        throw new UserError('import-header', 'The first line must name the columns; name and price are required (name, price, purchasePrice, description, quantity, barcode, unit, units)');
      }
      if (table.length - 1 > MAX_IMPORT_ROWS) throw new UserError('import-size', `A file can hold at most ${MAX_IMPORT_ROWS} items`);
      const levels = levelsOf(await ctx.config());
      const levelCols = levelColumns(header, levels);
      const idx = itemIndex(ctx.db);
      await idx.ready();
      const rows: ImportRow[] = [];
      const rejected: ImportRejection[] = [];
      const codes = new Map<string, number>();
      // unneutraliseCell: a file exported by Oja (or re-saved by a spreadsheet) gives back the text it was made from.
      const at = (r: string[], k: keyof typeof COLUMNS) => (col[k] >= 0 ? unneutraliseCell((r[col[k]] ?? '').trim()) : '');
      table.slice(1).forEach((r, i) => {
        const line = i + 2;
        if (r.every((c) => c.trim() === '')) return;
        const name = at(r, 'name');
        const price = amountOf(at(r, 'price'));
        const purchasePrice = amountOf(at(r, 'purchasePrice'));
        const quantity = amountOf(at(r, 'quantity'));
        const barcode = at(r, 'barcode');
        // Units of measure (issue 28): a base unit and packs 'carton = 24 @ 4800 # code; pack = 6 @ 1250'.
        const unit = at(r, 'unit');
        const packs = parsePacksCell(at(r, 'units'), levels);
        const units = 'units' in packs && packs.units.length ? packs.units : undefined;
        const packCodes = (units ?? []).map((u) => u.barcode).filter((c): c is string => !!c);
        let reason: string | undefined;
        if (!name) reason = 'Item name is required';
        else if (price === undefined || price < 0) reason = `Price "${at(r, 'price')}" is not a valid amount`;
        else if (purchasePrice === undefined || purchasePrice < 0) reason = `Purchase price "${at(r, 'purchasePrice')}" is not a valid amount`;
        else if (quantity === undefined || quantity < 0) reason = `Quantity "${at(r, 'quantity')}" is not a valid quantity`;
        else if (barcode && (idx.find(barcode) || idx.findPack(barcode))) reason = `Barcode ${barcode} is already used by an item`;
        else if (barcode && codes.has(barcode.toLowerCase())) reason = `Barcode ${barcode} is repeated (line ${codes.get(barcode.toLowerCase())})`;
        else reason = 'problem' in packs ? packs.problem : (unitsProblem(unit || undefined, units) ?? packLevelPricesProblem(units, levels));
        // A pack's barcode answers one thing only: no item, no other pack, no other line of the file.
        const used = reason ? undefined : packCodes.find((c) => idx.find(c) || idx.findPack(c) || codes.has(c.toLowerCase()) || c.toLowerCase() === barcode.toLowerCase());
        if (used) reason = `Barcode ${used} is already used by an item`;
        reason ??= boundProblem('amount', price, 'Price') ?? boundProblem('amount', purchasePrice, 'Purchase price') ?? boundProblem('quantity', quantity, 'Quantity');
        // An empty level cell is no price at that level; anything else must be an amount.
        const levelPrices: Record<string, number> = {};
        for (const { level, at: c } of levelCols) {
          const text = unneutraliseCell((r[c] ?? '').trim());
          if (reason || text === '') continue;
          const n = amountOf(text);
          if (n === undefined || n < 0) reason = `${level.name} price "${text}" is not a valid amount`;
          else reason = boundProblem('amount', n, `${level.name} price`);
          if (!reason) levelPrices[level.id] = n!;
        }
        if (reason) return void rejected.push({ line, reason });
        if (barcode) codes.set(barcode.toLowerCase(), line);
        for (const c of packCodes) codes.set(c.toLowerCase(), line);
        rows.push({
          line,
          name,
          price: price!,
          purchasePrice: purchasePrice!,
          description: at(r, 'description'),
          quantity: quantity!,
          ...(barcode ? { barcode } : {}),
          ...(unit ? { unit } : {}),
          ...(units ? { units } : {}),
          ...(Object.keys(levelPrices).length ? { levelPrices } : {}),
        });
      });
      return { rows, rejected };
    },

    'item-import-write': async (input, ctx) => {
      const user = stampOf(ctx);
      const date = ctx.clock();
      const levels = levelsOf(await ctx.config());
      const idx = itemIndex(ctx.db);
      await idx.ready();
      const rejected: ImportRejection[] = [];
      const docs: (ItemDoc | StockDoc)[] = [];
      const owner = new Map<string, number>();
      for (const row of input.rows ?? []) {
        if (!row.name?.trim()) {
          rejected.push({ line: row.line, reason: 'Item name is required' });
          continue;
        }
        const taken = [row.barcode, ...(row.units ?? []).map((u) => u.barcode)].find((c) => c && (idx.find(c) || idx.findPack(c)));
        if (taken) {
          rejected.push({ line: row.line, reason: `Barcode ${taken} is already used by an item` });
          continue;
        }
        // The write takes rows from the screen: their units are checked again, as the check step did.
        const unitProblem = unitsProblem(row.unit, row.units);
        if (unitProblem) {
          rejected.push({ line: row.line, reason: unitProblem });
          continue;
        }
        // A level deleted between the check and this chunk: the row says so rather than storing a dead price.
        const levelProblem = levelPricesProblem(row.levelPrices, levels) ?? packLevelPricesProblem(row.units, levels);
        if (levelProblem) {
          rejected.push({ line: row.line, reason: levelProblem });
          continue;
        }
        const id = ctx.newId('item');
        const item: ItemDoc = {
          _id: id,
          stores: 'item',
          name: row.name.trim(),
          price: row.price,
          purchasePrice: row.purchasePrice,
          ...(row.description ? { description: row.description } : {}),
          ...(row.barcode ? { barcode: row.barcode } : {}),
          ...(row.unit ? { unit: row.unit } : {}),
          ...(row.units?.length ? { units: row.units } : {}),
          ...(row.levelPrices && Object.keys(row.levelPrices).length ? { levelPrices: row.levelPrices } : {}),
          date,
          user,
        };
        const stock: StockDoc | undefined =
          row.quantity > 0
            ? { _id: `${id}-i`, stores: 'stock', item: { name: item.name, id }, quantity: row.quantity, price: row.purchasePrice, to: MAIN_STORE, date, user, extra_notes: 'Starting stock' }
            : undefined;
        // The bounds every write keeps (commands/lib/doc-limits.ts): such a row is refused, the others written.
        const tooLarge = docLimitsProblem(item) ?? (stock && docLimitsProblem(stock));
        if (tooLarge) {
          rejected.push({ line: row.line, reason: tooLarge });
          continue;
        }
        docs.push(item);
        owner.set(id, row.line);
        if (stock) {
          docs.push(stock);
          owner.set(stock._id, row.line);
        }
      }
      let results: (PouchDB.Core.Response | PouchDB.Core.Error)[];
      try {
        results = await writeEach(ctx.db.main, docs);
      } catch (e) {
        const reason = `Not saved: ${e instanceof Error ? e.message : String(e)}`;
        return { added: 0, rejected: [...rejected, ...(input.rows ?? []).filter((r) => !rejected.some((x) => x.line === r.line)).map((r) => ({ line: r.line, reason }))] };
      }
      // A row is kept only when all its documents were written; otherwise its written ones are removed.
      const failedLines = new Map<number, string>();
      results.forEach((r, i) => {
        if ('error' in r && r.error) failedLines.set(owner.get(docs[i]._id)!, `Not saved: ${r.message ?? r.name}`);
      });
      const undo = results.filter((r, i): r is PouchDB.Core.Response => 'ok' in r && !!r.ok && failedLines.has(owner.get(docs[i]._id)!));
      if (undo.length) await writeEach(ctx.db.main, undo.map((r) => ({ _id: r.id, _rev: r.rev, _deleted: true })));
      for (const [line, reason] of failedLines) rejected.push({ line, reason });
      const added = docs.filter((d) => d.stores === 'item' && !failedLines.has(owner.get(d._id)!)).length;
      return { added, rejected: rejected.sort((a, b) => a.line - b.line) };
    },
  },
  { writes: ['item-import-write'] },
);

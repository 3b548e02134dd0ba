/**
 * The sale's items: rows with the item selector, one dropdown per variation, quantity (1..available), price,
 * line discount and the available count. Barcode mode (or scale barcodes) adds a scan box: a scan is looked up
 * after the spec's 500 ms; a miss opens 'Not found!'.
 */
import { useEffect, useRef, useState } from 'react';
import type { ConfigValues } from '../../../commands/config';
import { selectVariation, withItem } from '../../../commands/lib/variants';
import { formatMoney } from '../../../commands/lib/money';
import { roundQuantity } from '../../../commands/lib/scale-barcode';
import { lineTotal } from '../../../commands/lib/sale-math';
import { dispatch } from '../../bus';
import { ItemPicker } from '../../ui/ItemPicker';
import { ErrorAlert, MoneyField, NumberField, SelectField } from '../../ui/fields';
import { NotFoundItem } from '../NotFoundItem';
import { availableInUnit, emptyRow, type SaleRow } from './sale-form-state';
import type { ItemView } from '../../../commands/items';
import { baseUnit, bothWays, unitOf, type LineUnit } from '../../../commands/lib/units';
import { UnitSelect, unitsOf } from '../../ui/UnitSelect';
import { lineLevelLabel } from '../../../commands/lib/price-levels';

/** Under a row's price: the level that set it, and a visible fallback ('Retail (no Wholesale price)'). */
function LevelNote({ row }: { row: SaleRow }) {
  const text = lineLevelLabel(row.level);
  return text ? (
    <span data-testid="line-level" className={row.level?.fallback ? 'line-level fallback' : 'line-level'}>
      {text}
    </span>
  ) : null;
}

export const FORM_BARCODE_DELAY_MS = 500;

async function loadItem(id: string, row: SaleRow, warehouse: string): Promise<SaleRow | null> {
  const reply = await dispatch('item-get', { id, warehouse });
  return reply.ok && reply.value ? withUnits(withItem(row, reply.value, reply.value.price), reply.value) : null;
}

/**
 * A row of a newly chosen item sells in its base unit until the Unit select (or a pack's barcode) says else. It
 * keeps the unit's retail price and the item's level prices, so the form reprices it by level at once; a
 * scale label's price is what the customer pays (fixed: never repriced).
 */
function withUnits(row: SaleRow, item: ItemView, unit?: LineUnit, fixed = false): SaleRow {
  const of = unitsOf(item);
  return {
    ...row,
    unitsOf: of,
    unit: unit?.name ?? (of ? baseUnit(of) : undefined),
    unit_factor: unit && unit.factor > 1 ? unit.factor : undefined,
    retail: unit?.price ?? item.price,
    levelPrices: item.levelPrices,
    level: undefined,
    fixed,
  };
}

type RowProps = { row: SaleRow; index: number; warehouse: string; currency: string; onChange: (r: SaleRow) => void; onRemove: () => void };

function SaleItemRow({ row, index, warehouse, currency, onChange, onRemove }: RowProps) {
  const pickVariation = async (key: string, value: string) => {
    const next = selectVariation(row, key, value, row.variants);
    if (!next.id) return onChange(next);
    onChange((await loadItem(next.id, next, warehouse)) ?? next);
  };
  return (
    <div className="item-row" data-testid={`sale-row-${index}`}>
      <ItemPicker label="Item" testId="item-picker" value={row.name} warehouse={warehouse} onPick={(h) => void loadItem(h._id, row, warehouse).then((r) => r && onChange(r))} />
      {row.variations.map((v) => (
        <SelectField
          key={v.key}
          label={v.name}
          value={row.variation?.[v.key] ?? ''}
          placeholder="Choose"
          options={v.options.map((o) => ({ value: o, label: o }))}
          onChange={(value) => void pickVariation(v.key, value)}
        />
      ))}
      <UnitSelect
        of={row.unitsOf}
        value={row.unit}
        onChange={(u) => onChange({ ...row, unit: u.name, unit_factor: u.factor > 1 ? u.factor : undefined, price: u.price, retail: u.price, fixed: false })}
      />
      <NumberField label="Quantity" name="quantity" value={row.quantity} min={1} max={row.available === undefined ? undefined : availableInUnit(row)} onChange={(quantity) => onChange({ ...row, quantity })} />
      <MoneyField label="Price" name="price" value={row.price} hint={<LevelNote row={row} />} onChange={(price) => onChange({ ...row, price, fixed: true })} />
      <MoneyField label="Discount" name="line_discount" value={row.discount} onChange={(discount) => onChange({ ...row, discount })} />
      <div className="field">
        <span>Available</span>
        <output data-testid="available">{row.available === undefined ? '–' : row.unitsOf ? bothWays(row.available, row.unitsOf) : row.available}</output>
      </div>
      <div className="field">
        <span>Total</span>
        <output data-testid="line-total">{formatMoney(lineTotal(row), currency)}</output>
      </div>
      <button type="button" className="btn" aria-label={`Remove item ${index + 1}`} onClick={onRemove}>
        Remove
      </button>
    </div>
  );
}

type Props = { rows: SaleRow[]; cfg: ConfigValues; warehouse: string; onChange: (rows: SaleRow[]) => void };

/**
 * Rows that know their unit but not the item's units (a saved sale being edited, a basket parked in the quick
 * sale): the item's units are fetched once per row, so the Unit select shows and the factor is known (issue 28).
 */
function useRowUnits(rows: readonly SaleRow[], warehouse: string, patch: (key: number, p: Partial<SaleRow>) => void): void {
  const asked = useRef(new Set<number>());
  useEffect(() => {
    for (const r of rows) {
      if (!r.id || !r.unit || r.unitsOf || asked.current.has(r.key)) continue;
      asked.current.add(r.key);
      void dispatch('item-get', { id: r.id, warehouse }).then((reply) => {
        const of = reply.ok && reply.value ? unitsOf(reply.value) : undefined;
        if (!of) return;
        const factor = unitOf(of, r.unit)?.factor ?? 1;
        patch(r.key, { unitsOf: of, unit_factor: factor > 1 ? factor : undefined });
      });
    }
  }, [rows, warehouse]);
}

export function ItemsCard({ rows, cfg, warehouse, onChange }: Props) {
  const [scan, setScan] = useState('');
  const [missing, setMissing] = useState<string | null>(null);
  const [scanError, setScanError] = useState('');
  const scanning = cfg.barcode || cfg.scaleBarcode;
  const scanRef = useRef<HTMLInputElement>(null);
  const latest = useRef(rows);
  latest.current = rows;
  useRowUnits(rows, warehouse, (key, patch) => onChange(latest.current.map((x) => (x.key === key ? { ...x, ...patch } : x))));

  // A scan settles for 500 ms (the spec's delay), then one lookup (item-scan: id, barcode or scale label); found
  // items fill the empty first row; a scale label brings its weight or price (a line of its own unless the
  // same item at the same price is there: weights add up).
  useEffect(() => {
    const code = scan.trim();
    if (!scanning || !code) return;
    const timer = setTimeout(async () => {
      const reply = await dispatch('item-scan', { code, warehouse });
      setScan('');
      if (!reply.ok) return setScanError(reply.error.message);
      setScanError('');
      if (!reply.value.item) return setMissing(reply.value.code);
      const { item, quantity, price, scale, unit, unit_factor } = reply.value;
      // A pack's barcode (a carton's) fills a carton row at the carton price (issue 28).
      const pack = unit && unit_factor ? { name: unit, factor: unit_factor, price } : undefined;
      const row = { ...withUnits(withItem(emptyRow(), item, price), item, pack, !!scale), quantity };
      const current = latest.current;
      const at = current.findIndex((r) => r.id === row.id && r.unit === row.unit && (!scale || r.price === price));
      const more = (r: SaleRow) => ({ ...r, quantity: scale ? roundQuantity(r.quantity + quantity) : r.quantity + 1 });
      if (at >= 0) onChange(current.map((r, i) => (i === at ? more(r) : r)));
      else if (current.length && !current[0].name) onChange([row, ...current.slice(1)]);
      else onChange([...current, row]);
    }, FORM_BARCODE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [scan, scanning, warehouse]);

  return (
    <div className="card" data-testid="items-card">
      <h2>Items</h2>
      {scanning && (
        <div className="field">
          <label htmlFor="barcode-scan">Scan barcode</label>
          <input id="barcode-scan" ref={scanRef} value={scan} onChange={(e) => setScan(e.target.value)} autoComplete="off" />
          <ErrorAlert message={scanError} />
        </div>
      )}
      {rows.map((row, i) => (
        <SaleItemRow
          key={row.key}
          row={row}
          index={i}
          warehouse={warehouse}
          currency={cfg.currency}
          // The newest rows, matched by key: an item lookup answering late must not undo other rows' edits.
          onChange={(r) => onChange(latest.current.map((x) => (x.key === r.key ? r : x)))}
          onRemove={() => onChange(latest.current.filter((x) => x.key !== row.key))}
        />
      ))}
      <button type="button" className="btn" onClick={() => onChange([...rows, emptyRow()])}>
        Add item
      </button>
      <NotFoundItem
        code={missing}
        onRetry={() => {
          setMissing(null);
          scanRef.current?.focus();
        }}
      />
    </div>
  );
}

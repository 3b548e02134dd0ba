/**
 * /store/labels: shelf and item labels. Choose items (the item selector: type, arrows, Enter), the copies of
 * each, the label size (38 × 25 mm or 50 × 30 mm rolls, or an A4 sheet) and the barcode (Code 128 or EAN-13);
 * each label shows the name, the price and the barcode of the item's code. Print is enabled once every
 * barcode is drawn, so the printout never has a blank one.
 */
import { useCallback, useState } from 'react';
import type { ItemHit } from '../../../commands/items';
import { formatMoney } from '../../../commands/lib/money';
import { describeLine } from '../../../commands/purchases';
import { useConfig } from '../../config';
import type { ScreenProps } from '../../screen';
import { ItemPicker } from '../../ui/ItemPicker';
import { NumberField, SelectField } from '../../ui/fields';
import { Barcode } from './Barcode';
import { BARCODE_KINDS, barcodeKind, LABEL_SIZES, labelCode, labelSheetCss, type BarcodeKind, type LabelSize } from './label-sheet';

type Chosen = { item: ItemHit; copies: number };

/** A sheet's worth at most per item: a mistyped 5000 should not freeze the page. */
const MAX_COPIES = 500;

const SCREEN_CSS = `
.labels-list { list-style: none; padding: 0; margin: 8px 0; display: flex; flex-direction: column; gap: 4px; }
.labels-list li { display: flex; gap: 12px; align-items: end; }
/* The chosen item's line takes what is left and wraps a long name anywhere: a 5,000-character one widened the
   list past the screen and hid Print. */
.labels-list .labels-item { flex: 1 1 14rem; min-width: 0; padding-bottom: 6px; overflow-wrap: anywhere; }
.labels-list li > .field { flex: 0 1 12rem; min-width: 7rem; }
.labels-list li > .field label { overflow-wrap: anywhere; display: -webkit-box; -webkit-line-clamp: 2; -webkit-box-orient: vertical; overflow: hidden; }
.labels-list li > .btn { flex: none; }
.label-sheet { display: flex; flex-wrap: wrap; gap: 4mm; margin-top: 12px; }
.label { box-sizing: border-box; padding: 1.2mm 2mm; overflow: hidden; display: flex; flex-direction: column; align-items: center;
  justify-content: space-between; background: #fff; color: #000; font-family: Arial, Helvetica, sans-serif; outline: 1px dashed #bbb; }
.label-name { font-size: 8pt; font-weight: 600; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; max-width: 100%; line-height: 1.15; }
.label-price { font-size: 10pt; font-weight: 700; line-height: 1.15; }
.label-barcode { width: 100%; flex: 1 1 auto; min-height: 0; }
@media print {
  .labels-screen { margin: 0; padding: 0; }
  .label-sheet { gap: 0; margin: 0; }
  .label { outline: none; }
}`;

export function LabelsScreen({ title }: ScreenProps) {
  const cfg = useConfig();
  const [chosen, setChosen] = useState<Chosen[]>([]);
  const [size, setSize] = useState<LabelSize>('38x25');
  const [kind, setKind] = useState<BarcodeKind>('CODE128');
  const [drawn, setDrawn] = useState<ReadonlySet<string>>(new Set());
  const markDrawn = useCallback((key: string) => setDrawn((d) => (d.has(key) ? d : new Set(d).add(key))), []);

  const add = (item: ItemHit) =>
    setChosen((list) => (list.some((c) => c.item._id === item._id) ? list : [...list, { item, copies: 1 }]));
  const setCopies = (id: string, copies: number) =>
    setChosen((list) => list.map((c) => (c.item._id === id ? { ...c, copies: Math.max(1, Math.min(MAX_COPIES, Math.floor(copies) || 1)) } : c)));
  const remove = (id: string) => setChosen((list) => list.filter((c) => c.item._id !== id));

  const labels = chosen.flatMap(({ item, copies }) => {
    const code = labelCode(item);
    const format = barcodeKind(code, kind);
    return Array.from({ length: copies }, (_, n) => ({ key: `${item._id}#${n}`, item, code, format, drawnKey: `${item._id}#${n}|${format}|${code}` }));
  });
  const ready = labels.length > 0 && labels.every((l) => drawn.has(l.drawnKey));
  const notEan = kind === 'EAN13' ? chosen.filter((c) => barcodeKind(labelCode(c.item), 'EAN13') !== 'EAN13') : [];

  return (
    <section className="screen labels-screen" data-testid="labels-screen">
      <style>{SCREEN_CSS + labelSheetCss(size)}</style>
      <div className="no-print">
        <h1>{title}</h1>
        <div className="store-toolbar">
          {/* Remounted after each pick so the selector is empty and focused for the next item. */}
          <ItemPicker key={chosen.length} label="Add an item" testId="labels-item" value="" autoFocus onPick={add} />
          <SelectField label="Label size" name="size" value={size} onChange={(v) => setSize(v as LabelSize)} options={Object.entries(LABEL_SIZES).map(([value, s]) => ({ value, label: s.label }))} />
          <SelectField label="Barcode" name="barcode-kind" value={kind} onChange={(v) => setKind(v as BarcodeKind)} options={BARCODE_KINDS} />
        </div>
        {!chosen.length && <p className="muted">Choose the items to label; each gets its name, price and barcode.</p>}
        <ul className="labels-list" data-testid="labels-list">
          {chosen.map(({ item, copies }) => {
            const name = describeLine(item.name, item.variation);
            return (
              <li key={item._id}>
                <span className="labels-item">
                  {name} · {formatMoney(item.price, cfg.currency)} · {labelCode(item)}
                </span>
                <NumberField label={`Copies of ${name}`} name="copies" value={copies} min={1} max={MAX_COPIES} step={1} onChange={(v) => setCopies(item._id, v)} />
                <button type="button" className="btn" onClick={() => remove(item._id)}>
                  Remove
                </button>
              </li>
            );
          })}
        </ul>
        {notEan.length > 0 && (
          <p className="muted" data-testid="labels-not-ean">
            Printed as Code 128 (their codes are not EAN-13): {notEan.map((c) => c.item.name).join(', ')}
          </p>
        )}
        <div className="screen-actions">
          <button type="button" className="btn btn-primary" disabled={!ready} onClick={() => window.print()}>
            Print {labels.length === 1 ? '1 label' : `${labels.length} labels`}
          </button>
        </div>
      </div>
      <div className="label-sheet" data-testid="label-sheet">
        {labels.map((l) => (
          <div className="label" key={l.key} data-testid="label">
            <span className="label-name">{describeLine(l.item.name, l.item.variation)}</span>
            <span className="label-price">{formatMoney(l.item.price, cfg.currency)}</span>
            <Barcode value={l.code} format={l.format} onDrawn={() => markDrawn(l.drawnKey)} />
          </div>
        ))}
      </div>
    </section>
  );
}

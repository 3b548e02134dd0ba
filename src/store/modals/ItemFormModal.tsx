/**
 * Create item and Edit item. Create: name, barcode (barcode setting on, or a code the scanner did not find), price, purchase price, description, image (re-encoded data URL,
 * preview at most 256px wide), raw item (showroom), category and variation values (variations on), starting
 * quantity (a stock entry only when above 0), expiry (trackExpiry), warehouse (useWarehouse).
 * Edit: pick the item first, then the same fields without the starting stock.
 */
import { useEffect, useState } from 'react';
import type { Ref } from '../../../commands/docs';
import { slugify } from '../../../commands/lib/variants';
import type { ItemHit } from '../../../commands/items';
import { useConfig } from '../../config';
import { useLive } from '../../live';
import { CheckboxField, DateField, ErrorAlert, MoneyField, NumberField, SelectField, TextField } from '../../ui/fields';
import { Modal } from '../../ui/Modal';
import { encodeImage } from '../image';
import { ItemPicker } from '../../ui/ItemPicker';
import { useCommand } from '../../ui/useCommand';
import { SaveFooter } from './SimpleModals';
import { levelTexts, ReorderFields, type LevelTexts } from './ReorderFields';
import { unitFields, UnitsEditor, unitTexts, type UnitTexts } from './UnitsEditor';
import { LevelPriceFields, levelPricesInput, levelPriceTexts, type LevelPriceTexts } from './LevelPriceFields';

type Props = {
  open: boolean;
  onClose: () => void;
  mode: 'create' | 'edit';
  group?: Ref;
  /** Create: the code a scan did not find ('Not found!' → Create item), so the new item answers to it. */
  barcode?: string;
  onSaved?: (id: string) => void;
};

const EMPTY = { name: '', barcode: '', price: 0, purchasePrice: 0, description: '', image: '', isRaw: false, quantity: 0, variation: {} as Record<string, string> };

export function ItemFormModal({ open, onClose, mode, group, barcode, onSaved }: Props) {
  const cfg = useConfig();
  const [f, setF] = useState(EMPTY);
  const [editing, setEditing] = useState<ItemHit | null>(null);
  const [groupRef, setGroupRef] = useState<Ref | undefined>(group);
  const [expiry, setExpiry] = useState<number | undefined>(undefined);
  const [warehouse, setWarehouse] = useState('store');
  const [levels, setLevels] = useState<LevelTexts>(levelTexts());
  const [units, setUnits] = useState<UnitTexts>(unitTexts());
  const [levelPrices, setLevelPrices] = useState<LevelPriceTexts>({});
  const { error, setError, busy, run } = useCommand();
  const variations = useLive('variation-list', {}, { enabled: open && cfg.useVariation });
  const categories = useLive('category-list', {}, { enabled: open && cfg.useVariation });
  const warehouses = useLive('warehouse-list', {}, { enabled: open && cfg.useWarehouse });

  useEffect(() => {
    if (!open) return;
    // The category chosen first stays the item's Category, not its name: a category 'Drinks' made an item
    // named 'Drinks' unless the owner noticed and retyped it (issue 27, item 10).
    setF({ ...EMPTY, barcode: barcode ?? '' });
    setEditing(null);
    setGroupRef(group);
    setExpiry(undefined);
    setWarehouse('store');
    setLevels(levelTexts());
    setUnits(unitTexts());
    setLevelPrices({});
    setError('');
  }, [open]);

  const set = <K extends keyof typeof EMPTY>(key: K, value: (typeof EMPTY)[K]) => setF((x) => ({ ...x, [key]: value }));

  const load = (hit: ItemHit) => {
    setEditing(hit);
    setGroupRef(hit.group);
    setLevels(levelTexts(hit));
    setUnits(unitTexts(hit));
    setLevelPrices(levelPriceTexts(hit));
    setF({ ...EMPTY, name: hit.name, barcode: hit.barcode ?? '', price: hit.price, purchasePrice: hit.purchasePrice, description: hit.description ?? '', image: hit.image ?? '', isRaw: !!hit.isRaw, variation: hit.variation ?? {} });
  };

  const submit = async () => {
    const fields = {
      name: f.name,
      ...(f.barcode.trim() ? { barcode: f.barcode.trim() } : {}),
      price: f.price,
      purchasePrice: f.purchasePrice,
      description: f.description,
      image: f.image,
      isRaw: f.isRaw,
      reorderLevel: levels.reorderLevel,
      ...(cfg.priceLevels.length ? { levelPrices: levelPricesInput(cfg.priceLevels, levelPrices) } : {}),
      ...(cfg.useWarehouse ? { reorderLevels: levels.reorderLevels } : {}),
      ...(cfg.useVariation ? { group: groupRef, variation: groupRef ? f.variation : {} } : {}),
      ...unitFields(units, !!(editing?.unit || editing?.units?.length), cfg.priceLevels),
    };
    if (mode === 'create') {
      const r = await run('item-create', { ...fields, quantity: f.quantity, expiry_date: expiry, warehouse });
      if (r.ok) {
        onSaved?.(r.value.id);
        onClose();
      }
    } else {
      if (!editing) return setError('Choose the item to edit');
      const r = await run('item-update', { id: editing._id, ...fields });
      if (r.ok) {
        onSaved?.(editing._id);
        onClose();
      }
    }
  };

  const showFields = mode === 'create' || editing;
  return (
    <Modal open={open} onClose={onClose} title={mode === 'create' ? 'Create item' : 'Edit item'} testId="item-modal" footer={<SaveFooter busy={busy} onCancel={onClose} />}>
      <form
        noValidate
        id="store-modal-form"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <ErrorAlert message={error} />
        {mode === 'edit' && <ItemPicker label="Item to edit" value={editing?.name ?? ''} onPick={load} autoFocus testId="edit-item-picker" />}
        {showFields && (
          <>
            <TextField label="Name" value={f.name} onChange={(v) => set('name', v)} required />
            {(cfg.barcode || f.barcode) && <TextField label="Barcode" name="barcode" value={f.barcode} onChange={(v) => set('barcode', v)} />}
            <div className="row-fields">
              <MoneyField label="Price" value={f.price} onChange={(v) => set('price', v)} />
              <MoneyField label="Purchase price" value={f.purchasePrice} onChange={(v) => set('purchasePrice', v)} />
            </div>
            <LevelPriceFields levels={cfg.priceLevels} value={levelPrices} onChange={setLevelPrices} unit={units.unit.trim() || 'piece'} />
            <TextField label="Description" value={f.description} onChange={(v) => set('description', v)} multiline />
            {cfg.useVariation && (
              <>
                <SelectField
                  label="Category"
                  value={groupRef?.id ?? ''}
                  placeholder="— None —"
                  onChange={(id) => {
                    const c = categories.data?.find((x) => x._id === id);
                    setGroupRef(c ? { id: c._id, name: c.value } : undefined);
                  }}
                  options={(categories.data ?? []).map((c) => ({ value: c._id, label: c.value }))}
                />
                {/* Variation values belong to items in a category (its variants); a plain item has none. */}
                {groupRef && (
                <div className="row-fields">
                  {cfg.variationFields.map((field) => {
                    const key = slugify(field);
                    const values = variations.data?.find((v) => v.type === field)?.values ?? [];
                    const current = f.variation[key] ?? '';
                    const options = [...new Set([...values, ...(current ? [current] : [])])].map((v) => ({ value: v, label: v }));
                    return (
                      <SelectField key={key} label={field} value={current} placeholder="—" options={options} onChange={(v) => set('variation', { ...f.variation, [key]: v })} />
                    );
                  })}
                </div>
                )}
              </>
            )}
            <UnitsEditor value={units} onChange={setUnits} levels={cfg.priceLevels} />
            <ReorderFields value={levels} onChange={setLevels} warehouses={cfg.useWarehouse ? warehouses.data : undefined} />
            {cfg.useShowroom && <CheckboxField label="Raw item" checked={f.isRaw} onChange={(v) => set('isRaw', v)} />}
            {mode === 'create' && (
              <div className="row-fields">
                <NumberField label="Starting quantity" value={f.quantity} onChange={(v) => set('quantity', v)} min={0} />
                {cfg.trackExpiry && <DateField label="Expiry date" value={expiry} onChange={setExpiry} />}
                {cfg.useWarehouse && (
                  <SelectField label="Warehouse" value={warehouse} onChange={setWarehouse} options={(warehouses.data ?? []).map((w) => ({ value: w._id, label: w.location }))} />
                )}
              </div>
            )}
            <div className="field">
              <label htmlFor="item-image">Image</label>
              <input
                id="item-image"
                type="file"
                accept="image/*"
                onChange={async (e) => {
                  const file = e.target.files?.[0];
                  if (!file) return;
                  try {
                    set('image', await encodeImage(file));
                  } catch (err) {
                    setError(err instanceof Error ? err.message : String(err));
                  }
                }}
              />
            </div>
            {f.image && (
              <>
                <img className="image-preview" src={f.image} alt="Item preview" />
                <button type="button" className="btn" onClick={() => set('image', '')}>
                  Remove image
                </button>
              </>
            )}
          </>
        )}
      </form>
    </Modal>
  );
}

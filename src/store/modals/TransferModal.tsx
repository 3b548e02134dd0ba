/** Transfer an item between warehouses: both balances move (the source down, the destination up). */
import { useEffect, useState } from 'react';
import type { ItemHit } from '../../../commands/items';
import { useLive } from '../../live';
import { ErrorAlert, NumberField, SelectField, TextField } from '../../ui/fields';
import { Modal } from '../../ui/Modal';
import { describe, ItemPicker } from '../../ui/ItemPicker';
import { useCommand } from '../../ui/useCommand';
import { SaveFooter } from './SimpleModals';
import { UnitSelect, unitsOf } from '../../ui/UnitSelect';

export function TransferModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [item, setItem] = useState<ItemHit | null>(null);
  const [from, setFrom] = useState('store');
  const [to, setTo] = useState('');
  const [quantity, setQuantity] = useState(1);
  const [details, setDetails] = useState('');
  /** The unit the quantity is in (issue 28); empty: the item's base unit. */
  const [unit, setUnit] = useState('');
  const { error, setError, busy, run } = useCommand();
  const warehouses = useLive('warehouse-list', {}, { enabled: open });
  useEffect(() => {
    if (open) {
      setItem(null);
      setFrom('store');
      setTo('');
      setQuantity(1);
      setDetails('');
      setUnit('');
      setError('');
    }
  }, [open]);
  const options = (warehouses.data ?? []).map((w) => ({ value: w._id, label: w.location }));
  return (
    <Modal open={open} onClose={onClose} title="Transfer" testId="transfer-modal" footer={<SaveFooter busy={busy} onCancel={onClose} label="Transfer" />}>
      <form
        noValidate
        id="store-modal-form"
        onSubmit={async (e) => {
          e.preventDefault();
          if ((await run('warehouse-transfer', { item: item?._id ?? '', from, to, quantity, details, ...(unit ? { unit } : {}) })).ok) onClose();
        }}
      >
        <ErrorAlert message={error} />
        <ItemPicker label="Item" value={item ? describe(item) : ''} onPick={(hit) => {
            setItem(hit);
            setUnit('');
          }} warehouse={from} autoFocus testId="transfer-item" />
        <div className="row-fields">
          <SelectField label="From" value={from} onChange={setFrom} options={options} />
          <SelectField label="To" value={to} onChange={setTo} options={options} placeholder="— Choose —" />
        </div>
        <div className="row-fields">
          <UnitSelect of={item ? unitsOf(item) : undefined} value={unit} onChange={(u) => setUnit(u.name)} />
          <NumberField label="Quantity" value={quantity} onChange={setQuantity} min={1} />
        </div>
        <TextField label="Details" value={details} onChange={setDetails} multiline />
      </form>
    </Modal>
  );
}

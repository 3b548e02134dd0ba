/**
 * Returns: Customer returns, Supplier returns or Damaged returns. Amount = rate × quantity, read-only; the
 * worker stores the spec's signs (customer +quantity −amount, supplier −quantity +amount, damaged −quantity).
 */
import { useEffect, useState } from 'react';
import { formatMoney, mulMoney } from '../../../commands/lib/money';
import type { ReturnKind } from '../../../commands/returns';
import type { ItemHit } from '../../../commands/items';
import { ClientPicker, type ChosenClient } from '../../clients/ClientPicker';
import { useConfig } from '../../config';
import { ErrorAlert, MoneyField, NumberField, TextField } from '../../ui/fields';
import { toast } from '../../ui/dialogs';
import { Modal } from '../../ui/Modal';
import { describe, ItemPicker } from '../../ui/ItemPicker';
import { useCommand } from '../../ui/useCommand';
import { SaveFooter } from './SimpleModals';
import { UnitSelect, unitsOf } from '../../ui/UnitSelect';
import { unitCost, unitOf } from '../../../commands/lib/units';

const KINDS: { kind: ReturnKind; label: string }[] = [
  { kind: 'customer', label: 'Customer returns' },
  { kind: 'supplier', label: 'Supplier returns' },
  { kind: 'damaged', label: 'Damaged returns' },
];

export function ReturnsModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const cfg = useConfig();
  const [kind, setKind] = useState<ReturnKind>('customer');
  const [item, setItem] = useState<ItemHit | null>(null);
  const [quantity, setQuantity] = useState(1);
  const [rate, setRate] = useState(0);
  /** A chosen customer or supplier (its account is credited or debited), or a typed name without an account. */
  const [client, setClient] = useState<ChosenClient | null>(null);
  const [recipient, setRecipient] = useState('');
  const [details, setDetails] = useState('');
  /** The unit the quantity is in (issue 28); empty: the item's base unit. */
  const [unit, setUnit] = useState('');
  const { error, setError, busy, run } = useCommand();
  useEffect(() => {
    if (open) {
      setKind('customer');
      setItem(null);
      setQuantity(1);
      setRate(0);
      setClient(null);
      setRecipient('');
      setDetails('');
      setUnit('');
      setError('');
    }
  }, [open]);
  /** The rate of one of `unitName`: its selling price, or for a supplier return the cost × factor. */
  const rateOf = (hit: ItemHit, unitName: string) => {
    const u = unitOf(hit, unitName) ?? { factor: 1, price: hit.price };
    return kind === 'supplier' ? unitCost(hit.purchasePrice, u.factor) : u.price;
  };
  const pick = (hit: ItemHit) => {
    setItem(hit);
    setUnit('');
    setRate(rateOf(hit, ''));
  };
  return (
    <Modal open={open} onClose={onClose} title="Returns" testId="returns-modal" footer={<SaveFooter busy={busy} onCancel={onClose} />}>
      <form
        noValidate
        id="store-modal-form"
        onSubmit={async (e) => {
          e.preventDefault();
          const r = await run('return-create', {
            kind,
            item: item?._id ?? '',
            quantity,
            rate,
            ...(unit ? { unit } : {}),
            details,
            ...(kind === 'damaged' ? { recipient } : client ? { client: { name: client.name, ...(client._id ? { account_ref: client._id } : {}) } } : {}),
          });
          if (!r.ok) return;
          // The return is saved; a message that could not be queued is only reported.
          if (r.value.smsNotice) toast(r.value.smsNotice);
          onClose();
        }}
      >
        <ErrorAlert message={error} />
        <fieldset className="return-kinds">
          <legend>Kind of return</legend>
          {KINDS.map((k) => (
            <label key={k.kind}>
              <input
                type="radio"
                name="return-kind"
                value={k.kind}
                checked={kind === k.kind}
                onChange={() => {
                  setKind(k.kind);
                  setClient(null); // a customer is not a supplier
                }}
              />{' '}
              {k.label}
            </label>
          ))}
        </fieldset>
        <ItemPicker label="Item" value={item ? describe(item) : ''} onPick={pick} testId="returns-item" />
        <div className="row-fields">
          <UnitSelect
            of={item ? unitsOf(item) : undefined}
            value={unit}
            onChange={(u) => {
              setUnit(u.name);
              if (item) setRate(rateOf(item, u.name));
            }}
          />
          <NumberField label="Quantity" value={quantity} onChange={setQuantity} min={1} />
          {kind !== 'damaged' && <MoneyField label="Rate" value={rate} onChange={setRate} />}
          {kind !== 'damaged' && (
            <TextField label="Amount" value={formatMoney(mulMoney(rate, quantity), cfg.currency)} onChange={() => undefined} input={{ readOnly: true, 'aria-readonly': true }} />
          )}
        </div>
        {kind === 'damaged' ? (
          <TextField label="Recipient" value={recipient} onChange={setRecipient} />
        ) : (
          <ClientPicker
            kind={kind}
            label={kind === 'customer' ? 'Customer' : 'Supplier'}
            value={client}
            onPick={setClient}
            testId="returns-client"
            extra={{ label: 'Use the typed name (no account)', onPick: (name) => setClient(name.trim() ? { _id: '', name: name.trim() } : null) }}
          />
        )}
        <TextField label="Details" value={details} onChange={setDetails} multiline />
      </form>
    </Modal>
  );
}

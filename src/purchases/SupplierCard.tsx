/** The supplier block: search the suppliers, or create one inline (name, phone number, start balance). */
import { useState } from 'react';
import type { ClientSummary } from '../../commands/clients';
import { dispatch } from '../bus';
import { ErrorAlert, MoneyField, TextField } from '../ui/fields';
import { Modal } from '../ui/Modal';
import type { FormState } from './form-state';

type Supplier = FormState['supplier'];

async function searchSuppliers(query: string): Promise<ClientSummary[]> {
  const reply = await dispatch('client-search', { kind: 'supplier', query });
  return reply.ok ? reply.value : [];
}

export { searchSuppliers };

export function NewSupplierDialog({ open, initialName, onClose, onCreated }: { open: boolean; initialName: string; onClose: () => void; onCreated: (s: Supplier) => void }) {
  const [name, setName] = useState(initialName);
  const [phone, setPhone] = useState('');
  const [balance, setBalance] = useState(0);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const save = async () => {
    setBusy(true);
    const reply = await dispatch('client-create', { kind: 'supplier', name, phone_number: phone, balance });
    setBusy(false);
    if (!reply.ok) return setError(reply.error.message);
    onCreated({ name: reply.value.name, phone_number: reply.value.phone_number, account_ref: reply.value._id });
  };
  return (
    <Modal
      open={open}
      onClose={onClose}
      title="New supplier"
      testId="new-supplier"
      footer={
        <>
          <button type="button" className="btn" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" form="new-supplier-form" className="btn btn-primary" disabled={busy}>
            Create
          </button>
        </>
      }
    >
      <form
        noValidate
        id="new-supplier-form"
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <ErrorAlert message={error} />
        <TextField label="Name" name="name" value={name} onChange={setName} required />
        <TextField label="Phone number" name="phone_number" type="tel" value={phone} onChange={setPhone} />
        <MoneyField label="Start balance" name="balance" value={balance} onChange={setBalance} hint="Negative when you owe this supplier" />
      </form>
    </Modal>
  );
}

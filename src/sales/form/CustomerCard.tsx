/**
 * The sale's customer: managed (search the customers, or create one from what was typed) or unmanaged (a
 * name only), and a phone number; a managed customer's balance and credit left (issue 28). Read-only on an edited sale (document 001 'Edit sale').
 */
import { useState } from 'react';
import { ClientDialog } from '../../clients/ClientDialog';
import { ClientPicker, type ChosenClient } from '../../clients/ClientPicker';
import { CreditLine } from '../../clients/CreditLine';
import { CheckboxField, TextField } from '../../ui/fields';
import type { SaleFormState } from './sale-form-state';

type Customer = SaleFormState['customer'];

type Props = {
  customer: Customer;
  readOnly?: boolean;
  onChange: (c: Customer, discount?: number, level?: string) => void;
  /** What the sale on the form adds to the customer's account, for the credit line's warning (issue 28). */
  adding?: number;
};

export function CustomerCard({ customer, readOnly, onChange, adding }: Props) {
  /** The name typed before 'New customer' was chosen, while the create dialog is open. */
  const [creating, setCreating] = useState<string | null>(null);
  if (readOnly) {
    return (
      <div className="card" data-testid="customer-card">
        <h2>Customer</h2>
        <p>
          <strong>{customer.name}</strong>
          <br />
          {customer.phone_number}
        </p>
        {customer.with_account && <CreditLine id={customer.account_ref} />}
      </div>
    );
  }
  // 'New customer' opens the create-client dialog (phone, start balance; it offers an existing customer of the
  // typed name), never a silent second record.
  const chosen = (c: ChosenClient) => onChange({ ...customer, name: c.name, phone_number: c.phone_number ?? '', account_ref: c._id, address: c.address }, c.discount, c.defaultLevel);
  return (
    <div className="card" data-testid="customer-card">
      <h2>Customer</h2>
      <CheckboxField label="Managed customer (has an account)" checked={customer.with_account} onChange={(with_account) => onChange({ ...customer, with_account, account_ref: undefined })} />
      {customer.with_account ? (
        <ClientPicker
          kind="customer"
          label="Customer"
          testId="customer-picker"
          value={customer.account_ref ? { _id: customer.account_ref, name: customer.name } : null}
          text={customer.name}
          onPick={chosen}
          extra={{ label: 'New customer', onPick: (q) => setCreating(q) }}
        />
      ) : (
        <TextField label="Customer name" name="customer" value={customer.name} onChange={(name) => onChange({ ...customer, name })} />
      )}
      <TextField label="Phone number" name="phone_number" type="tel" value={customer.phone_number ?? ''} onChange={(phone_number) => onChange({ ...customer, phone_number })} />
      {customer.with_account && <CreditLine id={customer.account_ref} adding={adding} />}
      <ClientDialog
        open={creating !== null}
        mode="create"
        kind="customer"
        initialName={creating ?? ''}
        initialPhone={customer.phone_number}
        onClose={() => setCreating(null)}
        onDone={chosen}
      />
    </div>
  );
}

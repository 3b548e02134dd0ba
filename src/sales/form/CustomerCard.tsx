/**
 * The sale's customer: managed (search the customers, or create one from what was typed) or unmanaged (a
 * name only), and a phone number. Read-only on an edited sale (document 001 'Edit sale').
 */
import type { ClientSummary } from '../../../commands/clients';
import { dispatch } from '../../bus';
import { SearchPicker } from '../../purchases/SearchPicker';
import { CheckboxField, TextField } from '../../ui/fields';
import type { SaleFormState } from './sale-form-state';

type Customer = SaleFormState['customer'];

async function searchCustomers(query: string): Promise<ClientSummary[]> {
  const reply = await dispatch('client-search', { kind: 'customer', query });
  return reply.ok ? reply.value : [];
}

type Props = { customer: Customer; readOnly?: boolean; onChange: (c: Customer, discount?: number) => void; onError: (message: string) => void };

export function CustomerCard({ customer, readOnly, onChange, onError }: Props) {
  if (readOnly) {
    return (
      <div className="card" data-testid="customer-card">
        <h2>Customer</h2>
        <p>
          <strong>{customer.name}</strong>
          <br />
          {customer.phone_number}
        </p>
      </div>
    );
  }
  const create = async (name: string) => {
    const reply = await dispatch('client-create', { kind: 'customer', name, phone_number: customer.phone_number });
    if (!reply.ok) return onError(reply.error.message);
    onChange({ ...customer, name: reply.value.name, phone_number: reply.value.phone_number ?? customer.phone_number, account_ref: reply.value._id });
  };
  return (
    <div className="card" data-testid="customer-card">
      <h2>Customer</h2>
      <CheckboxField label="Managed customer (has an account)" checked={customer.with_account} onChange={(with_account) => onChange({ ...customer, with_account, account_ref: undefined })} />
      {customer.with_account ? (
        <SearchPicker<ClientSummary>
          label="Customer"
          testId="customer-picker"
          value={customer.name}
          placeholder="Search customers"
          search={searchCustomers}
          keyOf={(c) => c._id}
          render={(c) => `${c.name}${c.phone_number ? ` · ${c.phone_number}` : ''}`}
          onPick={(c) => onChange({ ...customer, name: c.name, phone_number: c.phone_number ?? '', account_ref: c._id, address: c.address }, c.discount)}
          extra={{ label: 'New customer', onPick: (q) => void create(q) }}
        />
      ) : (
        <TextField label="Customer name" name="customer" value={customer.name} onChange={(name) => onChange({ ...customer, name })} />
      )}
      <TextField label="Phone number" name="phone_number" type="tel" value={customer.phone_number ?? ''} onChange={(phone_number) => onChange({ ...customer, phone_number })} />
    </div>
  );
}

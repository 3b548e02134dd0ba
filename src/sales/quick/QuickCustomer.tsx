/**
 * The quick sale's customer (issue 39): the sale form's customer picker (src/clients/ClientPicker.tsx), so a
 * managed customer is chosen from the keyboard (Alt+C, type, arrows, Enter) and the sale goes on her account,
 * with her balance and credit left shown as on the sale form (the credit-limit questions come on Complete,
 * through src/sales/submit-sale.ts like the form's); the last entry keeps a walk-in by the name typed.
 */
import type { RefObject } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { ClientPicker } from '../../clients/ClientPicker';
import { CreditLine, saleAdds } from '../../clients/CreditLine';
import type { QuickSale } from './quick-store';
import { backToSearch } from './keys';

/** The picker's last entry: what was typed, as a walk-in's name. */
export const WALK_IN_ENTRY = 'Walk-in (the name as typed, no account)';

type Props = { store: QuickSale; boxRef: RefObject<HTMLDivElement | null>; onBack: () => void };

export function QuickCustomer({ store, boxRef, onBack }: Props) {
  useSignals();
  const account = store.account.value;
  return (
    <div className="basket-customer" ref={boxRef} data-testid="quick-customer">
      <ClientPicker
        kind="customer"
        label="Customer (Alt+C)"
        value={account ? { _id: account, name: store.customer.value } : null}
        text={store.customer.value}
        onPick={(c) => {
          store.pickCustomer(c);
          onBack();
        }}
        extra={{
          label: WALK_IN_ENTRY,
          onPick: (q) => {
            store.walkIn(q);
            onBack();
          },
        }}
      />
      <label>
        Phone number
        <input type="tel" value={store.phone.value} onChange={(e) => (store.phone.value = e.target.value)} onKeyDown={backToSearch(onBack)} />
      </label>
      {account && <CreditLine id={account} adding={saleAdds(store.totals.value, store.paid.value)} />}
    </div>
  );
}

/** Payment on an invoice (separate payment): the amount received; the worker sets amount_paid. */
import { useState } from 'react';
import { dispatch } from '../../bus';
import { alertDialog } from '../../ui/dialogs';
import { ErrorAlert, MoneyField } from '../../ui/fields';
import { Modal } from '../../ui/Modal';

type Props = { open: boolean; id: string; due: number; onClose: () => void; onPaid: () => void };

export function PaymentDialog({ open, id, due, onClose, onPaid }: Props) {
  const [amount, setAmount] = useState(due);
  const [error, setError] = useState('');
  const pay = async () => {
    const r = await dispatch('sale-pay', { id, amount });
    if (!r.ok) return setError(r.error.message);
    onClose();
    onPaid();
    await alertDialog({ title: r.value.message });
  };
  return (
    <Modal
      open={open}
      onClose={onClose}
      title="Payment"
      testId="payment-dialog"
      footer={
        <button type="button" className="btn btn-primary" onClick={() => void pay()}>
          Pay
        </button>
      }
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void pay();
        }}
      >
        <ErrorAlert message={error} />
        <MoneyField label="Amount paid" value={amount} onChange={setAmount} />
      </form>
    </Modal>
  );
}

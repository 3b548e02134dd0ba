/** Payment on an invoice (separate payment): the amount received and its bank part; the worker sets amount_paid. */
import { useState } from 'react';
import type { Currency } from '../../../commands/config';
import { BankFields, bankInput, NO_BANK } from '../../banks/BankFields';
import { dispatch } from '../../bus';
import { alertDialog } from '../../ui/dialogs';
import { ErrorAlert, MoneyField } from '../../ui/fields';
import { Modal } from '../../ui/Modal';

type Props = { open: boolean; id: string; due: number; currency: Currency; onClose: () => void; onPaid: () => void };

export function PaymentDialog({ open, id, due, currency, onClose, onPaid }: Props) {
  const [amount, setAmount] = useState(due);
  const [bank, setBank] = useState(NO_BANK);
  const [error, setError] = useState('');
  const pay = async () => {
    const r = await dispatch('sale-pay', { id, amount, bank: bankInput(bank) });
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
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void pay();
        }}
      >
        <ErrorAlert message={error} />
        <MoneyField label="Amount paid" value={amount} onChange={setAmount} />
        <BankFields value={bank} currency={currency} onChange={setBank} />
      </form>
    </Modal>
  );
}

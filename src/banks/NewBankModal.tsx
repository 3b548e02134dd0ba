/**
 * New bank: name, account name, account number and starting balance (a non-zero value becomes the bank's
 * 'Start balance' entry; negative for an overdrawn account). Failures show in the form's red alert.
 */
import { useEffect, useState } from 'react';
import { useCommand } from '../ui/useCommand';
import { ErrorAlert, MoneyField, TextField } from '../ui/fields';
import { FormButtons } from '../ui/FormButtons';
import { Modal } from '../ui/Modal';

const FORM = 'new-bank-form';

export function NewBankModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [name, setName] = useState('');
  const [accountName, setAccountName] = useState('');
  const [accountNumber, setAccountNumber] = useState('');
  const [balance, setBalance] = useState(0);
  const { error, setError, busy, run } = useCommand();
  useEffect(() => {
    if (!open) return;
    setName('');
    setAccountName('');
    setAccountNumber('');
    setBalance(0);
    setError('');
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  return (
    <Modal
      open={open}
      onClose={onClose}
      title="New bank"
      testId="new-bank-modal"
      footer={<FormButtons form={FORM} busy={busy} onCancel={onClose} />}
    >
      <form
        noValidate
        id={FORM}
        onSubmit={async (e) => {
          e.preventDefault();
          const r = await run('bank-create', { name, account_name: accountName, account_number: accountNumber, balance });
          if (r.ok) onClose();
        }}
      >
        <ErrorAlert message={error} />
        <TextField label="Bank name" name="name" value={name} onChange={setName} required />
        <TextField label="Account name" name="account_name" value={accountName} onChange={setAccountName} />
        <TextField label="Account number" name="account_number" value={accountNumber} onChange={setAccountNumber} />
        <MoneyField label="Starting balance" name="balance" value={balance} onChange={setBalance} hint="Money in the account today; negative when overdrawn" />
      </form>
    </Modal>
  );
}

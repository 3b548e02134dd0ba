/**
 * The expense creation modal: date (default today), amount, where the money came from (Cash or a bank), category
 * (the configured list; the owner may add one here) and purpose. Failures show in the form's red alert.
 */
import { useEffect, useState } from 'react';
import { CASH_NAME } from '../../commands/banks';
import { CASH_ACCOUNT } from '../../commands/ledger';
import { formatMoney } from '../../commands/lib/money';
import { withTimeOfDay } from '../clients/PaymentDialog';
import { useConfig } from '../config';
import { useLive } from '../live';
import { useSession } from '../session';
import { useCommand } from '../ui/useCommand';
import { DateField, ErrorAlert, MoneyField, SelectField, TextField } from '../ui/fields';
import { FormButtons } from '../ui/FormButtons';
import { Modal } from '../ui/Modal';

const FORM = 'new-expense-form';
const NEW_CATEGORY = '__new__';

export function NewExpenseModal({ open, onClose, onSaved }: { open: boolean; onClose: () => void; onSaved?: (id: string) => void }) {
  const cfg = useConfig();
  const user = useSession();
  const banks = useLive('bank-list', {}, { enabled: open });
  const [date, setDate] = useState<number | undefined>(undefined);
  const [amount, setAmount] = useState(0);
  const [source, setSource] = useState(CASH_ACCOUNT);
  const [category, setCategory] = useState('');
  const [newCategory, setNewCategory] = useState('');
  const [purpose, setPurpose] = useState('');
  const { error, setError, busy, run } = useCommand();
  useEffect(() => {
    if (!open) return;
    setDate(Date.now());
    setAmount(0);
    setSource(CASH_ACCOUNT);
    setCategory('');
    setNewCategory('');
    setPurpose('');
    setError('');
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  const sources = [
    { value: CASH_ACCOUNT, label: CASH_NAME },
    ...(banks.data ?? []).map((b) => ({ value: b._id, label: `${b.account_number ? `${b.name} (${b.account_number})` : b.name} · ${formatMoney(b.balance, cfg.currency)}` })),
  ];
  // Only the owner may change settings, so only the owner extends the list.
  const owner = user?.level === 0;
  const categories = [...cfg.expenseCategories.map((c) => ({ value: c, label: c })), ...(owner ? [{ value: NEW_CATEGORY, label: 'New category…' }] : [])];

  const save = async () => {
    let chosen = category;
    if (category === NEW_CATEGORY) {
      chosen = newCategory.trim();
      if (!chosen) return setError('Type the new category');
      if (!cfg.expenseCategories.includes(chosen)) {
        const added = await run('config-set', { expenseCategories: [...cfg.expenseCategories, chosen] });
        if (!added.ok) return;
      }
    }
    const r = await run('expense-create', { date: date === undefined ? undefined : withTimeOfDay(date), amount, source, description: purpose, category: chosen || undefined });
    if (!r.ok) return;
    onClose();
    onSaved?.(r.value.id);
  };

  return (
    <Modal
      open={open}
      onClose={onClose}
      title="New expense"
      testId="new-expense-modal"
      footer={<FormButtons form={FORM} busy={busy} onCancel={onClose} />}
    >
      <form
        noValidate
        id={FORM}
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <ErrorAlert message={error} />
        <DateField label="Date" name="date" value={date} onChange={setDate} />
        <MoneyField label="Amount" name="amount" value={amount} onChange={setAmount} />
        <SelectField label="Paid from" name="source" value={source} onChange={setSource} options={sources} />
        <SelectField label="Category" name="category" value={category} onChange={setCategory} options={categories} placeholder="—" />
        {category === NEW_CATEGORY && <TextField label="New category" name="new_category" value={newCategory} onChange={setNewCategory} />}
        <TextField label="Purpose" name="description" value={purpose} onChange={setPurpose} multiline />
      </form>
    </Modal>
  );
}

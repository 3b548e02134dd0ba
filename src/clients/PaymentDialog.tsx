/**
 * The client payment dialog (document 001 'Dialogs'): the client, the direction (-1 money received, the
 * customer default; +1 money sent, the supplier default; the Change button flips it), the amount, the money
 * account (Cash, a bank, or 'Start balance'), teller number, details and date. The cashbook's Customer payment
 * and Supplier payment buttons open this same dialog.
 *
 *   <PaymentDialog open kind="customer" client={{ _id, name }} onClose={…} />
 *
 * After saving: the receipt when the payment-redirect setting is on, else the dialog closes (`onSaved`).
 */
import { useEffect, useState } from 'react';
import type { ClientKind } from '../../commands/clients';
import { START_BALANCE, type PaymentInput, type PaymentSaved } from '../../commands/payments';
import { useLive } from '../live';
import { navigate } from '../router';
import { useCommand } from '../ui/useCommand';
import { toast } from '../ui/dialogs';
import { DateField, MoneyField, SelectField, TextField } from '../ui/fields';
import { Modal } from '../ui/Modal';
import { ClientPicker, type ChosenClient } from './ClientPicker';
import { DialogButtons, DialogForm, Direction } from './DialogParts';

export type PaymentDialogProps = {
  open: boolean;
  kind: ClientKind;
  /** Preselected client (from a statement); the picker still allows another. */
  client?: ChosenClient | null;
  onClose: () => void;
  onSaved?: (saved: PaymentSaved) => void;
};

const FORM = 'payment-form';
const CASH = 'cash';

export function directionText(kind: ClientKind, factor: 1 | -1): string {
  return factor === -1 ? `Money received from ${kind}` : `Money sent to ${kind}`;
}

export function PaymentDialog({ open, kind, client, onClose, onSaved }: PaymentDialogProps) {
  const [chosen, setChosen] = useState<ChosenClient | null>(client ?? null);
  const [factor, setFactor] = useState<1 | -1>(kind === 'supplier' ? 1 : -1);
  const [amount, setAmount] = useState(0);
  const [medium, setMedium] = useState(CASH);
  const [teller, setTeller] = useState('');
  const [details, setDetails] = useState('');
  const [date, setDate] = useState<number | undefined>(undefined);
  const { error, setError, busy, run } = useCommand();
  const banks = useLive('bank-list', {}, { enabled: open });

  useEffect(() => {
    if (!open) return;
    setChosen(client ?? null);
    setFactor(kind === 'supplier' ? 1 : -1);
    setAmount(0);
    setMedium(CASH);
    setTeller('');
    setDetails('');
    setDate(undefined);
    setError('');
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, kind, client?._id]);

  const mediumInput = (): PaymentInput['medium'] => {
    if (medium === CASH || medium === START_BALANCE) return medium;
    const bank = banks.data?.find((b) => b._id === medium);
    return { ref: medium, name: bank?.name ?? '' };
  };

  const submit = async () => {
    const reply = await run('payment-create', {
      kind,
      client: chosen?._id ?? '',
      factor,
      amount,
      medium: mediumInput(),
      teller_number: teller,
      details,
      ...(date === undefined ? {} : { date: withTimeOfDay(date) }),
    });
    if (!reply.ok) return;
    if (reply.value.smsNotice) toast(reply.value.smsNotice);
    onSaved?.(reply.value);
    onClose();
    if (reply.value.redirect) navigate(reply.value.redirect);
  };

  const options = [
    { value: CASH, label: 'Cash' },
    ...(banks.data ?? []).map((b) => ({ value: b._id, label: b.account_number ? `${b.name} (${b.account_number})` : b.name })),
    { value: START_BALANCE, label: START_BALANCE },
  ];

  return (
    <Modal
      open={open}
      onClose={onClose}
      title={kind === 'customer' ? 'Customer payment' : 'Supplier payment'}
      testId="payment-dialog"
      footer={<DialogButtons form={FORM} busy={busy} label="Save payment" onCancel={onClose} />}
    >
      <DialogForm id={FORM} error={error} onSubmit={submit}>
        <ClientPicker kind={kind} label={kind === 'customer' ? 'Customer' : 'Supplier'} value={chosen} onPick={setChosen} testId="payment-client" />
        <Direction text={directionText(kind, factor)} onChange={() => setFactor((f) => (f === 1 ? -1 : 1))} testId="payment-direction" />
        <MoneyField label="Amount" name="amount" value={amount} onChange={setAmount} />
        <SelectField label="Paid through" name="medium" value={medium} onChange={setMedium} options={options} />
        <TextField label="Teller number" name="teller_number" value={teller} onChange={setTeller} />
        <TextField label="Details" name="details" value={details} onChange={setDetails} multiline />
        <DateField label="Date" name="date" value={date} onChange={setDate} hint="Empty: now" />
      </DialogForm>
    </Modal>
  );
}

/** A date picked in a dialog is a day: keep the current time of day so same-day entries stay in order. */
export function withTimeOfDay(day: number): number {
  const now = new Date();
  const d = new Date(day);
  d.setHours(now.getHours(), now.getMinutes(), now.getSeconds(), now.getMilliseconds());
  return d.getTime();
}

/**
 * The cash adjustment dialog (document 001 'Dialogs'): the client, the direction (factor 1 increases the
 * client's cash, which adds to what a customer owes: the line says so, commands/payments.ts adjustmentEffect;
 * the Change button flips it), amount, details and date. A failed save shows 'Cash
 * adjustment not completed' and the dialog still closes, as the spec says; a person's own mistake (no client,
 * amount 0) keeps it open with the message.
 */
import { useEffect, useState } from 'react';
import type { ClientKind } from '../../commands/clients';
import { PAYMENT_MESSAGES, adjustmentDirection } from '../../commands/payments';
import { useCommand } from '../ui/useCommand';
import { alertDialog, toast } from '../ui/dialogs';
import { DateField, MoneyField, TextField } from '../ui/fields';
import { Modal } from '../ui/Modal';
import { ClientPicker, type ChosenClient } from './ClientPicker';
import { DialogButtons, DialogForm, Direction } from './DialogParts';
import { withTimeOfDay } from './PaymentDialog';
import { CREDIT_CODES, withCredit } from './credit-ask';

const FORM = 'adjustment-form';

export function CashAdjustmentDialog({ open, kind, client, onClose }: { open: boolean; kind: ClientKind; client?: ChosenClient | null; onClose: () => void }) {
  const [chosen, setChosen] = useState<ChosenClient | null>(null);
  const [factor, setFactor] = useState<1 | -1>(1);
  const [amount, setAmount] = useState(0);
  const [details, setDetails] = useState('');
  const [date, setDate] = useState<number | undefined>();
  const { error, setError, busy, run } = useCommand();

  useEffect(() => {
    if (!open) return;
    setChosen(client ?? null);
    setFactor(1);
    setAmount(0);
    setDetails('');
    setDate(undefined);
    setError('');
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, client?._id]);

  const submit = async () => {
    const input = {
      kind,
      client: chosen?._id ?? '',
      factor,
      amount,
      details,
      ...(date === undefined ? {} : { date: withTimeOfDay(date) }),
    };
    let reply = await run('cash-adjustment-create', input);
    // Past the customer's credit limit: confirm, or a manager's approval (./credit-ask.tsx).
    if (!reply.ok && CREDIT_CODES.has(reply.error.code)) {
      reply = await withCredit((extra) => run('cash-adjustment-create', { ...input, ...extra }), chosen?._id, reply);
      if (!reply.ok) setError(reply.error.message);
    }
    if (reply.ok) {
      if (reply.value.smsNotice) toast(reply.value.smsNotice);
      return onClose();
    }
    if (reply.error.code === 'adjustment-failed' || reply.error.code === 'internal') {
      onClose();
      await alertDialog({ title: PAYMENT_MESSAGES.adjustmentFailed });
    }
  };

  return (
    <Modal open={open} onClose={onClose} title="Cash adjustment" testId="adjustment-dialog" footer={<DialogButtons form={FORM} busy={busy} label="Adjust" onCancel={onClose} />}>
      <DialogForm id={FORM} error={error} onSubmit={submit}>
        <ClientPicker kind={kind} label={kind === 'customer' ? 'Customer' : 'Supplier'} value={chosen} onPick={setChosen} testId="adjustment-client" />
        <Direction text={adjustmentDirection(kind, factor)} onChange={() => setFactor((f) => (f === 1 ? -1 : 1))} testId="adjustment-direction" />
        <MoneyField label="Amount" name="amount" value={amount} onChange={setAmount} />
        <TextField label="Details" name="details" value={details} onChange={setDetails} multiline />
        <DateField label="Date" name="date" value={date} onChange={setDate} hint="Empty: now" />
      </DialogForm>
    </Modal>
  );
}

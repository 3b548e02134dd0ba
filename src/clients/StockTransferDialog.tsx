/**
 * The stock transfer dialog (document 001 'Dialogs'): goods one customer holds on account passed to another.
 * Sender and recipient customers, the item, quantity, send price (taken off the sender's balance × quantity)
 * and receive price (added to the recipient's × quantity), details and date. Both default to the item's price.
 */
import { useEffect, useState } from 'react';
import { formatMoney, mulMoney } from '../../commands/lib/money';
import { useConfig } from '../config';
import { ItemPicker } from '../ui/ItemPicker';
import { useCommand } from '../ui/useCommand';
import { alertDialog, toast } from '../ui/dialogs';
import { DateField, MoneyField, NumberField, TextField } from '../ui/fields';
import { Modal } from '../ui/Modal';
import { ClientPicker, type ChosenClient } from './ClientPicker';
import { CREDIT_CODES, withCredit } from './credit-ask';
import { DialogButtons, DialogForm } from './DialogParts';
import { withTimeOfDay } from './PaymentDialog';

const FORM = 'transfer-form';

export function StockTransferDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const cfg = useConfig();
  const [sender, setSender] = useState<ChosenClient | null>(null);
  const [recipient, setRecipient] = useState<ChosenClient | null>(null);
  const [item, setItem] = useState<{ id: string; name: string } | null>(null);
  const [quantity, setQuantity] = useState(1);
  const [sendPrice, setSendPrice] = useState(0);
  const [receivePrice, setReceivePrice] = useState(0);
  const [details, setDetails] = useState('');
  const [date, setDate] = useState<number | undefined>();
  const { error, setError, busy, run } = useCommand();

  useEffect(() => {
    if (!open) return;
    setSender(null);
    setRecipient(null);
    setItem(null);
    setQuantity(1);
    setSendPrice(0);
    setReceivePrice(0);
    setDetails('');
    setDate(undefined);
    setError('');
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  const submit = async () => {
    const input = {
      sender: sender?._id ?? '',
      recipient: recipient?._id ?? '',
      item: item ?? { id: '', name: '' },
      quantity,
      send_price: sendPrice,
      receive_price: receivePrice,
      details,
      ...(date === undefined ? {} : { date: withTimeOfDay(date) }),
    };
    let reply = await run('stock-transfer-create', input);
    // Past the recipient's credit limit: confirm, or a manager's approval (./credit-ask.tsx).
    if (!reply.ok && CREDIT_CODES.has(reply.error.code)) {
      reply = await withCredit((extra) => run('stock-transfer-create', { ...input, ...extra }), recipient?._id, reply);
      if (!reply.ok) setError(reply.error.message);
    }
    if (!reply.ok) return;
    onClose();
    const { smsNotice, smsAlert } = reply.value;
    if (smsNotice && smsAlert) await alertDialog({ title: smsNotice });
    else if (smsNotice) toast(smsNotice);
  };

  const money = (n: number) => formatMoney(n, cfg.currency);
  return (
    <Modal open={open} onClose={onClose} title="Stock transfer" testId="transfer-dialog" footer={<DialogButtons form={FORM} busy={busy} label="Transfer" onCancel={onClose} />}>
      <DialogForm id={FORM} error={error} onSubmit={submit}>
        <ClientPicker kind="customer" label="From customer" value={sender} onPick={setSender} testId="transfer-sender" />
        <ClientPicker kind="customer" label="To customer" value={recipient} onPick={setRecipient} testId="transfer-recipient" />
        <ItemPicker
          label="Item"
          value={item?.name ?? ''}
          testId="transfer-item"
          onPick={(hit) => {
            setItem({ id: hit._id, name: hit.name });
            setSendPrice(hit.price);
            setReceivePrice(hit.price);
          }}
        />
        <NumberField label="Quantity" name="quantity" value={quantity} onChange={setQuantity} min={0} />
        <MoneyField label="Send price" name="send_price" value={sendPrice} onChange={setSendPrice} hint={`Sender's balance − ${money(mulMoney(sendPrice, quantity))}`} />
        <MoneyField label="Receive price" name="receive_price" value={receivePrice} onChange={setReceivePrice} hint={`Recipient's balance + ${money(mulMoney(receivePrice, quantity))}`} />
        <TextField label="Details" name="details" value={details} onChange={setDetails} multiline />
        <DateField label="Date" name="date" value={date} onChange={setDate} hint="Empty: now" />
      </DialogForm>
    </Modal>
  );
}

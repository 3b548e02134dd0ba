/**
 * Buy SMS (document 001 sections 3, 5 and 9): quantity (default 200, at least 150), unit price, bonus and total
 * from commands/lib/sms-pricing.ts; the payment through the server's provider, then POST /api/verify-payment
 * with the reference. Only the server credits the units, once per reference; the balance then arrives by sync.
 */
import { useState } from 'react';
import { formatMoney } from '../../commands/lib/money';
import { SMS_DEFAULT_QUANTITY, SMS_MIN_PURCHASE, smsBonusPercent, smsQuantityProblem, smsBonusUnits, smsTotal, smsUnitPrice } from '../../commands/lib/sms-pricing';
import { apiPost } from '../signin/server-api';
import { Modal } from '../ui/Modal';
import { ErrorAlert, NumberField } from '../ui/fields';
import { takePayment } from './payment';

export const SMS_PURCHASE_FAILED = 'The payment failed and was not recorded. Please contact admin.';

export function BuySmsModal({ business, onClose, onBought }: { business: string; onClose: () => void; onBought: (units: number) => void }) {
  const [quantity, setQuantity] = useState(SMS_DEFAULT_QUANTITY);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const problem = smsQuantityProblem(quantity);
  const valid = !problem;
  const total = valid ? smsTotal(quantity) : 0;

  const buy = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!valid) {
      setError(problem);
      return;
    }
    setBusy(true);
    setError('');
    const payment = await takePayment(total, `${quantity} SMS units`);
    if ('problem' in payment) {
      setBusy(false);
      setError(payment.problem);
      return;
    }
    const res = await apiPost<{ units: number }>('verify-payment/', { reference: payment.reference, type: 'sms', quantity: String(quantity), business });
    setBusy(false);
    if (res.ok) onBought(res.body.units);
    else setError(res.status === 402 || !res.message ? SMS_PURCHASE_FAILED : res.message);
  };

  const row = (label: string, value: string, testId: string) => (
    <>
      <dt>{label}</dt>
      <dd data-testid={testId}>{value}</dd>
    </>
  );

  return (
    <Modal
      open
      onClose={onClose}
      title="Buy SMS"
      testId="buy-sms-modal"
      footer={
        <>
          <button type="button" className="btn" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" form="buy-sms-form" className="btn btn-primary" disabled={busy}>
            Pay {valid ? formatMoney(total, '₦') : ''}
          </button>
        </>
      }
    >
      <form id="buy-sms-form" onSubmit={buy} noValidate>
        <ErrorAlert message={error} />
        <NumberField label="Quantity" value={quantity} onChange={setQuantity} min={SMS_MIN_PURCHASE} step={1} hint={`At least ${SMS_MIN_PURCHASE} units`} input={{ autoFocus: true }} />
        <dl className="totals">
          {row('Unit price', valid ? formatMoney(smsUnitPrice(quantity), '₦') : '', 'sms-unit-price')}
          {row('Bonus', valid ? `${smsBonusPercent(quantity)}% (${smsBonusUnits(quantity)} units)` : '', 'sms-bonus')}
          {row('Units you get', valid ? String(quantity + smsBonusUnits(quantity)) : '', 'sms-units-total')}
          {row('Total', valid ? formatMoney(total, '₦') : '', 'sms-total')}
        </dl>
      </form>
    </Modal>
  );
}

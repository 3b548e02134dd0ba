/**
 * One SMS template: the text, the placeholders of document 001 section 9 beside it (a click puts one at the
 * cursor), and a live preview filled with sample values with the units it would cost (ceil(length / 160)).
 */
import { useId, useRef, useState } from 'react';
import type { ConfigKey, ConfigValues } from '../../commands/config';
import { SETTING_TEXTS } from '../../commands/config-labels';
import { formatSmsDate } from '../../commands/lib/dates';
import { formatMoney } from '../../commands/lib/money';
import { fillSmsTemplate, SMS_PLACEHOLDERS, type SmsPlaceholder } from '../../commands/lib/sms';
import { smsUnitsNeeded } from '../../commands/lib/sms-pricing';
import { saveSetting } from './save-setting';
import { useDraft } from './use-draft';

export type TemplateKey = Extract<ConfigKey, 'smsSaleTemplate' | 'smsPaymentTemplate' | 'smsSupplierPaymentTemplate' | 'smsAdjustmentTemplate' | 'smsTransferTemplate' | 'smsReturnTemplate'>;

export const TEMPLATE_KEYS: readonly TemplateKey[] = ['smsSaleTemplate', 'smsPaymentTemplate', 'smsSupplierPaymentTemplate', 'smsAdjustmentTemplate', 'smsTransferTemplate', 'smsReturnTemplate'];

/** What each placeholder stands for, as the list beside the editor says it. */
const MEANING: Record<SmsPlaceholder, string> = {
  items: 'item names',
  total: 'total due',
  date: 'date (YYYY/MM/DD)',
  paid: 'amount paid',
  invoice: 'invoice number',
  balance: 'balance, with who owes whom',
  amount: 'amount',
  description: 'description',
  details: 'details',
  quantity: 'quantity',
  name: 'customer or item name',
  price: 'price',
  sub: 'subtotal',
};

export function sampleValues(currency: string, now: number): Record<SmsPlaceholder, string> {
  const money = (n: number) => formatMoney(n, currency);
  return {
    items: 'Rice & Beans',
    total: money(3301),
    date: formatSmsDate(now),
    paid: money(3000),
    invoice: 'A0012',
    balance: money(301),
    amount: money(5000),
    description: 'Part payment',
    details: 'Cash',
    quantity: '3',
    name: 'Chioma',
    price: money(1250.5),
    sub: money(3301),
  };
}

export function TemplateEditor({ name, cfg }: { name: TemplateKey; cfg: ConfigValues }) {
  const id = useId();
  const text = SETTING_TEXTS[name];
  const value = cfg[name];
  const [draft, setDraft, saved] = useDraft(value);
  const [error, setError] = useState('');
  const area = useRef<HTMLTextAreaElement>(null);
  const preview = fillSmsTemplate(draft, sampleValues(cfg.currency, Date.now()));
  const units = smsUnitsNeeded(preview);

  const commit = async (next = draft) => {
    if (next === value) return;
    const refused = await saveSetting(name, next);
    setError(refused);
    if (!refused) saved(next);
  };
  const insert = (p: SmsPlaceholder) => {
    const el = area.current;
    const at = el ? el.selectionStart : draft.length;
    const end = el ? el.selectionEnd : draft.length;
    const next = `${draft.slice(0, at)}:${p}${draft.slice(end)}`;
    setDraft(next);
    void commit(next);
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(at + p.length + 1, at + p.length + 1);
    });
  };

  return (
    <div className="setting sms-template" data-testid={`setting-${name}`}>
      <label htmlFor={id}>{text.label}</label>
      <div className="sms-template-body">
        <textarea id={id} ref={area} rows={3} value={draft} aria-describedby={`${id}-preview`} onChange={(e) => setDraft(e.target.value)} onBlur={() => void commit()} />
        <ul className="sms-placeholders" aria-label={`Placeholders for the ${text.label.toLowerCase()}`}>
          {SMS_PLACEHOLDERS.map((p) => (
            <li key={p}>
              <button type="button" className="btn-link" title={MEANING[p]} onMouseDown={(e) => e.preventDefault()} onClick={() => insert(p)}>
                :{p}
              </button>{' '}
              <span className="setting-help">{MEANING[p]}</span>
            </li>
          ))}
        </ul>
      </div>
      <p className="sms-preview" id={`${id}-preview`} data-testid={`preview-${name}`}>
        <span className="setting-help">Preview: </span>
        {preview}
        <span className="sms-units" data-testid={`units-${name}`}>
          {' '}
          ({preview.length} characters, {units} {units === 1 ? 'unit' : 'units'})
        </span>
      </p>
      {error && (
        <small className="field-error" role="alert">
          {error}
        </small>
      )}
    </div>
  );
}

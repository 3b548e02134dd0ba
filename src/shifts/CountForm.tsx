/**
 * Closing a shift: the drawer counted note by note (the naira's notes and coins when the currency is ₦), or for
 * other currencies a plain list of amounts; the total counted beside the expected cash and the difference.
 */
import { useState } from 'react';
import { formatMoney, mulMoney, subMoney, sumMoney } from '../../commands/lib/money';
import { NAIRA_DENOMINATIONS, type CountLine } from '../../commands/shifts';
import { confirmDialog } from '../ui/dialogs';
import { MoneyField, NumberField } from '../ui/fields';

type Props = { currency: string; expected: number; busy: boolean; onClose: (count: CountLine[]) => void };

export function CountForm({ currency, expected, busy, onClose }: Props) {
  const naira = currency === '₦';
  const [notes, setNotes] = useState<Record<number, number>>({});
  const [amounts, setAmounts] = useState<number[]>([0]);
  const lines: CountLine[] = naira
    ? NAIRA_DENOMINATIONS.map((value) => ({ value, count: notes[value] ?? 0 }))
    : amounts.map((value) => ({ value, count: 1 }));
  const counted = sumMoney(lines.map((l) => mulMoney(l.value, l.count)));
  const money = (n: number) => formatMoney(n, currency);
  const difference = subMoney(counted, expected);
  // A drawer that does not match is closed only when the cashier has seen by how much (issue 27, item 8).
  const submit = async () => {
    if (difference !== 0) {
      const by = money(Math.abs(difference));
      const ok = await confirmDialog({
        title: difference < 0 ? `The drawer is ${by} short` : `The drawer is ${by} over`,
        text: `Counted ${money(counted)}, expected ${money(expected)}. Close the shift with this difference?`,
        confirmText: 'Close shift',
        cancelText: 'Count again',
      });
      if (!ok) return;
    }
    onClose(lines);
  };
  return (
    <form
      className="count-form"
      data-testid="count-form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <h2>Count the drawer</h2>
      <div className="count-grid">
        {naira
          ? NAIRA_DENOMINATIONS.map((value) => (
              <NumberField
                key={value}
                label={`${money(value)} ×`}
                name={`count-${value}`}
                value={notes[value] ?? 0}
                min={0}
                onChange={(n) => setNotes((s) => ({ ...s, [value]: n }))}
              />
            ))
          : amounts.map((value, i) => (
              <MoneyField key={i} label={`Amount ${i + 1}`} name={`amount-${i}`} value={value} onChange={(v) => setAmounts((a) => a.map((x, j) => (j === i ? v : x)))} />
            ))}
      </div>
      {!naira && (
        <button type="button" className="btn" onClick={() => setAmounts((a) => [...a, 0])}>
          Add amount
        </button>
      )}
      <dl className="summary-cards" data-testid="count-summary">
        <div>
          <dt>Expected</dt>
          <dd data-testid="expected">{money(expected)}</dd>
        </div>
        <div>
          <dt>Counted</dt>
          <dd data-testid="counted">{money(counted)}</dd>
        </div>
        <div>
          <dt>Difference</dt>
          <dd data-testid="difference">{money(difference)}</dd>
        </div>
      </dl>
      <button type="submit" className="btn btn-primary" disabled={busy}>
        Close shift
      </button>
    </form>
  );
}

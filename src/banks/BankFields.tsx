/**
 * The bank part of a payment (document 001 'Sale form' summary card: bank account and amount). A native select
 * (arrow keys and type-ahead work without the mouse) lists the business's banks from the worker's bank-list;
 * 'None (cash)' leaves the whole amount paid in cash. The amount shows once an account is chosen.
 */
import { formatMoney } from '../../commands/lib/money';
import type { Currency } from '../../commands/config';
import { useLive } from '../live';
import { MoneyField, SelectField } from '../ui/fields';

export type BankChoice = { ref: string; name: string; amount: number };

export const NO_BANK: BankChoice = { ref: '', name: '', amount: 0 };

/** The command input shape ({name: {ref, name}, amount}), or undefined when no account is chosen. */
export function bankInput(b: BankChoice): { name: { ref: string; name: string }; amount: number } | undefined {
  return b.ref ? { name: { ref: b.ref, name: b.name }, amount: b.amount } : undefined;
}

type Props = { value: BankChoice; currency: Currency; onChange: (b: BankChoice) => void };

export function BankFields({ value, currency, onChange }: Props) {
  const banks = useLive('bank-list', {});
  const options = (banks.data ?? []).map((b) => ({ value: b._id, label: b.account_number ? `${b.name} (${b.account_number})` : b.name }));
  const chosen = banks.data?.find((b) => b._id === value.ref);
  return (
    <>
      <SelectField
        label="Bank account"
        name="bank_account"
        value={value.ref}
        placeholder="None (cash)"
        options={options}
        hint={chosen ? `Balance ${formatMoney(chosen.balance, currency)}` : undefined}
        onChange={(ref) => onChange(ref ? { ...value, ref, name: banks.data?.find((b) => b._id === ref)?.name ?? '' } : NO_BANK)}
      />
      {value.ref && <MoneyField label="Bank amount" name="bank_amount" value={value.amount} onChange={(amount) => onChange({ ...value, amount })} hint="Part of the amount paid" />}
    </>
  );
}

/**
 * Create client and edit client (document 001 'Dialogs'). Create: name, phone number, start balance (a non-zero
 * value becomes an excluded 'Start balance' payment), and the discount, address and remarks their settings
 * switch on, and a customer's credit limit (managers only; empty = none). When a client of the typed name exists, the dialog offers that one instead of a second record.
 * Edit: choose the client (unless given), then the same fields without the start balance.
 *
 *   <ClientDialog open mode="create" kind="customer" initialName="Ada" onDone={(c) => …} onClose={…} />
 */
import { useEffect, useState } from 'react';
import type { ClientKind, ClientSummary } from '../../commands/clients';
import type { ClientDoc } from '../../commands/docs';
import { dispatch } from '../bus';
import { useConfig } from '../config';
import { useCommand } from '../ui/useCommand';
import { MoneyField, NumberField, SelectField, TextField } from '../ui/fields';
import { Modal } from '../ui/Modal';
import { useSession } from '../session';
import { isCreditManager } from '../../commands/lib/credit-limit';
import { mayChangeClientTerms } from '../../commands/rules/client-terms';
import { ClientPicker, type ChosenClient } from './ClientPicker';
import { DialogButtons, DialogForm } from './DialogParts';

export type ClientDialogProps = {
  open: boolean;
  mode: 'create' | 'edit';
  kind: ClientKind;
  /** Create: the name typed where the dialog was opened (e.g. the sale form's customer box). */
  initialName?: string;
  initialPhone?: string;
  /** Edit: the client to edit; without it the dialog asks which. */
  client?: ChosenClient | null;
  onClose: () => void;
  /** The created, updated or (offered and accepted) existing client. */
  onDone?: (client: ClientSummary) => void;
};

const FORM = 'client-form';
const title = (mode: 'create' | 'edit', kind: ClientKind) => (mode === 'create' ? `New ${kind}` : kind === 'customer' ? 'Edit customer information' : 'Edit supplier');

function summaryOf(doc: ClientDoc): ClientSummary {
  return { _id: doc._id, kind: doc.stores, name: doc.name, phone_number: doc.phone_number, discount: doc.discount, address: doc.address, credit_limit: doc.credit_limit, defaultLevel: doc.defaultLevel };
}

/** An existing client of exactly this name (any case), to offer instead of a duplicate. */
function useNamesake(kind: ClientKind, name: string, enabled: boolean): ClientSummary | undefined {
  const [hit, setHit] = useState<ClientSummary | undefined>();
  useEffect(() => {
    const wanted = name.trim().toLowerCase();
    if (!enabled || !wanted) return setHit(undefined);
    let live = true;
    const timer = setTimeout(() => {
      void dispatch('client-search', { kind, query: wanted, limit: 20 }).then((r) => {
        if (live) setHit(r.ok ? r.value.find((c) => c.name.trim().toLowerCase() === wanted) : undefined);
      });
    }, 150);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [kind, name, enabled]);
  return hit;
}

export function ClientDialog({ open, mode, kind, initialName, initialPhone, client, onClose, onDone }: ClientDialogProps) {
  const cfg = useConfig();
  const [target, setTarget] = useState<ChosenClient | null>(null);
  const [name, setName] = useState('');
  const [phone, setPhone] = useState('');
  const [balance, setBalance] = useState(0);
  const [discount, setDiscount] = useState(0);
  const [address, setAddress] = useState('');
  const [remarks, setRemarks] = useState('');
  // Customers' credit limit as typed: empty = no limit (issue 28). Only a manager may change it.
  const [limit, setLimit] = useState('');
  const user = useSession();
  const limitEditable = isCreditManager(user?.level);
  // A customer's discount and default level are the managers' too (commands/rules/client-terms.ts).
  const termsEditable = mayChangeClientTerms(user?.level);
  const termsHint = termsEditable ? undefined : 'Only a manager changes this';
  const [level, setLevel] = useState('');
  const { error, setError, busy, run } = useCommand();
  const namesake = useNamesake(kind, name, open && mode === 'create');

  const fill = (doc: Partial<ClientDoc> | null) => {
    setName(doc?.name ?? '');
    setPhone(doc?.phone_number ?? '');
    setDiscount(doc?.discount ?? 0);
    setAddress(doc?.address ?? '');
    setRemarks(doc?.remarks ?? '');
    setLimit(doc?.credit_limit === undefined ? '' : String(doc.credit_limit));
    setLevel(doc?.defaultLevel ?? '');
  };

  const load = async (c: ChosenClient) => {
    setTarget(c);
    const reply = await dispatch('client-get', { id: c._id });
    if (reply.ok && reply.value) fill(reply.value);
  };

  useEffect(() => {
    if (!open) return;
    setError('');
    setBalance(0);
    setTarget(null);
    fill(mode === 'create' ? { name: initialName ?? '', phone_number: initialPhone ?? '' } : null);
    if (mode === 'edit' && client) void load(client);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, mode, client?._id]);

  const submit = async () => {
    const fields = {
      name,
      phone_number: phone,
      ...(cfg.percentageDiscount && termsEditable ? { discount } : {}),
      ...(cfg.clientAddress ? { address } : {}),
      ...(cfg.clientRemarks ? { remarks } : {}),
      // Sent only by those who may change it: for others the stored limit stays as it is.
      ...(kind === 'customer' && limitEditable ? { credit_limit: limit } : {}),
      // A customer's default price level (issue 28); '' clears it.
      // A level deleted from the settings since is cleared rather than refused.
      ...(kind === 'customer' && cfg.priceLevels.length && termsEditable ? { defaultLevel: cfg.priceLevels.some((l) => l.id === level) ? level : '' } : {}),
    };
    if (mode === 'edit') {
      if (!target) return setError(`You must choose a ${kind}`);
      const reply = await run('client-update', { id: target._id, ...fields });
      if (reply.ok) {
        onDone?.(summaryOf(reply.value));
        onClose();
      }
      return;
    }
    const reply = await run('client-create', { kind, ...fields, balance });
    if (reply.ok) {
      onDone?.(summaryOf(reply.value));
      onClose();
    }
  };

  const showFields = mode === 'create' || !!target;
  return (
    <Modal open={open} onClose={onClose} title={title(mode, kind)} testId="client-dialog" footer={<DialogButtons form={FORM} busy={busy} label={mode === 'create' ? 'Create' : 'Update'} onCancel={onClose} />}>
      <DialogForm id={FORM} error={error} onSubmit={submit}>
        {mode === 'edit' && !client && <ClientPicker kind={kind} label={kind === 'customer' ? 'Customer' : 'Supplier'} value={target} onPick={(c) => void load(c)} testId="edit-client-picker" />}
        {showFields && (
          <>
            <TextField label="Name" name="name" value={name} onChange={setName} required />
            {namesake && (
              <div className="alert alert-info" role="status" data-testid="client-namesake">
                A {kind} named {namesake.name}
                {namesake.phone_number ? ` (${namesake.phone_number})` : ''} already exists.{' '}
                <button
                  type="button"
                  className="btn btn-small"
                  onClick={() => {
                    onDone?.(namesake);
                    onClose();
                  }}
                >
                  Use {namesake.name}
                </button>
              </div>
            )}
            <TextField label="Phone number" name="phone_number" type="tel" value={phone} onChange={setPhone} />
            {mode === 'create' && (
              <MoneyField
                label="Start balance"
                name="balance"
                value={balance}
                onChange={setBalance}
                hint={kind === 'customer' ? 'What the customer owes you now (negative: what you owe them)' : 'Negative: what you owe the supplier now'}
              />
            )}
            {kind === 'customer' && (
              <TextField
                label="Credit limit"
                name="credit_limit"
                value={limit}
                onChange={setLimit}
                disabled={!limitEditable}
                input={{ inputMode: 'decimal' }}
                hint={limitEditable ? 'The most this customer may owe; empty for no limit' : 'Only a manager changes the credit limit'}
              />
            )}
            {cfg.percentageDiscount && <NumberField label="Discount (%)" name="discount" value={discount} onChange={setDiscount} min={0} max={100} disabled={!termsEditable} hint={termsHint} />}
            {cfg.clientAddress && <TextField label="Address" name="address" value={address} onChange={setAddress} multiline />}
            {cfg.clientRemarks && <TextField label="Remarks" name="remarks" value={remarks} onChange={setRemarks} multiline />}
            {kind === 'customer' && cfg.priceLevels.length > 0 && (
              <SelectField
                label="Default price level"
                name="defaultLevel"
                value={level}
                onChange={setLevel}
                disabled={!termsEditable}
                hint={termsHint}
                options={[{ value: '', label: 'Retail' }, ...cfg.priceLevels.map((l) => ({ value: l.id, label: l.name }))]}
              />
            )}
          </>
        )}
      </DialogForm>
    </Modal>
  );
}

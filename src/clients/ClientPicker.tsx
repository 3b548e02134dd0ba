/**
 * Choose a customer or supplier by name or phone (the worker's client-search), from the keyboard: type,
 * arrows, Enter. Used by the sale form's and the quick sale's customer, and the payment, cash adjustment and stock
 * transfer dialogs.
 */
import type { ClientKind, ClientSummary } from '../../commands/clients';
import { dispatch } from '../bus';
import { SearchPicker } from '../ui/SearchPicker';

/** The chosen client: who they are, and what a sale takes from them (discount, address, default price level). */
export type ChosenClient = Pick<ClientSummary, '_id' | 'name' | 'phone_number' | 'discount' | 'address' | 'defaultLevel'>;

type Props = {
  kind: ClientKind;
  label: string;
  value: ChosenClient | null;
  onPick: (c: ChosenClient) => void;
  testId?: string;
  autoFocus?: boolean;
  /** Shown in the box while nothing is typed when `value` is null (a walk-in's name). */
  text?: string;
  /** An entry after the hits, e.g. 'New customer' or a name without an account; gets what was typed. */
  extra?: { label: string; onPick: (query: string) => void };
};

export function ClientPicker(props: Props) {
  const search = async (query: string): Promise<ClientSummary[]> => {
    const reply = await dispatch('client-search', { kind: props.kind, query });
    return reply.ok ? reply.value : [];
  };
  return (
    <SearchPicker<ClientSummary>
      label={props.label}
      testId={props.testId}
      autoFocus={props.autoFocus}
      value={props.value?.name ?? props.text ?? ''}
      placeholder={props.kind === 'customer' ? 'Search customers' : 'Search suppliers'}
      search={search}
      keyOf={(c) => c._id}
      render={(c) => `${c.name}${c.phone_number ? ` · ${c.phone_number}` : ''}`}
      extra={props.extra}
      onPick={(c) =>
        props.onPick({
          _id: c._id,
          name: c.name,
          ...(c.phone_number ? { phone_number: c.phone_number } : {}),
          ...(c.discount ? { discount: c.discount } : {}),
          ...(c.address ? { address: c.address } : {}),
          ...(c.defaultLevel ? { defaultLevel: c.defaultLevel } : {}),
        })
      }
    />
  );
}

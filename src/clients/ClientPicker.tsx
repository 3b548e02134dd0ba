/**
 * Choose a customer or supplier by name or phone (the worker's client-search), from the keyboard: type,
 * arrows, Enter. Used by the payment, cash adjustment and stock transfer dialogs.
 */
import type { ClientKind, ClientSummary } from '../../commands/clients';
import { dispatch } from '../bus';
import { SearchPicker } from '../ui/SearchPicker';

export type ChosenClient = { _id: string; name: string; phone_number?: string };

type Props = {
  kind: ClientKind;
  label: string;
  value: ChosenClient | null;
  onPick: (c: ChosenClient) => void;
  testId?: string;
  autoFocus?: boolean;
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
      value={props.value?.name ?? ''}
      placeholder={props.kind === 'customer' ? 'Search customers' : 'Search suppliers'}
      search={search}
      keyOf={(c) => c._id}
      render={(c) => `${c.name}${c.phone_number ? ` · ${c.phone_number}` : ''}`}
      extra={props.extra}
      onPick={(c) => props.onPick({ _id: c._id, name: c.name, ...(c.phone_number ? { phone_number: c.phone_number } : {}) })}
    />
  );
}

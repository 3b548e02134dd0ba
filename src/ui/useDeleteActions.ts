/**
 * Delete and review for a transaction's detail screen (purchase, expense…): the spec's delete flow, then `home`
 * once deleted; Accept or Reject on a pending deletion; and /not-found when the record is missing, except while
 * a deletion this screen started makes it vanish.
 *
 *   const actions = useDeleteActions({ command: 'expense-delete', id, missing, home: '/expenses' });
 *   actions.error · actions.remove() · actions.review(true)
 *
 * Every transaction's delete command has the one shape of commands/lib/deletion.ts (DeleteInput → DeleteResult).
 */
import { useEffect, useRef, useState } from 'react';
import type { Args, CommandName, Result } from '../../commands/index';
import type { DeleteInput, DeleteResult } from '../../commands/lib/deletion';
import { dispatch } from '../bus';
import { navigate, notFound } from '../router';
import { runDeleteFlow } from './delete-flow';

/** The commands that delete a transaction (sale-delete, purchase-delete, payment-delete, expense-delete…). */
export type DeleteCommand = {
  [K in CommandName]: Args<K> extends DeleteInput ? (Result<K> extends DeleteResult ? K : never) : never;
}[CommandName];

type Options = {
  command: DeleteCommand;
  id: string;
  /** The read answered and found nothing. */
  missing: boolean;
  home: string;
};

export function useDeleteActions({ command, id, missing, home }: Options) {
  const remove = () => dispatch(command, { id });
  const review = (accept: boolean) => dispatch(command, { id, review: accept ? 'accept' : 'reject' });
  const [error, setError] = useState('');
  // While a delete runs, the record vanishing is expected: go home, not to /not-found.
  const leaving = useRef(false);
  useEffect(() => {
    if (missing && !leaving.current) notFound();
  }, [missing]);

  return {
    error,
    async remove() {
      setError('');
      leaving.current = true;
      const result = await runDeleteFlow(remove, home);
      if (result.outcome === 'deleted') return;
      leaving.current = false;
      if (result.outcome === 'error') setError(result.error.message);
    },
    async review(accept: boolean) {
      setError('');
      leaving.current = accept;
      const reply = await review(accept);
      if (!reply.ok) {
        leaving.current = false;
        return setError(reply.error.message);
      }
      if (reply.value.outcome === 'deleted') navigate(home);
    },
  };
}

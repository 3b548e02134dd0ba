/**
 * Delete and review for a transaction's detail screen (purchase, expense…): the spec's delete flow, then `home`
 * once deleted; Accept or Reject on a pending deletion; and /not-found when the record is missing, except while
 * a deletion this screen started makes it vanish.
 *
 *   const actions = useDeleteActions({ missing, home: '/expenses',
 *     remove: () => dispatch('expense-delete', { id }), review: (accept) => dispatch('expense-delete-review', { id, accept }) });
 *   actions.error · actions.remove() · actions.review(true)
 */
import { useEffect, useRef, useState } from 'react';
import type { Reply } from '../../commands/index';
import { navigate, notFound } from '../router';
import { runDeleteFlow } from './delete-flow';

type Options = {
  /** The read answered and found nothing. */
  missing: boolean;
  home: string;
  remove: () => Promise<Reply<{ outcome: 'deleted' | 'marked' }>>;
  review: (accept: boolean) => Promise<Reply<{ outcome: 'deleted' | 'restored' }>>;
};

export function useDeleteActions({ missing, home, remove, review }: Options) {
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
      const result = await runDeleteFlow(remove);
      if (result.outcome === 'deleted') return navigate(home);
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

/** Loads a `{ docs }` list from the business API (online only), with a refetch for after a create. */
import { useCallback, useEffect, useState } from 'react';
import { ACCOUNT_MESSAGES } from '../../commands/accounts';
import { apiGet } from '../signin/server-api';

export function useApiList<T>(path: string | null) {
  const [docs, setDocs] = useState<T[] | undefined>(undefined);
  const [error, setError] = useState('');
  const load = useCallback(async () => {
    if (!path) return;
    const res = await apiGet<{ docs: T[] }>(path);
    if (res.ok) {
      setDocs(res.body.docs);
      setError('');
    } else setError(res.status === 0 ? ACCOUNT_MESSAGES.loginFailed : (res.message ?? ACCOUNT_MESSAGES.loginFailed));
  }, [path]);
  useEffect(() => {
    void load();
  }, [load]);
  return { docs, error, reload: load };
}

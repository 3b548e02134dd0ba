/** Loads a `{ docs }` list from the business API (online only), with a refetch for after a create. */
import { useCallback, useEffect, useState } from 'react';
import { ACCOUNT_MESSAGES } from '../../commands/accounts';
import { apiGet, serverSession } from '../signin/server-api';

/** Where the spec is silent: the lists come from the server, so a lapsed sign-in is said plainly. */
export const SIGN_IN_AGAIN = 'Log in again to see this list';

export function useApiList<T>(path: string | null) {
  const [docs, setDocs] = useState<T[] | undefined>(undefined);
  const [error, setError] = useState('');
  const load = useCallback(async () => {
    if (!path) return;
    const signedIn = await serverSession();
    if (signedIn !== 'signed-in') {
      setError(signedIn === 'offline' ? ACCOUNT_MESSAGES.loginFailed : SIGN_IN_AGAIN);
      return;
    }
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

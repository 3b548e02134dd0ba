/** Runs a command from a form: tracks busy state and keeps the failure's text for the form's red alert. */
import { useState } from 'react';
import type { Args, CommandName, Reply, Result } from '../../commands/index';
import { dispatch } from '../bus';

export function useCommand() {
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  async function run<K extends CommandName>(name: K, input: Args<K>): Promise<Reply<Result<K>>> {
    setBusy(true);
    setError('');
    try {
      const reply = await dispatch(name, input);
      if (!reply.ok) setError(reply.error.message);
      return reply;
    } finally {
      setBusy(false);
    }
  }
  return { error, setError, busy, run };
}

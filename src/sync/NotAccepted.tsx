/**
 * /sync, 'Not accepted by the server': the changes this till made that the server refused, newest first, with
 * the server's reason, what became of the document on this till and what to do. The sync badge says
 * 'Not accepted (n)' while any are listed and leads here; 'OK, understood' takes one off the list.
 */
import { useEffect, useState } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import type { SyncRefusal } from '../../commands/sync';
import { dispatch } from '../bus';
import { syncState } from '../events';
import type { ScreenProps } from '../screen';
import { refusalAdvice, refusalWhat } from './refusal-texts';

const when = new Intl.DateTimeFormat('en-GB', { dateStyle: 'short', timeStyle: 'short' });

export function NotAccepted({ title }: ScreenProps) {
  useSignals();
  const refused = syncState.value.refused ?? 0;
  const [list, setList] = useState<SyncRefusal[] | null>(null);
  const [error, setError] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  useEffect(() => {
    let current = true;
    void dispatch('sync-refusals', {}).then((r) => {
      if (!current) return;
      if (r.ok) {
        setList(r.value.refusals);
        setProblem(r.value.problem);
      } else setError(r.error.message);
    });
    return () => {
      current = false;
    };
  }, [refused]);
  const dismiss = async (key: string) => {
    const r = await dispatch('sync-refusal-dismiss', { key });
    if (r.ok) {
      setList(r.value.refusals);
      setProblem(r.value.problem);
    } else setError(r.error.message);
  };
  return (
    <section className="screen" data-testid="not-accepted">
      <h1>{title}</h1>
      {error && (
        <p className="alert alert-error" role="alert">
          {error}
        </p>
      )}
      {problem && (
        <p className="alert alert-error" role="alert" data-testid="refusals-problem">
          {problem}
        </p>
      )}
      {list && list.length === 0 && <p data-testid="not-accepted-empty">The server has accepted every change made on this till.</p>}
      <ul className="refusals">
        {(list ?? []).map((r) => (
          <li key={r.key} className="refusal" data-testid="refusal" data-id={r.id}>
            <strong className="refusal-label">{r.label}</strong> <span className="muted">{when.format(r.at)}</span>
            <p data-testid="refusal-what">{refusalWhat(r)}</p>
            <p>
              The server said: <q data-testid="refusal-reason">{r.reason}</q>
            </p>
            <p className="muted">{refusalAdvice(r)}</p>
            <button type="button" className="btn btn-small" onClick={() => void dismiss(r.key)}>
              OK, understood
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

import { useEffect, useState } from 'react';
import { dispatch } from './bus';

/** Placeholder until the shell lands: proves the worker answers through the bus. */
export function App() {
  const [version, setVersion] = useState('');
  useEffect(() => {
    void dispatch('backend-info', {}).then((r) => r.ok && setVersion(r.value.version));
  }, []);
  return (
    <main>
      <h1>Oja</h1>
      <p data-testid="version">{version}</p>
    </main>
  );
}

/** Footer with the version the worker reports: proves at a glance (and in the boot test) that the bus works. */
import { useQuery } from '../query';

export function AppFooter() {
  const info = useQuery('backend-info', {}, ['__never__']);
  return (
    <footer className="app-footer">
      Oja <span data-testid="version">{info.data?.version ?? ''}</span>
    </footer>
  );
}

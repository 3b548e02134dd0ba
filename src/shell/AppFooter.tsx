/** Footer with the version the worker reports: proves at a glance (and in the boot test) that the bus works. */
import { useLive } from '../live';

export function AppFooter() {
  const info = useLive('backend-info', {});
  return (
    <footer className="app-footer">
      Oja <span data-testid="version">{info.data?.version ?? ''}</span>
    </footer>
  );
}

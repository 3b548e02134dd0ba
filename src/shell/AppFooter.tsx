/**
 * Footer with the version the worker reports: proves at a glance (and in the boot test) that the bus works. On every
 * screen, inside the shell and out, so it also carries the notice that offline use is unavailable.
 */
import { useLive } from '../live';
import { OfflineNotice } from './OfflineNotice';

export function AppFooter() {
  const info = useLive('backend-info', {});
  return (
    <footer className="app-footer">
      Oja <span data-testid="version">{info.data?.version ?? ''}</span> <OfflineNotice />
    </footer>
  );
}

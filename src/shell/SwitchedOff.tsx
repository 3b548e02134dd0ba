/**
 * A menu area whose setting is off (Showroom without useShowroom, Transportation without trackTransport),
 * opened by a bookmark or a typed address: instead of an empty screen that looks broken, it says the area is
 * turned off, and tells the owner (the only level that opens Settings) which setting turns it on.
 */
import { SETTING_GROUPS, SETTING_TEXTS } from '../../commands/config-labels';
import type { ConfigKey } from '../../commands/config';
import { Link } from '../router';
import { useSession } from '../session';

/** The menu paths that a plain setting turns on, and that setting. */
export const SWITCHED: Record<string, { name: string; setting: ConfigKey }> = {
  '/showroom': { name: 'Showroom', setting: 'useShowroom' },
  '/transportation': { name: 'Transportation', setting: 'trackTransport' },
};

export function SwitchedOff({ path }: { path: string }) {
  const user = useSession();
  const area = SWITCHED[path];
  const label = SETTING_TEXTS[area.setting].label;
  const group = SETTING_GROUPS.find((g) => g.keys.includes(area.setting))?.title;
  return (
    <section className="screen" data-testid="switched-off">
      <h1>{area.name} is turned off</h1>
      {user?.level === 0 ? (
        <>
          <p>
            This business does not use {area.name.toLowerCase()} yet. To use it, turn on ‘{label}’ in Settings
            {group ? ` (${group})` : ''}: {SETTING_TEXTS[area.setting].help}
          </p>
          <Link to="/settings" className="btn btn-primary">
            Open settings
          </Link>
        </>
      ) : (
        <p>This business does not use {area.name.toLowerCase()}. The owner can turn it on in Settings.</p>
      )}
    </section>
  );
}

/**
 * /settings (level 0; F2): the way to the devices list, the plan card, the SMS units with Buy SMS, the way to
 * invoice customisation, and every setting of the config model in its group, in two columns
 * (commands/config-labels.ts). A change is saved at once and applies in every open tab (the worker's change
 * event) and on other devices (sync).
 */
import type { ConfigKey, ConfigValues } from '../../commands/config';
import { SETTING_GROUPS, SETTING_TEXTS, type SettingGroup } from '../../commands/config-labels';
import { SMS_SENDER_MAX } from '../../commands/lib/sms';
import { useConfig } from '../config';
import { Link } from '../router';
import type { ScreenProps } from '../screen';
import { PlanCard } from './PlanCard';
import { SettingField } from './SettingField';
import { PriceLevelsEditor } from './PriceLevelsEditor';
import { SmsCard } from './SmsCard';
import { TEMPLATE_KEYS, TemplateEditor, type TemplateKey } from './TemplateEditor';

const isTemplate = (k: ConfigKey): k is TemplateKey => (TEMPLATE_KEYS as readonly string[]).includes(k);

function Group({ group, cfg }: { group: SettingGroup; cfg: ConfigValues }) {
  const id = `settings-${group.title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <section className="card settings-group" aria-labelledby={id} data-testid={id}>
      <h2 id={id}>{group.title}</h2>
      {group.keys
        .filter((k) => SETTING_TEXTS[k].shownWhen?.(cfg) ?? true)
        .map((k) =>
          isTemplate(k) ? (
            <TemplateEditor key={k} name={k} cfg={cfg} />
          ) : k === 'priceLevels' ? (
            <PriceLevelsEditor key={k} label={SETTING_TEXTS[k].label} help={SETTING_TEXTS[k].help} levels={cfg.priceLevels} />
          ) : (
            <SettingField key={k} name={k} cfg={cfg} counter={k === 'smsSender' ? SMS_SENDER_MAX : undefined} />
          ),
        )}
      {group.title === 'Printing' && (
        <p>
          <Link to="/preferences/invoice">Invoice customisation</Link> — the header and footer printed on invoices.
        </p>
      )}
    </section>
  );
}

export function SettingsScreen({ title }: ScreenProps) {
  const cfg = useConfig();
  return (
    <section className="screen settings" data-testid="settings">
      <h1>{title}</h1>
      <p>
        <Link to="/settings/devices">Devices</Link> — the tills and browsers signed in to this business, when each last synced, and revoking one.
      </p>
      <p>
        <Link to="/settings/printer">Receipt printer</Link> — this device’s thermal printer (USB, serial, Bluetooth or on the shop’s network) and cash drawer.
      </p>
      <p>
        <Link to="/audit">Audit log</Link> — who deleted, edited, repriced or changed what, when and on which device.
      </p>
      <div className="settings-top">
        <PlanCard />
        <SmsCard />
      </div>
      <div className="settings-columns">
        {SETTING_GROUPS.map((g) => (
          <Group key={g.title} group={g} cfg={cfg} />
        ))}
      </div>
    </section>
  );
}

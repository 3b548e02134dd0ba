/** The settings a config-set changed, named as /settings names them, for the audit log. */
import type { AuditChange } from '../audit-docs';
import type { ConfigKey, ConfigValues } from '../config';
import { SETTING_TEXTS } from '../config-labels';
import { auditText } from './text';

function shown(key: ConfigKey, value: unknown): string {
  const choice = SETTING_TEXTS[key]?.choices?.find((c) => c.value === value);
  return choice ? choice.label : auditText(value);
}

export function settingChanges(before: ConfigValues, input: Record<string, unknown>): AuditChange[] {
  const out: AuditChange[] = [];
  for (const [key, value] of Object.entries(input)) {
    const k = key as ConfigKey;
    const was = (before as Record<string, unknown>)[key];
    if (auditText(was) === auditText(value)) continue;
    out.push({ field: SETTING_TEXTS[k]?.label ?? key, before: shown(k, was), after: shown(k, value) });
  }
  return out;
}

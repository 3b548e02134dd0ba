/**
 * The configuration as a signal: CONFIG_DEFAULTS until 'config-get' answers, refreshed whenever a `changed`
 * event names 'config' (a local settings change or one pulled by sync).
 *
 *   const cfg = useConfig();      in a component (re-renders on change)
 *   config.value.useWarehouse     outside components
 *   loadConfig()                  the shell calls it after the session starts
 */
import { signal } from '@preact/signals-react';
import { useSignals } from '@preact/signals-react/runtime';
import { CONFIG_DEFAULTS, type ConfigValues } from '../commands/config';
import { dispatch } from './bus';
import { onChanged } from './events';

export const config = signal<ConfigValues>({ ...CONFIG_DEFAULTS });
/** True once the stored configuration has been read (before that the defaults show). */
export const configLoaded = signal(false);

let stopWatching: (() => void) | null = null;

export async function loadConfig(): Promise<void> {
  stopWatching ??= onChanged(['config'], () => void loadConfig());
  const reply = await dispatch('config-get', {});
  if (reply.ok) {
    config.value = reply.value;
    configLoaded.value = true;
  }
}

export function useConfig(): ConfigValues {
  useSignals();
  return config.value;
}

/**
 * The configuration as a signal: CONFIG_DEFAULTS until 'config-get' answers, then a live read of it (refreshed on
 * a local settings change, one pulled by sync, or a move to another business).
 *
 *   const cfg = useConfig();      in a component (re-renders on change)
 *   config.value.useWarehouse     outside components
 *   loadConfig()                  the shell calls it after the session starts
 */
import { signal } from '@preact/signals-react';
import { useSignals } from '@preact/signals-react/runtime';
import { CONFIG_DEFAULTS, type ConfigValues } from '../commands/config';
import { watchLive, type LiveWatch } from './live';

export const config = signal<ConfigValues>({ ...CONFIG_DEFAULTS });
/** True once the stored configuration has been read (before that the defaults show). */
export const configLoaded = signal(false);

let live: LiveWatch | null = null;

/** Starts the live read of 'config-get' (later calls read again). */
export function loadConfig(): void {
  if (live) return live.refetch();
  live = watchLive('config-get', {}, (reply) => {
    if (!reply.ok) return;
    config.value = reply.value;
    configLoaded.value = true;
  });
}

export function useConfig(): ConfigValues {
  useSignals();
  return config.value;
}

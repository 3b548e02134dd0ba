/** Commands that describe the backend itself. */
import type { Reads } from './reads';

export type CoreCommands = {
  /** Liveness and version, used by the shell on start. */
  'backend-info': (input: Record<string, never>) => Promise<{ version: string; name: string; adapter: string }>;
};

/** What each read depends on (see commands/reads.ts): the backend's version never changes while it runs. */
export const CORE_READS = {
  'backend-info': [],
} as const satisfies Reads<CoreCommands>;

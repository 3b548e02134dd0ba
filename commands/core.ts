/** Commands that describe the backend itself. */
export type CoreCommands = {
  /** Liveness and version, used by the shell on start. */
  'backend-info': (input: Record<string, never>) => Promise<{ version: string; name: string; adapter: string }>;
};

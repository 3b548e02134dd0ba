/** What every handler receives: the databases, the clock, ids, the acting user, config and the event bus. */
import type { ConfigValues } from '../commands/config';
import type { BackendEvent } from '../commands/events';
import type { SessionUser } from '../commands/session';
import type { Databases } from './db';
import type { IdMaker } from './ids';
import type { LedgerEngine } from './ledger/engine';
import type { DeviceLock } from './lock';

export type Ctx = {
  db: Databases;
  /** Milliseconds since the epoch; fixed in tests. */
  clock: () => number;
  newId: IdMaker;
  /** This device's tag (worker/ids.ts): names the device on audit entries. */
  device: string;
  /** The acting user, or null before sign-in. */
  session: () => SessionUser | null;
  setSession: (user: SessionUser | null) => void;
  /** Current configuration (cached; refreshed when config documents change, locally or by sync). */
  config: () => Promise<ConfigValues>;
  /** Drops the cached configuration so the next read sees what was just written (before the feed reports it). */
  configChanged: () => void;
  emit: (event: BackendEvent) => void;
  /** Name of the business databases and the storage adapter, for diagnostics and sync. */
  name: string;
  adapter: string;
  /**
   * Stock, client and bank balances from memory; `await ctx.ledger.ready()` after a write before reading.
   * Expiry and statements read entries, which a cold start restores after the balances: `entriesReady()`.
   */
  ledger: LedgerEngine;
  /** The device's lock: while locked, worker/backend.ts refuses every command not in commands/lock.ts. */
  lock: DeviceLock;
};

/**
 * createBackend: the whole backend behind one `dispatch` and one `subscribe`. The browser worker exposes
 * exactly this through Comlink (worker/main.ts); Node tests call it directly with the memory adapter.
 */
import { ERRORS, type Args, type CommandName, type ErrorCode, type Result } from '../commands/index';
import { isUserError, type Reply } from '../commands/errors';
import { ALLOWED_WHILE_LOCKED, LOCKED_ERROR } from '../commands/lock';
import { STORAGE_FULL_MESSAGE, type BackendEvent, type Unsubscribe } from '../commands/events';
import type { LockStatus, SessionUser } from '../commands/session';
import { createConfigCache } from './config/store';
import type { Ctx } from './context';
import { closeDatabases, openDatabases } from './db';
import { DOMAINS } from './domains';
import { watchChanges } from './changes';
import { createIdMaker, deviceTag } from './ids';
import { createLedger, type LedgerOptions } from './ledger/engine';
import { DeviceLock } from './lock';
import type { Adapter } from './pouch';
import { Registry, type Domain } from './registry';
import { watchOwnWrites } from './sync/own-writes';
import { isQuotaError, onIndexedDbQuota, quotaStep, StorageWatch } from './storage-full';
import { declareWriteSteps } from './writes';

export type BackendOptions = {
  adapter: Adapter;
  /** Base name of the business databases. */
  name: string;
  clock?: () => number;
  user?: SessionUser | null;
  random?: () => number;
  /** Extra domains (tests use this to prove registration rules). */
  domains?: Domain[];
  /** Ledger checkpoint timing (tests shorten it). */
  ledger?: LedgerOptions;
  /**
   * Start locked: the browser worker does (worker/expose.ts), so a browser restart opens on the lock screen.
   * Node tests and benchmarks build a backend for a device already signed in, and start unlocked.
   */
  locked?: boolean;
  /**
   * Refuse (throw) when a handler answers an error code its command does not list in commands/error-codes.ts.
   * The backend tests set it, so every refusal they provoke checks the command's union; the app does not.
   */
  checkErrorCodes?: boolean;
};

export type NodeBackend = {
  dispatch<K extends CommandName>(name: K, input: Args<K>): Promise<Reply<Result<K>, ErrorCode<K>>>;
  subscribe(listener: (event: BackendEvent) => void): Unsubscribe;
  /** True while the device's storage refuses writes (a tab that connects now hears it at once). */
  storageFull(): boolean;
  /** The device's lock now (a tab that connects hears it at once, then every change as an event). */
  lockStatus(): LockStatus;
  /** Resolves once every change made so far has been seen by the change watchers and the ledger holds every entry (tests and benchmarks). */
  settled(): Promise<void>;
  close(): Promise<void>;
  ctx: Ctx;
};

export async function createBackend(options: BackendOptions): Promise<NodeBackend> {
  const clock = options.clock ?? Date.now;
  const db = await openDatabases(options.name, options.adapter);
  const listeners = new Set<(event: BackendEvent) => void>();
  const emit = (event: BackendEvent) => {
    for (const listener of listeners) {
      try {
        listener(event);
      } catch (e) {
        console.error('backend listener failed', e);
      }
    }
  };
  const storage = new StorageWatch(emit);
  // What every write also does (worker/writes.ts), declared before any write: the full-disk watch on all four
  // databases; on the synced ones, own-writes tracking, so a new till's first sync pushes what the till wrote
  // itself, not everything it pulled.
  const quota = quotaStep(storage);
  for (const synced of [db.main, db.shared, db.denormalized]) declareWriteSteps(synced, [quota, watchOwnWrites(synced).step]);
  declareWriteSteps(db.local, [quota]);
  const stopQuotaHook = onIndexedDbQuota(() => storage.refused());
  let session: SessionUser | null = options.user ?? null;
  const configCache = createConfigCache(db.shared);
  const ledger = createLedger(db, options.ledger);
  const device = await deviceTag(db.local);
  const lock = new DeviceLock(options.locked ?? false, emit);

  const ctx: Ctx = {
    db,
    clock,
    newId: createIdMaker(clock, () => session?.policyPrefix ?? '', options.random, () => device),
    device,
    session: () => session,
    setSession: (user) => {
      session = user;
    },
    config: configCache.get,
    configChanged: configCache.invalidate,
    emit,
    name: options.name,
    adapter: options.adapter,
    ledger,
    lock,
  };

  const registry = new Registry();
  for (const d of [...DOMAINS, ...(options.domains ?? [])]) registry.add(d);

  const watcher = watchChanges(db, emit, { onShared: configCache.invalidate });

  /** A handler's code as its command's union (commands/error-codes.ts), checked when the options say so. */
  function codeOf<K extends CommandName>(name: K, code: string): ErrorCode<K> {
    const listed = (ERRORS as Partial<Record<CommandName, readonly string[]>>)[name];
    if (options.checkErrorCodes && !listed?.includes(code)) throw new Error(`${name} answered the error code '${code}', which commands/error-codes.ts does not list for it`);
    return code as ErrorCode<K>;
  }

  async function dispatch<K extends CommandName>(name: K, input: Args<K>): Promise<Reply<Result<K>, ErrorCode<K>>> {
    if (!registry.has(name)) return { ok: false, error: { code: 'unknown-command', message: `Unknown command: ${name}` } };
    // The one gate of the lock: every tab's every command passes here, so a locked device answers no data.
    if (lock.locked && !ALLOWED_WHILE_LOCKED.has(name)) return { ok: false, error: { ...LOCKED_ERROR } };
    const refusalsBefore = storage.hits;
    try {
      return { ok: true, value: await registry.run(name, input, ctx) };
    } catch (e) {
      // A full disk, whatever message the handler made of it: the person must learn that space is the problem.
      if (storage.hits > refusalsBefore || isQuotaError(e)) return { ok: false, error: { code: 'storage-full', message: STORAGE_FULL_MESSAGE } };
      if (isUserError(e)) return { ok: false, error: { code: codeOf(name, e.code), message: e.message } };
      console.error(`command ${name} failed`, e);
      return { ok: false, error: { code: 'internal', message: e instanceof Error ? e.message : String(e) } };
    }
  }

  return {
    dispatch,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    storageFull: () => storage.full,
    lockStatus: () => lock.status(),
    async settled() {
      await watcher.settled();
      await ledger.entriesReady();
    },
    async close() {
      watcher.cancel();
      stopQuotaHook();
      await ledger.close();
      listeners.clear();
      await closeDatabases(db);
    },
    ctx,
  };
}

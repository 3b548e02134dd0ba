/**
 * One live, retrying replication between a local database and its remote (batch size 512), with the events
 * the engine listens to. Events from a lane the engine has since torn down (`isCurrent` false) are dropped.
 */
import { SYNC_BATCH_SIZE } from '../../commands/sync';
import type { SyncState } from '../../commands/events';
import type { Database } from '../pouch';
import type { SyncedKind } from './pending';
import { remoteDatabase } from './remote-db';
import type { RemoteSession } from './remote-session';
import { networkBackOff } from './retry';

const SUFFIX: Record<SyncedKind, string> = { main: '', shared: '-shared', denormalized: '-denormalized' };
/** The three databases of a business that sync, each with one of its own on the server. */
export const KINDS = Object.keys(SUFFIX) as SyncedKind[];

/** The server's name for a business's database of this kind ('shop', 'shop-shared', 'shop-denormalized'). */
export function remoteName(business: string, kind: SyncedKind): string {
  return business + SUFFIX[kind];
}

export function remoteOf(session: RemoteSession, business: string, kind: SyncedKind): Database {
  return remoteDatabase(`${session.remote}/${remoteName(business, kind)}`, session.fetch);
}

type Handle = PouchDB.Replication.Sync<Record<string, unknown>>;
export type Lane = { handle: Handle; state: SyncState };
/** PouchDB's replication also reports its checkpoints (not in its typings). */
export type CheckpointEvents = { on(event: 'checkpoint', listener: (c: { checkpoint?: number | string }) => void): unknown };
type Change = PouchDB.Replication.SyncResult<Record<string, unknown>>;

export interface LaneListener {
  /** The push side's checkpoint: every local change up to this sequence is on the server. */
  checkpoint(seq: number | string): void;
  active(): void;
  paused(err: unknown): void;
  /** The server refused a document (validate_doc_update): the engine lists it and shows it. */
  denied(err: unknown): void;
  change(info: Change): void;
  error(err: unknown): void;
}

export function openLane(local: Database, remote: Database, isCurrent: () => boolean, on: LaneListener): Lane {
  const handle = local.sync(remote, { live: true, retry: true, batch_size: SYNC_BATCH_SIZE, back_off_function: networkBackOff });
  const lane: Lane = { handle, state: 'syncing' };
  // The push side's checkpoint, pushed now or found there already (documents pulled from it). Marking anything
  // read later — update_seq at a pause, say — would count a write that landed in between as pushed.
  (handle as unknown as { push: CheckpointEvents }).push.on('checkpoint', (c) => {
    if (c.checkpoint !== undefined) on.checkpoint(c.checkpoint);
  });
  handle
    .on('active', () => isCurrent() && on.active())
    .on('paused', (err) => isCurrent() && on.paused(err))
    .on('change', (info) => isCurrent() && on.change(info))
    .on('denied', (err) => isCurrent() && on.denied(err))
    .on('error', (err) => isCurrent() && on.error(err));
  return lane;
}

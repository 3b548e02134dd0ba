/**
 * What every synced document carries (id, revision, kind in `stores`, who and when). A leaf: the files of
 * document shapes import it, and ./docs.ts re-exports it.
 */
import type { Millis } from './lib/dates';

export type Ref = { name: string; id: string };
export type UserStamp = { username: string; fullname: string; level?: number };

export type BaseDoc = {
  _id: string;
  _rev?: string;
  _deleted?: boolean;
  stores: string;
  date?: Millis;
  user?: UserStamp;
  deletedBy?: UserStamp;
  delete_pending?: boolean;
  /** Who marked it delete_pending (review of deletes); a reviewer's accept or reject follows. */
  deleteRequestedBy?: UserStamp;
  /** Who last edited it (the creator stays in `user`). */
  updatedBy?: UserStamp;
};

/**
 * Size limits of the /db endpoint. A document fits an item with its largest picture (MAX_IMAGE_CHARS of data
 * URL) and an invoice header with its header and footer pictures; a member's request body fits a full sync
 * batch (SYNC_BATCH_SIZE documents) of items carrying the largest picture, so the app's own replication is
 * never refused. Anyone without a session may send only a sign-in form.
 */
import { SYNC_BATCH_SIZE } from '../../commands/sync';
import { MAX_IMAGE_CHARS } from '../../commands/items';

/** Largest document, in characters of its JSON (1 MiB: five times an item's largest picture). */
export const MAX_DOC_CHARS = 1024 * 1024;
/** Largest request body of a member, in bytes: a sync batch of items with the largest picture, and room. */
export const MAX_BODY_BYTES = SYNC_BATCH_SIZE * (MAX_IMAGE_CHARS + 56 * 1024);
/** Largest body without a session (the sign-in form). */
export const MAX_ANONYMOUS_BODY_BYTES = 16 * 1024;

export const DOC_TOO_LARGE = 'This document is larger than 1 MB.';

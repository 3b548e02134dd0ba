/**
 * The spec's delete flow for any transaction screen: 'Are you sure?' → run the delete command →
 * 'Deleted!' (closes itself after 1750 ms) or, when declined, 'Cancelled' / 'Your data is safe'.
 * Answers what happened so the screen can navigate ('deleted'), stay and show the pending banner ('marked'),
 * or show the command's error.
 */
import { DELETE_TEXTS as T, type DeleteResult } from '../../commands/lib/deletion';
import type { CommandError, Reply } from '../../commands/index';
import { alertDialog, confirmDialog } from './dialogs';

export type DeleteFlowResult = { outcome: DeleteResult['outcome'] | 'cancelled' } | { outcome: 'error'; error: CommandError };

export async function runDeleteFlow(run: () => Promise<Reply<DeleteResult>>): Promise<DeleteFlowResult> {
  const yes = await confirmDialog({ title: T.confirmTitle, text: T.confirmText, confirmText: T.confirmButton });
  if (!yes) {
    await alertDialog({ title: T.cancelledTitle, text: T.cancelledText });
    return { outcome: 'cancelled' };
  }
  const reply = await run();
  if (!reply.ok) return { outcome: 'error', error: reply.error };
  if (reply.value.outcome === 'deleted') await alertDialog({ title: T.deletedTitle, text: T.deletedText, autoCloseMs: T.deletedAutoCloseMs });
  return { outcome: reply.value.outcome };
}

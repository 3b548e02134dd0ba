/**
 * The spec's delete flow for any transaction screen: 'Are you sure?' → run the delete command →
 * 'Deleted!' (closes itself after 1750 ms) or, when declined, 'Cancelled' / 'Your data is safe'.
 * Answers what happened so the screen can stay and show the pending banner ('marked') or show the command's
 * error. Once deleted it goes to `home` first and says 'Deleted!' there (the dialog lives above the routes): the
 * screen of the record just deleted would otherwise read it as missing and show 'Page not found' behind the
 * dialog (issue 39).
 */
import { DELETE_TEXTS as T, type DeleteResult } from '../../commands/lib/deletion';
import type { CommandError, Reply } from '../../commands/index';
import { alertDialog, confirmDialog } from './dialogs';
import { navigate } from '../router';

export type DeleteFlowResult = { outcome: DeleteResult['outcome'] | 'cancelled' } | { outcome: 'error'; error: CommandError };

export async function runDeleteFlow(run: () => Promise<Reply<DeleteResult>>, home: string): Promise<DeleteFlowResult> {
  const yes = await confirmDialog({ title: T.confirmTitle, text: T.confirmText, confirmText: T.confirmButton });
  if (!yes) {
    await alertDialog({ title: T.cancelledTitle, text: T.cancelledText });
    return { outcome: 'cancelled' };
  }
  const reply = await run();
  if (!reply.ok) return { outcome: 'error', error: reply.error };
  if (reply.value.outcome === 'deleted') {
    navigate(home);
    await alertDialog({ title: T.deletedTitle, text: T.deletedText, autoCloseMs: T.deletedAutoCloseMs });
  }
  return { outcome: reply.value.outcome };
}

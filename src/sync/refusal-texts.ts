/** What the 'Not accepted' screen says about one refused change: what happened here, and what to do about it. */
import type { SyncRefusal } from '../../commands/sync';

const DONE: Record<SyncRefusal['change'], string> = {
  deleted: 'Deleted on this till',
  changed: 'Changed on this till',
  made: 'Made on this till',
};

export function refusalWhat(r: SyncRefusal): string {
  const outcome =
    r.outcome === 'restored'
      ? r.change === 'deleted'
        ? 'it is back on this till, as on every other device'
        : 'the server’s version is back on this till, as on every other device'
      : 'it stays on this till only; no other device has it';
  return `${DONE[r.change]}, but the server did not accept it: ${outcome}.`;
}

export function refusalAdvice(r: SyncRefusal): string {
  if (r.change === 'deleted') return 'Ask someone the delete policy allows to delete it, or the owner can change ‘Who may delete’ in Settings.';
  if (r.change === 'changed') return 'Ask someone whose role may make this change to make it, or the owner can change the rule in Settings.';
  return 'Ask someone whose role may record this to record it again; then take this line off the list.';
}

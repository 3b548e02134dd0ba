/**
 * The till's side of the customer display: while a sale screen is open it publishes the basket on the business's
 * display channel (./display-state.ts) at every change and answers a display that just opened. One feed at a
 * time per tab (the screen on show). Closing it (the screen left, the device locked) shows the business's name,
 * except right after a sale: the display keeps that sale's total, paid and change until the next basket starts.
 */
import { isImageDataUrl, headerHasImage } from '../../commands/invoice-header';
import { dispatch } from '../bus';
import { displayChannelName, type DisplayMessage, type DisplayView } from './display-state';

type Feed = { business: string; name: string; channel: BroadcastChannel; view: DisplayView; logo?: string };

let feed: Feed | null = null;
/** A feed just closed: a sale's save can land after its screen has gone (the save navigates first). */
let closing: Feed | null = null;

function post(f: Feed): void {
  const message: DisplayMessage = { type: 'state', business: f.name, view: f.view, ...(f.logo ? { logo: f.logo } : {}) };
  f.channel.postMessage(message);
}

let listening = false;
/** The till's tab closed or reloaded (no unmount runs then): a basket on the display clears at once. */
function listenForPageHide(): void {
  if (listening) return;
  listening = true;
  addEventListener('pagehide', () => {
    const f = feed ?? closing;
    if (f?.view.kind !== 'basket') return;
    f.view = { kind: 'idle' };
    post(f);
  });
}

/** Starts publishing for this business (`name` is what the display shows when idle). */
export function openFeed(business: string, name: string): void {
  if (typeof BroadcastChannel === 'undefined') return;
  closeFeed();
  const channel = new BroadcastChannel(displayChannelName(business));
  const f: Feed = { business, name, channel, view: { kind: 'idle' } };
  channel.onmessage = (e: MessageEvent<DisplayMessage>) => {
    if (e.data?.type === 'hello') post(f);
  };
  feed = f;
  listenForPageHide();
  // The logo is the invoice header's image (image mode); read once, sent with every message after.
  void dispatch('invoice-header-get', {}).then((r) => {
    const h = r.ok ? r.value : null;
    if (feed !== f || !h || !headerHasImage(h) || !isImageDataUrl(h.header)) return;
    f.logo = h.header;
    post(f);
  });
}

/** The basket as it stands (null or no lines: idle). A finished sale stays up until a basket has lines again. */
export function publishBasket(view: Extract<DisplayView, { kind: 'basket' }> | null): void {
  if (!feed) return;
  const next: DisplayView = view && view.lines.length ? view : feed.view.kind === 'done' ? feed.view : { kind: 'idle' };
  if (JSON.stringify(next) === JSON.stringify(feed.view)) return;
  feed.view = next;
  post(feed);
}

/** The sale on the display was saved as `invoice`: its figures stay up with a thank-you. */
export function publishSaved(invoice: string): void {
  const f = feed ?? closing;
  if (!f || f.view.kind !== 'basket') return;
  f.view = { ...f.view, kind: 'done', invoice };
  post(f);
}

/** Stops publishing; a basket left unsold clears from the display (after this task, in case it was just sold). */
export function closeFeed(): void {
  const f = feed;
  if (!f) return;
  feed = null;
  closing = f;
  setTimeout(() => {
    if (f.view.kind === 'basket') {
      f.view = { kind: 'idle' };
      post(f);
    }
    f.channel.close();
    if (closing === f) closing = null;
  }, 0);
}

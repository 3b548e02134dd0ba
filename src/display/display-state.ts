/**
 * What the till tells the customer display (/display, issue 29), over a BroadcastChannel named per business:
 * it reaches only the tabs and windows of this browser profile on this origin, so the display shows what a till
 * signed in here publishes and nothing else (it reads no data of its own). Amounts travel already formatted, as
 * the till shows them.
 *
 *   display → till   { type: 'hello' }                       a display just opened: say where the sale is
 *   till → display   { type: 'state', business, logo?, view } after every change of the basket, and to 'hello'
 */
export type DisplayLine = { name: string; quantity: string; price: string; total: string };

export type DisplayView =
  | { kind: 'idle' }
  /** A basket being built: its lines, the total due, what the customer handed over and the change. */
  | { kind: 'basket'; lines: DisplayLine[]; total: string; paid: string; change: string }
  /** The sale just saved: the same figures and its invoice number, until the next basket. */
  | { kind: 'done'; lines: DisplayLine[]; total: string; paid: string; change: string; invoice: string };

export type DisplayMessage = { type: 'hello' } | { type: 'state'; business: string; logo?: string; view: DisplayView };

export const displayChannelName = (business: string) => `oja-display:${business}`;

const isText = (v: unknown): v is string => typeof v === 'string';
const isLine = (l: unknown): l is DisplayLine => {
  const o = l as DisplayLine;
  return !!o && isText(o.name) && isText(o.quantity) && isText(o.price) && isText(o.total);
};

/** A state message as the display may show it, or null (anything else on the channel is ignored). */
export function readState(data: unknown): Extract<DisplayMessage, { type: 'state' }> | null {
  const m = data as Extract<DisplayMessage, { type: 'state' }>;
  if (!m || m.type !== 'state' || !isText(m.business) || (m.logo !== undefined && !isText(m.logo)) || !m.view) return null;
  const v = m.view;
  if (v.kind === 'idle') return m;
  if (v.kind !== 'basket' && v.kind !== 'done') return null;
  if (!Array.isArray(v.lines) || !v.lines.every(isLine) || !isText(v.total) || !isText(v.paid) || !isText(v.change)) return null;
  if (v.kind === 'done' && !isText(v.invoice)) return null;
  return m;
}

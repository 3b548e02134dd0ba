/**
 * /display: the customer display (issue 29), a second window turned to the customer. It reads nothing itself: it
 * shows what a till of this browser profile publishes on the business's channel (./display-state.ts): the
 * basket as it is built, the total, paid and change, then the sale's figures with a thank-you; idle, the
 * business's name and logo. Without a signed-in user on this device it knows no business and shows how to open it.
 */
import { useEffect, useState } from 'react';
import { useSession } from '../session';
import { displayChannelName, readState, type DisplayMessage } from './display-state';

type State = Extract<DisplayMessage, { type: 'state' }>;

export function CustomerDisplay() {
  const user = useSession();
  const business = user?.business ?? '';
  const [state, setState] = useState<State | null>(null);

  useEffect(() => {
    if (!business || typeof BroadcastChannel === 'undefined') return;
    const channel = new BroadcastChannel(displayChannelName(business));
    channel.onmessage = (e: MessageEvent<unknown>) => {
      const next = readState(e.data);
      if (next) setState(next);
    };
    const hello: DisplayMessage = { type: 'hello' };
    channel.postMessage(hello);
    return () => channel.close();
  }, [business]);

  if (!user) {
    return (
      <main className="customer-display" data-testid="customer-display">
        <p className="display-help">Open the customer display from a signed-in till: in the quick sale, press Customer display.</p>
      </main>
    );
  }
  const name = state?.business || user.businessName;
  const view = state?.view ?? { kind: 'idle' as const };
  const logo = state?.logo;
  if (view.kind === 'idle') {
    return (
      <main className="customer-display display-idle" data-testid="customer-display" data-state="idle">
        {logo && <img className="display-logo" src={logo} alt="" />}
        <h1 data-testid="display-business">{name}</h1>
      </main>
    );
  }
  return (
    <main className="customer-display" data-testid="customer-display" data-state={view.kind}>
      <header className="display-head">
        {logo && <img className="display-logo-small" src={logo} alt="" />}
        <span data-testid="display-business">{name}</span>
      </header>
      <ol className="display-lines" data-testid="display-lines">
        {view.lines.map((l, i) => (
          <li key={i} className="display-line">
            <span className="display-name">{l.name}</span>
            <span className="display-qty">
              {l.quantity} × {l.price}
            </span>
            <span className="display-amount">{l.total}</span>
          </li>
        ))}
      </ol>
      <dl className="display-totals">
        <dt>Total</dt>
        <dd data-testid="display-total">{view.total}</dd>
        <dt>Paid</dt>
        <dd data-testid="display-paid">{view.paid}</dd>
        <dt>Change</dt>
        <dd data-testid="display-change">{view.change}</dd>
      </dl>
      {view.kind === 'done' && (
        <p className="display-thanks" data-testid="display-thanks">
          Thank you! Invoice {view.invoice}
        </p>
      )}
    </main>
  );
}

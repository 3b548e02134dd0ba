/**
 * A sale screen's side of the customer display: while the screen is open, its basket (already in display form)
 * goes to the display at every change (./till-feed.ts), for the signed-in business.
 */
import { useEffect } from 'react';
import { useSession } from '../session';
import type { DisplayView } from './display-state';
import { closeFeed, openFeed, publishBasket } from './till-feed';

export type BasketView = Extract<DisplayView, { kind: 'basket' }>;

export function useTillFeed(view: BasketView): void {
  const user = useSession();
  const business = user?.business ?? '';
  const name = user?.businessName ?? '';
  useEffect(() => {
    if (!business) return;
    openFeed(business, name);
    return closeFeed;
  }, [business, name]);
  const key = JSON.stringify(view);
  useEffect(() => publishBasket(view), [key, business]);
}

/** A line's name as the display shows it: variant values, then the unit sold when the item has units. */
export const displayName = (name: string, unit?: string) => (unit ? `${name} · ${unit}` : name);

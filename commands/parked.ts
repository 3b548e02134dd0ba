/**
 * Parked sales (beyond the spec): a basket set aside under a name or number while the customer fetches
 * something, resumed later on the same device. Parked baskets live in the device-only database (never
 * synced, never a `sale`), so they never count as sales and another device never sees them.
 */
import type { ParkedInput, ParkedSale } from './docs';
import type { Reads } from './reads';

export type { ParkedInput, ParkedLine, ParkedSale, ParkedSaleDoc } from './docs';

export const PARKED_MESSAGES = {
  labelRequired: 'Give the parked sale a name or number',
  empty: 'There is nothing to park: the basket is empty',
  gone: 'That parked sale is no longer here (it was resumed already)',
  busy: 'Park or complete the sale on screen before resuming another',
  taken: (label: string) => `A parked sale is already called '${label}'`,
} as const;

export type ParkedCommands = {
  'parked-list': (input: Record<string, never>) => Promise<ParkedSale[]>;
  'parked-save': (input: ParkedInput) => Promise<ParkedSale>;
  /** Resume: answers the basket and removes it from the parked list in one step. */
  'parked-take': (input: { id: string }) => Promise<ParkedSale>;
};

export const PARKED_READS = {
  'parked-list': ['parked-sale'],
} as const satisfies Reads<ParkedCommands>;

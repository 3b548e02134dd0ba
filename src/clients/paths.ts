/** Where a client's statement lives: /customer/{id}, or /supplier/{id} with the supplier view of payment rows. */
import type { ClientKind } from '../../commands/clients';

export const statementPath = (kind: ClientKind, id: string) => (kind === 'customer' ? `/customer/${id}` : `/supplier/${id}?client=supplier`);
export const receiptPath = (id: string) => `/payment/invoice/${id}`;

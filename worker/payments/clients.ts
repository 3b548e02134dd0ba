/** Resolving the client a payment, adjustment or transfer is for: a live customer or supplier, as a ClientRef. */
import type { ClientDoc, ClientRef } from '../../commands/docs';
import type { ClientKind } from '../../commands/clients';
import { UserError } from '../../commands/errors';
import { PAYMENT_MESSAGES } from '../../commands/payments';
import type { Ctx } from '../context';
import { getKind } from '../db';

/** The client, or 'You must choose a {kind}' when the id is empty, unknown, deleted or of the other kind. */
export async function chosenClient(ctx: Ctx, id: string | undefined, kind: ClientKind | undefined): Promise<ClientDoc> {
  const want: ClientKind = kind === 'supplier' ? 'supplier' : 'customer';
  const ref = typeof id === 'string' ? id.trim() : '';
  const doc = ref ? await getKind(ctx.db.main, ref, 'customer', 'supplier') : undefined;
  if (!doc || doc._deleted || doc.stores !== want) throw new UserError('client-required', PAYMENT_MESSAGES.chooseClient(want));
  return doc;
}

export function clientRef(doc: ClientDoc): ClientRef {
  return { name: doc.name, account_ref: doc._id, ...(doc.phone_number ? { phone_number: doc.phone_number } : {}) };
}

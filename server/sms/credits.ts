/**
 * SMS credits, written only by the server (clients are refused by validate_doc_update): append-only documents
 * in the business's shared database. One function credits units, whatever the cause (a new business's 10
 * units, a verified purchase with its bonus, the opening balance migrated from the old counter); a credit's
 * id names its cause, so crediting the same cause twice is a no-op.
 */
import type { SmsCreditDoc } from '../../commands/docs';
import { creditUnits, SMS_CREDIT_PREFIX } from '../../commands/lib/sms-balance';
import type { CouchClient } from '../couch/client';
import { businessDb } from '../couch/names';

export type SmsCredit = Pick<SmsCreditDoc, 'units' | 'reason' | 'reference' | 'date'> & { id: string };

/** Writes the credit; answers false when a credit with this id already exists (already credited). */
export async function creditSmsUnits(couch: CouchClient, business: string, credit: SmsCredit): Promise<boolean> {
  if (!credit.id.startsWith(SMS_CREDIT_PREFIX)) throw new Error(`credit ids start with ${SMS_CREDIT_PREFIX}`);
  const { id, ...fields } = credit;
  const doc: SmsCreditDoc = { _id: id, stores: 'sms-credit', ...fields };
  const res = await couch.request('PUT', `/${encodeURIComponent(businessDb(business, 'shared'))}/${encodeURIComponent(id)}`, doc);
  if (res.status === 409) return false;
  if (res.status >= 300) throw new Error(`crediting SMS units: ${res.status}`);
  return true;
}

/** Every credit of a business (a handful of documents: one per purchase). */
export async function smsCredits(couch: CouchClient, business: string): Promise<number> {
  const docs = await couch.byPrefix<SmsCreditDoc>(businessDb(business, 'shared'), SMS_CREDIT_PREFIX);
  return docs.reduce((sum, d) => sum + (d.stores === 'sms-credit' ? creditUnits(d) : 0), 0);
}

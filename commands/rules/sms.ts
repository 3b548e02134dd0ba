/**
 * The SMS outbox: a message is only ever created by a client, exactly as worker/sms/outbox.ts queues it —
 * status queued, the units its text needs, no sender (the server's own), one E.164 number
 * (commands/lib/phone.ts), a bounded text and none of the dispatcher's fields. After that only the server's
 * dispatcher changes it, so a device can neither re-queue a sent message nor change what it cost.
 */
import { normalisePhone } from '../lib/phone';
import { SMS_MAX_CHARS } from '../lib/sms';
import { SMS_SEGMENT } from '../lib/sms-pricing';
import { kindOf, type Rule } from './types';

/** What only the dispatcher writes on a message (server/sms/deliver.ts): never in what a device queues. */
export const SMS_SERVER_FIELDS = ['claim', 'provider_id', 'reason', 'attempts', 'retry_at', 'sent_at'] as const;

export const smsRule: Rule = (w) => {
  if (kindOf(w) !== 'sms' && w.doc.stores !== 'sms') return undefined;
  const { doc, stored } = w;
  if (stored || doc._deleted === true) return 'A queued SMS can only be changed by the server.';
  if (doc.sender !== undefined && doc.sender !== '') return 'An SMS is queued without a sender: the server sends under the business sender ID.';
  if (typeof doc.recipient !== 'string' || normalisePhone(doc.recipient) !== doc.recipient) return 'An SMS goes to one phone number in international form, such as +2348039991234.';
  if (typeof doc.message !== 'string' || doc.message.trim() === '' || doc.message.length > SMS_MAX_CHARS) return `An SMS message is a text of 1 to ${SMS_MAX_CHARS} characters.`;
  for (const field of SMS_SERVER_FIELDS) if (doc[field] !== undefined) return `Only the server sets ${field} on an SMS.`;
  if ((doc.kind !== undefined && typeof doc.kind !== 'string') || (doc.ref !== undefined && typeof doc.ref !== 'string')) return 'An SMS kind and reference are texts.';
  if (doc.status !== 'queued' || doc.units !== Math.ceil(doc.message.length / SMS_SEGMENT)) return `An SMS is queued with status queued and units = ceil(length / ${SMS_SEGMENT}).`;
  return undefined;
};

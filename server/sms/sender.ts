/**
 * The sender ID a business's messages leave under: its smsSender setting (shared database), else its name,
 * cut to the spec's 11 characters, as the worker used to write it into each message. The dispatcher reads it
 * when it sends rather than trusting the message: a device writes no sender (validate_doc_update refuses
 * one), so no member can send under a name the owner did not set, and a device that queued offline before the
 * owner changed the ID is not refused for carrying the old one.
 */
import { CONFIG_DOC_PREFIX } from '../../commands/config';
import type { ConfigDoc } from '../../commands/docs';
import { SMS_SENDER_MAX } from '../../commands/lib/sms';
import { getBusiness } from '../api/directory';
import type { CouchClient } from '../couch/client';
import { businessDb } from '../couch/names';

export async function senderOf(couch: CouchClient, business: string): Promise<string> {
  const setting = await couch.get<ConfigDoc>(businessDb(business, 'shared'), `${CONFIG_DOC_PREFIX}smsSender`);
  const configured = typeof setting?.value === 'string' ? setting.value.trim() : '';
  const name = configured || (await getBusiness(couch, business))?.name?.trim() || 'Oja';
  return name.slice(0, SMS_SENDER_MAX);
}

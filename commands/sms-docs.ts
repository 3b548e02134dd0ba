/** The SMS outbox's document (main database). Re-exported by ./docs.ts. */
import type { Millis } from './lib/dates';
import type { BaseDoc } from './base-doc';

/**
 * A message in the SMS outbox (main database). The device writes it 'queued' with its unit count; from then on
 * only the server's dispatcher changes it (validate_doc_update): 'sending' while claimed, then 'sent' with the
 * provider's id or 'failed' with the reason. Its units are the debit side of the SMS balance (not when failed).
 */
export type SmsDoc = BaseDoc & {
  stores: 'sms';
  /**
   * Empty: the server's dispatcher sends under the business's sender ID (server/sms/sender.ts). Messages
   * queued before that carry the ID of their day, which the dispatcher ignores.
   */
  sender: string;
  /** One phone number in E.164 form (commands/lib/phone.ts). */
  recipient: string;
  /** At most SMS_MAX_CHARS characters. */
  message: string;
  /** ceil(message length / 160), fixed when queued. Older messages lack it: derive it from the text. */
  units?: number;
  status?: SmsStatus;
  /** The transaction the message is about (a sale's id). */
  ref?: string;
  /** Which kind of message (sale, payment, adjustment, transfer, return): the log shows it. */
  kind?: string;
  /** Set by the dispatcher. */
  reason?: string;
  provider_id?: string;
  sent_at?: Millis;
  attempts?: number;
  /** A temporary failure is tried again at this time. */
  retry_at?: Millis;
  /** The dispatcher process (and its run) that claimed the message for sending. */
  claim?: { by: string; run: string; at: Millis };
};

export type SmsStatus = 'queued' | 'sending' | 'sent' | 'failed';

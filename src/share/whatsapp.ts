/**
 * WhatsApp's click-to-chat link: https://wa.me/{number}?text={text}, the number in international form as digits
 * only (no +, no leading zeros). Client phones are stored E.164 (commands/lib/phone.ts); a walk-in's number is
 * typed as people write it, so it goes through the same normalisation. With no usable number the link opens
 * WhatsApp with the text and lets the person pick the chat.
 */
import { normalisePhone } from '../../commands/lib/phone';

export function whatsappDigits(phone: string | undefined | null): string {
  const e164 = phone ? normalisePhone(phone) : null;
  return e164 ? e164.slice(1) : '';
}

export function whatsappLink(phone: string | undefined | null, text: string): string {
  return `https://wa.me/${whatsappDigits(phone)}?text=${encodeURIComponent(text)}`;
}

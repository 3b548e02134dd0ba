/**
 * Phone numbers as the SMS outbox stores them: E.164 (`+` and 8 to 15 digits), Nigerian numbers as +234 and
 * the 10-digit national number. A till types them as people write them: 0803 999 1234, 803-999-1234,
 * 234 803 999 1234, +234 (0)803 999 1234, 00 44 20 7946 0958. One number per message: a text with two
 * numbers in it is no phone number (three recipients in one string were charged one unit).
 *
 * The worker normalises a recipient when it queues a message (worker/sms/outbox.ts); the rulebook
 * (commands/rules/sms.ts, run by the server's gate too) accepts a recipient only when it is already normalised.
 */

/** Nigeria's calling code: a number written the national way (0 and 10 digits) is Nigerian. */
export const HOME_CODE = '234';

export const PHONE_MESSAGES = {
  notAPhone: 'The phone number is not a phone number: no SMS was sent',
} as const;

/** The number in E.164 form, or null when the text is not one phone number. */
export function normalisePhone(text: unknown): string | null {
  if (typeof text !== 'string' || text.length > 40) return null;
  let t = '';
  for (const c of text) if (' -.()'.indexOf(c) === -1) t += c;
  let international = false;
  if (t.charAt(0) === '+') {
    international = true;
    t = t.slice(1);
  } else if (t.slice(0, 2) === '00') {
    international = true;
    t = t.slice(2);
  }
  for (const c of t) if (c < '0' || c > '9') return null;
  if (!international) {
    if (t.length === 11 && t.charAt(0) === '0') t = HOME_CODE + t.slice(1);
    else if (t.length === 10 && '789'.indexOf(t.charAt(0)) !== -1) t = HOME_CODE + t;
    else if (!(t.length === 13 && t.slice(0, 3) === HOME_CODE)) return null;
  }
  // +234 (0)803…: the national trunk 0 written after the country code.
  if (t.slice(0, 3) === HOME_CODE && t.length === 14 && t.charAt(3) === '0') t = HOME_CODE + t.slice(4);
  if (t.slice(0, 3) === HOME_CODE && (t.length !== 13 || t.charAt(3) === '0')) return null;
  if (t.length < 8 || t.length > 15 || t.charAt(0) === '0') return null;
  return '+' + t;
}

/** Amounts in words for invoices: naira and kobo (document 000 section 1). */
import { toMinor } from './money';

const ONES = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve',
  'thirteen', 'fourteen', 'fifteen', 'sixteen', 'seventeen', 'eighteen', 'nineteen'];
const TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];
const SCALES = ['', 'thousand', 'million', 'billion', 'trillion'];

function belowThousand(n: number): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  const parts: string[] = [];
  if (hundreds) parts.push(`${ONES[hundreds]} hundred`);
  if (rest) {
    const tens = rest < 20 ? ONES[rest] : TENS[Math.floor(rest / 10)] + (rest % 10 ? `-${ONES[rest % 10]}` : '');
    parts.push(hundreds ? `and ${tens}` : tens);
  }
  return parts.join(' ');
}

/** A whole number in English words, British style ('one thousand two hundred and five'). */
export function numberToWords(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`numberToWords needs a non-negative integer, got ${n}`);
  if (n === 0) return 'zero';
  const groups: number[] = [];
  for (let rest = n; rest > 0; rest = Math.floor(rest / 1000)) groups.push(rest % 1000);
  const words: string[] = [];
  for (let i = groups.length - 1; i >= 0; i--) {
    const g = groups[i];
    if (!g) continue;
    const text = belowThousand(g);
    // 'one thousand and five': the last group joins with 'and' when it has no hundreds.
    const joiner = i === 0 && words.length > 0 && g < 100 ? 'and ' : '';
    words.push(joiner + text + (SCALES[i] ? ` ${SCALES[i]}` : ''));
  }
  return words.join(' ');
}

function capitalise(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** e.g. 1250.5 → 'One thousand two hundred and fifty naira, fifty kobo'. */
export function amountInWords(amount: number): string {
  const minor = Math.abs(toMinor(amount));
  const naira = Math.floor(minor / 100);
  const kobo = minor % 100;
  let text = `${numberToWords(naira)} naira`;
  if (kobo) text += `, ${numberToWords(kobo)} kobo`;
  return (amount < 0 ? 'Minus ' : '') + (amount < 0 ? text : capitalise(text));
}

/**
 * A cheap pass over a request's raw JSON bytes before JSON.parse holds it whole: the body's bytes are already
 * bounded (./query-bounds.ts bodyLimit), but not what they parse into. Three bytes of `[],` become an array of
 * ~50 bytes of heap (a 63 MB body took the server 0.56 → 2.18 GB), and 200,000 nested arrays overflow the
 * stack of whatever walks them later. So nesting depth, the members of any one object or array, the values of
 * one document and of the whole request are counted here, in one pass that never allocates per value.
 *
 * Counting: every `{`, `[` and `,` outside a string is one value (a member of an object counts once, its key
 * and value together). Strings are skipped with Buffer.indexOf, so a picture's base64 costs next to nothing.
 * Nothing here proves the text is valid JSON: JSON.parse still decides that, on a text now known to be small
 * in what it builds.
 */
import { Refusal } from './refusal';
import { DOC_TOO_LARGE, MAX_DOC_CHARS, MAX_DOC_VALUES, MAX_JSON_DEPTH, MAX_MEMBERS, MAX_REQUEST_VALUES } from './limits';

const OPEN_OBJECT = 0x7b;
const OPEN_ARRAY = 0x5b;
const CLOSE_OBJECT = 0x7d;
const CLOSE_ARRAY = 0x5d;
const COMMA = 0x2c;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/**
 * `docDepth`: the depth at which an object is one document (1: the body is the document, a PUT; 3: an entry
 * of `{"docs": [...]}`, a _bulk_docs), whose bytes and values are then bounded like a document's; 0: none.
 */
export function checkJsonShape(raw: Buffer, docDepth: number): void {
  const members = new Int32Array(MAX_JSON_DEPTH + 2);
  let depth = 0;
  let values = 0;
  let docStart = -1;
  let docValues = 0;
  for (let i = 0; i < raw.length; i++) {
    const b = raw[i];
    if (b === QUOTE) {
      i = closingQuote(raw, i);
      continue;
    }
    if (b === OPEN_OBJECT || b === OPEN_ARRAY) {
      depth += 1;
      if (depth > MAX_JSON_DEPTH) throw new Refusal(400, 'bad_request', `The request nests deeper than ${MAX_JSON_DEPTH} levels.`);
      members[depth] = 0;
      if (depth === docDepth) {
        docStart = i;
        docValues = 0;
      }
    } else if (b === CLOSE_OBJECT || b === CLOSE_ARRAY) {
      if (depth === docDepth && docStart >= 0) {
        if (i + 1 - docStart > MAX_DOC_CHARS) throw new Refusal(413, 'too_large', DOC_TOO_LARGE);
        docStart = -1;
      }
      depth = Math.max(0, depth - 1);
      continue;
    } else if (b === COMMA) {
      if (++members[depth] >= MAX_MEMBERS) throw new Refusal(413, 'too_large', `At most ${MAX_MEMBERS} entries in one list or object.`);
    } else continue;
    if (++values > MAX_REQUEST_VALUES) throw new Refusal(413, 'too_large', `At most ${MAX_REQUEST_VALUES} values per request.`);
    if (docStart >= 0 && ++docValues > MAX_DOC_VALUES) throw new Refusal(413, 'too_large', `At most ${MAX_DOC_VALUES} values in one document.`);
  }
}

/** The index of the quote that closes the string opened at `open` (the last index when it never closes). */
function closingQuote(raw: Buffer, open: number): number {
  let at = open;
  for (;;) {
    at = raw.indexOf(QUOTE, at + 1);
    if (at < 0) return raw.length;
    // Escaped when an odd number of backslashes stands right before it.
    let slashes = 0;
    while (raw[at - 1 - slashes] === BACKSLASH) slashes++;
    if (slashes % 2 === 0) return at;
  }
}

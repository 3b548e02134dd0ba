/**
 * A cheap pass over a request's raw JSON bytes, as they arrive, before JSON.parse holds them whole: the body's
 * bytes are already bounded (./query-bounds.ts bodyLimit), but not what they parse into. Three bytes of `[],`
 * become an array of ~50 bytes of heap (a 63 MB body took the server 0.56 → 2.18 GB), and 200,000 nested
 * arrays overflow the stack of whatever walks them later. So nesting depth, the members of any one object or
 * array, the values of one document and of the whole request are counted here, chunk by chunk (each socket
 * chunk costs a few microseconds; a 30 MB body scanned in one go held other shops' requests a second), and a
 * request is refused at the first byte past a bound, while it is still being sent.
 *
 * Counting: every `{`, `[` and `,` outside a string is one value (a member of an object counts once, its key
 * and value together). Strings are skipped with Buffer.indexOf, so a picture's base64 costs next to nothing.
 * Nothing here proves the text is valid JSON: JSON.parse still decides that, on a text now known to be small
 * in what it builds.
 */
import { Refusal } from './refusal';
import { DOC_TOO_LARGE, MAX_STREAMED_DOC_CHARS, MAX_DOC_VALUES, MAX_JSON_DEPTH, MAX_MEMBERS, MAX_REQUEST_VALUES } from './limits';

const OPEN_OBJECT = 0x7b;
const OPEN_ARRAY = 0x5b;
const CLOSE_OBJECT = 0x7d;
const CLOSE_ARRAY = 0x5d;
const COMMA = 0x2c;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

export class JsonShape {
  private readonly members = new Int32Array(MAX_JSON_DEPTH + 2);
  private depth = 0;
  private values = 0;
  /** Offset (in the whole body) where the document being read began; -1 outside one. */
  private docStart = -1;
  private docValues = 0;
  /** Bytes of the body before the current chunk. */
  private offset = 0;
  private inString = false;
  /** Backslashes that ended the previous chunk inside a string (an odd count escapes the next byte). */
  private slashes = 0;

  /**
   * `docDepth`: the depth at which an object is one document (1: the body is the document, a PUT; 3: an entry
   * of `{"docs": [...]}`, a _bulk_docs), whose bytes and values are then bounded like a document's; 0: none.
   */
  constructor(private readonly docDepth: number) {}

  /** Scans the next chunk of the body; throws a Refusal at the first bound passed. */
  push(chunk: Buffer): void {
    const members = this.members;
    let i = 0;
    if (this.inString) i = this.stringEnd(chunk, 0);
    for (; i < chunk.length; i++) {
      const b = chunk[i];
      if (b === QUOTE) {
        this.inString = true;
        this.slashes = 0;
        i = this.stringEnd(chunk, i + 1) - 1;
        continue;
      }
      if (b === OPEN_OBJECT || b === OPEN_ARRAY) {
        this.depth += 1;
        if (this.depth > MAX_JSON_DEPTH) throw new Refusal(400, 'bad_request', `The request nests deeper than ${MAX_JSON_DEPTH} levels.`);
        members[this.depth] = 0;
        if (this.depth === this.docDepth) {
          this.docStart = this.offset + i;
          this.docValues = 0;
        }
      } else if (b === CLOSE_OBJECT || b === CLOSE_ARRAY) {
        if (this.depth === this.docDepth && this.docStart >= 0) {
          if (this.offset + i + 1 - this.docStart > MAX_STREAMED_DOC_CHARS) throw new Refusal(413, 'too_large', DOC_TOO_LARGE);
          this.docStart = -1;
        }
        this.depth = Math.max(0, this.depth - 1);
        continue;
      } else if (b === COMMA) {
        if (++members[this.depth] >= MAX_MEMBERS) throw new Refusal(413, 'too_large', `At most ${MAX_MEMBERS} entries in one list or object.`);
      } else continue;
      if (++this.values > MAX_REQUEST_VALUES) throw new Refusal(413, 'too_large', `At most ${MAX_REQUEST_VALUES} values per request.`);
      if (this.docStart >= 0 && ++this.docValues > MAX_DOC_VALUES) throw new Refusal(413, 'too_large', `At most ${MAX_DOC_VALUES} values in one document.`);
    }
    this.offset += chunk.length;
    // A document still open is bounded by its bytes so far, not only when it closes.
    if (this.docStart >= 0 && this.offset - this.docStart > MAX_STREAMED_DOC_CHARS) throw new Refusal(413, 'too_large', DOC_TOO_LARGE);
  }

  /**
   * Inside a string from `from`: the index just past its closing quote (leaving the string), or the chunk's
   * length when the string goes on into the next chunk (the backslashes that end this one are remembered).
   */
  private stringEnd(chunk: Buffer, from: number): number {
    let at = from - 1;
    for (;;) {
      at = chunk.indexOf(QUOTE, at + 1);
      if (at < 0) {
        let run = 0;
        while (run < chunk.length - from && chunk[chunk.length - 1 - run] === BACKSLASH) run++;
        this.slashes = run === chunk.length - from ? this.slashes + run : run;
        return chunk.length;
      }
      let run = 0;
      while (at - 1 - run >= from && chunk[at - 1 - run] === BACKSLASH) run++;
      if (at - run === from) run += this.slashes;
      if (run % 2 === 0) {
        this.inString = false;
        this.slashes = 0;
        return at + 1;
      }
    }
  }
}

/** The same checks on a body read whole. */
export function checkJsonShape(raw: Buffer, docDepth: number): void {
  new JsonShape(docDepth).push(raw);
}

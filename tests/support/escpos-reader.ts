/**
 * A small ESC/POS reader for tests: printer bytes back into what the paper shows, the text lines (code page
 * 437, the printer's default table, for bytes above 127), the QR codes and barcodes with their data, cuts and
 * cash-drawer kicks (ESC p). Any command it does not know makes it throw, so a test cannot pass over bytes
 * nobody looked at.
 */

// Code page 437's upper half (what ESC t 0 selects).
const CP437_HIGH =
  'ÇüéâäàåçêëèïîìÄÅÉæÆôöòûùÿÖÜ¢£¥₧ƒáíóúñÑªº¿⌐¬½¼¡«»░▒▓│┤╡╢╖╕╣║╗╝╜╛┐└┴┬├─┼╞╟╚╔╩╦╠═╬╧╨╤╥╙╘╒╓╫╪┘┌█▄▌▐▀αßΓπΣσµτΦΘΩδ∞φε∩≡±≥≤⌠⌡÷≈°∙·√ⁿ²■ ';

/** ESC commands with one parameter byte: print mode, underline, line spacing, bold, double strike, font,
 * character set, alignment, code table, feed by dots, feed by lines, upside down. */
const ESC_ONE_BYTE = '!-3EGMRatJd{';

export type Printed = {
  lines: string[];
  qrcodes: string[];
  barcodes: string[];
  /** Each drawer kick: [pin (0 or 1), on time, off time] in the command's units. */
  pulses: number[][];
  cuts: number;
};

export function readEscPos(input: Uint8Array | number[]): Printed {
  const b = Uint8Array.from(input);
  const out: Printed = { lines: [], qrcodes: [], barcodes: [], pulses: [], cuts: 0 };
  let line = '';
  let i = 0;
  const need = (n: number, what: string) => {
    if (i + n > b.length) throw new Error(`${what} cut short at byte ${i}`);
  };
  const endLine = () => {
    out.lines.push(line.trimEnd());
    line = '';
  };
  while (i < b.length) {
    const c = b[i];
    if (c === 0x0a) {
      endLine();
      i++;
    } else if (c === 0x0d) i++;
    else if (c === 0x1b) {
      need(2, 'ESC');
      const cmd = String.fromCharCode(b[i + 1]);
      if (cmd === '@') i += 2;
      else if (ESC_ONE_BYTE.includes(cmd)) {
        need(3, `ESC ${cmd}`);
        if (cmd === 'd') for (let n = 0; n < b[i + 2]; n++) endLine();
        i += 3;
      } else if (cmd === '2') i += 2;
      else if (cmd === 'p') {
        need(5, 'ESC p');
        out.pulses.push([b[i + 2], b[i + 3], b[i + 4]]);
        i += 5;
      } else throw new Error(`unknown command ESC ${cmd} (0x${b[i + 1].toString(16)}) at byte ${i}`);
    } else if (c === 0x1c) {
      need(2, 'FS');
      const cmd = String.fromCharCode(b[i + 1]);
      if (cmd === '.' || cmd === '&') i += 2;
      else throw new Error(`unknown command FS ${cmd} at byte ${i}`);
    } else if (c === 0x1d) {
      need(2, 'GS');
      const cmd = String.fromCharCode(b[i + 1]);
      if ('!BHbfhwL'.includes(cmd)) i += cmd === 'L' ? 4 : 3;
      else if (cmd === 'V') {
        need(3, 'GS V');
        out.cuts++;
        i += b[i + 2] >= 65 ? 4 : 3;
      } else if (cmd === '(' && b[i + 2] === 0x6b) {
        // GS ( k pL pH cn fn [data]: 2D codes; cn 49 = QR, fn 80 stores the data.
        need(5, 'GS ( k');
        const len = b[i + 3] + b[i + 4] * 256;
        need(5 + len, 'GS ( k data');
        const cn = b[i + 5];
        const fn = b[i + 6];
        if (cn === 49 && fn === 80) out.qrcodes.push(Buffer.from(b.slice(i + 8, i + 5 + len)).toString('latin1'));
        i += 5 + len;
      } else if (cmd === 'k') {
        // GS k m: m < 65 data ends with NUL; m >= 65 a length byte first. Code 128's {A/{B/{C code-set prefix is dropped.
        need(3, 'GS k');
        const m = b[i + 2];
        let data: Uint8Array;
        if (m >= 65) {
          const n = b[i + 3];
          need(4 + n, 'GS k data');
          data = b.slice(i + 4, i + 4 + n);
          i += 4 + n;
        } else {
          const end = b.indexOf(0, i + 3);
          if (end < 0) throw new Error('GS k without its NUL');
          data = b.slice(i + 3, end);
          i = end + 1;
        }
        const text = Buffer.from(data).toString('latin1');
        out.barcodes.push(m === 73 ? text.replace(/^\{[ABC]/, '') : text);
      } else throw new Error(`unknown command GS ${cmd} (0x${b[i + 1].toString(16)}) at byte ${i}`);
    } else if (c < 0x20 || c === 0x7f) throw new Error(`unknown control byte 0x${c.toString(16)} at byte ${i}`);
    else {
      line += c < 0x80 ? String.fromCharCode(c) : CP437_HIGH[c - 0x80];
      i++;
    }
  }
  if (line) endLine();
  return out;
}

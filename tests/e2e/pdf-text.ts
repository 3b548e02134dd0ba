/**
 * The text of each page of a PDF that Chromium printed (page.pdf()), for tests that check what a printout shows
 * page by page. Chromium (Skia) writes each page as one Flate-compressed content stream whose text is shown with
 * `<hex> Tj` in Type0 (two-byte codes) or Type3 (one-byte codes) fonts, each with a ToUnicode map: that, and no
 * more of PDF, is read here. A page's text is its runs in paint order, one string per run.
 */
import { inflateSync } from 'node:zlib';

type PdfObject = { dict: string; stream?: Buffer };

function objectsOf(pdf: Buffer): Map<number, PdfObject> {
  const text = pdf.toString('latin1');
  const objects = new Map<number, PdfObject>();
  const head = /(\d+) 0 obj\s*/g;
  for (let m = head.exec(text); m; m = head.exec(text)) {
    const start = m.index + m[0].length;
    const end = text.indexOf('endobj', start);
    const at = text.slice(start, end).indexOf('stream');
    if (at < 0) {
      objects.set(Number(m[1]), { dict: text.slice(start, end) });
      continue;
    }
    // A stream's bytes may hold anything: its /Length says where it ends, and the object's end comes after.
    const dict = text.slice(start, start + at);
    const from = start + at + 'stream'.length + (text[start + at + 6] === '\r' ? 2 : 1);
    const length = Number(/\/Length (\d+)/.exec(dict)?.[1] ?? 0);
    const raw = pdf.subarray(from, from + length);
    objects.set(Number(m[1]), { dict, stream: dict.includes('/FlateDecode') ? inflateSync(new Uint8Array(raw)) : raw });
    head.lastIndex = text.indexOf('endobj', from + length);
  }
  return objects;
}

const ref = (dict: string, key: string) => {
  const m = new RegExp(`/${key}\\s+(\\d+) 0 R`).exec(dict);
  return m ? Number(m[1]) : undefined;
};

/** A font's ToUnicode map: code (hex, as written in the content stream) → text. */
function unicodeMap(cmap: string): { width: number; map: Map<string, string> } {
  const map = new Map<string, string>();
  const utf16 = (hex: string) => String.fromCharCode(...(hex.match(/.{4}/g) ?? []).map((h) => parseInt(h, 16)));
  const width = /begincodespacerange\s*<([0-9A-Fa-f]+)>/.exec(cmap)?.[1].length ?? 4;
  for (const block of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const [, code, uni] of block[1].matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>/g)) map.set(code.toUpperCase(), utf16(uni));
  }
  for (const block of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const [, lo, hi, uni] of block[1].matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>/g)) {
      const first = parseInt(uni, 16);
      for (let c = parseInt(lo, 16); c <= parseInt(hi, 16); c++) {
        map.set(c.toString(16).toUpperCase().padStart(lo.length, '0'), String.fromCharCode(first + c - parseInt(lo, 16)));
      }
    }
  }
  return { width, map };
}

/** Each page's text runs, pages in print order. */
export function pdfPages(pdf: Uint8Array): string[][] {
  return pageTexts(pdf, false);
}

/**
 * Each page's text objects (BT … ET), pages in print order: the runs of one object joined. Chromium writes a line
 * of a cell as one text object, split into runs only where it kerns ('A' 'vailable'), so a text that wraps is in
 * two objects and one that does not is whole in one.
 */
export function pdfTextObjects(pdf: Uint8Array): string[][] {
  return pageTexts(pdf, true);
}

function pageTexts(pdf: Uint8Array, joinObjects: boolean): string[][] {
  const objects = objectsOf(Buffer.from(pdf));
  const catalog = [...objects.values()].find((o) => /\/Type\s*\/Catalog/.test(o.dict))!;
  const kids = (root: number): number[] => {
    const node = objects.get(root)!.dict;
    if (!/\/Type\s*\/Pages/.test(node)) return [root];
    const list = /\/Kids\s*\[([^\]]*)\]/.exec(node)![1];
    return [...list.matchAll(/(\d+) 0 R/g)].flatMap((k) => kids(Number(k[1])));
  };
  const fonts = new Map<number, ReturnType<typeof unicodeMap>>();
  const fontOf = (id: number) => {
    if (!fonts.has(id)) {
      const cmap = ref(objects.get(id)!.dict, 'ToUnicode');
      fonts.set(id, unicodeMap(cmap === undefined ? '' : objects.get(cmap)!.stream!.toString('latin1')));
    }
    return fonts.get(id)!;
  };
  return kids(ref(catalog.dict, 'Pages')!).map((pageId) => {
    const page = objects.get(pageId)!.dict;
    const resources = ref(page, 'Resources');
    const res = resources === undefined ? page : objects.get(resources)!.dict;
    const fontDict = /\/Font\s*<<([^>]*)>>/.exec(res)?.[1] ?? '';
    const byName = new Map([...fontDict.matchAll(/\/(\w+)\s+(\d+) 0 R/g)].map(([, name, id]) => [name, fontOf(Number(id))]));
    const contents = /\/Contents\s*\[?\s*((?:\d+ 0 R\s*)+)/.exec(page)![1];
    const content = [...contents.matchAll(/(\d+) 0 R/g)].map((c) => objects.get(Number(c[1]))!.stream!.toString('latin1')).join('\n');
    const runs: string[] = [];
    let font = byName.values().next().value;
    // A new text object (BT) starts a new entry; within one, runs are joined when joinObjects is asked for.
    let fresh = true;
    for (const [, name, hex, begin] of content.matchAll(/\/(\w+)\s+[\d.]+\s+Tf|<([0-9A-Fa-f]*)>\s*Tj|\b(BT)\b/g)) {
      if (begin) fresh = true;
      else if (name) font = byName.get(name) ?? font;
      else if (font) {
        const text = (hex.toUpperCase().match(new RegExp(`.{${font.width}}`, 'g')) ?? []).map((c) => font!.map.get(c) ?? '').join('');
        if (joinObjects && !fresh) runs[runs.length - 1] += text;
        else runs.push(text);
        fresh = false;
      }
    }
    return runs;
  });
}

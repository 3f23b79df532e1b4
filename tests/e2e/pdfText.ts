import zlib from 'node:zlib';

// The text of a PDF that Chromium printed (page.pdf()), without a PDF library. Skia writes each page's text as glyph
// codes of embedded fonts (two bytes a glyph in Type0 fonts, one in simple ones) in Flate-compressed content streams,
// with a ToUnicode map for every font, marks what it draws right to left as /ReversedChars and gives the letters
// behind shaped Arabic glyphs as /ActualText: all it takes to read the text back. Enough for our invoice, not a
// general PDF reader.

interface PdfObject {
  dict: string;
  stream?: Buffer;
}

function objectsOf(pdf: Buffer): Map<number, PdfObject> {
  const text = pdf.toString('latin1');
  const objects = new Map<number, PdfObject>();
  const header = /(\d+) 0 obj\b/g;
  for (let match = header.exec(text); match; match = header.exec(text)) {
    const start = match.index + match[0].length;
    const end = text.indexOf('endobj', start);
    const body = text.slice(start, end);
    const streamAt = body.search(/\bstream\r?\n/);
    if (streamAt < 0) {
      objects.set(Number(match[1]), { dict: body });
      continue;
    }
    const dataStart = start + body.indexOf('\n', streamAt) + 1;
    const dataEnd = text.lastIndexOf('endstream', end);
    let data = pdf.subarray(dataStart, dataEnd);
    if (/\/FlateDecode/.test(body.slice(0, streamAt)))
      data = zlib.inflateSync(data, { finishFlush: zlib.constants.Z_SYNC_FLUSH });
    objects.set(Number(match[1]), { dict: body.slice(0, streamAt), stream: data });
    header.lastIndex = end;
  }
  return objects;
}

const hexToText = (hex: string) => {
  const codes: number[] = [];
  for (let i = 0; i + 4 <= hex.length; i += 4) codes.push(parseInt(hex.slice(i, i + 4), 16));
  return String.fromCharCode(...codes);
};

/** A font's ToUnicode map: glyph id → the text it stands for (a ligature stands for several characters). */
function toUnicode(cmap: string): Map<number, string> {
  const map = new Map<number, string>();
  for (const block of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g))
    for (const [, code, unicode] of block[1].matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g))
      map.set(parseInt(code, 16), hexToText(unicode));
  for (const block of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g))
    for (const [, from, to, unicode] of block[1].matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g)) {
      const first = parseInt(unicode, 16);
      for (let code = parseInt(from, 16); code <= parseInt(to, 16); code++)
        map.set(code, String.fromCharCode(first + code - parseInt(from, 16)));
    }
  return map;
}

const refs = (text: string) => [...text.matchAll(/(\d+) 0 R/g)].map((m) => Number(m[1]));

interface Font {
  /** Type0 fonts (Identity-H) take two bytes a glyph; simple fonts one. */
  bytes: 1 | 2;
  unicode: Map<number, string>;
}

/** One marked-content sequence: what it shows, whether drawn in reverse (/ReversedChars), its /ActualText. */
interface Marked {
  reversed: boolean;
  actualText?: string;
  pieces: string[];
}

const CONTENT_TOKEN =
  /\/ReversedChars\s+BMC|\/[\w.+-]+\s+BMC|\/[\w.+-]+\s*<<((?:[^<>]|<[^<>]*>)*)>>\s*BDC|\bEMC\b|\bBT\b|\bET\b|\/([\w.+-]+)\s+[\d.]+\s+Tf|<([0-9a-fA-F\s]*)>/g;

/**
 * The text runs of each page, in the order the content streams draw them (left to right on a line). Within a run the
 * text is in reading order: Skia marks what it draws right to left as /ReversedChars and gives the letters behind
 * shaped Arabic glyphs as /ActualText, and ToUnicode's presentation forms are folded (NFKC) to plain letters.
 */
export function pdfRuns(pdf: Buffer): string[][] {
  const objects = objectsOf(pdf);
  const dictOf = (text: string, key: string) => {
    const inline = new RegExp(`/${key}\\s*<<`).exec(text);
    if (inline) {
      let depth = 0;
      for (let i = inline.index + inline[0].length - 2; i < text.length; i++) {
        if (text.startsWith('<<', i)) {
          depth++;
          i++;
        } else if (text.startsWith('>>', i) && --depth === 0) return text.slice(inline.index, i + 2);
      }
    }
    const ref = new RegExp(`/${key}\\s+(\\d+) 0 R`).exec(text);
    return ref ? (objects.get(Number(ref[1]))?.dict ?? '') : '';
  };
  const pages = [...objects.values()].filter((o) => /\/Type\s*\/Page\b/.test(o.dict));
  return pages.map((page) => {
    const fonts = new Map<string, Font>();
    const fontRefs = dictOf(dictOf(page.dict, 'Resources'), 'Font');
    for (const [, name, ref] of fontRefs.matchAll(/\/([\w.+-]+)\s+(\d+) 0 R/g)) {
      const font = objects.get(Number(ref))?.dict ?? '';
      const cmapRef = /\/ToUnicode\s+(\d+) 0 R/.exec(font);
      const cmap = cmapRef && objects.get(Number(cmapRef[1]))?.stream;
      fonts.set(name, {
        bytes: /\/Subtype\s*\/Type0/.test(font) ? 2 : 1,
        unicode: cmap ? toUnicode(cmap.toString('latin1')) : new Map(),
      });
    }
    const contents =
      /\/Contents\s*\[([^\]]*)\]/.exec(page.dict)?.[1] ?? /\/Contents\s+\d+ 0 R/.exec(page.dict)?.[0] ?? '';
    const runs: string[] = [];
    for (const ref of refs(contents)) {
      const stream = objects.get(ref)?.stream?.toString('latin1') ?? '';
      let font: Font = { bytes: 1, unicode: new Map() };
      const stack: Marked[] = [{ reversed: false, pieces: [] }];
      const top = () => stack[stack.length - 1];
      for (const token of stream.matchAll(CONTENT_TOKEN)) {
        const [whole, properties, fontName, hex] = token;
        if (whole.startsWith('/ReversedChars')) stack.push({ reversed: true, pieces: [] });
        else if (whole.endsWith('BMC')) stack.push({ reversed: false, pieces: [] });
        else if (whole.endsWith('BDC')) {
          const actual = /\/ActualText\s*<([0-9a-fA-F]+)>/.exec(properties ?? '')?.[1];
          stack.push({ reversed: false, pieces: [], actualText: actual && hexToText(actual.replace(/^feff/i, '')) });
        } else if (whole === 'EMC' && stack.length > 1) {
          const marked = stack.pop()!;
          const shown = marked.reversed ? [...marked.pieces].reverse() : marked.pieces;
          top().pieces.push(marked.actualText ?? shown.join(''));
        } else if (whole === 'ET' && stack.length === 1) {
          runs.push(stack[0].pieces.join('').normalize('NFKC'));
          stack[0].pieces = [];
        } else if (fontName) font = fonts.get(fontName) ?? { bytes: 1, unicode: new Map() };
        else if (hex !== undefined) {
          const digits = hex.replace(/\s/g, '');
          const width = font.bytes * 2;
          for (let i = 0; i + width <= digits.length; i += width)
            top().pieces.push(font.unicode.get(parseInt(digits.slice(i, i + width), 16)) ?? '');
        }
      }
    }
    return runs.filter((run) => run.trim() !== '');
  });
}

/**
 * Whether the runs of a page show `expected`, spaces and brackets aside (Chromium places words; it draws no spaces
 * between runs).
 * A right-to-left line's runs are drawn from its left end, so a phrase is looked for in the runs taken either way.
 */
export function pdfShows(runs: string[], expected: string): boolean {
  // Brackets are drawn mirrored in a right-to-left line, so which one a glyph is says nothing of the text.
  const squeeze = (text: string) => text.replace(/[\s()]+/g, '');
  const wanted = squeeze(expected);
  return squeeze(runs.join('')).includes(wanted) || squeeze([...runs].reverse().join('')).includes(wanted);
}

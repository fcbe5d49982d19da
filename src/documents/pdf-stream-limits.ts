import type { DocumentLimits } from '../config/document-limits.js';
import { InflationBudget, WorkRefusal } from './inflation-budget.js';

/** Most pixels of one image in a PDF (and of an image document): what OCR and the renderer hold at a few bytes a pixel. */
export const MAX_IMAGE_PIXELS = 50_000_000;

const STREAM_KEYWORD = /stream(?:\r\n|\n|\r)/g;
/** The start of the indirect object a stream belongs to, looked for in the text before it. */
const OBJECT_HEADER = /(\d+)\s+(\d+)\s+obj\b/g;
/** How far back from `stream` its dictionary is looked for; real stream dictionaries are a few hundred bytes. */
const DICTIONARY_WINDOW = 16_384;

const COMPONENTS: Record<string, number> = { DeviceGray: 1, CalGray: 1, DeviceRGB: 3, CalRGB: 3, Lab: 3, DeviceCMYK: 4 };

/**
 * Checks every stream of a PDF before pdf.js reads it: a FlateDecode stream is inflated once, up to
 * its limit (drawing instructions: DOCUMENT_MAX_CONTENT_STREAM_BYTES, since pdf.js builds an object
 * per instruction; an image: its declared pixels, at most MAX_IMAGE_PIXELS; anything else:
 * DOCUMENT_MAX_INFLATED_BYTES), and all of them together within DOCUMENT_MAX_INFLATED_TOTAL_BYTES.
 * Streams are found in the file's bytes, not through its cross-reference table, so a stream the
 * table hides is checked too (streams may not sit inside object streams, ISO 32000-1 7.5.7).
 * Throws a WorkRefusal naming the object. Streams under other filters (LZW, run-length) are left
 * to the worker thread's memory and time limits.
 */
export function checkPdfStreams(bytes: Buffer, limits: DocumentLimits): void {
  const text = bytes.toString('latin1');
  const budget = new InflationBudget(limits.maxInflatedTotalBytes);
  STREAM_KEYWORD.lastIndex = 0;
  for (let match = STREAM_KEYWORD.exec(text); match; match = STREAM_KEYWORD.exec(text)) {
    const keywordAt = match.index;
    // `endstream` ends in `stream` too; so does binary data that happens to spell it.
    if (text.startsWith('end', keywordAt - 3) || !/>>\s*$/.test(text.slice(Math.max(0, keywordAt - 64), keywordAt))) continue;
    const dataAt = keywordAt + match[0].length;
    const window = text.slice(Math.max(0, keywordAt - DICTIONARY_WINDOW), keywordAt);
    let header: RegExpExecArray | null = null;
    OBJECT_HEADER.lastIndex = 0;
    for (let found = OBJECT_HEADER.exec(window); found; found = OBJECT_HEADER.exec(window)) header = found;
    const dictionary = header ? window.slice(header.index) : window;
    const object = header ? `object ${header[1]}` : 'a stream';
    const end = streamEnd(text, dictionary, dataAt);
    STREAM_KEYWORD.lastIndex = end;
    const image = /\/Subtype\s*\/Image\b/.test(dictionary);
    let maxBytes = isDrawingInstructions(dictionary) ? limits.maxContentStreamBytes : limits.maxInflatedBytes;
    let what = isDrawingInstructions(dictionary) ? `${object} of the PDF (drawing instructions)` : `${object} of the PDF`;
    if (image) {
      const width = directInteger(dictionary, 'Width') ?? 0;
      const height = directInteger(dictionary, 'Height') ?? 0;
      if (width * height > MAX_IMAGE_PIXELS)
        throw new WorkRefusal(`${object} of the PDF is an image of ${width}×${height} pixels; at most ${MAX_IMAGE_PIXELS / 1_000_000} megapixels are read`);
      const bits = directInteger(dictionary, 'BitsPerComponent') ?? 8;
      const colour = /\/ColorSpace\s*\/(\w+)/.exec(dictionary)?.[1];
      const components = colour ? (COMPONENTS[colour] ?? 4) : 4;
      // Rows may carry a predictor byte each; a little slack for encoders' padding.
      maxBytes = Math.ceil((width * components * bits) / 8 + 1) * height + 4096;
      what = `${object} of the PDF (an image of ${width}×${height} pixels)`;
    }
    if (!firstFilterIsFlate(dictionary)) continue;
    budget.inflatedSize(bytes.subarray(dataAt, end), 'zlib', maxBytes, what);
  }
}

/** Where a stream's data ends: at its direct /Length when `endstream` follows there, else at the next `endstream`. */
function streamEnd(text: string, dictionary: string, dataAt: number): number {
  const length = directInteger(dictionary, 'Length');
  if (length !== undefined && /^\s*endstream/.test(text.slice(dataAt + length, dataAt + length + 32))) return dataAt + length;
  const end = text.indexOf('endstream', dataAt);
  return end < 0 ? text.length : end;
}

/** A key's value when it is a direct integer (`/Length 5 0 R` is a reference: undefined). */
function directInteger(dictionary: string, key: string): number | undefined {
  const value = new RegExp(`/${key}\\s+(\\d+)(?!\\s+\\d+\\s+R)\\b`).exec(dictionary)?.[1];
  return value === undefined ? undefined : Number(value);
}

function firstFilterIsFlate(dictionary: string): boolean {
  const filter = /\/Filter\s*(\[[^\]]*\]|\/\w+)/.exec(dictionary)?.[1];
  const first = filter ? /\/(\w+)/.exec(filter)?.[1] : undefined;
  return first === 'FlateDecode' || first === 'Fl';
}

/**
 * A page's content, a form XObject or an object stream: what pdf.js parses instruction by
 * instruction. Other streams name what they are (/Type, /Subtype, a font's /Length1-3, an ICC
 * profile's /N); a page's content stream names nothing but its length and filter.
 */
function isDrawingInstructions(dictionary: string): boolean {
  if (/\/Type\s*\/ObjStm\b/.test(dictionary) || /\/Subtype\s*\/Form\b/.test(dictionary)) return true;
  return !/\/(Type|Subtype|Length[123]|N)\b/.test(dictionary);
}

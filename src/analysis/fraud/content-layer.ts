import { decodePDFRawStream, PDFArray, PDFDict, PDFDocument, PDFName, PDFNumber, PDFRawStream, PDFRef, type PDFObject } from 'pdf-lib';
import { getDocumentProxy } from 'unpdf';

/**
 * What a page paints, in the order it paints it: the text runs as pdf.js reads them (string,
 * position, font, size) and the filled rectangles and text-showing operators read from the page's
 * content streams. Positions are in PDF user space (points, y grows upwards), `order` is the
 * painting order within the page: what is painted later covers what was painted before.
 */
export interface PageContent {
  page: number;
  width: number;
  height: number;
  runs: TextRun[];
  rects: FilledRect[];
  /** Where each text-showing operator starts (its text origin), when the stream says so. */
  shows: { x: number; y: number; order: number }[];
}

export interface TextRun {
  text: string;
  /** Origin of the run (left end of its baseline). */
  x: number;
  y: number;
  width: number;
  height: number;
  /** pdf.js's name for the loaded font (one per font object). */
  fontName: string;
}

export interface FilledRect {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  /** Painted in white or near-white: the colour of the page. */
  light: boolean;
  order: number;
}

/** Pages read at most: the checks are about figures, and a long filing's figures are in its first pages too. */
export const CONTENT_MAX_PAGES = 300;
/** Content streams longer than this (per page) are not parsed: drawings and maps, not statements. */
const MAX_STREAM_CHARS = 4_000_000;

type Matrix = [number, number, number, number, number, number];
const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];
const multiply = (m: Matrix, n: Matrix): Matrix => [
  m[0] * n[0] + m[1] * n[2],
  m[0] * n[1] + m[1] * n[3],
  m[2] * n[0] + m[3] * n[2],
  m[2] * n[1] + m[3] * n[3],
  m[4] * n[0] + m[5] * n[2] + n[4],
  m[4] * n[1] + m[5] * n[3] + n[5],
];
const apply = (m: Matrix, x: number, y: number): [number, number] => [m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]];

/**
 * Reads what every page paints (up to `CONTENT_MAX_PAGES`): text runs through pdf.js, rectangles
 * and text origins through the page's content streams (pdf-lib decodes them; form XObjects are
 * followed one level down; an encrypted file's are not read). Null when pdf.js cannot open the file.
 */
export async function readPageContents(bytes: Uint8Array): Promise<PageContent[] | null> {
  // pdf-lib cannot decrypt: for an encrypted file (often only an owner password) the text runs come from pdf.js and no shapes are read.
  const document = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false, throwOnInvalidObject: false }).catch(() => null);
  const pdfLibPages = document && !document.isEncrypted ? document.getPages() : [];
  const pdf = await getDocumentProxy(new Uint8Array(bytes), { verbosity: 0 }).catch(() => null);
  if (!pdf) return null;
  try {
    const pages: PageContent[] = [];
    for (let number = 1; number <= Math.min(pdf.numPages, CONTENT_MAX_PAGES); number++) {
      const page = await pdf.getPage(number);
      const view = page.view;
      const runs: TextRun[] = [];
      for (const item of (await page.getTextContent()).items as { str?: string; transform: number[]; width: number; height: number; fontName: string }[]) {
        if (!item.str?.trim()) continue;
        const [a, b, c, , e, f] = item.transform;
        if (Math.abs(b) > 1e-3 || Math.abs(c) > 1e-3 || a <= 0) continue; // rotated or mirrored text: not a table figure
        runs.push({ text: item.str, x: e, y: f, width: item.width, height: item.height, fontName: item.fontName });
      }
      page.cleanup();
      const painted = document && pdfLibPages[number - 1] ? paintedShapes(document, pdfLibPages[number - 1].node) : { rects: [], shows: [] };
      pages.push({ page: number, width: view[2] - view[0], height: view[3] - view[1], runs, ...painted });
    }
    return pages;
  } finally {
    await pdf.destroy();
  }
}

function streamText(document: PDFDocument, object: PDFObject | undefined): string {
  const resolved = object instanceof PDFRef ? document.context.lookup(object) : object;
  if (resolved instanceof PDFArray)
    return resolved
      .asArray()
      .map((part) => streamText(document, part))
      .join('\n');
  return resolved instanceof PDFRawStream ? (decoded(resolved) ?? '') : '';
}

function decoded(stream: PDFRawStream): string | null {
  try {
    return Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1');
  } catch {
    return null;
  }
}

function paintedShapes(document: PDFDocument, node: PDFDict): Pick<PageContent, 'rects' | 'shows'> {
  const out: Pick<PageContent, 'rects' | 'shows'> = { rects: [], shows: [] };
  const content = streamText(document, node.get(PDFName.of('Contents')));
  if (content.length > MAX_STREAM_CHARS) return out;
  const resources = node.lookupMaybe(PDFName.of('Resources'), PDFDict);
  interpret(document, content, resources, IDENTITY, out, { next: 0 }, 0);
  return out;
}

interface GraphicsState {
  ctm: Matrix;
  light: boolean;
}

/** The operators that matter here: the graphics state stack, fill colours, rectangles and paths filled, text positioning and showing, forms. */
function interpret(
  document: PDFDocument,
  content: string,
  resources: PDFDict | undefined,
  base: Matrix,
  out: Pick<PageContent, 'rects' | 'shows'>,
  counter: { next: number },
  depth: number,
): void {
  const stack: GraphicsState[] = [];
  let state: GraphicsState = { ctm: base, light: false };
  let path: [number, number][] = [];
  let text: Matrix = IDENTITY;
  let line: Matrix = IDENTITY;
  let leading = 0;
  let positioned = false;
  const operands: (number | string)[] = [];
  const number = (index: number) => Number(operands[operands.length - index] ?? NaN);
  const show = () => {
    if (positioned) {
      const [x, y] = apply(multiply(text, state.ctm), 0, 0);
      out.shows.push({ x, y, order: counter.next++ });
    }
    positioned = false;
  };
  const moveLine = (tx: number, ty: number) => {
    line = multiply([1, 0, 0, 1, tx, ty], line);
    text = line;
    positioned = true;
  };
  for (const token of tokens(content)) {
    if (token.kind !== 'operator') {
      operands.push(token.value);
      continue;
    }
    switch (token.value) {
      case 'q':
        stack.push({ ...state });
        break;
      case 'Q':
        state = stack.pop() ?? state;
        break;
      case 'cm':
        state = { ...state, ctm: multiply([number(6), number(5), number(4), number(3), number(2), number(1)], state.ctm) };
        break;
      case 'g':
        state = { ...state, light: number(1) >= 0.95 };
        break;
      case 'rg':
        state = { ...state, light: [number(3), number(2), number(1)].every((value) => value >= 0.95) };
        break;
      case 'k':
        state = { ...state, light: [number(4), number(3), number(2), number(1)].every((value) => value <= 0.05) };
        break;
      case 'sc':
      case 'scn': {
        const values = operands.filter((value): value is number => typeof value === 'number');
        state = { ...state, light: values.length === 4 ? values.every((value) => value <= 0.05) : values.length > 0 && values.every((value) => value >= 0.95) };
        break;
      }
      case 'cs':
        state = { ...state, light: false };
        break;
      case 're': {
        const [x, y, w, h] = [number(4), number(3), number(2), number(1)];
        path.push([x, y], [x + w, y + h], [x, y + h], [x + w, y]);
        break;
      }
      case 'm':
      case 'l':
        path.push([number(2), number(1)]);
        break;
      case 'c':
        path.push([number(2), number(1)]);
        break;
      case 'v':
      case 'y':
        path.push([number(2), number(1)]);
        break;
      case 'f':
      case 'F':
      case 'f*':
      case 'B':
      case 'B*':
      case 'b':
      case 'b*': {
        const points = path.filter(([x, y]) => Number.isFinite(x) && Number.isFinite(y)).map(([x, y]) => apply(state.ctm, x, y));
        if (points.length >= 3) {
          const xs = points.map(([x]) => x);
          const ys = points.map(([, y]) => y);
          out.rects.push({ x0: Math.min(...xs), y0: Math.min(...ys), x1: Math.max(...xs), y1: Math.max(...ys), light: state.light, order: counter.next++ });
        }
        path = [];
        break;
      }
      case 'n':
      case 'S':
      case 's':
        path = [];
        break;
      case 'BT':
        text = IDENTITY;
        line = IDENTITY;
        positioned = true;
        break;
      case 'Tm':
        line = [number(6), number(5), number(4), number(3), number(2), number(1)];
        text = line;
        positioned = true;
        break;
      case 'Td':
        moveLine(number(2), number(1));
        break;
      case 'TD':
        leading = -number(1);
        moveLine(number(2), number(1));
        break;
      case 'TL':
        leading = number(1);
        break;
      case 'T*':
        moveLine(0, -leading);
        break;
      case "'":
      case '"':
        moveLine(0, -leading);
        show();
        break;
      case 'Tj':
      case 'TJ':
        show();
        break;
      case 'Do': {
        const name = operands[operands.length - 1];
        if (depth >= 1 || typeof name !== 'string') break;
        const xObjects = resources?.lookupMaybe(PDFName.of('XObject'), PDFDict);
        const form = xObjects?.lookup(PDFName.of(name.slice(1)));
        if (!(form instanceof PDFRawStream) || form.dict.get(PDFName.of('Subtype'))?.toString() !== '/Form') break;
        const matrixArray = form.dict.lookupMaybe(PDFName.of('Matrix'), PDFArray);
        const values = matrixArray?.asArray().map((value) => (value instanceof PDFNumber ? value.asNumber() : NaN));
        const matrix = values && values.length === 6 && values.every(Number.isFinite) ? (values as Matrix) : IDENTITY;
        const formResources = form.dict.lookupMaybe(PDFName.of('Resources'), PDFDict) ?? resources;
        const formContent = decoded(form);
        if (formContent === null) break;
        if (formContent.length <= MAX_STREAM_CHARS) interpret(document, formContent, formResources, multiply(matrix, state.ctm), out, counter, depth + 1);
        break;
      }
      default:
        break;
    }
    operands.length = 0;
  }
}

type Token = { kind: 'operand'; value: number | string } | { kind: 'operator'; value: string };

/**
 * The tokens of a content stream: numbers and names as operands (strings, arrays and dictionaries
 * as a placeholder operand), everything else as an operator. Inline images are skipped whole.
 */
function* tokens(content: string): Generator<Token> {
  const length = content.length;
  let index = 0;
  while (index < length) {
    const char = content[index];
    if (char === ' ' || char === '\n' || char === '\r' || char === '\t' || char === '\f' || char === '\0') {
      index++;
    } else if (char === '%') {
      while (index < length && content[index] !== '\n' && content[index] !== '\r') index++;
    } else if (char === '(') {
      let depth = 0;
      for (; index < length; index++) {
        const current = content[index];
        if (current === '\\') index++;
        else if (current === '(') depth++;
        else if (current === ')' && --depth === 0) break;
      }
      index++;
      yield { kind: 'operand', value: '' };
    } else if (char === '<' && content[index + 1] === '<') {
      let depth = 0;
      for (; index < length; index++) {
        if (content.startsWith('<<', index)) {
          depth++;
          index++;
        } else if (content.startsWith('>>', index)) {
          depth--;
          index++;
          if (depth === 0) break;
        } else if (content[index] === '(') {
          while (index < length && content[index] !== ')') index += content[index] === '\\' ? 2 : 1;
        }
      }
      index++;
      yield { kind: 'operand', value: '' };
    } else if (char === '<') {
      const end = content.indexOf('>', index);
      index = end < 0 ? length : end + 1;
      yield { kind: 'operand', value: '' };
    } else if (char === '[' || char === ']' || char === '{' || char === '}' || char === '>' || char === ')') {
      index++;
    } else if (char === '/') {
      const start = index++;
      while (index < length && !/[\s/<>[\]()%{}]/.test(content[index])) index++;
      yield { kind: 'operand', value: content.slice(start, index) };
    } else {
      const start = index;
      while (index < length && !/[\s/<>[\]()%{}]/.test(content[index])) index++;
      if (index === start) {
        index++;
        continue;
      }
      const word = content.slice(start, index);
      if (/^[+-]?(?:\d+\.?\d*|\.\d+)$/.test(word)) yield { kind: 'operand', value: Number(word) };
      else if (word === 'BI') {
        const end = content.indexOf('EI', content.indexOf('ID', index));
        index = end < 0 ? length : end + 2;
      } else yield { kind: 'operator', value: word };
    }
  }
}

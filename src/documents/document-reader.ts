import { parse as parseCsv } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { fileTypeFromBuffer } from 'file-type';
import JSZip from 'jszip';
import mammoth from 'mammoth';
import { getDocumentProxy } from 'unpdf';
import { InvalidInputException } from '../common/errors/app.exception.js';
import type { DocumentLimits } from '../config/document-limits.js';
import { checkArchive } from './archive-limits.js';
import { jpegSize, pngSize, type ImageSize } from './image-header.js';
import { WorkRefusal } from './inflation-budget.js';
import { checkPdfStreams, MAX_IMAGE_PIXELS } from './pdf-stream-limits.js';
import { readPresentationSlides, UnreadablePresentation } from './pptx-reader.js';

export const SUPPORTED_MIME_TYPES = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  png: 'image/png',
  jpeg: 'image/jpeg',
  csv: 'text/csv',
  text: 'text/plain',
} as const;

export interface ReadDocument {
  /** Sniffed from the bytes; the declared type only tells CSV from plain text. */
  mimeType: string;
  pageCount: number;
  /**
   * Extracted text: one entry per PDF page, slide or spreadsheet sheet, one for the other formats.
   * An image is one empty page: its text is read by OCR when the document is processed.
   */
  pages: string[];
}

/** The formats accepted, as people name them (tool descriptions and refusals say the same). */
export const ACCEPTED_FORMATS = 'PDF, DOCX, PPTX, XLSX, CSV, plain text, PNG or JPEG';

/**
 * Characters of a printed page: a format without fixed pages (DOCX, plain text) is paged by its
 * text, so that its price and its page numbers follow what it says, not what its file claims.
 */
export const TEXT_PAGE_CHARS = 3_000;

/**
 * Where a complete PDF's end-of-file marker must be: a file ends with its trailer and `%%EOF`
 * (ISO 32000-1, 7.5.5), and Acrobat looks for the marker in the last 1,024 bytes (the PDF
 * Reference's implementation notes), so trailing padding is tolerated and a file cut off is not.
 */
const PDF_EOF_WINDOW = 1024;

/** Where an incremental update (objects, a cross-reference section, a trailer) begins. */
const PDF_UPDATE_START = /\d+\s+\d+\s+obj\b|\bxref\b|\btrailer\b/;

/**
 * Why a PDF is a file cut off in transfer, or null. pdf.js refuses most such files as it refuses a
 * corrupt one, but reads one cut inside an incremental update as the revision before the update:
 * not the document that was sent.
 */
function pdfTruncation(bytes: Buffer): string | null {
  const tail = bytes.subarray(-PDF_EOF_WINDOW);
  const eof = tail.lastIndexOf('%%EOF');
  if (eof < 0) return `its last ${count(PDF_EOF_WINDOW)} bytes hold no end-of-file marker (%%EOF), which every complete PDF ends with`;
  if (PDF_UPDATE_START.test(tail.subarray(eof + 5).toString('latin1')))
    return 'an incremental update begins after its last end-of-file marker (%%EOF) and does not end; read as it is, it would be the revision before that update';
  return null;
}

/** Refuses a file with the reason a person can act on. */
function unreadable(fileName: string, reason: string): InvalidInputException {
  return new InvalidInputException(`${fileName}: ${reason}`);
}

/**
 * What a document is and what it says: its type from its bytes (never from its name), its page
 * count and its text. Anything that cannot be read fully is refused. So is a document larger than
 * `limits`, before the expensive part of reading it where the format allows: a package's entries
 * and a PDF's streams are inflated once up to their limits before any parser sees them, a PDF's
 * pages are counted before their text is read, a workbook's rows before exceljs builds them.
 * Runs in a document worker thread (document-work.tasks.ts), never on the event loop.
 */
export async function readDocument(bytes: Buffer, declared: { fileName: string; mimeType?: string }, limits: DocumentLimits): Promise<ReadDocument> {
  const { fileName } = declared;
  if (bytes.length === 0) throw unreadable(fileName, 'the file is empty.');
  let read: ReadDocument;
  try {
    read = await readAnyFormat(bytes, declared, limits);
  } catch (error) {
    if (error instanceof WorkRefusal) throw unreadable(fileName, `${error.message}.`);
    throw error;
  }
  if (read.pageCount > limits.maxPages) throw tooManyPages(fileName, read.pageCount, limits.maxPages);
  const chars = read.pages.reduce((sum, page) => sum + page.length, 0);
  if (chars > limits.maxTextChars)
    throw unreadable(
      fileName,
      `the document holds ${count(chars)} characters of text; at most ${count(limits.maxTextChars)} are read in one document. ${SPLIT}`,
    );
  return read;
}

async function readAnyFormat(bytes: Buffer, declared: { fileName: string; mimeType?: string }, limits: DocumentLimits): Promise<ReadDocument> {
  const { fileName } = declared;
  // A ZIP package is checked before anything inflates a byte of it, file-type's sniffing included.
  if (bytes.subarray(0, 4).equals(ZIP_SIGNATURE)) checkArchive(bytes, limits);
  const sniffed = await fileTypeFromBuffer(bytes);
  const mime = sniffed?.mime === 'application/zip' ? ((await officeFormatOfZip(bytes)) ?? sniffed.mime) : sniffed?.mime;
  switch (mime) {
    case SUPPORTED_MIME_TYPES.pdf:
      return readPdf(bytes, fileName, limits);
    case SUPPORTED_MIME_TYPES.docx:
      return readDocx(bytes, fileName);
    case SUPPORTED_MIME_TYPES.xlsx:
      return readXlsx(bytes, fileName, limits.maxRows);
    case SUPPORTED_MIME_TYPES.pptx:
      return readPptx(bytes, fileName);
    case SUPPORTED_MIME_TYPES.png:
      return readImage(SUPPORTED_MIME_TYPES.png, pngSize(bytes), fileName);
    case SUPPORTED_MIME_TYPES.jpeg:
      return readImage(SUPPORTED_MIME_TYPES.jpeg, jpegSize(bytes), fileName);
    case undefined:
      break;
    default:
      throw unreadable(fileName, `${mime} files are not supported; send ${ACCEPTED_FORMATS}.`);
  }
  const text = utf8Text(bytes);
  if (text === null) throw unreadable(fileName, `the file is none of the accepted formats; send ${ACCEPTED_FORMATS}.`);
  const looksLikeCsv = declared.mimeType?.toLowerCase().startsWith('text/csv') || /\.csv$/i.test(fileName);
  if (looksLikeCsv) return readCsv(text, fileName, limits.maxRows);
  const lines = lineCount(text);
  if (lines > limits.maxRows)
    throw unreadable(fileName, `the text has ${count(lines)} lines; at most ${count(limits.maxRows)} are read in one document. ${SPLIT}`);
  const pages = pagesOfText(text);
  return { mimeType: SUPPORTED_MIME_TYPES.text, pageCount: pages.length, pages };
}

const ZIP_SIGNATURE = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/**
 * Text without fixed pages cut into pages of at most TEXT_PAGE_CHARS characters, at line ends (a
 * line longer than a page at its last space before the limit, or at the limit). Empty text is one
 * empty page.
 */
export function pagesOfText(text: string): string[] {
  const pages: string[] = [];
  let page = '';
  const flush = () => {
    if (page.trim() !== '') pages.push(page.replace(/\n+$/, ''));
    page = '';
  };
  for (const line of text.split('\n')) {
    let rest = `${line}\n`;
    while (page.length + rest.length > TEXT_PAGE_CHARS + 1) {
      if (page.length > 0) {
        flush();
        continue;
      }
      const space = rest.lastIndexOf(' ', TEXT_PAGE_CHARS);
      const cut = space > TEXT_PAGE_CHARS / 2 ? space + 1 : TEXT_PAGE_CHARS;
      page = rest.slice(0, cut);
      rest = rest.slice(cut);
      flush();
    }
    page += rest;
  }
  flush();
  return pages.length > 0 ? pages : [''];
}

/** The main part of each Office format, in a package's table of contents. */
const OFFICE_MAIN_PARTS: [part: string, mime: string][] = [
  ['xl/workbook.xml', SUPPORTED_MIME_TYPES.xlsx],
  ['word/document.xml', SUPPORTED_MIME_TYPES.docx],
  ['ppt/presentation.xml', SUPPORTED_MIME_TYPES.pptx],
];

/**
 * The Office format of a file file-type saw only as a ZIP, or null. file-type reads a package's
 * entries from the front and stops after about 1 MB; a streaming writer (exceljs's for large
 * sheets) puts `[Content_Types].xml` last, after the sheets, so a large workbook looked like a plain
 * ZIP. The central directory at the end lists every part without inflating any.
 */
async function officeFormatOfZip(bytes: Buffer): Promise<string | null> {
  try {
    const zip = await JSZip.loadAsync(bytes);
    if (!zip.file('[Content_Types].xml')) return null;
    return OFFICE_MAIN_PARTS.find(([part]) => zip.file(part))?.[1] ?? null;
  } catch {
    return null;
  }
}

/** What a caller with too large a document can do. */
const SPLIT = 'Submit the part to be analysed (for example the statements, or one year of transactions) as a document of its own.';

function count(value: number): string {
  return value.toLocaleString('en-US');
}

function tooManyPages(fileName: string, pages: number, maxPages: number): InvalidInputException {
  return unreadable(fileName, `the document has ${count(pages)} pages; at most ${count(maxPages)} are accepted in one document. ${SPLIT}`);
}

async function readPdf(bytes: Buffer, fileName: string, limits: DocumentLimits): Promise<ReadDocument> {
  const { maxPages } = limits;
  const truncation = pdfTruncation(bytes);
  if (truncation) throw unreadable(fileName, `the PDF is truncated: ${truncation} (${count(bytes.length)} bytes received); send the whole file.`);
  checkPdfStreams(bytes, limits);
  let pdf: Awaited<ReturnType<typeof getDocumentProxy>>;
  try {
    // verbosity 0: pdf.js would print its repair warnings to the console, outside the service's logs.
    pdf = await getDocumentProxy(new Uint8Array(bytes), { verbosity: 0 });
  } catch (error) {
    const name = (error as { name?: string }).name;
    if (name === 'PasswordException') throw unreadable(fileName, 'the PDF is encrypted; send it without a password.');
    throw unreadable(fileName, 'the PDF is corrupt: its structure (cross-reference table, trailer) cannot be read.');
  }
  try {
    // Counted before any page is read: a 1,000-page file is refused in the time it takes to open it.
    if (pdf.numPages > maxPages) throw tooManyPages(fileName, pdf.numPages, maxPages);
    const pages: string[] = [];
    // One page at a time, as unpdf's extractText reads each page, so that a refusal names the page.
    for (let number = 1; number <= pdf.numPages; number++) {
      try {
        const content = await (await pdf.getPage(number)).getTextContent();
        pages.push(
          (content.items as { str?: string; hasEOL?: boolean }[])
            .filter((item) => item.str != null)
            .map((item) => item.str! + (item.hasEOL ? '\n' : ''))
            .join(''),
        );
      } catch {
        throw unreadable(fileName, `the PDF is corrupt: page ${count(number)} of ${count(pdf.numPages)} cannot be read.`);
      }
    }
    return { mimeType: SUPPORTED_MIME_TYPES.pdf, pageCount: pdf.numPages, pages };
  } finally {
    await pdf.destroy();
  }
}

/**
 * A DOCX has no fixed pages, and the count Word saved in docProps/app.xml is the file's own claim
 * (a 60 MB text once said one page): it is paged by its text, as plain text is.
 */
async function readDocx(bytes: Buffer, fileName: string): Promise<ReadDocument> {
  let text: string;
  try {
    text = (await mammoth.extractRawText({ buffer: bytes })).value;
  } catch (error) {
    if (error instanceof RangeError) throw error; // the thread's limits name it
    throw unreadable(fileName, 'the DOCX file is corrupt and cannot be read.');
  }
  const pages = pagesOfText(text);
  return { mimeType: SUPPORTED_MIME_TYPES.docx, pageCount: pages.length, pages };
}

async function readPptx(bytes: Buffer, fileName: string): Promise<ReadDocument> {
  let slides: string[];
  try {
    slides = await readPresentationSlides(await JSZip.loadAsync(bytes));
  } catch (error) {
    const reason = error instanceof UnreadablePresentation ? ` (${error.message})` : '';
    throw unreadable(fileName, `the PPTX file is corrupt and cannot be read${reason}.`);
  }
  if (slides.length === 0) throw unreadable(fileName, 'the presentation has no slides.');
  return { mimeType: SUPPORTED_MIME_TYPES.pptx, pageCount: slides.length, pages: slides };
}

/** An image is one page whose text OCR reads during processing; here only its header is checked, so a request never decodes pixels. */
function readImage(mimeType: string, size: ImageSize | undefined, fileName: string): ReadDocument {
  const format = mimeType === SUPPORTED_MIME_TYPES.png ? 'PNG' : 'JPEG';
  if (!size) throw unreadable(fileName, `the ${format} image is corrupt or truncated and cannot be read.`);
  if (size.width * size.height > MAX_IMAGE_PIXELS) {
    throw unreadable(
      fileName,
      `the image is ${size.width}×${size.height} pixels; send at most ${MAX_IMAGE_PIXELS / 1_000_000} megapixels (a letter page scanned at 300 dpi is about 8).`,
    );
  }
  return { mimeType, pageCount: 1, pages: [''] };
}

async function readXlsx(bytes: Buffer, fileName: string, maxRows: number): Promise<ReadDocument> {
  let rows: number;
  try {
    rows = await worksheetRows(await JSZip.loadAsync(bytes), maxRows);
  } catch {
    throw unreadable(fileName, 'the XLSX file is corrupt and cannot be read.');
  }
  if (rows > maxRows)
    throw unreadable(
      fileName,
      `the workbook has more than ${count(maxRows)} rows; at most ${count(maxRows)} (all sheets together) are read in one document. ${SPLIT}`,
    );
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw unreadable(fileName, 'the XLSX file is corrupt and cannot be read.');
  }
  const pages = workbook.worksheets.map((sheet) => {
    const rows: string[] = [`# ${sheet.name}`];
    sheet.eachRow((row) =>
      rows.push(
        (row.values as unknown[])
          .slice(1)
          .map((cell) => cellText(cell))
          .join('\t'),
      ),
    );
    return rows.join('\n');
  });
  if (pages.length === 0) throw unreadable(fileName, 'the workbook has no sheets.');
  return { mimeType: SUPPORTED_MIME_TYPES.xlsx, pageCount: pages.length, pages };
}

/** A worksheet row that holds cells (`<row …>`, with or without a namespace prefix); an empty one is `<row …/>`. */
const ROW_TAG = /<(?:[A-Za-z_][\w.-]*:)?row\b[^>]*>/g;

/**
 * The rows of every worksheet of a workbook, counted in the XML as it is inflated, up to just past
 * `max`: exceljs builds the whole workbook in memory (about 5 s and 400 MB for 100,000 rows of six
 * columns here), so a workbook too large to read is refused before it is loaded.
 */
async function worksheetRows(zip: JSZip, max: number): Promise<number> {
  let rows = 0;
  for (const sheet of zip.file(/^xl\/worksheets\/[^/]+\.xml$/)) {
    rows += await rowsOf(sheet, max - rows);
    if (rows > max) break;
  }
  return rows;
}

/** The rows holding cells in one worksheet's XML, read as it is inflated; it stops once past `room`. */
function rowsOf(sheet: JSZip.JSZipObject, room: number): Promise<number> {
  return new Promise((resolve, reject) => {
    let rows = 0;
    let carry = '';
    const stream = sheet.nodeStream('nodebuffer');
    stream
      .on('data', (chunk: Buffer) => {
        const text = carry + chunk.toString('latin1');
        // A tag cut by the chunk's end is counted with the next chunk.
        const open = text.lastIndexOf('<');
        const complete = open >= 0 && !text.includes('>', open) ? text.slice(0, open) : text;
        carry = text.slice(complete.length);
        for (const tag of complete.matchAll(ROW_TAG)) if (!tag[0].endsWith('/>')) rows++;
        if (rows > room) {
          // Unread, the stream's buffer fills and JSZip stops inflating.
          stream.pause();
          resolve(rows);
        }
      })
      .on('error', reject)
      .on('end', () => resolve(rows));
  });
}

function cellText(cell: unknown): string {
  if (cell === null || cell === undefined) return '';
  if (cell instanceof Date) return cell.toISOString();
  if (typeof cell === 'object') {
    const value = cell as { result?: unknown; text?: unknown; richText?: { text: string }[] };
    if (value.richText) return value.richText.map((part) => part.text).join('');
    // A hyperlink's text, or a formula's result: a value of its own, read again.
    if (value.text !== undefined) return cellText(value.text);
    if (value.result !== undefined) return cellText(value.result);
    return '';
  }
  return String(cell as string | number | boolean | bigint);
}

function readCsv(text: string, fileName: string, maxRows: number): ReadDocument {
  let rows: string[][];
  try {
    // One record past the limit is enough to refuse: a 25 MB file is not parsed whole to say so.
    rows = parseCsv(text, { relax_column_count: false, skip_empty_lines: true, bom: true, to: maxRows + 1 }) as string[][];
  } catch (error) {
    throw unreadable(fileName, `the CSV is malformed (${(error as Error).message.split('\n')[0]}).`);
  }
  if (rows.length > maxRows)
    throw unreadable(fileName, `the CSV has more than ${count(maxRows)} rows; at most ${count(maxRows)} are read in one document. ${SPLIT}`);
  return { mimeType: SUPPORTED_MIME_TYPES.csv, pageCount: 1, pages: [rows.map((row) => row.join('\t')).join('\n')] };
}

/** Lines with something on them: what the layout of a text page is made of. */
function lineCount(text: string): number {
  let lines = 0;
  for (const line of text.split('\n')) if (line.trim() !== '') lines++;
  return lines;
}

/** The bytes as text, or null when they are not UTF-8 text (invalid sequences or NUL bytes). */
function utf8Text(bytes: Buffer): string | null {
  if (bytes.includes(0)) return null;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '');
  } catch {
    return null;
  }
}

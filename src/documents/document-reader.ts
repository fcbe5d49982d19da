import { parse as parseCsv } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { fileTypeFromBuffer } from 'file-type';
import JSZip from 'jszip';
import mammoth from 'mammoth';
import { extractText, getDocumentProxy } from 'unpdf';
import { InvalidInputException } from '../common/errors/app.exception.js';
import { jpegSize, pngSize, type ImageSize } from './image-header.js';
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
 * Largest image accepted, in pixels: OCR holds a few bytes per pixel, and a letter page scanned at
 * 600 dpi is about 34 megapixels.
 */
export const MAX_IMAGE_PIXELS = 50_000_000;

/** Refuses a file with the reason a person can act on. */
function unreadable(fileName: string, reason: string): InvalidInputException {
  return new InvalidInputException(`${fileName}: ${reason}`);
}

/**
 * What a document is and what it says: its type from its bytes (never from its name), its page
 * count and its text. Anything that cannot be read fully is refused: a document is stored only
 * when its text is.
 */
export async function readDocument(bytes: Buffer, declared: { fileName: string; mimeType?: string }): Promise<ReadDocument> {
  const { fileName } = declared;
  if (bytes.length === 0) throw unreadable(fileName, 'the file is empty.');
  const sniffed = await fileTypeFromBuffer(bytes);
  switch (sniffed?.mime) {
    case SUPPORTED_MIME_TYPES.pdf:
      return readPdf(bytes, fileName);
    case SUPPORTED_MIME_TYPES.docx:
      return readDocx(bytes, fileName);
    case SUPPORTED_MIME_TYPES.xlsx:
      return readXlsx(bytes, fileName);
    case SUPPORTED_MIME_TYPES.pptx:
      return readPptx(bytes, fileName);
    case SUPPORTED_MIME_TYPES.png:
      return readImage(SUPPORTED_MIME_TYPES.png, pngSize(bytes), fileName);
    case SUPPORTED_MIME_TYPES.jpeg:
      return readImage(SUPPORTED_MIME_TYPES.jpeg, jpegSize(bytes), fileName);
    case undefined:
      break;
    default:
      throw unreadable(fileName, `${sniffed!.mime} files are not supported; send ${ACCEPTED_FORMATS}.`);
  }
  const text = utf8Text(bytes);
  if (text === null) throw unreadable(fileName, `the file is none of the accepted formats; send ${ACCEPTED_FORMATS}.`);
  const looksLikeCsv = declared.mimeType?.toLowerCase().startsWith('text/csv') || /\.csv$/i.test(fileName);
  return looksLikeCsv ? readCsv(text, fileName) : { mimeType: SUPPORTED_MIME_TYPES.text, pageCount: 1, pages: [text] };
}

async function readPdf(bytes: Buffer, fileName: string): Promise<ReadDocument> {
  try {
    // verbosity 0: pdf.js would print its repair warnings to the console, outside the service's logs.
    const pdf = await getDocumentProxy(new Uint8Array(bytes), { verbosity: 0 });
    const { totalPages, text } = await extractText(pdf, { mergePages: false });
    await pdf.destroy();
    return { mimeType: SUPPORTED_MIME_TYPES.pdf, pageCount: totalPages, pages: text };
  } catch (error) {
    const name = (error as { name?: string }).name;
    if (name === 'PasswordException') throw unreadable(fileName, 'the PDF is encrypted; send it without a password.');
    throw unreadable(fileName, 'the PDF is corrupt or truncated and cannot be read.');
  }
}

async function readDocx(bytes: Buffer, fileName: string): Promise<ReadDocument> {
  try {
    const { value } = await mammoth.extractRawText({ buffer: bytes });
    // DOCX has no fixed pages; the page count Word saved in docProps/app.xml is the one people see.
    const zip = await JSZip.loadAsync(bytes);
    const appXml = await zip.file('docProps/app.xml')?.async('string');
    const saved = Number(/<Pages>(\d+)<\/Pages>/.exec(appXml ?? '')?.[1]);
    return { mimeType: SUPPORTED_MIME_TYPES.docx, pageCount: Number.isInteger(saved) && saved > 0 ? saved : 1, pages: [value] };
  } catch {
    throw unreadable(fileName, 'the DOCX file is corrupt and cannot be read.');
  }
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

async function readXlsx(bytes: Buffer, fileName: string): Promise<ReadDocument> {
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

function readCsv(text: string, fileName: string): ReadDocument {
  try {
    const rows = parseCsv(text, { relax_column_count: false, skip_empty_lines: true, bom: true }) as string[][];
    return { mimeType: SUPPORTED_MIME_TYPES.csv, pageCount: 1, pages: [rows.map((row) => row.join('\t')).join('\n')] };
  } catch (error) {
    throw unreadable(fileName, `the CSV is malformed (${(error as Error).message.split('\n')[0]}).`);
  }
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

import { randomBytes } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { createCanvas } from '@napi-rs/canvas';
import { fileTypeFromBuffer } from 'file-type';
import JSZip from 'jszip';
import { getDocumentProxy } from 'unpdf';
import { docxBytes, encryptedPdf, pdfBytes, pptxBytes, xlsxBytes } from '../../test/support/document-fixtures.js';
import { appendInfoUpdate } from '../analysis/fraud/tampering.js';
import { InvalidInputException } from '../common/errors/app.exception.js';
import { loadConfiguration } from '../config/app-config.js';
import { pagesOfText, readDocument, TEXT_PAGE_CHARS } from './document-reader.js';

const ACCEPTED = 'PDF, DOCX, PPTX, XLSX, CSV, plain text, PNG or JPEG';
/** The configured defaults (DOCUMENT_MAX_PAGES, _ROWS, _TEXT_CHARS and the inflation limits). */
const LIMITS = loadConfiguration({ NODE_ENV: 'test' }).documents.limits;
const SPLIT = 'Submit the part to be analysed (for example the statements, or one year of transactions) as a document of its own.';

/** A real 1×1 PNG. */
const TINY_PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201e2214bc70000000049454e44ae426082',
  'hex',
);

/** The start of a PNG that says it is width × height pixels (the header is all the reader looks at). */
function pngHeader(width: number, height: number): Buffer {
  const header = Buffer.from(TINY_PNG.subarray(0, 33));
  header.writeUInt32BE(width, 16);
  header.writeUInt32BE(height, 20);
  return header;
}

async function refusal(bytes: Buffer, fileName: string, mimeType?: string, limits = LIMITS): Promise<string> {
  const error = await readDocument(bytes, { fileName, mimeType }, limits).then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(InvalidInputException);
  return (error as InvalidInputException).detail!;
}

describe('readDocument', () => {
  it('reads a PDF page by page', async () => {
    const read = await readDocument(await pdfBytes(3), { fileName: 'deck.pdf' }, LIMITS);
    expect(read).toEqual({
      mimeType: 'application/pdf',
      pageCount: 3,
      pages: ['Page 1: revenue grew 40% year on year', 'Page 2: revenue grew 40% year on year', 'Page 3: revenue grew 40% year on year'],
    });
  });

  it('sniffs the type from the bytes, not the name or the declared type', async () => {
    const read = await readDocument(await pdfBytes(1), { fileName: 'notes.txt', mimeType: 'text/plain' }, LIMITS);
    expect(read.mimeType).toBe('application/pdf');
  });

  it('pages a DOCX by its text, not by the page count its file claims', async () => {
    expect(await readDocument(await docxBytes(['Borrower: Acme', 'Amount: 2,000,000'], 4), { fileName: 'application.docx' }, LIMITS)).toEqual({
      mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      pageCount: 1,
      pages: ['Borrower: Acme\n\nAmount: 2,000,000'],
    });
    const paragraphs = Array.from({ length: 30 }, (_, index) => `Paragraph ${index + 1}: ${'covenant '.repeat(30)}`);
    const read = await readDocument(await docxBytes(paragraphs, 1), { fileName: 'agreement.docx' }, LIMITS);
    expect(read.pageCount).toBe(3);
    expect(read.pages.every((page) => page.length <= TEXT_PAGE_CHARS)).toBe(true);
    expect(read.pages.join('\n').replace(/\n+/g, '\n')).toBe(paragraphs.join('\n'));
  });

  it('refuses a document holding more text than maxTextChars, naming both counts', async () => {
    const text = Buffer.from('x'.repeat(11_000));
    expect(await refusal(text, 'notes.txt', 'text/plain', { ...LIMITS, maxTextChars: 10_000 })).toBe(
      `notes.txt: the document holds 11,000 characters of text; at most 10,000 are read in one document. ${SPLIT}`,
    );
  });

  it('reads an XLSX sheet by sheet', async () => {
    const read = await readDocument(
      await xlsxBytes({
        Income: [
          ['Year', 'Revenue'],
          [2025, 1200000],
        ],
        Balance: [['Cash', 300000]],
      }),
      { fileName: 'financials.xlsx' },
      LIMITS,
    );
    expect(read).toEqual({
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      pageCount: 2,
      pages: ['# Income\nYear\tRevenue\n2025\t1200000', '# Balance\nCash\t300000'],
    });
  });

  it('reads an XLSX whose parts come before its content types, as streaming writers save it, though file-type sees only a ZIP', async () => {
    const saved = await JSZip.loadAsync(await xlsxBytes({ Income: [['Revenue', 1200000]] }));
    const streamed = new JSZip();
    // A picture of more than the 1 MB file-type scans, first; the content types last.
    streamed.file('xl/media/image1.png', randomBytes(1_200_000), { compression: 'STORE' });
    const parts = Object.keys(saved.files).filter((name) => !saved.files[name].dir && name !== '[Content_Types].xml');
    for (const name of parts) streamed.file(name, await saved.file(name)!.async('nodebuffer'));
    streamed.file('[Content_Types].xml', await saved.file('[Content_Types].xml')!.async('nodebuffer'));
    const bytes = await streamed.generateAsync({ type: 'nodebuffer', streamFiles: true, compression: 'DEFLATE' });
    expect((await fileTypeFromBuffer(bytes))?.mime).toBe('application/zip');
    expect(await readDocument(bytes, { fileName: 'model.xlsx' }, LIMITS)).toEqual({
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      pageCount: 1,
      pages: ['# Income\nRevenue\t1200000'],
    });
  });

  it('refuses a ZIP that is no Office document as a ZIP', async () => {
    const zip = new JSZip().file('statements/acme.txt', 'Revenue 12,500');
    expect(await refusal(await zip.generateAsync({ type: 'nodebuffer' }), 'statements.zip')).toBe(
      `statements.zip: application/zip files are not supported; send ${ACCEPTED}.`,
    );
  });

  it('reads CSV when the name or the declared type says so, and plain text otherwise', async () => {
    const bytes = Buffer.from('year,revenue\n2025,"1,200,000"\n');
    expect(await readDocument(bytes, { fileName: 'metrics.csv' }, LIMITS)).toEqual({
      mimeType: 'text/csv',
      pageCount: 1,
      pages: ['year\trevenue\n2025\t1,200,000'],
    });
    expect(await readDocument(bytes, { fileName: 'metrics', mimeType: 'text/csv' }, LIMITS)).toMatchObject({ mimeType: 'text/csv' });
    expect(await readDocument(bytes, { fileName: 'metrics.txt' }, LIMITS)).toEqual({
      mimeType: 'text/plain',
      pageCount: 1,
      pages: [bytes.toString().trimEnd()],
    });
  });

  it('reads a PNG or a JPEG as one page whose text OCR reads while the document is processed', async () => {
    const canvas = createCanvas(640, 480);
    canvas.getContext('2d').fillText('Balance Sheet', 20, 40);
    expect(await readDocument(TINY_PNG, { fileName: 'scan.png' }, LIMITS)).toEqual({ mimeType: 'image/png', pageCount: 1, pages: [''] });
    expect(await readDocument(await canvas.encode('jpeg'), { fileName: 'photo' }, LIMITS)).toEqual({ mimeType: 'image/jpeg', pageCount: 1, pages: [''] });
  });

  it('reads a PPTX slide by slide in the order of the deck, each slide title first then top to bottom and left to right', async () => {
    const deck = await pptxBytes([
      [
        { paragraphs: ['Left column'], at: [40, 300] },
        { paragraphs: ['Traction'], title: true },
        { paragraphs: ['Right column'], at: [400, 305] },
        { paragraphs: ['ARR $4.2M', 'Net revenue retention 118%'] },
      ],
      [
        {
          table: [
            ['Metric', '2024', '2025'],
            ['Revenue', '1,200', '2,100'],
          ],
          at: [40, 200],
        },
        { paragraphs: ['Financials'], at: [40, 20] },
        { group: [{ paragraphs: ['Footnote in a group'], at: [0, 400] }], at: [40, 250] },
      ],
    ]);
    expect(await readDocument(deck, { fileName: 'deck.pptx' }, LIMITS)).toEqual({
      mimeType: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
      pageCount: 2,
      pages: [
        // The body placeholder has no position of its own: the layout puts it at 120 pt, above the columns.
        'Traction\nARR $4.2M\nNet revenue retention 118%\nLeft column\nRight column',
        // The group maps its child space (600 pt) onto its box (300 pt): the footnote lands at 250 + 200 pt, below the table.
        'Financials\nMetric\t2024\t2025\nRevenue\t1,200\t2,100\nFootnote in a group',
      ],
    });
  });

  it('refuses a PPTX whose slide is not well-formed XML, and one without slides', async () => {
    const zip = await JSZip.loadAsync(await pptxBytes([[{ paragraphs: ['Hello'], at: [0, 0] }]]));
    zip.file('ppt/slides/slide1.xml', '<p:sld><p:cSld>');
    expect(await refusal(await zip.generateAsync({ type: 'nodebuffer' }), 'broken.pptx')).toBe(
      'broken.pptx: the PPTX file is corrupt and cannot be read (ppt/slides/slide1.xml is not well-formed XML).',
    );
    expect(await refusal(await pptxBytes([]), 'empty.pptx')).toBe('empty.pptx: the presentation has no slides.');
  });

  it.each([
    ['an empty file', Buffer.alloc(0), 'x.pdf', 'x.pdf: the file is empty.'],
    [
      'a corrupt PDF',
      Buffer.from('%PDF-1.7\n1 0 obj garbage\n%%EOF\n'),
      'broken.pdf',
      'broken.pdf: the PDF is corrupt: its structure (cross-reference table, trailer) cannot be read.',
    ],
    ['an encrypted PDF', encryptedPdf(), 'locked.pdf', 'locked.pdf: the PDF is encrypted; send it without a password.'],
    [
      'a GIF image',
      Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64'),
      'logo.pdf',
      `logo.pdf: image/gif files are not supported; send ${ACCEPTED}.`,
    ],
    ['binary bytes', Buffer.from([0x01, 0x00, 0xff, 0xfe, 0x10]), 'blob.bin', `blob.bin: the file is none of the accepted formats; send ${ACCEPTED}.`],
    ['a truncated PNG', TINY_PNG.subarray(0, 20), 'scan.png', 'scan.png: the PNG image is corrupt or truncated and cannot be read.'],
    [
      'a JPEG cut before its frame header',
      Buffer.from('ffd8ffe000104a46494600010100000100010000', 'hex'),
      'scan.jpg',
      'scan.jpg: the JPEG image is corrupt or truncated and cannot be read.',
    ],
    [
      'an image of more than 50 megapixels',
      pngHeader(10_000, 6_000),
      'poster.png',
      'poster.png: the image is 10000×6000 pixels; send at most 50 megapixels (a letter page scanned at 300 dpi is about 8).',
    ],
  ])('refuses %s, saying why', async (_case, bytes, fileName, message) => {
    expect(await refusal(bytes, fileName)).toBe(message);
  });

  describe('a PDF cut off in transfer', () => {
    const truncated = (bytes: Buffer, at: number) => bytes.subarray(0, at);
    const message = (fileName: string, bytes: number) =>
      `${fileName}: the PDF is truncated: its last 1,024 bytes hold no end-of-file marker (%%EOF), which every complete PDF ends with (${bytes.toLocaleString('en-US')} bytes received); send the whole file.`;

    it('is refused as truncated, naming how much arrived, wherever it was cut', async () => {
      const whole = await pdfBytes(6);
      for (const at of [Math.floor(whole.length / 4), Math.floor(whole.length / 2), whole.length - 10]) {
        expect(await refusal(truncated(whole, at), 'half.pdf')).toBe(message('half.pdf', at));
      }
    });

    it('is refused when cut inside an incremental update, though pdf.js would read it as the revision before the update', async () => {
      const original = await pdfBytes(2);
      const edited = Buffer.from(appendInfoUpdate(original, { Producer: 'iLovePDF', Title: 'Statements, corrected' }));
      const cut = truncated(edited, original.length + Math.floor((edited.length - original.length) / 2));
      const pdf = await getDocumentProxy(new Uint8Array(cut), { verbosity: 0 });
      expect(pdf.numPages).toBe(2);
      await pdf.destroy();
      expect(await refusal(cut, 'edited.pdf')).toBe(
        `edited.pdf: the PDF is truncated: an incremental update begins after its last end-of-file marker (%%EOF) and does not end; read as it is, it would be the revision before that update (${cut.length.toLocaleString('en-US')} bytes received); send the whole file.`,
      );
      expect((await readDocument(edited, { fileName: 'edited.pdf' }, LIMITS)).pageCount).toBe(2);
    });

    it('is read when only padding follows its end-of-file marker, up to the 1,024 bytes readers allow', async () => {
      const whole = await pdfBytes(2);
      expect((await readDocument(Buffer.concat([whole, Buffer.alloc(1000, 0x0a)]), { fileName: 'padded.pdf' }, LIMITS)).pageCount).toBe(2);
      const padded = Buffer.concat([whole, Buffer.alloc(1100, 0x0a)]);
      expect(await refusal(padded, 'padded.pdf')).toBe(message('padded.pdf', padded.length));
      expect(
        (await readDocument(Buffer.concat([whole, Buffer.from('\r\n<html>mail gateway footer</html>')]), { fileName: 'mailed.pdf' }, LIMITS)).pageCount,
      ).toBe(2);
    });
  });

  it('refuses a PDF one of whose pages cannot be read, naming the page', async () => {
    const raw = (await pdfBytes(3, (page) => `Page ${page}`, { useObjectStreams: false })).toString('latin1');
    const contents = [...raw.matchAll(/\/Contents \[ \d+ 0 R \]/g)][1];
    // Page 2's content stream referred to with the wrong generation: same length, so the cross-reference table stays right.
    const broken = raw.slice(0, contents.index) + contents[0].replace(' 0 R', ' 1 R') + raw.slice(contents.index + contents[0].length);
    expect(await refusal(Buffer.from(broken, 'latin1'), 'statements.pdf')).toBe('statements.pdf: the PDF is corrupt: page 2 of 3 cannot be read.');
  });

  describe('limits', () => {
    const small = { ...LIMITS, maxPages: 3, maxRows: 4 };

    it('refuses a PDF of more pages than maxPages, naming both counts, and reads one of maxPages', async () => {
      expect(await refusal(await pdfBytes(4), 'annual-report.pdf', undefined, small)).toBe(
        `annual-report.pdf: the document has 4 pages; at most 3 are accepted in one document. ${SPLIT}`,
      );
      expect((await readDocument(await pdfBytes(3), { fileName: 'annual-report.pdf' }, small)).pageCount).toBe(3);
    });

    it('counts the slides of a deck, the sheets of a workbook and the text pages of a DOCX against maxPages', async () => {
      const slides = Array.from({ length: 4 }, (_, index) => [{ paragraphs: [`Slide ${index + 1}`], at: [0, 0] as [number, number] }]);
      expect(await refusal(await pptxBytes(slides), 'deck.pptx', undefined, small)).toBe(
        `deck.pptx: the document has 4 pages; at most 3 are accepted in one document. ${SPLIT}`,
      );
      const sheets = Object.fromEntries(['Q1', 'Q2', 'Q3', 'Q4'].map((name) => [name, [['Revenue', 1]]]));
      expect(await refusal(await xlsxBytes(sheets), 'quarters.xlsx', undefined, small)).toMatch(/^quarters\.xlsx: the document has 4 pages; at most 3/);
      const fourPages = Array.from({ length: 4 }, () => 'a'.repeat(TEXT_PAGE_CHARS - 10));
      expect(await refusal(await docxBytes(fourPages, 1), 'application.docx', undefined, small)).toMatch(/^application\.docx: the document has 4 pages/);
    });

    it('refuses a workbook of more rows than maxRows, all sheets together, and reads one of maxRows', async () => {
      const sheets = {
        Income: [
          ['Year', 'Revenue'],
          [2025, 1],
        ],
        Balance: [
          ['Cash', 2],
          ['Debt', 3],
        ],
      };
      expect((await readDocument(await xlsxBytes(sheets), { fileName: 'model.xlsx' }, small)).pageCount).toBe(2);
      expect(await refusal(await xlsxBytes({ ...sheets, Cash: [['Opening', 4]] }), 'model.xlsx', undefined, small)).toBe(
        `model.xlsx: the workbook has more than 4 rows; at most 4 (all sheets together) are read in one document. ${SPLIT}`,
      );
    });

    it('counts only rows that hold cells: empty formatted rows do not count', async () => {
      const zip = await JSZip.loadAsync(
        await xlsxBytes({
          Income: [
            ['Year', 'Revenue'],
            [2025, 1],
          ],
        }),
      );
      const sheet = await zip.file('xl/worksheets/sheet1.xml')!.async('string');
      const empty = Array.from({ length: 10 }, (_, index) => `<row r="${index + 3}" ht="20" customHeight="1"/>`).join('');
      zip.file('xl/worksheets/sheet1.xml', sheet.replace('</sheetData>', `${empty}</sheetData>`));
      const read = await readDocument(await zip.generateAsync({ type: 'nodebuffer' }), { fileName: 'model.xlsx' }, small);
      expect(read.pages).toEqual(['# Income\nYear\tRevenue\n2025\t1']);
    });

    it('refuses a CSV of more rows than maxRows and reads one of maxRows', async () => {
      const csv = (rows: number) =>
        Buffer.from(['date,amount', ...Array.from({ length: rows - 1 }, (_, index) => `2025-01-0${index + 1},${index}`)].join('\n'));
      expect((await readDocument(csv(4), { fileName: 'transactions.csv' }, small)).pages[0].split('\n')).toHaveLength(4);
      expect(await refusal(csv(5), 'transactions.csv', undefined, small)).toBe(
        `transactions.csv: the CSV has more than 4 rows; at most 4 are read in one document. ${SPLIT}`,
      );
    });

    it('refuses a text file of more lines than maxRows, blank lines aside', async () => {
      expect((await readDocument(Buffer.from('a\n\nb\n\nc\n\nd\n'), { fileName: 'notes.txt' }, small)).pageCount).toBe(1);
      expect(await refusal(Buffer.from('a\nb\nc\nd\ne\n'), 'notes.txt', undefined, small)).toBe(
        `notes.txt: the text has 5 lines; at most 4 are read in one document. ${SPLIT}`,
      );
    });
  });

  it('refuses malformed CSV', async () => {
    expect(await refusal(Buffer.from('a,b\n1,2,3\n"unterminated'), 'bad.csv')).toMatch(/^bad\.csv: the CSV is malformed/);
  });
});

describe('pagesOfText', () => {
  it('cuts text into pages of at most TEXT_PAGE_CHARS characters at line ends, keeping every line', () => {
    const lines = Array.from({ length: 100 }, (_, index) => `Line ${index}: ${'word '.repeat(10)}`);
    const pages = pagesOfText(lines.join('\n'));
    expect(pages.length).toBe(Math.ceil(lines.join('\n').length / TEXT_PAGE_CHARS));
    expect(pages.every((page) => page.length <= TEXT_PAGE_CHARS)).toBe(true);
    expect(pages.join('\n')).toBe(lines.join('\n'));
  });

  it('cuts a line longer than a page at a space, and a line without one at the limit', () => {
    const long = 'word '.repeat(1_000).trim();
    const pages = pagesOfText(long);
    expect(pages.every((page) => page.length <= TEXT_PAGE_CHARS)).toBe(true);
    expect(pages.join('')).toBe(long);
    expect(pagesOfText('x'.repeat(TEXT_PAGE_CHARS * 2 + 1)).map((page) => page.length)).toEqual([TEXT_PAGE_CHARS, TEXT_PAGE_CHARS, 1]);
  });

  it('gives one empty page for empty text', () => {
    expect(pagesOfText('')).toEqual(['']);
  });
});

import { describe, expect, it } from '@jest/globals';
import { createCanvas } from '@napi-rs/canvas';
import JSZip from 'jszip';
import { docxBytes, encryptedPdf, pdfBytes, pptxBytes, xlsxBytes } from '../../test/support/document-fixtures.js';
import { InvalidInputException } from '../common/errors/app.exception.js';
import { readDocument } from './document-reader.js';

const ACCEPTED = 'PDF, DOCX, PPTX, XLSX, CSV, plain text, PNG or JPEG';

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

async function refusal(bytes: Buffer, fileName: string, mimeType?: string): Promise<string> {
  const error = await readDocument(bytes, { fileName, mimeType }).then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(InvalidInputException);
  return (error as InvalidInputException).detail!;
}

describe('readDocument', () => {
  it('reads a PDF page by page', async () => {
    const read = await readDocument(await pdfBytes(3), { fileName: 'deck.pdf' });
    expect(read).toEqual({
      mimeType: 'application/pdf',
      pageCount: 3,
      pages: ['Page 1: revenue grew 40% year on year', 'Page 2: revenue grew 40% year on year', 'Page 3: revenue grew 40% year on year'],
    });
  });

  it('sniffs the type from the bytes, not the name or the declared type', async () => {
    const read = await readDocument(await pdfBytes(1), { fileName: 'notes.txt', mimeType: 'text/plain' });
    expect(read.mimeType).toBe('application/pdf');
  });

  it('reads a DOCX with the page count Word saved', async () => {
    expect(await readDocument(await docxBytes(['Borrower: Acme', 'Amount: 2,000,000'], 4), { fileName: 'application.docx' })).toEqual({
      mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      pageCount: 4,
      pages: ['Borrower: Acme\n\nAmount: 2,000,000\n\n'],
    });
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
    );
    expect(read).toEqual({
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      pageCount: 2,
      pages: ['# Income\nYear\tRevenue\n2025\t1200000', '# Balance\nCash\t300000'],
    });
  });

  it('reads CSV when the name or the declared type says so, and plain text otherwise', async () => {
    const bytes = Buffer.from('year,revenue\n2025,"1,200,000"\n');
    expect(await readDocument(bytes, { fileName: 'metrics.csv' })).toEqual({ mimeType: 'text/csv', pageCount: 1, pages: ['year\trevenue\n2025\t1,200,000'] });
    expect(await readDocument(bytes, { fileName: 'metrics', mimeType: 'text/csv' })).toMatchObject({ mimeType: 'text/csv' });
    expect(await readDocument(bytes, { fileName: 'metrics.txt' })).toEqual({ mimeType: 'text/plain', pageCount: 1, pages: [bytes.toString()] });
  });

  it('reads a PNG or a JPEG as one page whose text OCR reads while the document is processed', async () => {
    const canvas = createCanvas(640, 480);
    canvas.getContext('2d').fillText('Balance Sheet', 20, 40);
    expect(await readDocument(TINY_PNG, { fileName: 'scan.png' })).toEqual({ mimeType: 'image/png', pageCount: 1, pages: [''] });
    expect(await readDocument(await canvas.encode('jpeg'), { fileName: 'photo' })).toEqual({ mimeType: 'image/jpeg', pageCount: 1, pages: [''] });
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
    expect(await readDocument(deck, { fileName: 'deck.pptx' })).toEqual({
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
    ['a corrupt PDF', Buffer.from('%PDF-1.7\n1 0 obj garbage'), 'broken.pdf', 'broken.pdf: the PDF is corrupt or truncated and cannot be read.'],
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

  it('refuses a truncated PDF', async () => {
    const whole = await pdfBytes(2);
    expect(await refusal(whole.subarray(0, Math.floor(whole.length / 2)), 'half.pdf')).toMatch(/^half\.pdf: the PDF is corrupt/);
  });

  it('refuses malformed CSV', async () => {
    expect(await refusal(Buffer.from('a,b\n1,2,3\n"unterminated'), 'bad.csv')).toMatch(/^bad\.csv: the CSV is malformed/);
  });
});

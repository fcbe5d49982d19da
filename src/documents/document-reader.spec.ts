import { describe, expect, it } from '@jest/globals';
import { docxBytes, encryptedPdf, pdfBytes, xlsxBytes } from '../../test/support/document-fixtures.js';
import { InvalidInputException } from '../common/errors/app.exception.js';
import { readDocument } from './document-reader.js';

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

  it.each([
    ['an empty file', Buffer.alloc(0), 'x.pdf', 'x.pdf: the file is empty.'],
    ['a corrupt PDF', Buffer.from('%PDF-1.7\n1 0 obj garbage'), 'broken.pdf', 'broken.pdf: the PDF is corrupt or truncated and cannot be read.'],
    ['an encrypted PDF', encryptedPdf(), 'locked.pdf', 'locked.pdf: the PDF is encrypted; send it without a password.'],
    [
      'a PNG image',
      Buffer.from(
        '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201e2214bc70000000049454e44ae426082',
        'hex',
      ),
      'logo.pdf',
      'logo.pdf: image/png files are not supported; send PDF, DOCX, XLSX, CSV or plain text.',
    ],
    [
      'binary bytes',
      Buffer.from([0x01, 0x00, 0xff, 0xfe, 0x10]),
      'blob.bin',
      'blob.bin: the file is neither PDF, DOCX, XLSX nor UTF-8 text; send PDF, DOCX, XLSX, CSV or plain text.',
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

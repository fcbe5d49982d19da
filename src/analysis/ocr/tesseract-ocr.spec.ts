import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { pageImages, scannedPdf, tablePdf, type DrawnText } from '../../../test/support/document-fixtures.js';
import { layoutDocument } from '../builtin-engine.js';
import { readImageLayout, readPdfLayout } from '../layout/pdf-layout.js';
import { TesseractOcr } from './tesseract-ocr.js';

// A small income statement: label column at 72 pt, two period columns right-aligned at 400 and 500 pt.
const STATEMENT: DrawnText[][] = [
  [{ text: 'Income Statement', x: 72, bold: true }],
  [
    { text: '2025', x: 400, right: true, bold: true },
    { text: '2024', x: 500, right: true, bold: true },
  ],
  [
    { text: 'Revenue', x: 72 },
    { text: '1,482,300', x: 400, right: true },
    { text: '1,275,900', x: 500, right: true },
  ],
  [
    { text: 'Cost of revenue', x: 72 },
    { text: '(612,450)', x: 400, right: true },
    { text: '(540,120)', x: 500, right: true },
  ],
  [
    { text: 'Gross profit', x: 72 },
    { text: '869,850', x: 400, right: true },
    { text: '735,780', x: 500, right: true },
  ],
];

describe('TesseractOcr', () => {
  const ocr = new TesseractOcr({ maxPages: 10, renderScale: 2 });
  let scan: Buffer;

  beforeAll(async () => {
    scan = await scannedPdf(await tablePdf(STATEMENT));
  });

  afterAll(() => ocr.onModuleDestroy());

  it('reads a scanned page into lines whose figures stay in their period columns, with the page confidence', async () => {
    const [page] = await readPdfLayout(scan, { ocr });
    expect(page.ocr).toBe(true);
    expect(page.ocrConfidence).toBeGreaterThan(0.8);
    expect(page.lines.map((line) => line.text)).toEqual([
      'Income Statement',
      '2025 2024',
      'Revenue 1,482,300 1,275,900',
      'Cost of revenue (612,450) (540,120)',
      'Gross profit 869,850 735,780',
    ]);
    // Positions are PDF points, as for a text layer: the figures end where they were drawn.
    const revenue = page.lines[2].cells;
    expect(revenue.map((cell) => cell.text)).toEqual(['Revenue', '1,482,300', '1,275,900']);
    expect(revenue[0].x0).toBeCloseTo(72, -1);
    expect(revenue[1].x1).toBeCloseTo(400, -1);
    expect(revenue[2].x1).toBeCloseTo(500, -1);
  });

  it('leaves a page with a text layer to the text layer', async () => {
    const [page] = await readPdfLayout(await tablePdf(STATEMENT), { ocr });
    expect(page.ocr).toBe(false);
    expect(page.ocrConfidence).toBeUndefined();
  });

  it('reads no more scanned pages of a document than its page budget', async () => {
    const budget = new TesseractOcr({ maxPages: 1, renderScale: 1.5 });
    try {
      const twoPages = await scannedPdf(await tablePdf(STATEMENT).then(async (one) => mergePages(one, one)));
      const pages = await readPdfLayout(twoPages, { ocr: budget });
      expect(pages.map((page) => [page.ocr, page.chars > 0])).toEqual([
        [true, true],
        [false, false],
      ]);
    } finally {
      await budget.onModuleDestroy();
    }
  });

  it('reads a PNG as one page measured in its pixels', async () => {
    const [png] = await pageImages(await tablePdf(STATEMENT, [560, 300]), 2);
    const [page] = await readImageLayout(png, { ocr });
    expect(page).toMatchObject({ page: 1, width: 1120, height: 600, ocr: true });
    expect(page.lines[2].text).toBe('Revenue 1,482,300 1,275,900');
    expect(page.lines[2].cells[2].x1).toBeCloseTo(1000, -1.5);
  });

  it('lays out a JPEG document through OCR, and leaves it one empty page without OCR', async () => {
    const { createCanvas, loadImage } = await import('@napi-rs/canvas');
    const [png] = await pageImages(await tablePdf(STATEMENT, [560, 300]), 2);
    const image = await loadImage(png);
    const canvas = createCanvas(image.width, image.height);
    canvas.getContext('2d').drawImage(image, 0, 0);
    const jpeg = await canvas.encode('jpeg', 90);
    const [read] = await layoutDocument({ bytes: jpeg, mimeType: 'image/jpeg' }, { ocr });
    expect(read).toMatchObject({ ocr: true, width: 1120, height: 600 });
    expect(read.lines[4].text).toBe('Gross profit 869,850 735,780');
    expect(await layoutDocument({ bytes: jpeg, mimeType: 'image/jpeg' }, { ocr: null })).toEqual([
      { page: 1, width: 612, height: 792, lines: [], text: '', chars: 0, ocr: false },
    ]);
  });

  it('starts a new worker for the next page after being shut down', async () => {
    await ocr.onModuleDestroy();
    const [page] = await readPdfLayout(scan, { ocr });
    expect(page.lines[0].text).toBe('Income Statement');
  });
});

async function mergePages(...pdfs: Buffer[]): Promise<Buffer> {
  const { PDFDocument } = await import('pdf-lib');
  const merged = await PDFDocument.create();
  for (const pdf of pdfs) {
    const source = await PDFDocument.load(pdf);
    for (const page of await merged.copyPages(source, source.getPageIndices())) merged.addPage(page);
  }
  return Buffer.from(await merged.save());
}

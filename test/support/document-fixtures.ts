import { readFileSync } from 'node:fs';
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { PDFDocument, StandardFonts } from 'pdf-lib';

/** A real PDF whose page N says `pageText(N)`. */
export async function pdfBytes(
  pageCount: number,
  pageText = (page: number) => `Page ${page}: revenue grew 40% year on year`,
  options: { useObjectStreams?: boolean } = {},
): Promise<Buffer> {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  for (let page = 1; page <= pageCount; page++) document.addPage().drawText(pageText(page), { x: 50, y: 700, font, size: 14 });
  // objectsPerTick: pdf-lib yields to the event loop every 50 objects by default, which makes a 1,000-page file take seconds.
  return Buffer.from(await document.save({ objectsPerTick: Infinity, ...options }));
}

/** A password-protected PDF (qpdf --encrypt, AES-256), committed as a fixture. */
export const encryptedPdf = (): Buffer => readFileSync(new URL('../fixtures/encrypted.pdf', import.meta.url));

/** A minimal Word document, with the page count Word would have saved. */
export async function docxBytes(paragraphs: string[], savedPages = 2): Promise<Buffer> {
  const zip = new JSZip();
  zip.file(
    '[Content_Types].xml',
    '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/><Override PartName="/docProps/app.xml" ContentType="application/vnd.openxmlformats-officedocument.extended-properties+xml"/></Types>',
  );
  zip.file(
    '_rels/.rels',
    '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/extended-properties" Target="docProps/app.xml"/></Relationships>',
  );
  zip.file(
    'word/document.xml',
    `<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${paragraphs.map((text) => `<w:p><w:r><w:t>${text}</w:t></w:r></w:p>`).join('')}</w:body></w:document>`,
  );
  zip.file(
    'docProps/app.xml',
    `<?xml version="1.0" encoding="UTF-8"?><Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/extended-properties"><Pages>${savedPages}</Pages></Properties>`,
  );
  return zip.generateAsync({ type: 'nodebuffer' });
}

/**
 * A bank account's transactions as a spreadsheet would export them: a header row, then `rows`
 * lines of date, description, amount and a running balance that adds up.
 */
export function transactionRows(rows: number): (string | number)[][] {
  const lines: (string | number)[][] = [['Date', 'Description', 'Amount', 'Balance']];
  let balance = 10_000;
  for (let index = 1; index <= rows; index++) {
    const amount = index % 3 === 0 ? -((index * 37) % 900) - 0.25 : ((index * 53) % 1200) + 0.5;
    balance = Math.round((balance + amount) * 100) / 100;
    lines.push([`2024-${String(1 + (index % 12)).padStart(2, '0')}-${String(1 + (index % 28)).padStart(2, '0')}`, `Invoice ${index}`, amount, balance]);
  }
  return lines;
}

export function csvBytes(rows: (string | number)[][]): Buffer {
  return Buffer.from(rows.map((row) => row.join(',')).join('\n'));
}

/** An XLSX of one sheet written row by row (exceljs's streaming writer: its in-memory workbook takes seconds for 100,000 rows). */
export async function largeXlsxBytes(sheetName: string, rows: unknown[][]): Promise<Buffer> {
  const chunks: Buffer[] = [];
  const stream = new PassThrough().on('data', (chunk: Buffer) => chunks.push(chunk));
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useSharedStrings: false, useStyles: false });
  const sheet = workbook.addWorksheet(sheetName);
  for (const row of rows) sheet.addRow(row).commit();
  sheet.commit();
  await workbook.commit();
  return Buffer.concat(chunks);
}

export async function xlsxBytes(sheets: Record<string, unknown[][]>): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  for (const [name, rows] of Object.entries(sheets)) workbook.addWorksheet(name).addRows(rows);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** A text line drawn at `x` (left edge; right edge with `right: true`), for statement-like pages. */
export interface DrawnText {
  text: string;
  x: number;
  right?: boolean;
  bold?: boolean;
}

/** A one-page PDF with a text layer: each entry of `rows` is one line (14 points apart), its runs at their x. */
export async function tablePdf(rows: DrawnText[][], size: [number, number] = [612, 792]): Promise<Buffer> {
  const document = await PDFDocument.create();
  const regular = await document.embedFont(StandardFonts.Helvetica);
  const bold = await document.embedFont(StandardFonts.HelveticaBold);
  const page = document.addPage(size);
  rows.forEach((runs, index) => {
    for (const run of runs) {
      const font = run.bold ? bold : regular;
      const x = run.right ? run.x - font.widthOfTextAtSize(run.text, 10) : run.x;
      page.drawText(run.text, { x, y: size[1] - 72 - index * 14, size: 10, font });
    }
  });
  return Buffer.from(await document.save());
}

/** Each page of `pdf` rendered to a PNG (pdf.js and @napi-rs/canvas, as the OCR adapter renders), at `scale` pixels per point. */
export async function pageImages(pdf: Uint8Array, scale = 2): Promise<Buffer[]> {
  const { renderPdfPage } = await import('../../src/analysis/ocr/page-raster.js');
  const { getDocumentProxy } = await import('unpdf');
  const proxy = await getDocumentProxy(new Uint8Array(pdf), { verbosity: 0 });
  const count = proxy.numPages;
  await proxy.destroy();
  const images: Buffer[] = [];
  for (let page = 1; page <= count; page++) images.push(Buffer.from((await renderPdfPage(pdf, page, scale)).png));
  return images;
}

/** A scan: every page of `pdf` as a picture in a PDF with no text layer (same page sizes), as a scanner would produce it. */
export async function scannedPdf(pdf: Uint8Array, scale = 2): Promise<Buffer> {
  const sizes = (await PDFDocument.load(pdf)).getPages().map((page) => page.getSize());
  const scan = await PDFDocument.create();
  for (const [index, png] of (await pageImages(pdf, scale)).entries()) {
    const { width, height } = sizes[index];
    scan.addPage([width, height]).drawImage(await scan.embedPng(png), { x: 0, y: 0, width, height });
  }
  return Buffer.from(await scan.save());
}

/** A shape on a slide: paragraphs at an offset in points (none: inherits the layout's body placeholder position), or a table. */
export type SlideShape =
  | { paragraphs: string[]; at?: [number, number]; title?: boolean }
  | { table: string[][]; at: [number, number] }
  | { group: SlideShape[]; at: [number, number] };

const EMU_PER_POINT = 12_700;
const PML =
  'xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main" xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"';
const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const offset = ([x, y]: [number, number]) =>
  `<a:off x="${x * EMU_PER_POINT}" y="${y * EMU_PER_POINT}"/><a:ext cx="${200 * EMU_PER_POINT}" cy="${40 * EMU_PER_POINT}"/>`;
const textBody = (paragraphs: string[]) =>
  `<p:txBody><a:bodyPr/>${paragraphs.map((text) => `<a:p><a:r><a:rPr lang="en-US"/><a:t>${escapeXml(text)}</a:t></a:r></a:p>`).join('')}</p:txBody>`;

function shapeXml(shape: SlideShape, id: number): string {
  if ('table' in shape) {
    const rows = shape.table
      .map((row) => `<a:tr h="370840">${row.map((cell) => `<a:tc>${textBody([cell]).replace(/p:txBody/g, 'a:txBody')}</a:tc>`).join('')}</a:tr>`)
      .join('');
    return `<p:graphicFrame><p:nvGraphicFramePr><p:cNvPr id="${id}" name="Table ${id}"/><p:cNvGraphicFramePr/><p:nvPr/></p:nvGraphicFramePr><p:xfrm>${offset(shape.at)}</p:xfrm><a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/table"><a:tbl>${rows}</a:tbl></a:graphicData></a:graphic></p:graphicFrame>`;
  }
  if ('group' in shape) {
    // The group's children are placed in a child space twice as large as its box.
    const [x, y] = shape.at;
    const children = shape.group.map((child, index) => shapeXml(child, id * 10 + index)).join('');
    return `<p:grpSp><p:nvGrpSpPr><p:cNvPr id="${id}" name="Group ${id}"/><p:cNvGrpSpPr/><p:nvPr/></p:nvGrpSpPr><p:grpSpPr><a:xfrm><a:off x="${x * EMU_PER_POINT}" y="${y * EMU_PER_POINT}"/><a:ext cx="${300 * EMU_PER_POINT}" cy="${300 * EMU_PER_POINT}"/><a:chOff x="0" y="0"/><a:chExt cx="${600 * EMU_PER_POINT}" cy="${600 * EMU_PER_POINT}"/></a:xfrm></p:grpSpPr>${children}</p:grpSp>`;
  }
  const placeholder = shape.title ? '<p:ph type="title"/>' : shape.at ? '' : '<p:ph idx="1"/>';
  const position = shape.at ? `<a:xfrm>${offset(shape.at)}</a:xfrm>` : '';
  return `<p:sp><p:nvSpPr><p:cNvPr id="${id}" name="Shape ${id}"/><p:cNvSpPr/><p:nvPr>${placeholder}</p:nvPr></p:nvSpPr><p:spPr>${position}</p:spPr>${textBody(shape.paragraphs)}</p:sp>`;
}

/**
 * A PowerPoint deck: one slide per entry, its shapes in the order given (file order, not reading
 * order). Slide files are numbered backwards (the deck's first slide is the last file), as after
 * reordering slides in PowerPoint; the one layout puts its body placeholder (idx 1) at (40, 120) pt.
 */
export async function pptxBytes(slides: SlideShape[][]): Promise<Buffer> {
  const zip = new JSZip();
  const count = slides.length;
  const overrides = slides
    .map(
      (_, index) =>
        `<Override PartName="/ppt/slides/slide${count - index}.xml" ContentType="application/vnd.openxmlformats-officedocument.presentationml.slide+xml"/>`,
    )
    .join('');
  zip.file(
    '[Content_Types].xml',
    `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/ppt/presentation.xml" ContentType="application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml"/><Override PartName="/ppt/slideLayouts/slideLayout1.xml" ContentType="application/vnd.openxmlformats-officedocument.presentationml.slideLayout+xml"/>${overrides}</Types>`,
  );
  zip.file(
    '_rels/.rels',
    '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="ppt/presentation.xml"/></Relationships>',
  );
  const ids = slides.map((_, index) => `<p:sldId id="${256 + index}" r:id="rId${index + 1}"/>`).join('');
  zip.file(
    'ppt/presentation.xml',
    `<?xml version="1.0" encoding="UTF-8"?><p:presentation ${PML}><p:sldIdLst>${ids}</p:sldIdLst><p:sldSz cx="12192000" cy="6858000"/></p:presentation>`,
  );
  const rels = slides
    .map(
      (_, index) =>
        `<Relationship Id="rId${index + 1}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/slide" Target="slides/slide${count - index}.xml"/>`,
    )
    .join('');
  zip.file(
    'ppt/_rels/presentation.xml.rels',
    `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${rels}</Relationships>`,
  );
  zip.file(
    'ppt/slideLayouts/slideLayout1.xml',
    `<?xml version="1.0" encoding="UTF-8"?><p:sldLayout ${PML}><p:cSld><p:spTree><p:sp><p:nvSpPr><p:cNvPr id="2" name="Title"/><p:cNvSpPr/><p:nvPr><p:ph type="title"/></p:nvPr></p:nvSpPr><p:spPr><a:xfrm>${offset([40, 20])}</a:xfrm></p:spPr></p:sp><p:sp><p:nvSpPr><p:cNvPr id="3" name="Body"/><p:cNvSpPr/><p:nvPr><p:ph idx="1"/></p:nvPr></p:nvSpPr><p:spPr><a:xfrm>${offset([40, 120])}</a:xfrm></p:spPr></p:sp></p:spTree></p:cSld></p:sldLayout>`,
  );
  slides.forEach((shapes, index) => {
    const file = `slide${count - index}.xml`;
    zip.file(
      `ppt/slides/${file}`,
      `<?xml version="1.0" encoding="UTF-8"?><p:sld ${PML}><p:cSld><p:spTree><p:nvGrpSpPr><p:cNvPr id="1" name=""/><p:cNvGrpSpPr/><p:nvPr/></p:nvGrpSpPr><p:grpSpPr/>${shapes.map((shape, n) => shapeXml(shape, n + 2)).join('')}</p:spTree></p:cSld></p:sld>`,
    );
    zip.file(
      `ppt/slides/_rels/${file}.rels`,
      '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/slideLayout" Target="../slideLayouts/slideLayout1.xml"/></Relationships>',
    );
  });
  return zip.generateAsync({ type: 'nodebuffer' });
}

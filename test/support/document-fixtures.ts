import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { PDFDocument, StandardFonts } from 'pdf-lib';

/** A real PDF whose page N says `pageText(N)`. */
export async function pdfBytes(pageCount: number, pageText = (page: number) => `Page ${page}: revenue grew 40% year on year`): Promise<Buffer> {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  for (let page = 1; page <= pageCount; page++) document.addPage().drawText(pageText(page), { x: 50, y: 700, font, size: 14 });
  return Buffer.from(await document.save());
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

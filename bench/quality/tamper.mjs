import { PDFDocument } from 'pdf-lib';
import { randomSource } from './random.mjs';

const { appendFigureRevision, appendInfoUpdate, changePrintedAmount, pdfDateString } = await import('../../dist/src/analysis/fraud/tampering.js');
const { readPdfStructure } = await import('../../dist/src/analysis/fraud/pdf-structure.js');

/**
 * Tampered variants of a clean generated document, labelled by what was done:
 * - `metadata`: an editor's incremental save a year after creation, Producer "iLovePDF";
 * - `number`: one printed amount on the first page changed by one digit, re-saved with pdf-lib
 *   keeping the original metadata (only the arithmetic can tell);
 * - `both`: the number changed, then the editor's save;
 * - `revision`: one printed amount changed by one digit in an update appended after the original
 *   (the original bytes and metadata kept), as an editor's incremental save does;
 * - `overlay`: one printed amount left in the stream, a white rectangle painted over it and the
 *   changed figure written on top ("white-out"), re-saved keeping the metadata;
 * - `font`: one printed amount changed and set in another font of the page (or 15 % larger), re-saved keeping the metadata;
 * - `dates`: an incremental save whose ModDate is 40 days before the CreationDate, Producer kept;
 * - `producer`: an incremental save naming an online editor (Smallpdf) as Producer, the same day.
 */
export async function tamperedVariants(document) {
  const random = randomSource(document.seed + 7);
  const editorSave = (bytes) => {
    const info = readPdfStructure(bytes).info;
    const created = info.creationDate ? new Date(info.creationDate) : new Date(Date.UTC(2025, 0, 1));
    return appendInfoUpdate(bytes, {
      Producer: 'iLovePDF',
      Creator: info.creator ?? 'pdf-lib',
      CreationDate: pdfDateString(created),
      ModDate: pdfDateString(new Date(created.getTime() + 365 * 86_400_000)),
    });
  };
  const info = readPdfStructure(document.bytes).info;
  const created = info.creationDate ? new Date(info.creationDate) : new Date(Date.UTC(2025, 0, 1));
  const resave = (bytes, fields) =>
    appendInfoUpdate(bytes, {
      Producer: info.producer ?? 'pdf-lib',
      Creator: info.creator ?? 'pdf-lib',
      CreationDate: pdfDateString(created),
      ModDate: pdfDateString(created),
      ...fields,
    });
  const variants = [
    { kind: 'metadata', bytes: editorSave(document.bytes) },
    { kind: 'dates', bytes: resave(document.bytes, { ModDate: pdfDateString(new Date(created.getTime() - 40 * 86_400_000)) }) },
    { kind: 'producer', bytes: resave(document.bytes, { Producer: 'Smallpdf.com' }) },
  ];
  const edit = changePrintedAmount(document.bytes, (count) => random.int(0, count - 1));
  if (edit) {
    const resaved = await (await PDFDocument.load(edit.bytes, { updateMetadata: false })).save();
    variants.push(
      { kind: 'number', bytes: resaved, edit: `${edit.from} -> ${edit.to}` },
      { kind: 'both', bytes: editorSave(resaved), edit: `${edit.from} -> ${edit.to}` },
    );
  }
  // Their own random source, so that the earlier kinds edit the same figures as before they were added.
  const restyling = randomSource(document.seed + 11);
  for (const [kind, how] of [
    ['overlay', 'white-out'],
    ['font', 'restyle'],
  ]) {
    const changed = changePrintedAmount(document.bytes, (count) => restyling.int(0, count - 1), how);
    if (changed)
      variants.push({ kind, bytes: await (await PDFDocument.load(changed.bytes, { updateMetadata: false })).save(), edit: `${changed.from} -> ${changed.to}` });
  }
  const revision = appendFigureRevision(document.bytes, (count) => random.int(0, count - 1));
  if (revision) variants.push({ kind: 'revision', bytes: revision.bytes, edit: `${revision.from} -> ${revision.to}` });
  return variants;
}

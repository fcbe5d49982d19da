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
 *   (the original bytes and metadata kept), as an editor's incremental save does.
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
  const variants = [{ kind: 'metadata', bytes: editorSave(document.bytes) }];
  const edit = changePrintedAmount(document.bytes, (count) => random.int(0, count - 1));
  if (edit) {
    const resaved = await (await PDFDocument.load(edit.bytes, { updateMetadata: false })).save();
    variants.push(
      { kind: 'number', bytes: resaved, edit: `${edit.from} -> ${edit.to}` },
      { kind: 'both', bytes: editorSave(resaved), edit: `${edit.from} -> ${edit.to}` },
    );
  }
  const revision = appendFigureRevision(document.bytes, (count) => random.int(0, count - 1));
  if (revision) variants.push({ kind: 'revision', bytes: revision.bytes, edit: `${revision.from} -> ${revision.to}` });
  return variants;
}

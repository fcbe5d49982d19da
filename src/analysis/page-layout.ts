import { pageKind } from './classification/document-classifier.js';
import type { PageLayout } from './analysis.types.js';
import { readTransactions, transactionFingerprint } from './fraud/bank-transactions.js';
import { layoutFromText } from './layout/text-layout.js';

/**
 * What the document-processing job uses of the analysis core (in its worker threads): each page's
 * layout (lines and cells with positions, from the text layer or OCR) and kind, read once when the
 * document is processed and stored, so that the analysis tools read stored layouts and never parse
 * a file per call.
 */
export { needsOcr, ocrLayout, readImageLayout, textLayerLayout, type OcrPort } from './layout/pdf-layout.js';
export { TesseractOcr, type OcrSettings } from './ocr/tesseract-ocr.js';
export { pageKind };
export type { PageKind, PageLayout } from './analysis.types.js';

/** The layout of one page of a document without positions (DOCX, XLSX sheet, CSV, text), from its stored text. */
export function textPageLayout(pageNumber: number, text: string): PageLayout {
  return { ...layoutFromText([text])[0], page: pageNumber };
}

/**
 * The fingerprints of the transactions a document lists, recorded when it is processed, so that
 * fraud_detection can find the same transactions in another of the account's documents without
 * reading every document again.
 */
export function transactionFingerprintsOf(pages: PageLayout[]): string[] {
  return readTransactions(pages).transactions.map(transactionFingerprint);
}

// Scores the degraded-scan development set (made by bench/scan-dev/make.mjs into bench/scan-dev/set/)
// as bench/quality.mjs scores the real filings: one table, facts F1, OCR seconds a page.
// Run after `npm run build`: node bench/scan-dev/score.mjs [--only SUBSTRING] [--dump DIR] [--verbose]
//   --dump DIR writes every page's OCR text (DIR/<id>-p<N>.txt) for reading what was lost.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { reportLabelledSet } from '../quality/labelled-sets.mjs';
import { readLabelledSet } from '../support/labelled-documents.mjs';

const option = (name, fallback) => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? process.argv[index + 1] : fallback;
};
const directory = new URL('./set/', import.meta.url).pathname;
if (!existsSync(join(directory, 'labels'))) throw new Error('No set yet: node bench/scan-dev/make.mjs');

const { readPdfLayout } = await import('../../dist/src/analysis/layout/pdf-layout.js');
const { layoutFromText } = await import('../../dist/src/analysis/layout/text-layout.js');
const { classifyDocument, detectFraud, discoverRisks, extractFinancialData } = await import('../../dist/src/analysis/builtin-engine.js');
const { isVerbatim } = await import('../../dist/src/analysis/verbatim.js');
const { TesseractOcr } = await import('../../dist/src/analysis/ocr/tesseract-ocr.js');

const only = option('only', '');
const dump = option('dump', null);
if (dump) mkdirSync(dump, { recursive: true });
const documents = readLabelledSet(directory).filter((document) => document.id.includes(only));
// Generated labels name periods by their end only: their facts are scored without a period length.
const withoutMonths = new Set(documents.filter((document) => document.label.ignoreMonths).map((document) => document.id));
const engine = {
  async readPdfLayout(bytes, options) {
    const pages = await readPdfLayout(bytes, options);
    if (dump) {
      const id = documents.find((document) => document.bytes === bytes)?.id ?? 'document';
      for (const page of pages) writeFileSync(join(dump, `${id}-p${page.page}.txt`), page.text);
    }
    return pages;
  },
  layoutFromText,
  classifyDocument,
  extractFinancialData(id, pages, ...rest) {
    const extraction = extractFinancialData(id, pages, ...rest);
    if (!withoutMonths.has(id)) return extraction;
    return { ...extraction, facts: extraction.facts.map((fact) => ({ ...fact, period: { ...fact.period, months: undefined } })) };
  },
  detectFraud,
  discoverRisks,
  isVerbatim,
};
const ocr = new TesseractOcr({ maxPages: 1000, renderScale: Number(option('ocr-scale', 2)) });
try {
  const results = await reportLabelledSet('degraded scans (bench/scan-dev/set)', documents, engine, { ocr, verbose: process.argv.includes('--verbose') });
  for (const result of results) console.log(`  ${result.id}: ${(result.readSeconds / result.pages).toFixed(2)} s a page`);
} finally {
  await ocr.onModuleDestroy();
}

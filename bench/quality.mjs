// Quality of the built-in analysis engine on a generated, labelled corpus (see README.md).
// Run after `npm run build`: node bench/quality.mjs [--seed N] [--statements N] [--per-kind N] [--scanned N] [--scan-dpi N] [--write DIR] [--verbose]
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { extractText, getDocumentProxy } from 'unpdf';
import { generateCorpus } from './quality/generate.mjs';
import { tamperedVariants } from './quality/tamper.mjs';
import { randomSource } from './quality/random.mjs';
import { scannedVersion } from './quality/scan.mjs';

const { readPdfLayout } = await import('../dist/src/analysis/layout/pdf-layout.js');
const { classifyDocument, detectFraud, extractFinancialData } = await import('../dist/src/analysis/builtin-analysis-engine.js');
const { isVerbatim } = await import('../dist/src/analysis/verbatim.js');
const { TesseractOcr } = await import('../dist/src/analysis/ocr/tesseract-ocr.js');

const option = (name, fallback) => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? process.argv[index + 1] : fallback;
};
const seed = Number(option('seed', 1));
const verbose = process.argv.includes('--verbose');
const writeDir = option('write', null);
const corpus = await generateCorpus({ seed, statements: Number(option('statements', 60)), perKind: Number(option('per-kind', 12)) });

const confusion = new Map();
let correct = 0;
const byConcept = new Map();
const tallyOf = (map) => (concept) => map.get(concept) ?? map.set(concept, { tp: 0, fp: 0, fn: 0 }).get(concept);
const tally = tallyOf(byConcept);

/** Facts against the labels: a fact counts when its concept and period end are labelled and its value is within 0.5 %. */
function scoreFacts(document, extraction, tally, prefix = '') {
  const truth = new Map(document.label.facts.map((fact) => [`${fact.concept}|${fact.end}`, fact]));
  const seen = new Set();
  for (const fact of extraction.facts) {
    const id = `${fact.concept}|${fact.period.end}`;
    const label = truth.get(id);
    const ok = label && !seen.has(id) && Math.abs(fact.value - label.value) <= Math.abs(label.value) * 0.005 + 1e-9;
    if (ok) {
      tally(fact.concept).tp++;
      seen.add(id);
    } else {
      tally(fact.concept).fp++;
      if (verbose)
        console.log(`${prefix}${document.name} (seed ${document.seed}): extra or wrong ${id} = ${fact.value} (label ${label?.value}) "${fact.evidence.quote}"`);
    }
  }
  for (const [id, label] of truth) {
    if (!seen.has(id)) {
      tally(label.concept).fn++;
      if (verbose) console.log(`${prefix}${document.name} (seed ${document.seed}): missed ${id} = ${label.value}`);
    }
  }
}
let quotes = 0;
let verbatimLayout = 0;
let verbatimStored = 0;
let statementDocs = 0;
// Fraud: false positives on every clean document, recall on tampered bank and financial statements.
const flagged = (result) => result.riskLevel !== 'low';
const fraudClean = { documents: 0, flagged: 0, failedChecks: new Map() };
const fraudTampered = new Map();
const countFailures = (result, into) => {
  for (const check of result.checks) if (!check.passed) into.set(check.id.split(':')[0], (into.get(check.id.split(':')[0]) ?? 0) + 1);
};

for (const document of corpus) {
  if (writeDir) {
    mkdirSync(writeDir, { recursive: true });
    writeFileSync(join(writeDir, `${document.name}.pdf`), document.bytes);
    writeFileSync(join(writeDir, `${document.name}.json`), JSON.stringify(document.label, null, 2));
  }
  const pages = await readPdfLayout(new Uint8Array(document.bytes));
  // The text the document reader stores today (unpdf extractText): quotes must be verbatim there too.
  const pdf = await getDocumentProxy(new Uint8Array(document.bytes), { verbosity: 0 });
  const stored = new Map((await extractText(pdf, { mergePages: false })).text.map((text, index) => [index + 1, text]));
  await pdf.destroy();
  const layoutTexts = new Map(pages.map((page) => [page.page, page.text]));

  const classification = classifyDocument(document.name, pages);
  const expected = document.label.documentType;
  if (classification.documentType === expected) correct++;
  else if (verbose)
    console.log(
      `misclassified ${document.name} (seed ${document.seed}) as ${classification.documentType} ${classification.confidence}`,
      classification.signals.map((signal) => signal.name).join(', '),
    );
  const key = `${expected} -> ${classification.documentType}`;
  confusion.set(key, (confusion.get(key) ?? 0) + 1);
  const evidences = classification.signals.map((signal) => signal.evidence);

  if (expected === 'financial_statement') {
    statementDocs++;
    const extraction = extractFinancialData(document.name, pages, 'financial_statement');
    evidences.push(...extraction.facts.map((fact) => fact.evidence));
    scoreFacts(document, extraction, tally);
  }
  const extractionOf = (layout) => (expected === 'financial_statement' ? extractFinancialData(document.name, layout, 'financial_statement') : undefined);
  const clean = detectFraud({ documentId: document.name, pdfBytes: new Uint8Array(document.bytes), pages, extraction: extractionOf(pages), others: [] });
  fraudClean.documents++;
  if (flagged(clean)) {
    fraudClean.flagged++;
    if (verbose)
      console.log(
        `fraud false positive ${document.name} (seed ${document.seed}): ${clean.checks
          .filter((check) => !check.passed)
          .map((check) => check.id)
          .join(', ')}`,
      );
  }
  countFailures(clean, fraudClean.failedChecks);
  if (expected === 'bank_statement' || expected === 'financial_statement') {
    for (const variant of await tamperedVariants(document)) {
      const layout = await readPdfLayout(new Uint8Array(variant.bytes));
      const result = detectFraud({
        documentId: `${document.name}-${variant.kind}`,
        pdfBytes: variant.bytes,
        pages: layout,
        extraction: extractionOf(layout),
        others: [],
      });
      const key = `${variant.kind} (${expected})`;
      const tally = fraudTampered.get(key) ?? fraudTampered.set(key, { documents: 0, flagged: 0, failedChecks: new Map() }).get(key);
      tally.documents++;
      if (flagged(result)) tally.flagged++;
      else if (verbose) console.log(`fraud missed ${document.name} ${variant.kind} ${variant.edit ?? ''} (seed ${document.seed})`);
      countFailures(result, tally.failedChecks);
    }
  }
  for (const evidence of evidences) {
    quotes++;
    if (isVerbatim(evidence, layoutTexts)) verbatimLayout++;
    if (isVerbatim(evidence, stored)) verbatimStored++;
  }
}

// Scanned statements: each generated statement rasterised as a scanner would (bench/quality/scan.mjs),
// read back by the OCR adapter (tesseract.js), and scored against the same labels.
const scannedCount = Math.min(Number(option('scanned', statementDocs)), statementDocs);
const scanDpi = Number(option('scan-dpi', 200));
const scanned = { documents: 0, pages: 0, classified: 0, quotes: 0, verbatim: 0, confidences: [], ocrSeconds: 0, byConcept: new Map() };
if (scannedCount > 0) {
  const ocr = new TesseractOcr({ maxPages: 1000, renderScale: Number(option('ocr-scale', 2)) });
  try {
    for (const document of corpus.filter((candidate) => candidate.label.documentType === 'financial_statement').slice(0, scannedCount)) {
      const scan = await scannedVersion(document.bytes, randomSource(document.seed), { dpi: scanDpi });
      if (writeDir) writeFileSync(join(writeDir, `${document.name}-scanned.pdf`), scan);
      const started = process.hrtime.bigint();
      const pages = await readPdfLayout(scan, { ocr });
      scanned.ocrSeconds += Number(process.hrtime.bigint() - started) / 1e9;
      scanned.documents++;
      scanned.pages += pages.length;
      scanned.confidences.push(...pages.filter((page) => page.ocr).map((page) => page.ocrConfidence));
      if (classifyDocument(document.name, pages).documentType === 'financial_statement') scanned.classified++;
      const extraction = extractFinancialData(document.name, pages, 'financial_statement');
      scoreFacts(document, extraction, tallyOf(scanned.byConcept), 'scanned ');
      const texts = new Map(pages.map((page) => [page.page, page.text]));
      for (const fact of extraction.facts) {
        scanned.quotes++;
        if (isVerbatim(fact.evidence, texts)) scanned.verbatim++;
      }
    }
  } finally {
    await ocr.onModuleDestroy();
  }
}

const f1 = ({ tp, fp, fn }) => {
  const precision = tp + fp ? tp / (tp + fp) : 1;
  const recall = tp + fn ? tp / (tp + fn) : 1;
  return { precision, recall, f1: precision + recall ? (2 * precision * recall) / (precision + recall) : 0 };
};
const pct = (value) => `${(value * 100).toFixed(1)} %`;
const total = [...byConcept.values()].reduce((sum, t) => ({ tp: sum.tp + t.tp, fp: sum.fp + t.fp, fn: sum.fn + t.fn }), { tp: 0, fp: 0, fn: 0 });

console.log(`\ncorpus: seed ${seed}, ${corpus.length} documents (${statementDocs} financial statements)`);
console.log(`\n| concept | labelled | TP | FP | FN | precision | recall | F1 |\n|---|---|---|---|---|---|---|---|`);
for (const [concept, t] of [...byConcept].sort(([a], [b]) => a.localeCompare(b))) {
  const m = f1(t);
  console.log(`| ${concept} | ${t.tp + t.fn} | ${t.tp} | ${t.fp} | ${t.fn} | ${m.precision.toFixed(3)} | ${m.recall.toFixed(3)} | ${m.f1.toFixed(3)} |`);
}
const all = f1(total);
console.log(
  `| **all** | ${total.tp + total.fn} | ${total.tp} | ${total.fp} | ${total.fn} | ${all.precision.toFixed(3)} | ${all.recall.toFixed(3)} | **${all.f1.toFixed(3)}** |`,
);
console.log(`\nclassification accuracy: ${correct}/${corpus.length} = ${pct(correct / corpus.length)} (target >= 95 %)`);
for (const [pair, count] of [...confusion].filter(([pair]) => pair.split(' -> ')[0] !== pair.split(' -> ')[1])) console.log(`  confused ${pair}: ${count}`);
console.log(`fact F1 (concept, period end, value within 0.5 %): ${all.f1.toFixed(3)} (target >= 0.90)`);
console.log(`quotes verbatim on the layout page text: ${verbatimLayout}/${quotes} = ${pct(verbatimLayout / quotes)} (must be 100 %)`);
console.log(`quotes verbatim on the text the document reader stores (unpdf extractText): ${verbatimStored}/${quotes} = ${pct(verbatimStored / quotes)}`);

const failures = (map) =>
  [...map]
    .sort((a, b) => b[1] - a[1])
    .map(([id, count]) => `${id} ${count}`)
    .join(', ') || 'none';
console.log(`\nfraud (flagged = riskLevel medium or high):`);
console.log(`| set | documents | flagged | rate | failed checks |\n|---|---|---|---|---|`);
console.log(
  `| clean, all kinds (false-positive rate) | ${fraudClean.documents} | ${fraudClean.flagged} | ${pct(fraudClean.flagged / fraudClean.documents)} | ${failures(fraudClean.failedChecks)} |`,
);
for (const [key, tally] of [...fraudTampered].sort(([a], [b]) => a.localeCompare(b))) {
  console.log(
    `| tampered: ${key} (recall) | ${tally.documents} | ${tally.flagged} | ${pct(tally.flagged / tally.documents)} | ${failures(tally.failedChecks)} |`,
  );
}

if (scanned.documents > 0) {
  const sums = [...scanned.byConcept.values()].reduce((sum, t) => ({ tp: sum.tp + t.tp, fp: sum.fp + t.fp, fn: sum.fn + t.fn }), { tp: 0, fp: 0, fn: 0 });
  const scores = f1(sums);
  const confidences = [...scanned.confidences].sort((a, b) => a - b);
  const mean = confidences.reduce((sum, value) => sum + value, 0) / Math.max(1, confidences.length);
  console.log(`\nscanned statements (image-only PDFs at ${scanDpi} dpi, skewed up to 0.4°, JPEG; OCR by tesseract.js):`);
  console.log(`| concept | labelled | TP | FP | FN | F1 |\n|---|---|---|---|---|---|`);
  for (const [concept, t] of [...scanned.byConcept].sort(([a], [b]) => a.localeCompare(b))) {
    console.log(`| ${concept} | ${t.tp + t.fn} | ${t.tp} | ${t.fp} | ${t.fn} | ${f1(t).f1.toFixed(3)} |`);
  }
  console.log(`| **all** | ${sums.tp + sums.fn} | ${sums.tp} | ${sums.fp} | ${sums.fn} | **${scores.f1.toFixed(3)}** |`);
  console.log(
    `scanned fact F1: ${scores.f1.toFixed(3)} (precision ${scores.precision.toFixed(3)}, recall ${scores.recall.toFixed(3)}; target >= 0.80) on ${scanned.documents} documents, ${scanned.pages} pages`,
  );
  console.log(`scanned classified as financial statements: ${scanned.classified}/${scanned.documents} = ${pct(scanned.classified / scanned.documents)}`);
  console.log(`scanned quotes verbatim on the OCR page text: ${scanned.verbatim}/${scanned.quotes} = ${pct(scanned.verbatim / Math.max(1, scanned.quotes))}`);
  console.log(
    `OCR confidence per page: mean ${mean.toFixed(3)}, min ${confidences[0]?.toFixed(3)}, p10 ${confidences[Math.floor(confidences.length * 0.1)]?.toFixed(3)}; OCR ${(scanned.pages / scanned.ocrSeconds).toFixed(2)} pages/s (rasterise + recognise, one worker)`,
  );
}

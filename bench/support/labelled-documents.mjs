// Labelled documents in the format of test/fixtures/real-documents/README.md ("Label format"): the
// real filings and the blind sets. One scorer for bench/quality.mjs and the regression test
// (src/analysis/statements/real-documents.spec.ts), so both count the same way.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Every labelled document of a set: `labels/<id>.json` beside `docs/<file>`. */
export function readLabelledSet(directory) {
  const labels = join(directory, 'labels');
  if (!existsSync(labels)) return [];
  return readdirSync(labels)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => {
      const label = JSON.parse(readFileSync(join(labels, name), 'utf8'));
      return { id: label.id, label, bytes: new Uint8Array(readFileSync(join(directory, 'docs', label.file))) };
    });
}

/** A fact's identity: concept, period end and, for flows, the period's length (a 3- and a 9-month column can share an end). */
const keyOf = (concept, end, months) => `${concept}|${end}|${months ?? ''}`;

/**
 * A printed figure is exact; half a unit of the label's own last digit (and 0.05 % for figures
 * rounded differently on two pages) is allowed.
 */
const sameValue = (value, expected) => Math.abs(value - expected) <= Math.abs(expected) * 0.0005 + 0.5;
const valuesOf = (entry) => [entry.value, ...(entry.altValues ?? [])];

/**
 * Facts against a label. A fact is right when a labelled fact has its concept, period end and (for
 * flows) length, and its value or one of its altValues. A fact matching a `neutral` or `derived`
 * entry is neither right nor wrong; a second fact with the same key and the same value is a repeat,
 * not counted. Everything else reported is wrong (precision); every labelled fact not found is
 * missed (recall).
 */
export function scoreFacts(label, facts) {
  const truth = new Map(label.facts.map((fact) => [keyOf(fact.concept, fact.periodEnd, fact.months), fact]));
  const ignorable = [...(label.neutral ?? []), ...(label.derived ?? [])];
  const found = new Map();
  const wrong = [];
  for (const fact of facts) {
    const key = keyOf(fact.concept, fact.period.end, fact.period.months);
    const expected = truth.get(key);
    if (expected && valuesOf(expected).some((value) => sameValue(fact.value, value))) {
      if (!found.has(key)) found.set(key, fact);
      continue;
    }
    if (found.has(key) && sameValue(found.get(key).value, fact.value)) continue;
    const neutral = ignorable.some(
      (entry) => keyOf(entry.concept, entry.periodEnd, entry.months) === key && valuesOf(entry).some((value) => sameValue(fact.value, value)),
    );
    if (!neutral) wrong.push({ fact, expected: expected?.value ?? null });
  }
  const missed = [...truth].filter(([key]) => !found.has(key)).map(([, fact]) => fact);
  return { tp: found.size, fp: wrong.length, fn: missed.length, wrong, missed };
}

export function f1({ tp, fp, fn }) {
  const precision = tp + fp ? tp / (tp + fp) : 1;
  const recall = tp + fn ? tp / (tp + fn) : 1;
  return { precision, recall, f1: precision + recall ? (2 * precision * recall) / (precision + recall) : 0 };
}

/**
 * Runs the built-in engine over one labelled document and scores it: facts (above), quotes
 * verbatim on their page, classification (type and confidence), fraud level, and the text-rule
 * risks it raises. `engine` holds the dist functions (readPdfLayout, classifyDocument,
 * extractFinancialData, detectFraud, discoverRisks, isVerbatim); `ocr` reads image-only pages.
 */
export async function scoreDocument({ id, label, bytes }, engine, { ocr } = {}) {
  const started = process.hrtime.bigint();
  const pages = await engine.readPdfLayout(bytes, { ocr });
  const readSeconds = Number(process.hrtime.bigint() - started) / 1e9;
  const classification = engine.classifyDocument(id, pages);
  const extraction = engine.extractFinancialData(id, pages);
  const texts = new Map(pages.map((page) => [page.page, page.text]));
  const quotes = extraction.facts.map((fact) => fact.evidence);
  const fraud = await engine.detectFraud({ documentId: id, pdfBytes: bytes, pages, extraction, documentType: classification.documentType, others: [] });
  const risks = engine.discoverRisks({
    documents: [{ documentId: id, fileName: label.file, mimeType: 'application/pdf', pages }],
    facts: extraction.facts,
    claims: [],
  });
  const accepted = [label.documentType, ...(label.acceptTypes ?? [])];
  return {
    id,
    scanned: label.scanned === true,
    pages: pages.length,
    readSeconds,
    facts: scoreFacts(label, extraction.facts),
    quotes: { total: quotes.length, verbatim: quotes.filter((evidence) => engine.isVerbatim(evidence, texts)).length },
    classification: {
      type: classification.documentType,
      confidence: classification.confidence,
      right: accepted.includes(classification.documentType),
    },
    fraud: { level: fraud.riskLevel, score: fraud.fraudScore, failed: fraud.checks.filter((check) => !check.passed).map((check) => check.id) },
    risks: risks.risks.map((risk) => ({ id: risk.id, severity: risk.severity, quote: risk.evidence[0]?.quote ?? '' })),
    warnings: extraction.warnings,
  };
}

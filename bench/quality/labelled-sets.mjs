// The labelled sets the team did not write: the real filings (test/fixtures/real-documents) and the
// blind sets (written by people who had read neither the reader nor the generators; each run once
// and reported, never tuned to). One table per set: per document, then text and scans overall.
import { f1, scoreDocument } from '../support/labelled-documents.mjs';

const pct = (value) => `${(value * 100).toFixed(1)} %`;
const sum = (results, pick) => results.reduce((total, result) => total + pick(result), 0);

function totals(results) {
  const tally = { tp: sum(results, (r) => r.facts.tp), fp: sum(results, (r) => r.facts.fp), fn: sum(results, (r) => r.facts.fn) };
  return { ...tally, ...f1(tally) };
}

/** Scores every document of `documents` and prints the set's table; returns the results. */
export async function reportLabelledSet(heading, documents, engine, { ocr, verbose = false } = {}) {
  const results = [];
  for (const document of documents) results.push(await scoreDocument(document, engine, { ocr }));
  console.log(`\n${heading}`);
  console.log(
    '\n| document | pages | facts | TP | FP | FN | precision | recall | F1 | quotes verbatim | type (confidence) | fraud | text risks |\n|---|---|---|---|---|---|---|---|---|---|---|---|---|',
  );
  for (const result of results) {
    const scores = f1(result.facts);
    const { type, confidence, right } = result.classification;
    console.log(
      `| ${result.id}${result.scanned ? ' (scan)' : ''} | ${result.pages} | ${result.facts.tp + result.facts.fn} | ${result.facts.tp} | ${result.facts.fp} | ${result.facts.fn} | ` +
        `${scores.precision.toFixed(3)} | ${scores.recall.toFixed(3)} | ${scores.f1.toFixed(3)} | ${result.quotes.verbatim}/${result.quotes.total} | ` +
        `${right ? '' : '✗ '}${type} (${confidence.toFixed(2)}) | ${result.fraud.level} ${result.fraud.score} | ${result.risks.length} |`,
    );
  }
  for (const [name, subset] of [
    ['text', results.filter((result) => !result.scanned)],
    ['scans', results.filter((result) => result.scanned)],
  ]) {
    if (subset.length === 0) continue;
    const all = totals(subset);
    console.log(
      `| **${name}, all ${subset.length}** | ${sum(subset, (r) => r.pages)} | ${all.tp + all.fn} | ${all.tp} | ${all.fp} | ${all.fn} | ${all.precision.toFixed(3)} | ${all.recall.toFixed(3)} | **${all.f1.toFixed(3)}** | ` +
        `${sum(subset, (r) => r.quotes.verbatim)}/${sum(subset, (r) => r.quotes.total)} | ${subset.filter((r) => r.classification.right && r.classification.confidence >= 0.8).length}/${subset.length} right at ≥ 0.8 | ` +
        `${subset.filter((r) => r.fraud.level === 'low').length}/${subset.length} low | ${sum(subset, (r) => r.risks.length)} |`,
    );
  }
  const scans = results.filter((result) => result.scanned);
  if (scans.length)
    console.log(`OCR: ${(sum(scans, (r) => r.readSeconds) / sum(scans, (r) => r.pages)).toFixed(2)} s a page (${sum(scans, (r) => r.pages)} scanned pages)`);
  for (const result of results) {
    for (const risk of result.risks) console.log(`  risk on ${result.id}: ${risk.id} (${risk.severity}) "${risk.quote.slice(0, 140)}"`);
    if (result.fraud.level !== 'low') console.log(`  fraud ${result.fraud.level} on ${result.id}: ${result.fraud.failed.join(', ')}`);
    if (!verbose) continue;
    for (const { fact, expected } of result.facts.wrong)
      console.log(
        `  ${result.id}: wrong ${fact.concept} ${fact.period.end}/${fact.period.months ?? '-'} = ${fact.value} (label ${expected}) p${fact.evidence.page} "${fact.evidence.quote}"`,
      );
    for (const fact of result.facts.missed)
      console.log(`  ${result.id}: missed ${fact.concept} ${fact.periodEnd}/${fact.months ?? '-'} = ${fact.value} p${fact.pages} "${fact.labels?.[0] ?? ''}"`);
    for (const warning of result.warnings) console.log(`  ${result.id}: warning ${warning}`);
  }
  return results;
}

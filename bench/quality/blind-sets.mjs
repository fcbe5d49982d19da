// The blind sets (bench/blind-sets/<date>/): written from a short brief by someone who had read
// neither the reader nor the generators. Each is run once on the code of its day and that first run
// is recorded beside it (first-run.md); later runs are printed for regression only, never tuned to.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const pct = (value) => `${(value * 100).toFixed(1)} %`;

/**
 * Genuine and tampered documents (fraud/manifest.json). A document is compared with the set's other
 * genuine documents, as an account's earlier uploads, except its own original unless the tampering
 * is a duplicate: a copy is then caught for what it changed, not for sharing its original's lines.
 */
export async function reportFraudSet(directory, engine) {
  const manifest = JSON.parse(readFileSync(join(directory, 'manifest.json'), 'utf8'));
  const read = async (entry) => {
    const bytes = new Uint8Array(readFileSync(join(directory, entry.file)));
    const pages = await engine.readPdfLayout(bytes);
    const classification = engine.classifyDocument(entry.file, pages);
    const extraction = engine.extractFinancialData(entry.file, pages);
    return { entry, bytes, pages, classification, extraction };
  };
  const documents = [];
  for (const entry of manifest) documents.push(await read(entry));
  // What the account knows of each genuine document: its digest and transaction fingerprints.
  const known = new Map();
  for (const document of documents.filter((candidate) => candidate.entry.genuine)) {
    const result = await engine.detectFraud({
      documentId: document.entry.file,
      pdfBytes: document.bytes.slice(),
      pages: document.pages,
      extraction: document.extraction,
      documentType: document.classification.documentType,
      others: [],
    });
    known.set(document.entry.file, { documentId: document.entry.file, sha256: result.sha256, transactionFingerprints: result.transactionFingerprints });
  }
  const rows = [];
  for (const document of documents) {
    const { entry } = document;
    const duplicate = /duplicate/.test(entry.tampering ?? '');
    const others = [...known.values()].filter((other) => other.documentId !== entry.file && (duplicate || other.documentId !== entry.basedOn));
    const result = await engine.detectFraud({
      documentId: entry.file,
      pdfBytes: document.bytes.slice(),
      pages: document.pages,
      extraction: document.extraction,
      documentType: document.classification.documentType,
      others,
    });
    rows.push({
      entry,
      level: result.riskLevel,
      score: result.fraudScore,
      failed: result.checks.filter((check) => !check.passed).map((check) => check.id.split(':')[0]),
    });
  }
  const genuine = rows.filter((row) => row.entry.genuine);
  const tampered = rows.filter((row) => !row.entry.genuine);
  console.log(`\nfraud, blind set ${directory}: ${genuine.length} genuine, ${tampered.length} tampered`);
  console.log('\n| set | documents | rated medium or high | rate |\n|---|---|---|---|');
  console.log(
    `| genuine (false positives) | ${genuine.length} | ${genuine.filter((row) => row.level !== 'low').length} | ${pct(genuine.filter((row) => row.level !== 'low').length / genuine.length)} |`,
  );
  const kinds = [...new Set(tampered.map((row) => row.entry.tampering))].sort();
  for (const kind of kinds) {
    const subset = tampered.filter((row) => row.entry.tampering === kind);
    const caught = subset.filter((row) => row.level !== 'low').length;
    console.log(`| tampered: ${kind} | ${subset.length} | ${caught} | ${pct(caught / subset.length)} |`);
  }
  const caught = tampered.filter((row) => row.level !== 'low').length;
  console.log(`| **tampered, all** | ${tampered.length} | ${caught} | **${pct(caught / tampered.length)}** |`);
  for (const row of rows)
    if (row.entry.genuine === (row.level !== 'low'))
      console.log(
        `  ${row.entry.genuine ? 'genuine rated' : 'tampered rated'} ${row.level} ${row.score}: ${row.entry.file} (${row.entry.tampering ?? 'genuine'}) ${[...new Set(row.failed)].join(', ')}`,
      );
  return { genuine: genuine.length, genuineFlagged: genuine.filter((row) => row.level !== 'low').length, tampered: tampered.length, caught };
}

/** Risk passages (risks/passages.json): each passage alone, as a text document; the text rules' findings against `expected`. */
export function reportRiskPassages(file, engine) {
  const passages = JSON.parse(readFileSync(file, 'utf8'));
  const topics = new Set(passages.flatMap((passage) => passage.expected));
  const tally = new Map([...topics].map((topic) => [topic, { tp: 0, fp: 0, fn: 0 }]));
  const misses = [];
  for (const passage of passages) {
    const pages = engine.layoutFromText([passage.text]);
    const found = new Set(
      engine
        .discoverRisks({ documents: [{ documentId: passage.id, fileName: `${passage.id}.txt`, mimeType: 'text/plain', pages }], facts: [], claims: [] })
        .risks.map((risk) => risk.id)
        .filter((id) => topics.has(id)),
    );
    for (const topic of topics) {
      const expected = passage.expected.includes(topic);
      const t = tally.get(topic);
      if (expected && found.has(topic)) t.tp++;
      else if (expected) {
        t.fn++;
        misses.push(`  missed ${topic} in ${passage.id} (${passage.kind})`);
      } else if (found.has(topic)) {
        t.fp++;
        misses.push(`  raised ${topic} on ${passage.id} (${passage.kind})`);
      }
    }
  }
  const total = [...tally.values()].reduce((sum, t) => ({ tp: sum.tp + t.tp, fp: sum.fp + t.fp, fn: sum.fn + t.fn }), { tp: 0, fp: 0, fn: 0 });
  const precision = total.tp + total.fp ? total.tp / (total.tp + total.fp) : 1;
  const recall = total.tp + total.fn ? total.tp / (total.tp + total.fn) : 1;
  console.log(`\nrisk passages, blind set ${file}: ${passages.length} passages (${passages.filter((p) => p.expected.length === 0).length} state no finding)`);
  console.log('\n| topic | stated | TP | FP | FN |\n|---|---|---|---|---|');
  for (const [topic, t] of [...tally].sort(([a], [b]) => a.localeCompare(b))) console.log(`| ${topic} | ${t.tp + t.fn} | ${t.tp} | ${t.fp} | ${t.fn} |`);
  console.log(`| **all** | ${total.tp + total.fn} | ${total.tp} | ${total.fp} | ${total.fn} |`);
  console.log(`precision ${precision.toFixed(3)}, recall ${recall.toFixed(3)}`);
  for (const line of misses) console.log(line);
  return { precision, recall };
}

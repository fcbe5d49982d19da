// `node bench/quality.mjs screening [--seed N] [--list N] [--per-variant N] [--clean N] [--verbose]`
// Quality of the screening matcher on the generated, labelled set of screening-set.mjs (after `npm run build`):
// recall at the REVIEW threshold (target >= 95 %), false-hit rate on clean names (<= 2 %), MATCH precision.
import { randomSource } from './random.mjs';
import { screeningList, screeningQueries } from './screening-set.mjs';

const { ScreeningIndex } = await import('../../dist/src/compliance/matching/screening-index.js');
const { normaliseName } = await import('../../dist/src/compliance/matching/name-normaliser.js');

const option = (name, fallback) => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? process.argv[index + 1] : fallback;
};
const seed = Number(option('seed', 1));
const review = Number(option('review', process.env.SCREENING_REVIEW_THRESHOLD ?? 80));
const match = Number(option('match', process.env.SCREENING_MATCH_THRESHOLD ?? 92));
const verbose = process.argv.includes('--verbose');

const random = randomSource(seed);
const list = screeningList(random, Number(option('list', 5000)));
const queries = screeningQueries(random, list, { perVariant: Number(option('per-variant', 120)), clean: Number(option('clean', 600)) });
const index = ScreeningIndex.build(list.map((item) => item.entry));

const byVariant = new Map();
const tally = (variant) => byVariant.get(variant) ?? byVariant.set(variant, { queries: 0, found: 0, matched: 0, hits: 0 }).get(variant);
let matchTrue = 0;
let matchFalse = 0;
for (const query of queries) {
  const results = index.search(normaliseName(query.name, query.kind), { kind: query.kind }, { minScore: review, limit: 10 });
  const row = tally(query.variant);
  row.queries++;
  for (const result of results) {
    if (result.score < match) continue;
    if (result.entry.entityId === query.expected) matchTrue++;
    else matchFalse++;
  }
  if (query.expected === null) {
    if (results.length > 0) {
      row.hits++;
      if (verbose) console.log(`false hit: "${query.name}" -> ${results[0].entry.name} (${results[0].score})`);
    }
    continue;
  }
  const found = results.find((result) => result.entry.entityId === query.expected);
  if (found) row.found++;
  if (found && found.score >= match) row.matched++;
  if (!found && verbose) {
    const expected = list.find((item) => item.entry.entityId === query.expected).entry.name;
    console.log(`missed (${query.variant}): "${query.name}" -> ${expected}; best ${results[0] ? `${results[0].entry.name} ${results[0].score}` : 'none'}`);
  }
}

const percent = (part, whole) => (whole === 0 ? 'n/a' : `${((100 * part) / whole).toFixed(1)} %`);
const truth = [...byVariant.entries()].filter(([variant]) => !variant.startsWith('clean'));
const clean = [...byVariant.entries()].filter(([variant]) => variant.startsWith('clean'));
const sum = (rows, field) => rows.reduce((total, [, row]) => total + row[field], 0);

console.log(`screening quality (seed ${seed}): ${list.length} list entries, ${queries.length} queries, thresholds REVIEW ${review} / MATCH ${match}\n`);
console.log('| true-match variant | queries | recall at REVIEW | at MATCH |');
console.log('|---|---|---|---|');
for (const [variant, row] of truth) console.log(`| ${variant} | ${row.queries} | ${percent(row.found, row.queries)} | ${percent(row.matched, row.queries)} |`);
console.log(
  `| **all** | ${sum(truth, 'queries')} | **${percent(sum(truth, 'found'), sum(truth, 'queries'))}** (target >= 95 %) | ${percent(sum(truth, 'matched'), sum(truth, 'queries'))} |\n`,
);
console.log('| clean names | queries | false-hit rate (any result >= REVIEW) |');
console.log('|---|---|---|');
for (const [variant, row] of clean) console.log(`| ${variant} | ${row.queries} | ${percent(row.hits, row.queries)} |`);
console.log(`| **all** | ${sum(clean, 'queries')} | **${percent(sum(clean, 'hits'), sum(clean, 'queries'))}** (target <= 2 %) |\n`);
console.log(
  `MATCH precision (results >= ${match} that are the labelled entry): ${percent(matchTrue, matchTrue + matchFalse)} (${matchTrue} of ${matchTrue + matchFalse})`,
);

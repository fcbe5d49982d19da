import { beforeAll, describe, expect, it } from '@jest/globals';
import { fileURLToPath } from 'node:url';
import { readLabelledSet, scoreDocument, type DocumentScore } from '../../bench/support/labelled-documents.mjs';
import { classifyDocument, detectFraud, discoverRisks, extractFinancialData } from './builtin-engine.js';
import { readPdfLayout } from './layout/pdf-layout.js';
import { isVerbatim } from './verbatim.js';

/**
 * The real filings of test/fixtures/real-documents (hand-checked labels), read by the built-in
 * engine as bench/quality.mjs reads them. Each document's facts may not fall below what the reader
 * reached on 2026-11-27: right facts at least `right`, wrong ones at most `wrong`. Raise the floors
 * when the reader improves; a change that lowers them is a regression on documents the team did
 * not write. The image-only scans are measured by bench/quality.mjs (OCR takes minutes).
 */
const FLOORS: Record<string, { right: number; wrong: number }> = {
  'amcor-2023-10k-statements': { right: 52, wrong: 0 },
  'amd-2015-10k-statements': { right: 53, wrong: 0 },
  'americanwater-2021-10k-statements': { right: 50, wrong: 0 },
  'apple-2023q3-10q': { right: 60, wrong: 0 },
  'boeing-2022-10k-statements': { right: 49, wrong: 0 },
  'mgmresorts-2022-10k-statements': { right: 51, wrong: 0 },
  'pepsico-2023q1-earnings-release': { right: 40, wrong: 0 },
  'pfizer-2021-10k-statements': { right: 46, wrong: 0 },
  'sudbury-2023-municipal-statements': { right: 16, wrong: 0 },
  'verizon-2022-10k-statements': { right: 48, wrong: 0 },
};

const documents = readLabelledSet(fileURLToPath(new URL('../../test/fixtures/real-documents', import.meta.url))).filter((document) => !document.label.scanned);
const engine = { readPdfLayout, classifyDocument, extractFinancialData, detectFraud, discoverRisks, isVerbatim };
const scores = new Map<string, DocumentScore>();

beforeAll(async () => {
  for (const document of documents) scores.set(document.id, await scoreDocument(document, engine));
}, 120_000);

describe('the built-in engine on real filings', () => {
  it('has a floor for every text filing of the set', () => {
    expect(documents.map((document) => document.id).sort()).toEqual(Object.keys(FLOORS).sort());
  });

  it.each(Object.entries(FLOORS))('%s: reads at least its floor of right facts, and no more wrong ones', (id, floor) => {
    const { facts } = scores.get(id)!;
    expect(facts.tp).toBeGreaterThanOrEqual(floor.right);
    expect(facts.fp).toBeLessThanOrEqual(floor.wrong);
  });

  it.each(Object.keys(FLOORS))('%s: quotes every fact verbatim from its page', (id) => {
    const { quotes } = scores.get(id)!;
    expect(quotes.verbatim).toBe(quotes.total);
  });

  it.each(Object.keys(FLOORS))('%s: is classified as its labelled type', (id) => {
    expect(scores.get(id)!.classification.right).toBe(true);
  });
});

/**
 * The world-format development documents (test/fixtures/world-formats, made by bench/world-formats):
 * statements the team wrote in the formats real filings use and its own generator did not (decimal
 * commas, space-grouped thousands, crores, account codes, month columns, restriction columns, a
 * convenience translation). Written by the team, so read in full: every fact, none wrong.
 */
const worldFormats = readLabelledSet(fileURLToPath(new URL('../../test/fixtures/world-formats', import.meta.url)));
const worldScores = new Map<string, DocumentScore>();

beforeAll(async () => {
  for (const document of worldFormats) worldScores.set(document.id, await scoreDocument(document, engine));
}, 120_000);

describe("the built-in engine on statements in the world's formats", () => {
  it.each(worldFormats.map((document) => document.id))('%s: reads every labelled fact and no wrong one', (id) => {
    const { facts } = worldScores.get(id)!;
    expect({ missed: facts.fn, wrong: facts.fp }).toEqual({ missed: 0, wrong: 0 });
  });

  it.each(worldFormats.map((document) => document.id))('%s: is a financial statement with a confidence of at least 0.8', (id) => {
    const { classification } = worldScores.get(id)!;
    expect(classification.right).toBe(true);
    expect(classification.confidence).toBeGreaterThanOrEqual(0.8);
  });
});

import {
  BUILTIN_ENGINE,
  DOCUMENT_TYPES,
  type ClassificationResult,
  type DocumentType,
  type PageKind,
  type PageLayout,
  type Signal,
  type StatementKind,
} from '../analysis.types.js';
import { parseAmount, scaleIn } from '../statements/amounts.js';
import { conceptFor } from '../statements/concept-synonyms.js';
import { isPeriodHeading } from '../statements/period-columns.js';
import { statementTitle } from '../statements/statement-reader.js';
import { keepVerified } from '../verbatim.js';
import { CUES, OTHER_BASELINE } from './document-cues.js';
import { SCANNED_PAGE_MAX_CHARS } from '../layout/pdf-layout.js';

const DATE_CELL =
  /^(?:\d{1,2}[/.-]\d{1,2}(?:[/.-]\d{2,4})?|\d{4}-\d{2}-\d{2}|\d{1,2} (?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*(?: \d{2,4})?|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]* \d{1,2}(?:, \d{4})?)$/i;
const FORM_LINE = /_{4,}|☐|☑|□|\[ ?\]|^\d{1,2}[a-z]?\s+[A-Z].*\s\d{1,2}[a-z]?$|:\s*$/;

/** Kinds of document that are tables or forms: their cues count in headings, fields and rows, not in running prose. */
const FORM_KINDS = new Set<DocumentType>(['bank_statement', 'tax_return', 'loan_application', 'cap_table', 'term_sheet', 'pitch_deck']);
const PRIMARY_STATEMENTS: PageKind[] = ['income_statement', 'balance_sheet', 'cash_flow_statement'];
/** A kind whose score is below this share of the winner's does not compete with it (see classifyDocument). */
const COMPETING_SHARE = 0.25;

function isStatementKind(kind: PageKind): boolean {
  return kind.endsWith('_statement') || kind === 'balance_sheet';
}

/** A line of running prose: long, many words, ending mid-sentence or at a full stop, not a field ("Label: ____"). */
function isProse(text: string): boolean {
  return text.length > 70 && text.split(/\s+/).length >= 10 && !FORM_LINE.test(text) && /[a-z]/.test(text) && text !== text.toUpperCase();
}

/** What one page is, from its shape: statement, slide, transaction list, form, prose, or a scan. */
export function pageKind(page: PageLayout): PageKind {
  if (page.chars < SCANNED_PAGE_MAX_CHARS) return 'image_only';
  const statement = statementKindOf(page);
  if (statement) return statement;
  const lines = page.lines;
  const maxFont = Math.max(...lines.map((line) => line.fontSize));
  if (page.width > page.height && lines.length <= 30) return 'slide';
  const transactions = lines.filter(
    (line) => DATE_CELL.test(line.cells[0]?.text ?? '') && line.cells.slice(1).some((cell) => parseAmount(cell.text) !== null),
  ).length;
  if (transactions >= 4) return 'transactions';
  const formLines = lines.filter((line) => FORM_LINE.test(line.text)).length;
  if (formLines >= 5 && formLines >= lines.length * 0.2) return 'form';
  if (maxFont >= 24 && lines.length <= 15) return 'slide';
  return 'text';
}

function statementKindOf(page: PageLayout): StatementKind | null {
  const titled = page.lines
    .slice(0, 8)
    .map(statementTitle)
    .find((kind) => kind !== null);
  if (titled) return titled;
  const counts = new Map<StatementKind, number>();
  for (const line of page.lines) {
    if (!line.cells.some((cell) => parseAmount(cell.text) !== null)) continue;
    const match = conceptFor(line.cells[0].text, null, null);
    if (match) counts.set(match.statement, (counts.get(match.statement) ?? 0) + 1);
  }
  const [kind, count] = [...counts].sort((a, b) => b[1] - a[1])[0] ?? [null, 0];
  return count >= 4 ? kind : null;
}

/**
 * Classifies a document among DOMAIN.md 3's nine kinds from weighted cues (headings, phrases) and
 * its pages' shapes (statements, slides, transaction lists, forms). Each signal quotes the line
 * that raised it. Confidence is the winner's share of all the evidence, "other" holding a fixed
 * baseline so that a document with weak cues stays "other".
 */
export function classifyDocument(documentId: string, pages: PageLayout[]): ClassificationResult {
  const kinds = pages.map((page) => ({ page: page.page, kind: pageKind(page), ocr: page.ocr, chars: page.chars }));
  const signals: Signal[] = [];
  const add = (name: string, weight: number, page: PageLayout, quote: string) =>
    signals.push({ name, weight, evidence: { documentId, page: page.page, quote } });

  const statementPages = new Set(kinds.filter((page) => isStatementKind(page.kind)).map((page) => page.page));
  for (const item of CUES) {
    for (const page of pages) {
      // A statement page is explained by its statement: its share-count lines are not a cap table,
      // its "Opening balance sheet adjustment" not a bank statement.
      if (item.documentType !== 'financial_statement' && statementPages.has(page.page)) continue;
      // Tables and forms announce themselves in headings, fields and rows; a term inside a sentence of
      // running prose (a 10-Q's "regulations issued by the Internal Revenue Service") is not their evidence.
      const line = page.lines.find((candidate) => item.pattern.test(candidate.text) && !(FORM_KINDS.has(item.documentType) && isProse(candidate.text)));
      if (line) {
        add(`${item.documentType}:${item.name}`, item.weight, page, line.text);
        break;
      }
    }
  }
  const textPages = pages.filter((page) => page.chars >= SCANNED_PAGE_MAX_CHARS);
  const share = (kind: PageKind) => kinds.filter((page) => page.kind === kind).length / Math.max(1, textPages.length);
  const firstPageOf = (kind: PageKind) => pages[kinds.findIndex((page) => page.kind === kind)];
  const statementKinds = new Set(kinds.map((page) => page.kind).filter(isStatementKind));
  for (const kind of statementKinds) add(`financial_statement:${kind}_page`, 2.5, firstPageOf(kind), firstPageOf(kind).lines[0].text);
  // The primary statements together (performance, position, cash) are a set only financial statements and the filings that carry them print.
  if (PRIMARY_STATEMENTS.every((kind) => statementKinds.has(kind))) {
    const page = firstPageOf('cash_flow_statement');
    add('financial_statement:statement_set', 2.5, page, page.lines[0].text);
  }
  statementShape(
    pages.filter((page) => statementPages.has(page.page)),
    signals,
    add,
  );
  if (share('slide') >= 0.6 && textPages.length >= 3) add('pitch_deck:slide_pages', 4, firstPageOf('slide'), firstPageOf('slide').lines[0].text);
  else if (share('slide') >= 0.6) add('pitch_deck:slide_pages', 2, firstPageOf('slide'), firstPageOf('slide').lines[0].text);
  if (share('transactions') > 0) add('bank_statement:transaction_pages', 3, firstPageOf('transactions'), firstPageOf('transactions').lines[0].text);
  if (share('form') > 0) {
    const form = firstPageOf('form');
    add('loan_application:form_pages', 1, form, form.lines[0].text);
    add('tax_return:form_pages', 1, form, form.lines[0].text);
  }
  const prose = pages.filter((page) => page.lines.filter((line) => line.text.length > 70).length >= 10);
  if (prose.length > 0 && prose.length >= textPages.length * 0.5) {
    const page = prose[0];
    add('legal_agreement:long_prose', 1, page, page.lines.find((line) => line.text.length > 70)!.text);
  }

  const verified = keepVerified(signals, pages, 'signals');
  const scores = new Map<DocumentType, number>(DOCUMENT_TYPES.map((type) => [type, type === 'other' ? OTHER_BASELINE : 0]));
  for (const signal of verified.kept) {
    const type = signal.name.split(':')[0] as DocumentType;
    scores.set(type, scores.get(type)! + signal.weight);
  }
  // Confidence is the winner's share of the evidence that competes with it: "other" always, and every
  // kind with at least a quarter of the winner's score. Below that, a kind's cues are the stray
  // vocabulary any long document carries (a 10-Q mentions "use of proceeds" and "jurisdiction"), and
  // counting them would make a longer document of the same kind look less certain.
  const best = Math.max(...scores.values());
  const total = [...scores].filter(([type, score]) => type === 'other' || score >= best * COMPETING_SHARE).reduce((sum, [, score]) => sum + score, 0);
  const ranked = [...scores]
    .map(([documentType, score]) => ({ documentType, confidence: round(score / total) }))
    .sort((a, b) => b.confidence - a.confidence || DOCUMENT_TYPES.indexOf(a.documentType) - DOCUMENT_TYPES.indexOf(b.documentType));
  const warnings = [...verified.warnings];
  if (kinds.some((page) => page.kind === 'image_only'))
    warnings.push(
      `no text was read on these pages, which have no text layer (OCR found none, or OCR was off when the document was processed): ${kinds
        .filter((page) => page.kind === 'image_only')
        .map((page) => page.page)
        .join(', ')}`,
    );
  return {
    documentId,
    documentType: ranked[0].documentType,
    confidence: ranked[0].confidence,
    alternatives: ranked.slice(1, 4).filter((alternative) => alternative.confidence > 0),
    pageCount: pages.length,
    pages: kinds,
    language: languageOf(pages),
    signals: verified.kept.sort((a, b) => b.weight - a.weight),
    warnings,
    engine: { ...BUILTIN_ENGINE },
  };
}

/** Lines with figures whose labels name a concept of the fact vocabulary, on a document's statement pages, for it to read as statements. */
const STATEMENT_LINES = 5;

/**
 * What the statement reader sees on the statement pages, as evidence in the reader's own terms (one
 * source of truth for titles, scales and period headings, whatever the wording a cue lists): a title
 * the reader recognises, a stated scale ("CHF 000", "₹ crore", "SEK thousand"), a heading of period
 * columns ("Jan 2026  Feb 2026", "2025  2024 restated"), and rows whose labels name concepts.
 */
function statementShape(statementPages: PageLayout[], signals: Signal[], add: (name: string, weight: number, page: PageLayout, quote: string) => void): void {
  const has = (name: string) => signals.some((signal) => signal.name === `financial_statement:${name}`);
  const first = (test: (line: PageLayout['lines'][number]) => boolean, lines: (page: PageLayout) => PageLayout['lines'] = (page) => page.lines) => {
    for (const page of statementPages) {
      const line = lines(page).find(test);
      if (line) return { page, line };
    }
    return null;
  };
  const heading = (page: PageLayout) => page.lines.slice(0, 12);
  const title = has('statement_title') ? null : first((line) => statementTitle(line) !== null, heading);
  if (title) add('financial_statement:statement_title', 3, title.page, title.line.text);
  const scale = has('scale_heading') ? null : first((line) => scaleIn(line.text) !== null, heading);
  if (scale) add('financial_statement:scale_heading', 1, scale.page, scale.line.text);
  const periods = has('period_columns') ? null : first(isPeriodHeading, heading);
  if (periods) add('financial_statement:period_columns', 1.5, periods.page, periods.line.text);
  const conceptLines = statementPages.flatMap((page) =>
    page.lines
      .filter(
        (line) => line.cells.length > 1 && line.cells.slice(1).some((cell) => parseAmount(cell.text) !== null) && conceptFor(line.cells[0].text, null, null),
      )
      .map((line) => ({ page, line })),
  );
  if (conceptLines.length >= STATEMENT_LINES) add('financial_statement:statement_lines', 2.5, conceptLines[0].page, conceptLines[0].line.text);
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}

const STOPWORDS: Record<string, string[]> = {
  en: ['the', 'and', 'of', 'to', 'for', 'in', 'is', 'with', 'total', 'year'],
  fr: ['le', 'la', 'les', 'et', 'des', 'du', 'pour', 'est', 'total', 'année'],
  de: ['der', 'die', 'und', 'das', 'für', 'mit', 'ist', 'summe', 'jahr', 'von'],
  es: ['el', 'la', 'los', 'y', 'de', 'para', 'con', 'es', 'año', 'del'],
};

/** ISO 639-1 code from stopword counts, or "und" when the text is too short to tell. */
function languageOf(pages: PageLayout[]): string {
  const words = pages.flatMap((page) => page.text.toLowerCase().match(/\p{L}+/gu) ?? []);
  let best = 'und';
  let bestCount = 4;
  for (const [language, stopwords] of Object.entries(STOPWORDS)) {
    const set = new Set(stopwords);
    const count = words.filter((word) => set.has(word)).length;
    if (count > bestCount) [best, bestCount] = [language, count];
  }
  return best;
}

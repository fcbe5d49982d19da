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
import { parseAmount } from '../statements/amounts.js';
import { conceptFor } from '../statements/concept-synonyms.js';
import { statementTitle } from '../statements/statement-reader.js';
import { keepVerified } from '../verbatim.js';
import { CUES, OTHER_BASELINE } from './document-cues.js';
import { SCANNED_PAGE_MAX_CHARS } from '../layout/pdf-layout.js';

const DATE_CELL =
  /^(?:\d{1,2}[/.-]\d{1,2}(?:[/.-]\d{2,4})?|\d{4}-\d{2}-\d{2}|\d{1,2} (?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*(?: \d{2,4})?|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]* \d{1,2}(?:, \d{4})?)$/i;
const FORM_LINE = /_{4,}|☐|☑|□|\[ ?\]|^\d{1,2}[a-z]?\s+[A-Z].*\s\d{1,2}[a-z]?$|:\s*$/;

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

  for (const item of CUES) {
    for (const page of pages) {
      const line = page.lines.find((candidate) => item.pattern.test(candidate.text));
      if (line) {
        add(`${item.documentType}:${item.name}`, item.weight, page, line.text);
        break;
      }
    }
  }
  const textPages = pages.filter((page) => page.chars >= SCANNED_PAGE_MAX_CHARS);
  const share = (kind: PageKind) => kinds.filter((page) => page.kind === kind).length / Math.max(1, textPages.length);
  const firstPageOf = (kind: PageKind) => pages[kinds.findIndex((page) => page.kind === kind)];
  const statementKinds = new Set(kinds.map((page) => page.kind).filter((kind) => kind.endsWith('_statement') || kind === 'balance_sheet'));
  for (const kind of statementKinds) add(`financial_statement:${kind}_page`, 2.5, firstPageOf(kind), firstPageOf(kind).lines[0].text);
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
  const total = [...scores.values()].reduce((sum, score) => sum + score, 0);
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

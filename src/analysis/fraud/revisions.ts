import type { Evidence, PageKind, PageLayout } from '../analysis.types.js';
import { pageKind } from '../classification/document-classifier.js';
import { readPdfLayout } from '../layout/pdf-layout.js';
import { check, type FraudCheck } from './fraud-checks.js';

/** Revisions compared at most (the latest ones): each is laid out once more. */
export const MAX_COMPARED_REVISIONS = 5;
/** Pages a document may have for its revisions to be compared (each revision is laid out again). */
export const MAX_COMPARED_PAGES = 300;
/** Changes a failed comparison spells out; the others are counted. */
const DESCRIBED_CHANGES = 5;

const FIGURE_PAGES: ReadonlySet<PageKind> = new Set(['income_statement', 'balance_sheet', 'cash_flow_statement', 'transactions']);
/** A printed figure inside a line: digits with separators or decimals, or a bare number of two digits or more. */
const FIGURE = /\(?-?\d[\d,.']*\d\)?|\b\d\b/g;

/** One change between a revision and the one before it, on one page. */
export interface PageChange {
  page: number;
  kind: PageKind;
  /** The line as it read before (null for a line the revision added). */
  before: string | null;
  /** The line as it reads after (null for a line the revision removed). */
  after: string | null;
  /** Printed figures of the line that changed, old → new. */
  figures: { from: string; to: string }[];
}

export interface RevisionComparison {
  /** Incremental updates the file holds (saves after the first). */
  updates: number;
  /** Updates compared with the revision before them; the others could not be (see `unread`). */
  compared: number;
  changes: (PageChange & { revision: number })[];
  /** Why some updates were not compared (a revision that does not read as a PDF, limits). */
  unread: string[];
}

/**
 * Where each save of the file ends: the offset just past each `%%EOF` marker (and its end of line)
 * but the last. The bytes up to one are the complete file as it was saved then. A linearized file's
 * first marker closes its first-page section, not a save, and is left out.
 */
export function revisionEnds(bytes: Uint8Array): number[] {
  const raw = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  const ends = [...raw.matchAll(/%%EOF[ \t]*(?:\r\n|\r|\n)?/g)].map((match) => match.index + match[0].length);
  if (/\/Linearized\b/.test(raw.slice(0, 2048))) ends.shift();
  // The last marker is the file as it is now; trailing bytes after it belong to it.
  ends.pop();
  return ends.filter((end) => end > 0 && end < bytes.length);
}

/**
 * Lays out every revision of a PDF with incremental updates (no OCR: the text layer only) and
 * compares each with the one before it, page by page and line by line. Lines that differ are
 * paired by their words (figures left out), so an edited figure reads as one change, old → new.
 */
export async function compareRevisions(bytes: Uint8Array, pageCount: number): Promise<RevisionComparison> {
  const ends = revisionEnds(bytes);
  const comparison: RevisionComparison = { updates: ends.length, compared: 0, changes: [], unread: [] };
  if (ends.length === 0) return comparison;
  if (pageCount > MAX_COMPARED_PAGES) {
    comparison.unread.push(`${pageCount} pages, more than the ${MAX_COMPARED_PAGES} whose revisions are compared`);
    return comparison;
  }
  const boundaries = [...ends, bytes.length];
  const first = Math.max(0, boundaries.length - 1 - MAX_COMPARED_REVISIONS);
  if (first > 0) comparison.unread.push(`${first} earlier update(s) not compared: the latest ${MAX_COMPARED_REVISIONS} are`);
  let previous = await layoutOf(bytes.subarray(0, boundaries[first]));
  for (let index = first + 1; index < boundaries.length; index++) {
    const current = await layoutOf(bytes.subarray(0, boundaries[index]));
    if (previous && current) {
      comparison.compared++;
      comparison.changes.push(...comparePages(previous, current).map((change) => ({ ...change, revision: index + 1 })));
    } else comparison.unread.push(`revision ${index + 1} or the one before it does not read as a PDF on its own`);
    previous = current;
  }
  return comparison;
}

async function layoutOf(bytes: Uint8Array): Promise<PageLayout[] | null> {
  try {
    return await readPdfLayout(new Uint8Array(bytes));
  } catch {
    return null;
  }
}

/** The lines that differ between two layouts of one document, page by page. */
export function comparePages(before: PageLayout[], after: PageLayout[]): PageChange[] {
  const changes: PageChange[] = [];
  for (let index = 0; index < Math.max(before.length, after.length); index++) {
    const old = before[index];
    const now = after[index];
    const kind = pageKind(now ?? old);
    const page = (now ?? old).page;
    const removed = linesOf(old).filter(
      (
        (remaining) => (line: string) =>
          !take(remaining, line)
      )(counts(linesOf(now))),
    );
    const added = linesOf(now).filter(
      (
        (remaining) => (line: string) =>
          !take(remaining, line)
      )(counts(linesOf(old))),
    );
    const unpaired = [...removed];
    for (const line of added) {
      const partner = unpaired.findIndex((candidate) => shape(candidate) === shape(line));
      if (partner < 0) {
        changes.push({ page, kind, before: null, after: line, figures: figuresOf(line).map((to) => ({ from: '', to })) });
        continue;
      }
      const [was] = unpaired.splice(partner, 1);
      const from = figuresOf(was);
      const to = figuresOf(line);
      const figures = to.map((figure, at) => ({ from: from[at] ?? '', to: figure })).filter((pair) => pair.from !== pair.to);
      changes.push({ page, kind, before: was, after: line, figures });
    }
    for (const line of unpaired) changes.push({ page, kind, before: line, after: null, figures: figuresOf(line).map((from) => ({ from, to: '' })) });
  }
  return changes;
}

function linesOf(page: PageLayout | undefined): string[] {
  return (page?.lines ?? []).map((line) => line.text.replace(/\s+/g, ' ').trim()).filter(Boolean);
}

function counts(lines: string[]): Map<string, number> {
  const map = new Map<string, number>();
  for (const line of lines) map.set(line, (map.get(line) ?? 0) + 1);
  return map;
}

function take(remaining: Map<string, number>, line: string): boolean {
  const left = remaining.get(line) ?? 0;
  if (left === 0) return false;
  remaining.set(line, left - 1);
  return true;
}

function shape(line: string): string {
  return line.replace(FIGURE, '#').replace(/[$€£]/g, '').replace(/\s+/g, ' ').trim().toLowerCase();
}

function figuresOf(line: string): string[] {
  return (line.match(FIGURE) ?? []).map((figure) => figure.trim()).filter((figure) => /\d/.test(figure));
}

/**
 * The comparison as checks: `pdf_revision_content` fails high when an update changes figures on a
 * statement or transactions page (both values are in the detail, the new line is the evidence),
 * medium when it changes other text; it passes when every update left the pages' text as it was (a
 * signature, an annotation, a filled form field or new metadata). `pdf_incremental_updates` is
 * then passed too: an update that changes nothing on the pages is how signing and form filling save.
 */
export function revisionChecks(documentId: string, comparison: RevisionComparison): FraudCheck[] {
  const { updates, compared, changes, unread } = comparison;
  const updatesCheck = (passed: boolean, detail: string) => check('pdf_incremental_updates', 'pdf_structure', 'medium', passed, detail);
  if (updates === 0) return [updatesCheck(true, 'one save: no incremental update (a linearized file’s first-page section is not one)')];
  const notCompared = unread.length ? ` Not compared: ${unread.join('; ')}.` : '';
  if (compared === 0)
    return [
      updatesCheck(
        false,
        `${updates} incremental update(s), not compared with the revisions before them.${notCompared} ` +
          'An update appends changed objects after the original file; editors save changes this way, and so do signing and form filling, so it is a signal, not proof.',
      ),
    ];
  const figures = changes.filter((change) => FIGURE_PAGES.has(change.kind) && (change.figures.length > 0 || change.after === null));
  const text = changes.filter((change) => !figures.includes(change));
  const describe = (change: PageChange & { revision: number }) =>
    `revision ${change.revision}, page ${change.page} (${change.kind.replace(/_/g, ' ')}): ` +
    (change.before === null ? `adds "${change.after}"` : change.after === null ? `removes "${change.before}"` : `"${change.before}" → "${change.after}"`) +
    (change.figures.length ? ` [${change.figures.map((figure) => `${figure.from || '∅'} → ${figure.to || '∅'}`).join(', ')}]` : '');
  // The detection's verbatim gate drops a quote the stored pages do not hold.
  const evidenceOf = (change: PageChange | undefined): Evidence | null => (change?.after ? { documentId, page: change.page, quote: change.after } : null);
  const spelled = (list: (PageChange & { revision: number })[]) =>
    list.slice(0, DESCRIBED_CHANGES).map(describe).join('; ') + (list.length > DESCRIBED_CHANGES ? `; and ${list.length - DESCRIBED_CHANGES} more` : '');
  const checks: FraudCheck[] = [];
  if (changes.length === 0) {
    checks.push(
      updatesCheck(
        unread.length === 0,
        `${updates} incremental update(s), ${compared} compared with the revision before: none changes the text of any page (a signature, an annotation, a filled form field or new metadata).${notCompared}`,
      ),
      check(
        'pdf_revision_content',
        'consistency',
        'high',
        true,
        `${compared} update(s) compared page by page with the revision before: the pages read the same`,
      ),
    );
    return checks;
  }
  checks.push(
    updatesCheck(
      false,
      `${updates} incremental update(s), ${compared} compared with the revision before: ${changes.length} line(s) of page text changed.${notCompared}`,
    ),
  );
  if (figures.length)
    checks.push(
      check(
        'pdf_revision_content',
        'consistency',
        'high',
        false,
        `an update appended after the document was saved changes ${figures.length} line(s) with figures on statement or transaction pages: ${spelled(figures)}`,
        evidenceOf(figures.find((change) => change.after !== null)),
      ),
    );
  else
    checks.push(
      check(
        'pdf_revision_content',
        'consistency',
        'medium',
        false,
        `an update appended after the document was saved changes ${text.length} line(s) of page text (no figures on a statement or transaction page): ${spelled(text)}`,
        evidenceOf(text.find((change) => change.after !== null)),
      ),
    );
  return checks;
}

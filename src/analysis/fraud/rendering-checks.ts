import type { Evidence, PageLayout } from '../analysis.types.js';
import type { FilledRect, PageContent, TextRun } from './content-layer.js';
import { check, type FraudCheck } from './fraud-checks.js';

/** A figure as printed: digits with thousands separators, decimals, a sign, a currency mark or a percent; two digits at least (a footnote mark is one). */
const FIGURE = /^[-–(]?\s*[$€£¥]?\s*[-–(]?\d{1,3}(?:[,.' \u00a0]\d{3})*(?:[.,]\d{1,4})?\)?\s*%?$|^[-–(]?\s*[$€£¥]?\s*\d+(?:[.,]\d{1,4})?\)?%?$/;
const isFigure = (text: string) => FIGURE.test(text.trim()) && (text.match(/\d/g)?.length ?? 0) >= 2;

/** Rectangles larger than this are panels and page backgrounds, not a patch over a figure. */
const PATCH_MAX_HEIGHT = 40;
const PATCH_MAX_WIDTH_SHARE = 0.5;
/** Distance (points) within which a text run is the one a show operator started. */
const SAME_ORIGIN = 0.75;
/** Figures in one column line up on their right edge within this (points). */
const COLUMN_TOLERANCE = 2.5;
/** Fewest figures in a column for one of them to stand out. */
const COLUMN_MIN_FIGURES = 4;
/** A size that differs by more than this share from the column's is another size, not rounding. */
const SIZE_TOLERANCE = 0.08;
/** Findings of one kind spelled out in a failed check's detail; the others are counted. */
const DESCRIBED = 3;

interface Finding {
  page: number;
  quote: string;
  detail: string;
}

/**
 * Text painted over other text (issue 24, "white-out"): a filled rectangle in the page's colour
 * painted after a text run it covers, with another text drawn on top of it, is how online editors
 * replace a figure; the old figure is usually still in the content stream under the patch. A
 * patch that hides text with nothing on top, and two figures printed at one position with
 * different digits (no patch), are weaker signs of the same edit. A white table background is
 * painted before its text and is not a finding.
 */
export function overlayChecks(documentId: string, contents: PageContent[], layout: PageLayout[]): FraudCheck[] {
  const strong: Finding[] = [];
  const weak: Finding[] = [];
  for (const page of contents) {
    const reported = new Set<TextRun>();
    for (const rect of page.rects) {
      if (!rect.light || rect.y1 - rect.y0 > PATCH_MAX_HEIGHT || rect.x1 - rect.x0 > page.width * PATCH_MAX_WIDTH_SHARE) continue;
      const inside = page.runs.filter((run) => within(rect, run.x, run.y));
      if (inside.length === 0) continue;
      const showsBefore = page.shows.filter((show) => show.order < rect.order && within(rect, show.x, show.y));
      const showsAfter = page.shows.filter((show) => show.order > rect.order && within(rect, show.x, show.y));
      if (showsBefore.length === 0) continue;
      const covered: TextRun[] = [];
      const onTop: TextRun[] = [];
      for (const run of inside) {
        const before = showsBefore.some((show) => near(run, show));
        const after = showsAfter.some((show) => near(run, show));
        if (before && after) {
          // Shows at one origin before and after the patch: pdf.js lists the runs in painting order.
          const sameOrigin = inside.filter((other) => near(other, run));
          if (sameOrigin.length < 2) continue;
          if (run === sameOrigin[0]) covered.push(run);
          else if (run === sameOrigin.at(-1)) onTop.push(run);
        } else if (before) covered.push(run);
        else if (after) onTop.push(run);
      }
      if (covered.length === 0) continue;
      const old = covered.map((run) => run.text.trim()).join(' ');
      const shown = onTop.map((run) => run.text.trim()).join(' ');
      if (shown === old) continue;
      covered.forEach((run) => reported.add(run));
      onTop.forEach((run) => reported.add(run));
      const box = `(${rect.x0.toFixed(0)}, ${rect.y0.toFixed(0)})–(${rect.x1.toFixed(0)}, ${rect.y1.toFixed(0)})`;
      if (onTop.length > 0)
        strong.push({
          page: page.page,
          quote: quoteOn(layout, page.page, [old, shown]),
          detail: `page ${page.page}: "${old}" is covered by a white rectangle ${box} painted after it, and "${shown}" is written on top`,
        });
      else
        weak.push({
          page: page.page,
          quote: quoteOn(layout, page.page, [old]),
          detail: `page ${page.page}: "${old}" is hidden under a white rectangle ${box} painted after it, with nothing written on top`,
        });
    }
    const figures = page.runs.filter((run) => !reported.has(run) && isFigure(run.text));
    for (let i = 0; i < figures.length; i++)
      for (let j = i + 1; j < figures.length; j++) {
        const [first, second] = [figures[i], figures[j]];
        if (first.text.trim() === second.text.trim() || overlap(first, second) < 0.5) continue;
        weak.push({
          page: page.page,
          quote: quoteOn(layout, page.page, [second.text.trim(), first.text.trim()]),
          detail: `page ${page.page}: "${first.text.trim()}" and "${second.text.trim()}" are printed at one position, the second over the first`,
        });
      }
  }
  const evidence = (finding: Finding): Evidence | null => (finding.quote ? { documentId, page: finding.page, quote: finding.quote } : null);
  const checks: FraudCheck[] = [];
  if (strong.length)
    checks.push(
      check(
        'content_overlay',
        'consistency',
        'high',
        false,
        `${describe(strong)}: text painted over a white patch that covers other text is how a figure is replaced by an editor's "white-out"`,
        evidence(strong[0]),
      ),
    );
  if (weak.length)
    checks.push(
      check(
        'content_hidden_text',
        'consistency',
        'medium',
        false,
        `${describe(weak)}: text hidden by a patch or printed over other text; a signal of an edit, also left by some generators`,
        evidence(weak[0]),
      ),
    );
  if (checks.length === 0)
    checks.push(
      check(
        'content_overlay',
        'consistency',
        'high',
        true,
        `${contents.length} page(s) read: no text is covered by a patch painted after it, and no two figures are printed at one position`,
      ),
    );
  return checks;
}

/**
 * A figure set in another font or size than the figures of its column (issue 24): a figure typed
 * in by an editor takes the editor's font. Figures are grouped by their right edge; a column of
 * four or more in which all but one share a font and size, and the one differs from the text of
 * its own row too (a bold total row is bold across, label included), is a finding.
 */
export function fontOutlierChecks(documentId: string, contents: PageContent[], layout: PageLayout[]): FraudCheck[] {
  const findings: Finding[] = [];
  let columns = 0;
  for (const page of contents) {
    const figures = page.runs.filter((run) => isFigure(run.text)).sort((a, b) => a.x + a.width - (b.x + b.width));
    const groups: TextRun[][] = [];
    for (const figure of figures) {
      const group = groups.at(-1);
      if (group && figure.x + figure.width - (group[0].x + group[0].width) <= COLUMN_TOLERANCE) group.push(figure);
      else groups.push([figure]);
    }
    for (const column of groups.filter((group) => group.length >= COLUMN_MIN_FIGURES)) {
      columns++;
      const styles = new Map<string, TextRun[]>();
      for (const figure of column) {
        const key = `${figure.fontName}|${figure.height.toFixed(1)}`;
        styles.set(key, [...(styles.get(key) ?? []), figure]);
      }
      const [main] = [...styles.values()].sort((a, b) => b.length - a.length);
      const reference = main[0];
      const differs = (run: TextRun) => run.fontName !== reference.fontName || Math.abs(run.height - reference.height) > reference.height * SIZE_TOLERANCE;
      // A figure whose whole row is styled alike (a bold total, its label bold too) is explained; one alone in its row cannot be told.
      const rowOf = (figure: TextRun) => page.runs.filter((run) => run !== figure && Math.abs(run.y - figure.y) < figure.height * 0.3);
      const unexplained = column.filter(differs).filter((figure) => {
        const row = rowOf(figure);
        return row.length > 0 && !row.some(differs);
      });
      const explained = column.filter(differs).length - unexplained.length;
      if (unexplained.length !== 1 || main.length < Math.max(COLUMN_MIN_FIGURES - 1, (column.length - explained - 1) * 0.75)) continue;
      const [outlier] = unexplained;
      const how = [
        outlier.fontName !== reference.fontName ? 'another font' : '',
        Math.abs(outlier.height - reference.height) > reference.height * SIZE_TOLERANCE
          ? `size ${outlier.height.toFixed(1)} against ${reference.height.toFixed(1)}`
          : '',
      ]
        .filter(Boolean)
        .join(', ');
      findings.push({
        page: page.page,
        quote: quoteOn(layout, page.page, [outlier.text.trim()]),
        detail: `page ${page.page}: "${outlier.text.trim()}" is set in ${how} than the ${column.length - 1} other figures of its column and the text of its row`,
      });
    }
  }
  if (findings.length === 0)
    return [
      check(
        'content_font_outlier',
        'consistency',
        'high',
        true,
        `${columns} column(s) of ${COLUMN_MIN_FIGURES} or more figures: no single figure set in another font or size than its column and its row`,
      ),
    ];
  return [
    check(
      'content_font_outlier',
      'consistency',
      'high',
      false,
      `${describe(findings)}: a figure typed in by an editor takes the editor's font, while the figures printed with it share one`,
      findings[0].quote ? { documentId, page: findings[0].page, quote: findings[0].quote } : null,
    ),
  ];
}

function describe(findings: Finding[]): string {
  const described = findings.slice(0, DESCRIBED).map((finding) => finding.detail);
  return findings.length > DESCRIBED ? `${described.join('; ')}; and ${findings.length - DESCRIBED} more` : described.join('; ');
}

function within(rect: FilledRect, x: number, y: number): boolean {
  return x >= rect.x0 - 1 && x <= rect.x1 + 1 && y >= rect.y0 - 1 && y <= rect.y1 + 1;
}

function near(run: { x: number; y: number }, point: { x: number; y: number }): boolean {
  return Math.abs(run.x - point.x) <= SAME_ORIGIN && Math.abs(run.y - point.y) <= SAME_ORIGIN;
}

/** The share of the smaller run's box that the two boxes have in common. */
function overlap(a: TextRun, b: TextRun): number {
  const box = (run: TextRun) => [run.x, run.y - run.height * 0.2, run.x + run.width, run.y + run.height * 0.8];
  const [ax0, ay0, ax1, ay1] = box(a);
  const [bx0, by0, bx1, by1] = box(b);
  const width = Math.min(ax1, bx1) - Math.max(ax0, bx0);
  const height = Math.min(ay1, by1) - Math.max(ay0, by0);
  if (width <= 0 || height <= 0) return 0;
  return (width * height) / Math.min((ax1 - ax0) * (ay1 - ay0), (bx1 - bx0) * (by1 - by0)) || 0;
}

/** The first of `candidates` printed on the page's layout (evidence must be verbatim), else the empty string. */
function quoteOn(layout: PageLayout[], page: number, candidates: string[]): string {
  const text = layout.find((candidate) => candidate.page === page)?.text ?? '';
  return candidates.find((candidate) => candidate && text.includes(candidate)) ?? '';
}

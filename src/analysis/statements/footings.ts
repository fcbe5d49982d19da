import type { Check, Evidence, StatementKind } from '../analysis.types.js';

/** One printed figure of a row, in the statement's printed units (before scale). */
export interface PrintedFigure {
  value: number;
  decimals: number;
}

/** Words that say how a total is formed, not what it totals. */
const FORM_WORDS = new Set([
  'total',
  'totals',
  'net',
  'and',
  'of',
  'the',
  'to',
  'from',
  'in',
  'by',
  'for',
  'provided',
  'used',
  'generated',
  'cash',
  'flows',
  'flow',
]);

/** What a heading or a total is about: its words without punctuation, note references and form words. */
export function subjectWords(text: string): Set<string> {
  const words = text
    .toLowerCase()
    .replace(/[’']s?\b/g, '')
    .replace(/\(note[^)]*\)|\bnotes?\s+\d+\b/g, ' ')
    .split(/[^a-z]+/)
    .filter((word) => word.length > 1 && !FORM_WORDS.has(word));
  return new Set(words);
}

/** A row that states a subtotal of the lines above it: "Total current assets", "Net cash used in investing activities". */
const TOTAL_LABEL = /^(?:total\b|net cash (?:provided|used|from|generated|\(used|inflow|outflow))/i;
/** "Total assets" in a layout with no "Assets" heading (IFRS statements of financial position often have none). */
const TOTAL_ASSETS = /^total assets:?$/i;
/** Words of the liabilities and equity side: once one is seen, the lines above "Total assets" are not all assets. */
const OTHER_SIDE = /\bliabilit|\bequity\b|\bcapital\b|\breserves\b|\bdeficit\b|\bpayables?\b|\bborrowings\b|\bcreditors\b|\bdebt\b/i;
/** A net line ("Accounts receivable, net", "Net loans"), not a net cash total. */
const NET_LINE = /,\s*net\b|^net (?!cash\b)/i;
/** A line subtracted under a positive print: "Less: accumulated depreciation 1,200". */
const SUBTRACTED_LABEL = /^less\b/i;

interface Row {
  figures: Map<string, PrintedFigure>;
  /** A "…, net" line: it may be the line two above less the line above ("Allowance for doubtful accounts" printed positive). */
  net?: boolean;
}

interface OpenHeading {
  subject: Set<string>;
  heading: string;
  /** Where its lines start in `rows`. */
  start: number;
}

/**
 * Foots a statement as an auditor would: a total that names a heading above it ("Current assets:"
 * … "Total current assets", "Cash flows from investing activities:" … "Net cash used in investing
 * activities") must equal the lines just above it, per period, a nested total standing for its
 * own lines. Which lines is found, not assumed: the total passes when the same run of lines ending
 * just above it adds up to it in every period (so "Total liabilities" after "Total current
 * liabilities" and a "Non-current liabilities:" heading sums both), else it fails against the lines
 * under its heading. A line equal to the sum of the lines just above it ("Property and equipment,
 * net" under its gross amount and depreciation) is an unlabelled subtotal and is folded into them.
 * Only totals that name an open heading are footed, and "Total assets" in a balance sheet with no
 * assets heading when no liabilities or equity line stands above it (then every line above it is an
 * asset), and none after a row whose figures could not be placed in the columns, so that a layout
 * the reader does not follow gives no check rather than a false failure.
 */
export class StatementFootings {
  private rows: Row[] = [];
  private headings: OpenHeading[] = [];
  private unreliable = false;
  private statement: StatementKind | null = null;
  /** A liabilities or equity line or heading has been seen in this statement. */
  private otherSide = false;
  readonly checks: Check[] = [];

  /** A new statement: nothing above carries over. */
  reset(statement: StatementKind | null = null): void {
    this.rows = [];
    this.headings = [];
    this.unreliable = false;
    this.statement = statement;
    this.otherSide = false;
  }

  /** A line without figures: it may open a block that a total closes. */
  heading(text: string): void {
    if (OTHER_SIDE.test(text)) this.otherSide = true;
    const subject = subjectWords(text);
    if (subject.size > 0) this.headings.push({ subject, heading: text.trim(), start: this.rows.length });
  }

  /** A row whose figures could not be placed in the period columns: sums over it cannot be trusted. */
  unplaced(): void {
    this.unreliable = true;
  }

  /**
   * The heading a row of bare figures totals, if any: the innermost open heading whose lines add up
   * to the figures in every period ("Revenues" over its lines, then an unlabelled total). Null when
   * none does: arithmetic, not position, names an unlabelled total.
   */
  unlabelledTotal(figures: Map<string, PrintedFigure>): string | null {
    if (this.unreliable || figures.size === 0) return null;
    for (const open of [...this.headings].reverse()) {
      if (this.rows.length - open.start < 2) continue;
      const addsUp = [...figures].every(([key, total]) => {
        const terms = this.rows.slice(open.start).map((row) => row.figures.get(key) ?? { value: 0, decimals: 0 });
        const unit = 10 ** -Math.max(total.decimals, ...terms.map((term) => term.decimals));
        const sum = foldSubtotals(
          terms.map((term) => term.value),
          unit,
          this.rows.slice(open.start).map((row) => row.net === true),
        );
        return total.value !== 0 && Math.abs(total.value - sum) <= unit * terms.length;
      });
      if (addsUp) return open.heading.replace(/:$/, '');
    }
    return null;
  }

  /** A row with its figures by period column. */
  row(label: string, figures: Map<string, PrintedFigure>, evidence: Evidence): void {
    const signed = SUBTRACTED_LABEL.test(label.trim())
      ? new Map([...figures].map(([key, figure]) => [key, { ...figure, value: -Math.abs(figure.value) }]))
      : figures;
    const subject = TOTAL_LABEL.test(label.trim()) ? subjectWords(label) : new Set<string>();
    // The outermost open heading it names: "Total liabilities" closes "Liabilities and equity".
    const index = subject.size === 0 ? -1 : this.headings.findIndex((open) => [...subject].every((word) => open.subject.has(word)));
    const assetsFromTop = index < 0 && this.statement === 'balance_sheet' && !this.otherSide && TOTAL_ASSETS.test(label.trim());
    if (OTHER_SIDE.test(label)) this.otherSide = true;
    if (index < 0 && !assetsFromTop) {
      this.rows.push({ figures: signed, net: NET_LINE.test(label.trim()) });
      return;
    }
    // With no heading, "Total assets" stands for every line of the balance sheet above it, all of them assets.
    const heading = assetsFromTop ? { subject, heading: 'the balance sheet, from its top', start: 0 } : this.headings[index];
    const start = this.unreliable ? heading.start : this.foot(label.trim(), evidence, figures, heading);
    this.headings = assetsFromTop ? [] : this.headings.filter((open, position) => position < index && open.start <= start);
    this.rows.splice(start, this.rows.length - start, { figures });
  }

  /**
   * Checks the total, per period, and returns where the lines it stands for start: the run that adds
   * up in every period if there is one, else each period is judged on its own.
   */
  private foot(label: string, evidence: Evidence, totals: Map<string, PrintedFigure>, heading: OpenHeading): number {
    const keys = [...totals.keys()];
    const addsUp = (key: string, start: number) => {
      const total = totals.get(key)!;
      const terms = this.rows.slice(start).map((row) => row.figures.get(key) ?? { value: 0, decimals: 0 });
      const unit = 10 ** -Math.max(total.decimals, ...terms.map((term) => term.decimals));
      const values = terms.map((term) => term.value);
      const nets = this.rows.slice(start).map((row) => row.net === true);
      // Printed figures are rounded to their last digit: one unit of it per term.
      return [values.reduce((acc, value) => acc + value, 0), foldSubtotals(values, unit, nets)].some(
        (sum) => Math.abs(total.value - sum) <= unit * terms.length,
      );
    };
    const runStart = (accepts: (start: number) => boolean) => {
      for (let start = this.rows.length - 2; start >= 0; start--) if (accepts(start)) return start;
      return -1;
    };
    const common = runStart((start) => keys.every((key) => addsUp(key, start)));
    const starts = new Map(keys.map((key) => [key, common >= 0 ? common : runStart((start) => addsUp(key, start))]));
    const found = [...starts.values()].find((start) => start >= 0);
    if (found === undefined && this.rows.length - heading.start < 2) return heading.start;
    // A total that foots in no period says the reading did not follow the block (a line lost, a sign
    // convention not understood), not that a figure was changed: it is reported as not verified. One
    // that foots in some periods and not in others has had its lines confirmed by those periods.
    const verified = found !== undefined;
    for (const key of keys) {
      const total = totals.get(key)!;
      const start = starts.get(key)!;
      const sum = this.rows.slice(heading.start).reduce((acc, row) => acc + (row.figures.get(key)?.value ?? 0), 0);
      this.checks.push({
        id: `subtotal_adds_up:${key}:page-${evidence.page}:${slug(label)}`,
        passed: start >= 0,
        detail:
          start >= 0
            ? `${key}: "${label}" ${format(total.value)} is the sum of the ${this.rows.length - start} lines above it`
            : `${verified ? '' : 'could not verify: '}${key}: "${label}" ${format(total.value)} is not the sum of any run of lines above it; the ${this.rows.length - heading.start} lines under "${heading.heading}" add up to ${format(sum)}${verified ? '' : ', and no period of this total foots, so the reading of the block is in doubt'}`,
        evidence,
      });
    }
    return found ?? heading.start;
  }
}

/**
 * The sum of the values with every value that equals the sum of the 2+ values just above it standing
 * for them, and every net line (`nets`) that equals the value two above less the one above it (a
 * contra line printed positive: gross 1,000, allowance 50, net 950) standing for those two.
 */
export function foldSubtotals(values: number[], unit: number, nets: boolean[] = []): number {
  const kept: number[] = [];
  for (const [index, value] of values.entries()) {
    let sum = 0;
    let folded = false;
    if (nets[index] && kept.length >= 2 && kept[kept.length - 1] > 0 && Math.abs(kept[kept.length - 2] - kept[kept.length - 1] - value) <= unit * 2) {
      kept.splice(kept.length - 2, 2);
      folded = true;
    }
    for (let count = 1; count <= kept.length && !folded; count++) {
      sum += kept[kept.length - count];
      if (count >= 2 && value !== 0 && Math.abs(sum - value) <= unit * count) {
        kept.splice(kept.length - count, count);
        folded = true;
      }
    }
    kept.push(value);
  }
  return kept.reduce((acc, value) => acc + value, 0);
}

export function slug(label: string): string {
  return label
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60);
}

export function format(value: number): string {
  return value.toLocaleString('en-US', { maximumFractionDigits: 2 });
}

import type { Check, Evidence, StatementKind } from '../analysis.types.js';
import { conceptFor, directionInParentheses, lineNature, normaliseLabel, printsCostsNegative, type LineNature } from './concept-synonyms.js';
import { foldSubtotals, format, slug, subjectWords, type PrintedFigure } from './footings.js';

/** Income before tax has no fact of its own (DOMAIN.md 2) but is a result the lines above it must reach. */
const PRE_TAX_RESULT =
  /^(?:\(?(?:income|profit|loss|earnings)\)?(?: \((?:loss|profit|income)\))?|(?:profit|income) \/ \(loss\)|\(loss\) (?:income|profit)|(?:income|profit) \(loss\))(?: from continuing operations)? before (?:(?:provision|benefit) for |\(?provision\)? for |\(?benefit from\)? )?(?:income )?tax(?:es|ation)?$/;
const RESULT_CONCEPTS = new Set(['GrossProfit', 'OperatingIncomeLoss', 'NetIncomeLoss']);
/** A result named only as a loss ("Net loss", "Loss before income taxes") may be printed as a positive amount of loss. */
const LOSS_ONLY = /^(?:net |operating )?loss\b/;
/** Lines that restate or reconcile rather than add: an EBITDA or adjusted line, "of which" and memo lines. */
const NOT_A_TERM = /\bebitda\b|\badjusted\b|\bunderlying\b|\bpro forma\b|\bof which\b|\bincluded in\b|\bmemo\b/;
const TOTAL_LABEL = /^total\b/i;
const SUBTRACTED_LABEL = /^less\b/i;

/** Whether a row label is an income-statement result: gross profit, operating result, income before tax, net income. */
export function isResultLine(label: string): boolean {
  const match = conceptFor(label, 'income_statement', null);
  // "Net income attributable to <the parent>" is the result less the noncontrolling interests' share, not a result of the lines above it.
  if (/\b(?:attributable|applicable|available) to\b/.test(normaliseLabel(label))) return false;
  return (match !== null && RESULT_CONCEPTS.has(match.concept)) || PRE_TAX_RESULT.test(normaliseLabel(label));
}

type Entry = { kind: 'heading'; text: string } | { kind: 'row'; label: string; figures: Map<string, PrintedFigure>; evidence: Evidence } | { kind: 'unplaced' };

interface Line {
  label: string;
  figures: Map<string, PrintedFigure>;
  evidence: Evidence;
  result: boolean;
  /** How the line moves profit by its own words, and by the section heading it stands under. */
  own: LineNature | null;
  section: LineNature | null;
  /** The wording names its other direction in parentheses: "Other expense (income), net", "Provision for (benefit from) income taxes". */
  namesOpposite: boolean;
  subtracted: boolean;
  /** A row that cannot be a term (memo, EBITDA) or figures that could not be placed: its block is not footed. */
  opaque: boolean;
}

/**
 * Foots an income statement's results as an analyst would: each result line (gross profit,
 * operating income, income before taxes, net income) equals the result above it plus the lines
 * between them, per period, a nested total standing for its own lines. Each line's sign is what the
 * statement prints it as: a statement that prints its costs negative is plain addition; one that
 * prints them positive subtracts the lines whose wording (or whose section heading, "Other income
 * (expense):" or "Costs and expenses:") says they are costs, adds the income lines, and gives no
 * check for a block holding a line whose direction it cannot tell. A result named only as a loss
 * and printed positive may be either sign, and passes if either adds up.
 */
export class IncomeStatementResults {
  private statement: StatementKind | null = null;
  private entries: Entry[] = [];
  readonly checks: Check[] = [];

  /** A new statement: the one before it is footed and nothing carries over. */
  start(statement: StatementKind | null): void {
    this.finish();
    this.statement = statement;
  }

  heading(text: string): void {
    this.entries.push({ kind: 'heading', text });
  }

  row(label: string, figures: Map<string, PrintedFigure>, evidence: Evidence): void {
    this.entries.push({ kind: 'row', label: label.trim(), figures, evidence });
  }

  unplaced(): void {
    this.entries.push({ kind: 'unplaced' });
  }

  /** Foots the statement read so far. */
  finish(): void {
    if (this.statement === 'income_statement') this.checks.push(...footResults(readLines(this.entries)));
    this.entries = [];
  }
}

/** The rows with their natures, read under the section headings they stand in. */
function readLines(entries: Entry[]): Line[] {
  const lines: Line[] = [];
  const open: { subject: Set<string>; nature: LineNature | null }[] = [];
  let unplaced = false;
  for (const entry of entries) {
    if (entry.kind === 'unplaced') {
      unplaced = true;
      continue;
    }
    if (entry.kind === 'heading') {
      open.push({ subject: singular(subjectWords(entry.text)), nature: lineNature(entry.text) });
      continue;
    }
    const { label } = entry;
    const result = isResultLine(label);
    let section = [...open].reverse().find((heading) => heading.nature)?.nature ?? null;
    if (TOTAL_LABEL.test(label) && !result) {
      // A total ends the section it names, else the innermost one that says what it holds.
      const subject = singular(subjectWords(label));
      let index = open.findLastIndex((heading) => subject.size > 0 && [...subject].every((word) => heading.subject.has(word)));
      if (index < 0) index = open.findLastIndex((heading) => heading.nature);
      if (index >= 0) {
        section = open[index].nature ?? section;
        open.splice(index);
      }
    }
    if (result) open.splice(0);
    lines.push({
      label,
      figures: entry.figures,
      evidence: entry.evidence,
      result,
      own: lineNature(label),
      section,
      namesOpposite: oppositeNamed(label),
      subtracted: SUBTRACTED_LABEL.test(label),
      opaque: unplaced || NOT_A_TERM.test(normaliseLabel(label)),
    });
    unplaced = false;
  }
  return lines;
}

function oppositeNamed(label: string): boolean {
  const own = lineNature(label);
  const other = directionInParentheses(label);
  return own !== null && other !== null && other !== own;
}

function singular(words: Set<string>): Set<string> {
  return new Set([...words].map((word) => word.replace(/(?<=[a-z]{3})s$/, '')));
}

function footResults(lines: Line[]): Check[] {
  const costs = lines
    .filter((line) => !line.result && !line.subtracted && (line.section ?? line.own) === 'cost' && (line.own ?? 'cost') === 'cost')
    .flatMap((line) => [...line.figures.values()].map((figure) => figure.value));
  // Without a cost line the statement's convention cannot be told, nor a positive line's direction.
  if (costs.length === 0) return [];
  const costsNegative = printsCostsNegative(costs);
  const checks: Check[] = [];
  let previous: Line | null = null;
  let between: Line[] = [];
  for (const line of lines) {
    if (!line.result) {
      between.push(line);
      continue;
    }
    const readable = between.length > 0 && between.every((term) => !term.opaque);
    if (readable && (previous !== null || between.length >= 2)) checks.push(...footResult(line, previous, between, costsNegative));
    previous = line;
    between = [];
  }
  return checks;
}

/** One result against the result above it and the lines between, per period. */
function footResult(result: Line, previous: Line | null, between: Line[], costsNegative: boolean): Check[] {
  const checks: Check[] = [];
  for (const [key, total] of result.figures) {
    // A line with no figure in this period (one the layout could not read) or whose direction cannot
    // be told: no check in this period rather than a false failure.
    if (between.some((line) => !line.figures.has(key)) || (previous && !previous.figures.has(key))) continue;
    const figures = between.map((line) => line.figures.get(key)!);
    const read = between.map((line, index) => signed(line, figures[index].value, costsNegative));
    if (read.some((term) => term === null)) continue;
    const terms = read as number[];
    const previousFigure = previous?.figures.get(key) ?? null;
    const decimals = Math.max(total.decimals, previousFigure?.decimals ?? 0, ...figures.map((figure) => figure.decimals));
    const unit = 10 ** -decimals;
    // Printed figures are rounded to their last digit: one unit of it per term.
    const tolerance = unit * (terms.length + (previous ? 2 : 1));
    const starts = previous ? resultReadings(previous, previousFigure?.value ?? 0) : [0];
    const sums = starts.flatMap((start) => [foldSubtotals([start, ...terms], unit), start + terms.reduce((acc, term) => acc + term, 0)]);
    const passed = resultReadings(result, total.value).some((value) => sums.some((sum) => Math.abs(value - sum) <= tolerance));
    const from = previous
      ? `"${previous.label}" ${format(previousFigure?.value ?? 0)} and the ${between.length} lines after it`
      : `the ${between.length} lines above it`;
    const reading = costsNegative ? 'as printed' : 'costs subtracted and income added';
    checks.push({
      id: `result_adds_up:${key}:page-${result.evidence.page}:${slug(result.label)}`,
      passed,
      detail: passed
        ? `${key}: "${result.label}" ${format(total.value)} is ${from}, ${reading}`
        : `${key}: "${result.label}" ${format(total.value)} is not ${from}, ${reading}: they come to ${format(sums[0])}`,
      evidence: result.evidence,
    });
  }
  return checks;
}

/**
 * A line's effect on profit: as printed where costs print negative, else by what the line is. A
 * section prints its lines in its own direction ("Interest expense (200)" under "Other income
 * (expense):"), so a line whose words disagree with its section follows the section when printed
 * negative; printed positive it could be either, and is not read (null). A cost printed negative
 * outside a section is read as a credit only when its wording names that direction.
 */
function signed(line: Line, printed: number, costsNegative: boolean): number | null {
  if (line.subtracted) return -Math.abs(printed);
  if (costsNegative || printed === 0) return printed;
  const conflict = line.section !== null && line.own !== null && line.section !== line.own;
  if (conflict && printed > 0) return null;
  // "Interest expense (3,182)" or "Loss from discontinued operations (60)" outside a section: a cost
  // printed as a negative amount, or a negative cost (a credit)? Only a wording that names the other
  // direction says which.
  if (line.section === null && line.own === 'cost' && printed < 0 && !line.namesOpposite) return null;
  const nature = line.section ?? line.own;
  if (nature === null) return null;
  return nature === 'cost' ? -printed : printed;
}

/** A result's possible values: as printed, or either sign for a result named only as a loss and printed positive. */
function resultReadings(line: Line, printed: number): number[] {
  const wording = normaliseLabel(line.label)
    .replace(/\([^)]*\)/g, ' ')
    .trim();
  return LOSS_ONLY.test(wording) && printed > 0 ? [printed, -printed] : [printed];
}

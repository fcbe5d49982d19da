import type { Check, Fact, LayoutCell, LayoutLine, PageLayout, Period, StatementKind } from '../analysis.types.js';
import { currencyIn, dollarOf, isCurrencyMark, parseAmount, scaleIn } from './amounts.js';
import { conceptFor, lineNature, normaliseLabel, printsCostsNegative, type SignRule } from './concept-synonyms.js';
import { isDateLine, isPeriodHeading, periodColumns, printedPeriodEnds, withDateCells, type KnownEnds, type PeriodColumn } from './period-columns.js';
import {
  separateNoteReferences,
  withDecimalPoints,
  withoutNoteCells,
  withoutStrayNoteReferences,
  withScannedThousands,
  withSpaceGroupedFigures,
} from './figure-cells.js';
import { StatementFootings, type PrintedFigure } from './footings.js';
import { withSideBySideHalves } from './side-by-side.js';
import { IncomeStatementResults } from './result-lines.js';
import { statementChecks } from './statement-checks.js';

const TITLES: [RegExp, StatementKind][] = [
  [
    /\bstatements? of (?:consolidated )?(?:operations|income|earnings|(?:comprehensive )?(?:income|loss)|profit (?:or|and) loss|comprehensive income)\b|\bincome statements?\b|\bprofit (?:and|&) loss\b|\bp&l\b|\bstatements? of operations\b/i,
    'income_statement',
  ],
  // Non-profits' statements of activities, governments' of revenues and expenditures, charities' of financial activities.
  [
    /\bstatements? of (?:consolidated )?activities\b|\bstatements? of (?:financial activities|revenues?,? (?:and )?expen(?:ses|ditures?))\b|\bincome and expenditure account\b/i,
    'income_statement',
  ],
  // Governments (GASB) state their position as "net position".
  [
    /\bbalance sheets?\b|\bstatements? of (?:consolidated )?financial (?:position|condition)\b|\bstatements? of assets and liabilities\b|\bstatements? of net (?:position|assets)\b/i,
    'balance_sheet',
  ],
  [/\bstatements? of (?:consolidated )?cash flows?\b|\bcash flows? statements?\b|\bstatements? of cash flows?\b/i, 'cash_flow_statement'],
];

/**
 * Headings after which a document is no longer in its primary statements: notes, MD&A, exhibits,
 * certifications, non-GAAP reconciliations. Their tables repeat and split statement lines ("Total
 * inventories" in an inventory note); they are not facts.
 */
const LEAVES_STATEMENTS =
  /^(?:notes? to (?:the )?(?:(?:condensed|unaudited|interim|consolidated|combined)\s+)*financial statements|notes?\s+\d+(?:\.\d+)?\s*[–—:.-]?\s+[a-z]{3,}|item\s+\d+[a-z]?\b|management'?s discussion|exhibit\s+\d|report of independent|independent auditor|signatures?\b|certifications?\b|reconciliation of|(?:.*\b)?non-gaap\b|supplemental (?:information|schedule))/i;

/**
 * Whether a line is a heading that leaves the statements (LEAVES_STATEMENTS): a short line without
 * figures, and not a statement's column heading ("Note 31 Dec 2023 31 Dec 2022" is not note 31).
 */
function leavesStatements(line: LayoutLine): boolean {
  return (
    line.text.split(/\s+/).length <= 16 && LEAVES_STATEMENTS.test(line.text.trim().replace(/[’‘]/g, "'")) && !statementTitle(line) && !isPeriodHeading(line)
  );
}

/** A year as headings print it, alone or closing a parenthesis ("(With comparative totals for the year ended June 30, 2025)"). */
const PRINTED_YEAR = /^\(?(?:19|20)\d{2}\)?[.,;:]?$/;

/** The statement a title line names, or null when the line is not a statement's title. */
export function statementTitle(line: LayoutLine): StatementKind | null {
  if (line.text.split(/\s+/).length > 14 || line.cells.some((cell) => parseAmount(cell.text) !== null && !PRINTED_YEAR.test(cell.text.trim()))) return null;
  // A title is a heading: not a sentence of a note that names a statement ("... charged to the profit
  // and loss account.", "+ the requirements of Section 7 Statement of Cash Flows;").
  const text = line.text.trim();
  if (/^[a-z+•·*-]|[;,]$|\.\s+[A-Z]/.test(text) || LEAVES_STATEMENTS.test(text.replace(/[’‘]/g, "'"))) return null;
  return TITLES.find(([pattern]) => pattern.test(line.text))?.[1] ?? null;
}

export interface StatementReading {
  facts: Fact[];
  periods: Period[];
  currency: string | null;
  checks: Check[];
  warnings: string[];
  /** The statements found and where. */
  statements: { page: number; kind: StatementKind }[];
}

interface Candidate {
  fact: Fact;
  printed: number;
  sign: SignRule;
  statement: StatementKind;
  priority: number;
  scale: number;
  part: boolean;
}

interface State {
  statement: StatementKind | null;
  section: 'current' | 'noncurrent' | null;
  pending: LayoutLine[];
  columns: PeriodColumn[];
  scale: number | null;
  currency: string | null;
  /** The last line without figures: what a bare "Total" row totals. */
  heading: string;
  /** Rows are read as facts: inside a titled statement, or anywhere when the document titles none. */
  reading: boolean;
  /** Under an income statement's "Revenue:" heading, until its total: no line there is a cost ("Taxation" is a municipality's revenue). */
  inRevenues: boolean;
  /** What a bare "$" means in this document (dollarOf). */
  dollar: string;
  /** Rows of a statement whose label names no concept of the vocabulary: said in `warnings`, never dropped silently. */
  unmapped: { page: number; statement: StatementKind; label: string }[];
}

/** A statement's heading block: title, entity, scale, spanning lengths, dates, Budget/Actual, restatement notes. */
const MAX_HEADING_LINES = 12;

/**
 * Reads the financial statements in a document's pages as an analyst would: statement titles,
 * period columns from the headings, the scale and currency the headings state, each row's label
 * mapped to a concept and each figure to its column by position. Every fact quotes its row as it
 * stands on the page.
 */
export function readStatements(documentId: string, printedPages: PageLayout[]): StatementReading {
  const pages = withSpaceGroupedFigures(withDecimalPoints(withScannedThousands(withSideBySideHalves(printedPages)))).map((page) => ({
    ...page,
    lines: page.lines.map(withDateCells),
  }));
  // Twice: the first reading learns the period ends the statements print over their columns ("28
  // June" over "2015"), which then date the columns headed by a year alone elsewhere in the document.
  const printed = printedPeriodEnds(pages.flatMap((page) => page.lines));
  const { datedEnds } = readPass(documentId, pages, printed);
  return readPass(documentId, pages, new Map([...printed, ...datedEnds])).reading;
}

function readPass(documentId: string, pages: PageLayout[], knownEnds: KnownEnds): { reading: StatementReading; datedEnds: KnownEnds } {
  const dated: { year: number; month: number; day: number }[] = [];
  // A scale or currency stated once for the whole document stands in a statement's title block; a
  // note's "in millions" is not the statements' scale.
  const titled = pages.some((page) => page.lines.some((line) => statementTitle(line) !== null));
  const titleBlocks = pages
    .filter((page) => !titled || page.lines.some((line) => statementTitle(line) !== null))
    .map((page) =>
      page.lines
        .slice(0, 12)
        .map((line) => line.text)
        .join('\n'),
    );
  const documentScale = titleBlocks.map(scaleIn).find((scale) => scale !== null) ?? null;
  const dollar = dollarOf(pages.map((page) => page.text).join('\n'));
  const documentCurrency = titleBlocks.map((text) => currencyIn(text, dollar)).find((currency) => currency !== null) ?? null;
  // A document that titles its statements is read inside them only; one that titles none (a
  // small company's bare P&L) is read wherever a row lines up with period columns.
  const state: State = {
    statement: null,
    section: null,
    pending: [],
    columns: [],
    scale: null,
    currency: null,
    heading: '',
    reading: !titled,
    inRevenues: false,
    dollar,
    unmapped: [],
  };
  const candidates: Candidate[] = [];
  const statements: { page: number; kind: StatementKind }[] = [];
  const warnings = new Set<string>();
  const footings = new StatementFootings();
  const results = new IncomeStatementResults();

  for (const page of pages) {
    for (const line of page.lines) {
      const title = statementTitle(line);
      if (title) {
        const continued = title === state.statement && /continued|cont'd|\(cont/i.test(line.text);
        if (!continued) {
          Object.assign(state, { statement: title, section: null, columns: [], scale: null, currency: null, reading: true, inRevenues: false });
          footings.reset(title);
          results.start(title);
        }
        if (!statements.some((found) => found.page === page.page && found.kind === title)) statements.push({ page: page.page, kind: title });
        state.pending = [line];
        continue;
      }
      if (titled && state.reading && leavesStatements(line)) {
        Object.assign(state, { statement: null, section: null, columns: [], pending: [], reading: false });
        footings.reset(null);
        results.start(null);
        continue;
      }
      if (!state.reading) continue;
      const figures = line.cells.filter((cell) => parseAmount(cell.text) !== null);
      if (figures.length === 0 || isDateLine(line) || (isPeriodHeading(line) && figures.every((cell) => PRINTED_YEAR.test(cell.text.trim())))) {
        noteHeading(state, line);
        if (!isPeriodHeading(line)) {
          footings.heading(line.text);
          results.heading(line.text);
        }
        continue;
      }
      const headed = state.pending.some(isPeriodHeading) ? periodColumns(state.pending, knownEnds) : [];
      if (headed.length > 0 && plausibleColumns(headed, state.columns) && !fitsBetter(state.columns, headed, line)) {
        state.columns = withYearLengths(headed, state.statement);
        for (const column of headed.filter((candidate) => candidate.dated && candidate.period)) {
          const [year, month, day] = column.period!.end.split('-').map(Number);
          dated.push({ year, month, day });
        }
        const headingText = state.pending.map((pending) => pending.text).join('\n');
        state.scale = scaleIn(headingText) ?? state.scale;
        state.currency = currencyIn(headingText, state.dollar) ?? state.currency;
      }
      state.pending = [];
      if (state.columns.length === 0) continue;
      readRow(documentId, page.page, line, state, documentScale, documentCurrency, candidates, warnings, footings, results);
    }
  }
  results.finish();
  const unmappedByPage = new Map<string, string[]>();
  for (const { page, statement, label } of state.unmapped) {
    const key = `page ${page} (${statement.replaceAll('_', ' ')})`;
    unmappedByPage.set(key, [...(unmappedByPage.get(key) ?? []), label]);
  }
  for (const [where, labels] of unmappedByPage) {
    const shown = labels.slice(0, 6).map((label) => `"${label}"`);
    const one = labels.length === 1;
    warnings.add(
      `${where}: ${labels.length} row${one ? '' : 's'} with figures name${one ? 's' : ''} no concept of the fact vocabulary, so ${one ? 'it is not a fact' : 'they are not facts'}: ${shown.join(', ')}${labels.length > shown.length ? ', …' : ''}`,
    );
  }
  const facts = settle(candidates);
  const periods = uniquePeriods(facts.map((fact) => fact.period));
  const scales = new Map(candidates.map((candidate) => [candidate.fact, candidate.scale]));
  const datedEnds: KnownEnds = new Map();
  for (const { year, month, day } of dated) if (!datedEnds.has(year)) datedEnds.set(year, { month, day });
  const reading = {
    facts,
    periods,
    currency: facts.find((fact) => fact.currency)?.currency ?? documentCurrency,
    checks: [...statementChecks(facts, (fact) => scales.get(fact) ?? 1), ...footings.checks, ...results.checks],
    warnings: [...warnings],
    statements,
  };
  return { reading, datedEnds };
}

/**
 * Whether newly read headings replace a statement's columns: always at its start; later only when
 * their periods stand over the figures. A wrapped label that names dates ("1,500 shares authorized on
 * December 26, 2015 and December 27, 2014") reads like a heading but stands left of the columns.
 */
function plausibleColumns(headed: PeriodColumn[], current: PeriodColumn[]): boolean {
  if (current.length === 0) return true;
  const figuresFrom = Math.min(...current.map((column) => column.x0));
  return headed.every((column) => !Number.isFinite(column.x0) || column.x1 >= figuresFrom - 24);
}

/**
 * A flow statement's column headed by a year alone ("2025", "FY2025", "Fiscal 2025", "2024-25"), with no length
 * said anywhere over it, is that year: twelve months. Interim statements always say their length
 * ("Three months ended", "Q1", "H1").
 */
function withYearLengths(columns: PeriodColumn[], statement: StatementKind | null): PeriodColumn[] {
  if (statement !== 'income_statement' && statement !== 'cash_flow_statement') return columns;
  return columns.map((column) =>
    column.period && !column.period.months && column.yearOnly ? { ...column, period: { ...column.period, months: 12 } } : column,
  );
}

/**
 * Whether the columns a statement already has place a row's figures where a new, shorter heading
 * does not: a continued page whose heading lost a column (cut at the page's edge, or to OCR) keeps
 * the columns its figures still stand in.
 */
function fitsBetter(current: PeriodColumn[], headed: PeriodColumn[], line: LayoutLine): boolean {
  if (current.length <= headed.length) return false;
  const { figures } = splitRow(line.cells);
  const fits = (columns: PeriodColumn[]) => placeFigures(figures, columns)?.length === figures.length;
  return fits(current) && !fits(headed);
}

function noteHeading(state: State, line: LayoutLine): void {
  state.pending.push(line);
  if (state.pending.length > MAX_HEADING_LINES) state.pending.shift();
  // "(1) Non-current liabilities", "II. Current assets": the section without its number.
  const text = normaliseLabel(line.text);
  if (/^(?:total )?(?:non-?current|long-term|long term) (?:assets|liabilities)/.test(text)) state.section = 'noncurrent';
  else if (/^(?:total )?current (?:assets|liabilities)/.test(text)) state.section = 'current';
  else if (/equity|capital and reserves/.test(text)) state.section = null;
  if (!isPeriodHeading(line)) state.heading = line.text;
  if (/^(?:revenues?|income|sales|turnover)(?: and (?:other )?(?:income|gains))?:?$/.test(text.trim())) state.inRevenues = true;
  else if (/\b(?:expenses|expenditures?|costs)\b/.test(text)) state.inRevenues = false;
  // Scale and currency words may stand anywhere in the heading, above or below the period line.
  state.scale = scaleIn(line.text) ?? state.scale;
  state.currency = currencyIn(line.text, state.dollar) ?? state.currency;
}

function readRow(
  documentId: string,
  page: number,
  line: LayoutLine,
  state: State,
  documentScale: number | null,
  documentCurrency: string | null,
  candidates: Candidate[],
  warnings: Set<string>,
  footings: StatementFootings,
  results: IncomeStatementResults,
): void {
  const split = splitRow(withoutNoteCells(line.cells, state.columns));
  const { figures } = split;
  let { label } = split;
  if (!label) {
    // Bare figures under a block: a total when its lines add up to them (an unlabelled total), or
    // on a balance sheet the total of liabilities and equity when it equals total assets.
    const placedBare = placeFigures(figures, state.columns);
    const printed = placedBare ? printedByColumn(placedBare) : null;
    const heading = printed ? footings.unlabelledTotal(printed) : null;
    if (heading) label = /^total\b/i.test(heading) ? heading : `Total ${heading}`;
    else if (printed && state.statement === 'balance_sheet' && equalsAssets(printed, candidates, page)) label = 'Total liabilities and equity';
    else return;
  }
  if (/per share|%|\bratio\b/i.test(label)) return;
  const labelForConcept = /^total:?$/i.test(label.trim()) ? `total ${state.heading}` : label;
  // A label wrapped over two lines ("Creditors: amounts falling due within" / "one year") is read whole.
  const found =
    conceptFor(labelForConcept, state.statement, state.section) ??
    (state.heading && (/^[a-z(]/.test(label.trim()) || state.heading.trim().split(/\s+/).length <= 3)
      ? conceptFor(`${state.heading} ${label}`, state.statement, state.section)
      : null);
  const match = found && !(state.inRevenues && found.sign === 'cost') ? found : null;
  updateSection(state, label);
  const placed = placeFigures(withoutStrayNoteReferences(separateNoteReferences(figures, state.columns), state.columns), state.columns);
  if (placed) {
    const printed = printedByColumn(placed);
    footings.row(labelForConcept, printed, { documentId, page, quote: line.text });
    results.row(labelForConcept, printed, { documentId, page, quote: line.text });
  } else {
    footings.unplaced();
    results.unplaced();
  }
  if (!match) {
    // "Net income" opening a cash flow statement names a concept, read on its own statement.
    if (placed && state.statement && !conceptFor(labelForConcept, null, null)) state.unmapped.push({ page, statement: state.statement, label: label.trim() });
    return;
  }
  if (!placed) {
    warnings.add(`page ${page}: the figures of "${label}" do not line up with the period columns; row skipped`);
    return;
  }
  const scale = state.scale ?? documentScale ?? 1;
  for (const [column, cell] of placed) {
    if (!column.period) continue;
    const printed = parseAmount(cell.text)!.value;
    candidates.push({
      fact: {
        concept: match.concept,
        label: label.trim(),
        period: column.period,
        value: printed * scale,
        currency: state.currency ?? currencyIn(line.text, state.dollar) ?? documentCurrency,
        source: 'document',
        evidence: { documentId, page, quote: line.text },
      },
      printed,
      sign: match.sign,
      statement: match.statement,
      priority: match.priority,
      scale,
      part: match.part === true,
    });
  }
}

/** Whether bare figures repeat the balance sheet's total assets, period by period (the other side's unlabelled total). */
function equalsAssets(printed: Map<string, PrintedFigure>, candidates: Candidate[], page: number): boolean {
  const assets = candidates.filter((candidate) => candidate.fact.concept === 'Assets' && Math.abs(candidate.fact.evidence.page - page) <= 1);
  if (assets.length === 0) return false;
  return [...printed].every(([key, figure]) =>
    assets.some((candidate) => key.startsWith(candidate.fact.period.end) && candidate.printed === figure.value && figure.value !== 0),
  );
}

/** A row's printed figures in period columns (notes, budget and variance columns are not footed), keyed by period. */
function printedByColumn(placed: [PeriodColumn, LayoutCell][]): Map<string, PrintedFigure> {
  const figures = new Map<string, PrintedFigure>();
  for (const [column, cell] of placed) {
    if (!column.period) continue;
    const key = `${column.period.end}${column.period.months ? `/${column.period.months}m` : ''}`;
    const amount = parseAmount(cell.text)!;
    figures.set(key, { value: amount.value, decimals: amount.decimals });
  }
  return figures;
}

function updateSection(state: State, label: string): void {
  if (/^total current (?:assets|liabilities)/i.test(label)) state.section = null;
  if (/^total (?:net )?(?:revenues?|income|sales)\b/i.test(label.trim())) state.inRevenues = false;
}

/** The row's label (the cells before its first figure) and its figures; figures merged into the label are peeled off. */
export function splitRow(printed: LayoutCell[]): { label: string; figures: LayoutCell[] } {
  // A "$" cell before a figure belongs to neither the label nor the figures.
  const cells = printed.filter((cell) => !isCurrencyMark(cell.text));
  const firstFigure = cells.findIndex((cell) => parseAmount(cell.text) !== null);
  if (firstFigure === 0) return { label: '', figures: cells.filter((cell) => parseAmount(cell.text) !== null) };
  if (cells.length === 0) return { label: '', figures: [] };
  const labelCells = firstFigure < 0 ? cells : cells.slice(0, firstFigure);
  const figures = firstFigure < 0 ? [] : cells.slice(firstFigure).filter((cell) => parseAmount(cell.text) !== null);
  const last = labelCells[labelCells.length - 1];
  // "Net sales 1,234" merged into one cell: peel trailing figures (a trailing note number stays in the label).
  const words = last.text.split(' ');
  const peeled: LayoutCell[] = [];
  const perChar = (last.x1 - last.x0) / Math.max(1, last.text.length);
  let end = last.text.length;
  while (
    words.length > 1 &&
    /[\d,]{4,}|\d[)-]?$/.test(words[words.length - 1]) &&
    parseAmount(words[words.length - 1]) !== null &&
    /[,.()]|\d{4,}/.test(words[words.length - 1])
  ) {
    const word = words.pop()!;
    end -= word.length;
    peeled.unshift({ text: word, x0: last.x0 + end * perChar, x1: last.x0 + (end + word.length) * perChar });
    end -= 1;
  }
  const label = [...labelCells.slice(0, -1).map((cell) => cell.text), words.join(' ')].join(' ');
  return { label, figures: [...peeled, ...figures] };
}

/** Each figure's column: the column it overlaps most, else the nearest; null when two figures claim one column. */
export function placeFigures(figures: LayoutCell[], columns: PeriodColumn[]): [PeriodColumn, LayoutCell][] | null {
  const placed: [PeriodColumn, LayoutCell][] = [];
  for (const figure of figures) {
    let best: PeriodColumn | null = null;
    let bestScore = -Infinity;
    for (const column of columns) {
      const overlap = Math.min(figure.x1, column.x1) - Math.max(figure.x0, column.x0);
      const score = overlap > 0 ? overlap : overlap - 0.0001;
      if (score > bestScore) {
        best = column;
        bestScore = score;
      }
    }
    // A figure far from every column (a note reference by the label) belongs to none.
    const spacing = columns.length > 1 ? Math.min(...columns.slice(1).map((column, index) => column.x0 - columns[index].x1)) : 60;
    if (!best || bestScore < -Math.max(12, spacing * 0.9)) continue;
    if (placed.some(([column]) => column === best)) {
      // Two figures under one heading: trust the order when it accounts for every column.
      return figures.length === columns.length ? columns.map((column, index) => [column, figures[index]]) : null;
    }
    placed.push([best, figure]);
  }
  return placed;
}

/**
 * Signs per DOMAIN.md 4, then one fact per concept and period: costs are positive and a credit to a
 * cost concept (a tax benefit) negative, whichever way the statement prints them; outflows are
 * positive, results keep their sign; a total beats a component of the same name.
 *
 * A statement that prints its costs negative prints every line as its effect on profit: a cost's
 * figure is negated ("Income tax benefit 210" is a benefit of 210, "(650)" an expense). One that
 * prints them positive prints each line in the direction its wording names first: "Income tax
 * expense (benefit) (210)" is a benefit, "Income tax benefit 210" and "(Provision) benefit for income
 * taxes 210" are too, so a line worded as a benefit or credit is negated. Such a line prints the same
 * under either convention, so it does not vote on which one the statement uses.
 */
function settle(candidates: Candidate[]): Fact[] {
  const creditWorded = (candidate: Candidate) => candidate.sign === 'cost' && lineNature(candidate.fact.label) === 'income';
  const costsNegative = new Map<StatementKind, boolean>();
  for (const kind of ['income_statement', 'balance_sheet', 'cash_flow_statement'] as StatementKind[]) {
    const costs = candidates.filter((candidate) => candidate.statement === kind && candidate.sign === 'cost' && !creditWorded(candidate));
    costsNegative.set(kind, printsCostsNegative(costs.map((candidate) => candidate.printed)));
  }
  // A part ("Cost of services") stands for its concept only when no other part is printed beside it.
  const partLabels = new Map<string, Set<string>>();
  for (const candidate of candidates.filter((candidate) => candidate.part)) {
    const key = `${candidate.statement}|${candidate.fact.concept}`;
    partLabels.set(key, (partLabels.get(key) ?? new Set()).add(candidate.fact.label.toLowerCase()));
  }
  const chosen = new Map<string, Candidate>();
  for (const candidate of candidates) {
    if (candidate.part && (partLabels.get(`${candidate.statement}|${candidate.fact.concept}`)?.size ?? 0) > 1) continue;
    const { fact } = candidate;
    if (candidate.sign === 'cost' && (costsNegative.get(candidate.statement) || creditWorded(candidate))) fact.value = -fact.value;
    if (candidate.sign === 'outflow') fact.value = Math.abs(fact.value);
    fact.value = Math.round(fact.value * 100) / 100 || 0;
    const key = `${fact.concept}|${fact.period.end}|${fact.period.months ?? ''}`;
    const current = chosen.get(key);
    if (!current || candidate.priority > current.priority) chosen.set(key, candidate);
  }
  return [...chosen.values()].map((candidate) => candidate.fact);
}

function uniquePeriods(periods: Period[]): Period[] {
  const seen = new Map<string, Period>();
  for (const period of periods) {
    const key = `${period.end}|${period.months ?? ''}`;
    if (!seen.has(key)) seen.set(key, period);
  }
  return [...seen.values()].sort((a, b) => b.end.localeCompare(a.end));
}

import type { LayoutCell, LayoutLine, Period } from '../analysis.types.js';
import { isCurrencyMark } from './amounts.js';

/** A column of a statement: an actual period, or a column to skip (budget, variance, notes, %). */
export interface PeriodColumn {
  x0: number;
  x1: number;
  period: Period | null;
  /** Why the column is not a period of actuals. */
  skipped?: string;
  /** Its end's day is printed over it (in its own heading or one standing above it), not inferred. */
  dated?: boolean;
  /** Its heading names a year alone ("2025", "FY2025", "2024/25"): no month, day or length of its own. */
  yearOnly?: boolean;
}

const MONTHS: Record<string, number> = {
  jan: 1,
  january: 1,
  feb: 2,
  february: 2,
  mar: 3,
  march: 3,
  apr: 4,
  april: 4,
  may: 5,
  jun: 6,
  june: 6,
  jul: 7,
  july: 7,
  aug: 8,
  august: 8,
  sep: 9,
  sept: 9,
  september: 9,
  oct: 10,
  october: 10,
  nov: 11,
  november: 11,
  dec: 12,
  december: 12,
};
const MONTH = '(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\\.?';
const YEAR = '((?:19|20)\\d{2})';

/** Words that make a column something other than an actual period. */
const NOT_ACTUAL =
  /\b(budget(?:ed)?|forecasts?|plan|projected|projections?|estimated?|estimates?|pro[ -]?forma|variance|var\.?|change|outlook|target|guidance)\b|%|\bb\/\(w\)|\bfav/i;
const NOTE_COLUMN = /^notes?$/i;
/** A span of months in one heading ("January - March, 2026", "Jan 1 – Mar 31, 2026"): what the columns under it cover, not a column. */
const MONTH_RANGE = new RegExp(`${MONTH}\\s*(?:\\d{1,2},?\\s*)?(?:(?:19|20)\\d{2}\\s*)?(?:-|–|—|to|through)\\s*${MONTH}\\s*(?:\\d{1,2})?,?\\s*${YEAR}`, 'i');
/** The column that totals a run of month columns. */
const TOTAL_COLUMN = /^(?:total|ytd|year to date|total ytd|qtd|quarter to date)$/i;

interface Anchor {
  x0: number;
  x1: number;
  text: string;
  year: number;
  month?: number;
  day?: number;
  months?: number;
  skipped?: string;
}

/** Length and end month stated by a heading such as "Three months ended March 31," or "As of December 31,". */
interface Context {
  x0: number;
  x1: number;
  text: string;
  months?: number;
  month?: number;
  day?: number;
}

const LENGTH_WORDS: [RegExp, number][] = [
  [
    /\b(?:year|twelve months|12 months|fiscal year|financial year)s? (?:ended|ending)\b|\bfor the years?\b|\b(?:52|53|fifty[- ]two|fifty[- ]three) weeks\b|^(?:full[- ]year|twelve months|12 months)$/i,
    12,
  ],
  [/\b(?:fifteen|15) months\b/i, 15],
  [/\b(?:nine months|9 months|(?:36|39|40|thirty[- ]nine|forty) weeks)\b/i, 9],
  [/\b(?:six months|6 months|half[- ]year|half year|semester)s? (?:ended|ending)\b|\b(?:six|6) months\b|\b(?:24|26|twenty[- ]four|twenty[- ]six) weeks\b/i, 6],
  // "Q4" or "Fourth quarter" alone over its year columns, as earnings releases head them.
  [
    /\b(?:three months|3 months|quarters?) (?:ended|ending)\b|\b(?:three|3) months\b|\b(?:12|13|16|twelve|thirteen|sixteen) weeks\b|^(?:Q[1-4]|(?:first|second|third|fourth) quarter)$/i,
    3,
  ],
];

/**
 * Finds the period columns in a statement's heading lines: years, dates ("December 31, 2024",
 * "31 Dec 2024", "2024-12-31"), fiscal years ("FY2023", "Fiscal 2024"), quarters and halves
 * ("Q1 2025", "H1 2025"), with the length and end month that a spanning heading states ("Year
 * ended December 31,", "Three months ended March 31,"). Budget, forecast, variance, % and note
 * columns are returned as skipped so that their figures are not read as another period's.
 */
export function periodColumns(headerLines: LayoutLine[], knownEnds: KnownEnds = new Map()): PeriodColumn[] {
  const anchors: Anchor[] = [];
  const contexts: Context[] = [];
  const skipMarks: { x0: number; x1: number; reason: string }[] = [];
  const sentencePeriods: Anchor[] = [];
  for (const line of headerLines) {
    const sentence = spreadSentence(line);
    if (sentence) {
      // A sentence naming periods, set across several cells: what the columns cover, never a column.
      sentencePeriods.push(...periodEnds(sentence.cell.text, sentence.anchors));
      const context = contextOf(sentence.cell);
      if (context) contexts.push(context);
      continue;
    }
    for (const cell of line.cells) {
      const found = anchorsIn(cell);
      contexts.push(...contextsOf(cell));
      const notActual = NOT_ACTUAL.exec(cell.text);
      if (found.length > 0 && (isSentence(cell.text, found) || MONTH_RANGE.test(cell.text))) {
        // "For the years ended December 31, 2024 and 2023": a heading that names periods, not a column.
        sentencePeriods.push(...periodEnds(cell.text, found));
      } else if (found.length > 0) {
        const note = /^notes?(?![a-z])/i.exec(cell.text);
        if (note) {
          // "Note  31 Mar 2019" set close together, or run together ("Note31 Dec 2022"): the note column is the cell's first word.
          const share = (cell.x1 - cell.x0) / Math.max(1, cell.text.length);
          skipMarks.push({ x0: cell.x0, x1: cell.x0 + note[0].length * share, reason: 'notes' });
        }
        for (const anchor of notActual ? notActualAnchors(cell, found, notActual) : []) anchor.skipped = notActual![0].toLowerCase();
        anchors.push(...found);
      } else if (notActual) skipMarks.push({ x0: cell.x0, x1: cell.x1, reason: notActual[0].toLowerCase() });
      else if (NOTE_COLUMN.test(cell.text.trim())) skipMarks.push({ x0: cell.x0, x1: cell.x1, reason: 'notes' });
      const noteBeforeDate = found.length === 0 ? new RegExp(`^notes?(?=\\s+${MONTH})`, 'i').exec(cell.text) : null;
      if (noteBeforeDate) {
        // "Note  Dec. 31," set close together over "2024": the note column is the cell's first word.
        const share = (cell.x1 - cell.x0) / Math.max(1, cell.text.length);
        skipMarks.push({ x0: cell.x0, x1: cell.x0 + noteBeforeDate[0].length * share, reason: 'notes' });
      }
    }
  }
  if (anchors.length === 0 && sentencePeriods.length === 1 && !NOT_ACTUAL.test(sentencePeriods[0].text)) {
    // A single-period statement may name its period only in its title: one column, wherever its figures stand.
    anchors.push({ ...sentencePeriods[0], x0: -Infinity, x1: Infinity });
  }
  if (anchors.length === 0) return [];
  // "Change in working capital" among the headings is a row label, not a variance column: only
  // marks level with or right of the periods name columns (the note column may stand left of them).
  const firstPeriod = Math.min(...anchors.map((anchor) => anchor.x0));
  const columnMarks = skipMarks.filter((mark) => mark.reason === 'notes' || mark.x1 >= firstPeriod - 20);
  // One period per column: the same column may be named on two heading lines ("2024" under "Dec 31,").
  const merged: Anchor[] = [];
  for (const anchor of anchors.sort((a, b) => a.x0 - b.x0)) {
    // "28.6.15 / to / 2.7.16" stacked over one column: a period from the first date to the second.
    const range = merged.find((other) => overlap(other, anchor) > 0 && isFullDate(other) && isFullDate(anchor) && dayOf(other) !== dayOf(anchor));
    if (range) {
      const [start, end] = dayOf(range) < dayOf(anchor) ? [range, anchor] : [anchor, range];
      Object.assign(range, {
        year: end.year,
        month: end.month,
        day: end.day,
        months: Math.round((dayOf(end) - dayOf(start)) / 30.44),
        text: `${start.text} to ${end.text}`,
      });
      continue;
    }
    const same = merged.find((other) => overlap(other, anchor) > 0 && other.year === anchor.year);
    if (same) {
      same.month ??= anchor.month;
      same.day ??= anchor.day;
      same.months ??= anchor.months;
      same.skipped ??= anchor.skipped;
      same.x0 = Math.min(same.x0, anchor.x0);
      same.x1 = Math.max(same.x1, anchor.x1);
      if (!same.text.includes(anchor.text)) same.text = `${same.text} ${anchor.text}`;
    } else merged.push({ ...anchor });
  }
  datedBySentence(merged, sentencePeriods);
  merged.push(...monthColumns(merged, headerLines));
  const columns: PeriodColumn[] = merged.map((anchor) => {
    const context = contextFor(anchor, contexts);
    const mark = columnMarks.find((candidate) => overlap(candidate, anchor) > 0);
    const skipped = anchor.skipped ?? mark?.reason;
    const dated =
      anchor.day !== undefined || (context?.day !== undefined && Number.isFinite(context.x0) && overlap(context, anchor) > -5 && context.x1 - context.x0 < 200);
    return {
      x0: anchor.x0,
      x1: anchor.x1,
      period: skipped ? null : periodOf(dated ? anchor : withKnownEnd(anchor, context, knownEnds), context),
      ...(skipped ? { skipped } : {}),
      ...(dated && !skipped ? { dated: true } : {}),
      ...(anchor.month === undefined && anchor.day === undefined && anchor.months === undefined && !skipped ? { yearOnly: true } : {}),
    };
  });
  for (const mark of columnMarks) {
    if (!columns.some((column) => overlap(column, mark) > 0)) columns.push({ x0: mark.x0, x1: mark.x1, period: null, skipped: mark.reason });
  }
  return withCurrencyColumns(
    columns.sort((a, b) => a.x0 - b.x0),
    headerLines,
  );
}

/**
 * UK accounts head every figure column with its currency ("£ £ £ £"): an inner column of items and
 * a total column per year, under one date each. When the headings print more currency marks than
 * periods, each mark is a column, right-aligned like its figures, and takes the period of the date
 * over it or to its right (the inner column stands left of its year's total).
 */
function withCurrencyColumns(columns: PeriodColumn[], headerLines: LayoutLine[]): PeriodColumn[] {
  const periods = columns.filter((column) => column.period && Number.isFinite(column.x0));
  if (periods.length === 0) return columns;
  const figuresFrom = Math.min(...periods.map((column) => column.x0)) - 120;
  const marks = headerLines
    .flatMap((line) => line.cells)
    .filter((cell) => isCurrencyMark(cell.text) && cell.x0 >= figuresFrom)
    .sort((a, b) => a.x0 - b.x0)
    .filter((cell, index, all) => index === 0 || cell.x0 - all[index - 1].x1 > 8);
  if (marks.length <= periods.length) return columns;
  const byMark = marks.map((mark, index) => {
    const owner = periods.find((column) => column.x1 >= mark.x0 - 4) ?? periods[periods.length - 1];
    const room = index === 0 ? 60 : Math.min(60, mark.x1 - marks[index - 1].x1 - 4);
    return { x0: mark.x1 - room, x1: mark.x1 + 3, period: owner.period, ...(owner.dated ? { dated: true } : {}) };
  });
  return [...columns.filter((column) => !column.period), ...byMark].sort((a, b) => a.x0 - b.x0);
}

/** Period ends the document prints in full, by year: "29 June 2014" on the balance sheet dates the P&L's "2014" column. */
export type KnownEnds = Map<number, { month: number; day: number }>;

/**
 * The period ends a document prints in full (day, month, year) in lines that state a period ("year
 * ended 28 June 2015", "As at 29 June 2014", a heading of dates), the most often printed per year.
 */
export function printedPeriodEnds(lines: LayoutLine[]): KnownEnds {
  const counts = new Map<number, Map<string, number>>();
  for (const line of lines) {
    const periodLine = /\b(?:ended|ending|as at|as of|at|to)\b/i.test(line.text) || line.cells.every((cell) => anchorsIn(cell).length > 0);
    if (!periodLine || line.text.length > 160) continue;
    for (const anchor of line.cells.flatMap(anchorsIn)) {
      if (anchor.day === undefined || anchor.month === undefined) continue;
      const byYear = counts.get(anchor.year) ?? counts.set(anchor.year, new Map()).get(anchor.year)!;
      const key = `${anchor.month}-${anchor.day}`;
      byYear.set(key, (byYear.get(key) ?? 0) + 1);
    }
  }
  const ends: KnownEnds = new Map();
  for (const [year, byDate] of counts) {
    const [best] = [...byDate].sort((a, b) => b[1] - a[1]);
    const [month, day] = best[0].split('-').map(Number);
    ends.set(year, { month, day });
  }
  return ends;
}

/**
 * A column dated by its year alone takes the end the document prints in full for that year, when
 * the headings name no other month (or one next to it: 52/53-week years end a day or so apart).
 */
function withKnownEnd(anchor: Anchor, context: Context | undefined, knownEnds: KnownEnds): Anchor {
  if (anchor.day !== undefined || anchor.months !== undefined) return anchor;
  const known = knownEnds.get(anchor.year);
  const month = anchor.month ?? context?.month;
  if (!known || (month !== undefined && Math.abs(month - known.month) > 1 && Math.abs(month - known.month) < 11)) return anchor;
  return { ...anchor, month: known.month, day: known.day };
}

/**
 * Year columns under a heading sentence that names their end dates: "Years Ended February 3, 2024,
 * January 28, 2023 and January 29, 2022" over "2023 2022 2021" (retailers name a fiscal year by the
 * year it starts in), "As of September 28, 2024 and December 30, 2023" over "2024 2023". As many
 * dates as columns, both running back in time, each within a year of its column's year: in order.
 * Otherwise a column takes the one date of its own year. Marks the anchors in place.
 */
function datedBySentence(anchors: Anchor[], sentencePeriods: Anchor[]): void {
  const dates = sentencePeriods.filter(isFullDate).filter((date, index, all) => all.findIndex((other) => dayOf(other) === dayOf(date)) === index);
  const years = anchors.filter((anchor) => anchor.month === undefined && anchor.day === undefined && !anchor.skipped && Number.isFinite(anchor.x0));
  if (dates.length === 0 || years.length === 0) return;
  years.sort((a, b) => a.x0 - b.x0);
  const descending = (values: number[]) => values.every((value, index) => index === 0 || value < values[index - 1]);
  const inOrder =
    dates.length === years.length &&
    descending(dates.map(dayOf)) &&
    descending(years.map((anchor) => anchor.year)) &&
    years.every((anchor, index) => dates[index].year - anchor.year >= 0 && dates[index].year - anchor.year <= 1);
  for (const [index, anchor] of years.entries()) {
    const date = inOrder
      ? dates[index]
      : dates.filter((candidate) => candidate.year === anchor.year).length === 1
        ? dates.find((candidate) => candidate.year === anchor.year)
        : undefined;
    if (date) Object.assign(anchor, { year: date.year, month: date.month, day: date.day });
  }
}

/**
 * Management accounts head their columns with months ("Jan 2026  Feb 2026  Mar 2026  Total"): a run
 * of consecutive month columns is a month each, and a "Total" standing right of the run covers them
 * all, ending with the last. Returns the total's anchor, if any; marks the months in place.
 */
function monthColumns(anchors: Anchor[], headerLines: LayoutLine[]): Anchor[] {
  const months = anchors
    .filter((anchor) => anchor.month !== undefined && anchor.day === undefined && anchor.months === undefined && !anchor.skipped)
    .sort((a, b) => a.x0 - b.x0);
  const index = (anchor: Anchor) => anchor.year * 12 + anchor.month!;
  if (months.length < 2 || months.some((anchor, at) => at > 0 && index(anchor) !== index(months[at - 1]) + 1)) return [];
  for (const anchor of months) anchor.months = 1;
  const last = months[months.length - 1];
  const total = headerLines
    .flatMap((line) => line.cells)
    .find((cell) => TOTAL_COLUMN.test(cell.text.trim()) && cell.x0 > last.x1 && !anchors.some((anchor) => overlap(anchor, cell) > 0));
  return total ? [{ x0: total.x0, x1: total.x1, text: `${months[0].text} – ${last.text}`, year: last.year, month: last.month, months: months.length }] : [];
}

/**
 * The periods a "Budget" or "Variance" word in a heading cell qualifies: every one when the cell
 * names one period, else the one it heads ("2025 Budget 2025" run together: the second), or the one
 * before it when it trails ("2025 Budget").
 */
function notActualAnchors(cell: LayoutCell, found: Anchor[], word: RegExpExecArray): Anchor[] {
  if (found.length === 1) return found;
  const share = (cell.x1 - cell.x0) / Math.max(1, cell.text.length);
  const wordEnd = cell.x0 + (word.index + word[0].length) * share;
  const sorted = [...found].sort((a, b) => a.x0 - b.x0);
  const after = sorted.find((anchor) => anchor.x0 >= wordEnd - 1);
  return [after ?? sorted[sorted.length - 1]];
}

function anchorsIn(cell: LayoutCell): Anchor[] {
  const text = cell.text;
  const anchors: Anchor[] = [];
  const taken: [number, number][] = [];
  const patterns: [RegExp, (m: RegExpExecArray) => Omit<Anchor, 'x0' | 'x1' | 'text'>][] = [
    [
      // Spaces are optional: OCR drops them ("March31,2023").
      new RegExp(`\\b${MONTH}\\s*(\\d{1,2}),?\\s*${YEAR}\\b`, 'gi'),
      (m) => ({ month: MONTHS[m[1].toLowerCase().replace('.', '')], day: Number(m[2]), year: Number(m[3]) }),
    ],
    [
      new RegExp(`\\b(\\d{1,2})(?:st|nd|rd|th)?[\\s-]+${MONTH}[\\s-]+${YEAR}\\b`, 'gi'),
      (m) => ({ day: Number(m[1]), month: MONTHS[m[2].toLowerCase().replace('.', '')], year: Number(m[3]) }),
    ],
    [new RegExp(`\\b${YEAR}-(\\d{2})-(\\d{2})\\b`, 'g'), (m) => ({ year: Number(m[1]), month: Number(m[2]), day: Number(m[3]) })],
    // M/D/YYYY as US filings print it; D/M/YYYY where the first number cannot be a month ("31/12/2024").
    [
      new RegExp(`\\b(\\d{1,2})\\/(\\d{1,2})\\/${YEAR}\\b`, 'g'),
      (m) =>
        Number(m[1]) > 12 ? { day: Number(m[1]), month: Number(m[2]), year: Number(m[3]) } : { month: Number(m[1]), day: Number(m[2]), year: Number(m[3]) },
    ],
    // A fiscal year written across two calendar years ("2024-25", "2024/25", "FY 2024/2025"): it ends in the second.
    [
      /(?<![\d,.])(?:FY\s?)?((?:19|20)\d{2})\s?[-/–]\s?((?:19|20)?\d{2})(?![\d,.]\d)/gi,
      (m) => ({ year: m[2].length === 2 ? Math.floor(Number(m[1]) / 100) * 100 + Number(m[2]) : Number(m[2]) }),
    ],
    [new RegExp(`\\b(\\d{1,2})\\.(\\d{1,2})\\.${YEAR}\\b`, 'g'), (m) => ({ day: Number(m[1]), month: Number(m[2]), year: Number(m[3]) })],
    // A date alone in its cell as D.M.YY ("28.6.15"), or with the first dot lost to OCR ("276.15" for 27.6.15).
    [/^(\d{1,2})\.(\d{1,2})\.(\d{2})$/g, (m) => ({ day: Number(m[1]), month: Number(m[2]), year: fullYear(m[3]) })],
    [/^([12]\d|3[01]|[1-9])([1-9])\.(\d{2})$/g, (m) => ({ day: Number(m[1]), month: Number(m[2]), year: fullYear(m[3]) })],
    [
      /\bQ([1-4])\s*'?\s*(?:FY\s?)?((?:19|20)?\d{2})\b|\b([1-4])Q\s*'?((?:19|20)?\d{2})\b/gi,
      (m) => {
        const quarter = Number(m[1] ?? m[3]);
        return { year: fullYear(m[2] ?? m[4]), month: quarter * 3, months: 3 };
      },
    ],
    [
      /\bH([12])\s*'?\s*(?:FY\s?)?((?:19|20)?\d{2})\b|\b([12])H\s*'?((?:19|20)?\d{2})\b/gi,
      (m) => {
        const half = Number(m[1] ?? m[3]);
        return { year: fullYear(m[2] ?? m[4]), month: half * 6, months: 6 };
      },
    ],
    [/\b(?:FY|fiscal(?: year)?|financial year)\s?'?((?:19|20)?\d{2})\b/gi, (m) => ({ year: fullYear(m[1]), months: 12 })],
    // Bookkeeping exports date a column with a two-digit year: "Dec 31, 23".
    [
      new RegExp(`\\b${MONTH}\\s*(\\d{1,2}),\\s*'?(\\d{2})(?![\\d,.])`, 'gi'),
      (m) => ({ month: MONTHS[m[1].toLowerCase().replace('.', '')], day: Number(m[2]), year: fullYear(m[3]) }),
    ],
    // Bookkeeping exports head a column with its months: "Jan - Dec 23", "Apr - Jun 2025".
    [
      new RegExp(`\\b${MONTH}\\s*[-–]\\s*${MONTH}\\s+'?((?:19|20)?\\d{2})\\b`, 'gi'),
      (m) => {
        const [from, to] = [MONTHS[m[1].toLowerCase().replace('.', '')], MONTHS[m[2].toLowerCase().replace('.', '')]];
        const year = fullYear(m[3]);
        // The day is the month's last ("Dec 23" here is December 2023, not the 23rd).
        return { year, month: to, day: new Date(Date.UTC(year, to, 0)).getUTCDate(), months: ((to - from + 12) % 12) + 1 };
      },
    ],
    [new RegExp(`${MONTH}\\s+${YEAR}\\b`, 'gi'), (m) => ({ month: MONTHS[m[1].toLowerCase().replace('.', '')], year: Number(m[2]) })],
    [new RegExp(`(?<![\\d,.])${YEAR}(?![\\d,.]\\d)`, 'g'), (m) => ({ year: Number(m[1]) })],
  ];
  for (const [pattern, read] of patterns) {
    for (const match of text.matchAll(pattern)) {
      const start = match.index;
      const end = start + match[0].length;
      if (taken.some(([a, b]) => start < b && end > a)) continue;
      taken.push([start, end]);
      const share = (cell.x1 - cell.x0) / Math.max(1, text.length);
      // A cell naming one period spans the column; several periods in one cell share it by position.
      const alone = text.replace(match[0], '').replace(/[\s,()]|ended|as of|as at|at/gi, '').length === 0;
      anchors.push({
        ...read(match),
        text: match[0],
        x0: alone ? cell.x0 : cell.x0 + start * share,
        x1: alone ? cell.x1 : cell.x0 + end * share,
      });
    }
  }
  return anchors.filter((anchor) => anchor.month === undefined || (anchor.month >= 1 && anchor.month <= 12));
}

function isSentence(text: string, anchors: Anchor[]): boolean {
  let rest = text;
  for (const anchor of anchors) rest = rest.replace(anchor.text, ' ');
  const words = rest.match(/[a-z]{2,}/gi) ?? [];
  return (
    words.filter((word) => !/^(ended|ending|as|of|at|and|year|years|months|fiscal|quarter|actual|audited|unaudited|restated)$/i.test(word)).length > 2 ||
    words.length > 5
  );
}

/**
 * The contexts of a heading cell: one per month and day when the page ran several column heads into
 * one cell ("September 28, September 30, September 28, September 30,"), each over its share of the
 * cell; else the cell's one context.
 */
function contextsOf(cell: LayoutCell): Context[] {
  const days = [...cell.text.matchAll(new RegExp(`\\b${MONTH}\\s*\\d{1,2}\\b,?(?!\\s*(?:19|20)\\d{2})`, 'gi'))];
  if (
    days.length >= 2 &&
    days
      .map((match) => match[0])
      .join(' ')
      .replace(/\s+/g, ' ').length >=
      cell.text.replace(/\s+/g, ' ').trim().length - 1
  ) {
    const share = (cell.x1 - cell.x0) / Math.max(1, cell.text.length);
    return days.flatMap((match) => {
      const part = { text: match[0], x0: cell.x0 + match.index * share, x1: cell.x0 + (match.index + match[0].length) * share };
      return contextOf(part) ?? [];
    });
  }
  const context = contextOf(cell);
  return context ? [context] : [];
}

function contextOf(cell: LayoutCell): Context | null {
  const text = cell.text;
  // "for the financial year from 1 July 2023 to 30 June 2024": the length and the end of a span.
  const span = dateSpan(text);
  if (span) return { x0: cell.x0, x1: cell.x1, text, ...span };
  const length = LENGTH_WORDS.find(([pattern]) => pattern.test(text))?.[1];
  const balance = /\b(?:as of|as at|at)\b/i.test(text);
  const date = new RegExp(`\\b${MONTH}\\s*(\\d{1,2})\\b|\\b(\\d{1,2})\\s+${MONTH}`, 'i').exec(text);
  if (length === undefined && !balance && !date) return null;
  return {
    x0: cell.x0,
    x1: cell.x1,
    text,
    months: length,
    month: date ? MONTHS[(date[1] ?? date[4]).toLowerCase().replace('.', '')] : undefined,
    day: date ? Number(date[2] ?? date[3]) : undefined,
  };
}

/**
 * A heading sentence that justified or kerned type splits into cells ("Years Ended February 3," /
 * "2024, January 28," / "2023 and January 29," / "2022"): a cell holds the end of one date and the start of the next, which column
 * headings never do across one cell. Read as one cell spanning the line.
 */
function spreadSentence(line: LayoutLine): { cell: LayoutCell; anchors: Anchor[] } | null {
  if (line.cells.length < 2) return null;
  const cell = { text: line.text, x0: line.cells[0].x0, x1: line.cells[line.cells.length - 1].x1 };
  const anchors = anchorsIn(cell);
  const starts: number[] = [];
  let at = 0;
  for (const part of line.cells) {
    starts.push(at);
    at += part.text.length + 1;
  }
  const dates = anchors.filter(isFullDate).map((anchor) => {
    const from = line.text.indexOf(anchor.text);
    return [from, from + anchor.text.length];
  });
  // One cell holding the end of one date and the start of the next ("2024, January 28,").
  const bridging = line.cells.some((part, index) => {
    const [from, to] = [starts[index], starts[index] + part.text.length];
    return dates.filter(([start, end]) => start < to && end > from && (start < from || end > to)).length >= 2;
  });
  // Words besides the dates ("Years Ended …, … and …"): column heads run together ("June 30, 2022 June 30, 2021") have none.
  const words = anchors.reduce((rest, anchor) => rest.replace(anchor.text, ' '), line.text);
  return bridging && /[a-z]{2,}/i.test(words) ? { cell, anchors } : null;
}

/** The dates a heading sentence names as period ends: of a span ("from 1 July 2023 to 30 June 2024") only its end. */
function periodEnds(text: string, anchors: Anchor[]): Anchor[] {
  if (!dateSpan(text)) return anchors;
  const dates = anchors.filter(isFullDate);
  const start = dates.reduce((first, date) => (dayOf(date) < dayOf(first) ? date : first), dates[0]);
  return anchors.filter((anchor) => anchor !== start);
}

/** A span between two full dates in one heading ("from 1 July 2023 to 30 June 2024", "28 June 2015 – 2 July 2016"): its length and its end. */
function dateSpan(text: string): { months: number; month: number; day: number } | null {
  if (!/\b(?:to|through|until)\b|\d\s*[–—-]\s*\d|\d\s*[–—-]\s*[a-z]/i.test(text)) return null;
  const dates = anchorsIn({ text, x0: 0, x1: text.length }).filter(isFullDate);
  if (dates.length !== 2) return null;
  const [start, end] = dayOf(dates[0]) < dayOf(dates[1]) ? [dates[0], dates[1]] : [dates[1], dates[0]];
  const months = Math.round((dayOf(end) - dayOf(start)) / 30.44);
  return months >= 1 && months <= 24 ? { months, month: end.month!, day: end.day! } : null;
}

/**
 * What the headings say of a column: its length from the nearest heading stating one ("Year ended",
 * "Three months ended" over its group of columns, or a title sentence "For the years ended ..."),
 * and its end month and day from the nearest heading stating those ("December 26,"). A heading
 * above the column counts first; a spanning heading centred over the middle of three columns
 * still names the outer two when it is the only one stating a length.
 */
function contextFor(anchor: Anchor, contexts: Context[]): Context | undefined {
  const spanning = contexts.filter((context) => overlap(context, anchor) > 0 || (context.x0 <= anchor.x1 && context.x1 >= anchor.x0 - 5));
  const nearest = (stating: (context: Context) => boolean): Context | undefined => {
    const above = [...spanning].reverse().find(stating);
    if (above) return above;
    const centre = (anchor.x0 + anchor.x1) / 2;
    const others = contexts.filter(stating);
    if (others.length === 0) return undefined;
    const distance = (context: Context) => (Number.isFinite(context.x0) ? Math.abs((context.x0 + context.x1) / 2 - centre) : 0);
    return others.reduce((best, context) => (distance(context) < distance(best) ? context : best));
  };
  const length = nearest((context) => context.months !== undefined);
  const date = nearest((context) => context.month !== undefined);
  if (!length && !date) return spanning[spanning.length - 1] ?? contexts[contexts.length - 1];
  if (!length || !date || length === date) return length ?? date;
  return { ...date, months: length.months, text: date.text.includes(length.text) ? date.text : `${length.text} ${date.text}` };
}

function periodOf(anchor: Anchor, context: Context | undefined): Period {
  const month = anchor.month ?? context?.month ?? 12;
  const lastDay = new Date(Date.UTC(anchor.year, month, 0)).getUTCDate();
  const day = Math.min(anchor.day ?? context?.day ?? lastDay, lastDay);
  const months = anchor.months ?? context?.months;
  const end = `${anchor.year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  const label =
    context && !anchor.text.includes(context.text) && !context.text.includes(anchor.text)
      ? `${context.text} ${anchor.text}`
      : context && context.text.includes(anchor.text)
        ? context.text
        : anchor.text;
  return { label: label.replace(/\s+/g, ' ').trim(), end, ...(months ? { months } : {}) };
}

function isFullDate(anchor: Anchor): boolean {
  return anchor.day !== undefined && anchor.month !== undefined;
}

/** Days since the epoch of an anchor's date. */
function dayOf(anchor: Anchor): number {
  return Date.UTC(anchor.year, (anchor.month ?? 12) - 1, anchor.day ?? 1) / 86_400_000;
}

function fullYear(text: string): number {
  const value = Number(text);
  return text.length === 2 ? 2000 + value : value;
}

function overlap(a: { x0: number; x1: number }, b: { x0: number; x1: number }): number {
  return Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0);
}

/**
 * A heading made only of dates whose parts the page set in different cells ("Dec 31," / "23 Dec
 * 31," / "22"): one cell per date, from its first character to its last, each placed by its share
 * of the cell it stands in. Other lines are returned as they are. The line's text is unchanged.
 */
export function withDateCells(line: LayoutLine): LayoutLine {
  if (line.cells.length < 2 || line.cells.some((cell) => anchorsIn(cell).length > 0)) return line;
  const text = line.cells.map((cell) => cell.text).join(' ');
  const dates = anchorsIn({ text, x0: 0, x1: text.length }).filter(isFullDate);
  if (dates.length < 2) return line;
  const covered = dates.reduce((rest, date) => rest.replace(date.text, ''), text);
  if (/[^\s,]/.test(covered)) return line;
  const starts: number[] = [];
  let at = 0;
  for (const cell of line.cells) {
    starts.push(at);
    at += cell.text.length + 1;
  }
  // The x of a character: by its share of the width of the cell it stands in.
  const xAt = (offset: number, edge: 0 | 1) => {
    const index = starts.findLastIndex((start) => start <= offset);
    const cell = line.cells[index];
    return cell.x0 + ((offset - starts[index] + edge) * (cell.x1 - cell.x0)) / Math.max(1, cell.text.length);
  };
  const cells = dates
    .map((date) => ({ date, from: text.indexOf(date.text) }))
    .sort((a, b) => a.from - b.from)
    .map(({ date, from }) => ({ text: date.text, x0: xAt(from, 0), x1: xAt(from + date.text.length - 1, 1) }));
  return { ...line, cells };
}

/** Whether every cell of a line is a date ("28.6.15  303.14"): a heading, though its dates read like decimals. */
export function isDateLine(line: LayoutLine): boolean {
  return line.cells.length > 0 && line.cells.every((cell) => anchorsIn(cell).some((anchor) => anchor.text.length >= cell.text.trim().length - 1));
}

/** Whether a line names periods and carries no other figures: a heading, not a row of amounts. */
export function isPeriodHeading(line: LayoutLine): boolean {
  return line.cells.some((cell) => anchorsIn(cell).length > 0);
}

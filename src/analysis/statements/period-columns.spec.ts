import { describe, expect, it } from '@jest/globals';
import { periodColumns } from './period-columns.js';
import { line } from './test-lines.js';

describe('periodColumns', () => {
  it('takes the length and end month of a spanning heading for each year column', () => {
    const columns = periodColumns([line(10, ['Year ended December 31,', 380, 486]), line(22, ['2024', 400, 420], ['2023', 480, 500])]);
    expect(columns.map((column) => column.period)).toEqual([
      { label: 'Year ended December 31, 2024', end: '2024-12-31', months: 12 },
      { label: 'Year ended December 31, 2023', end: '2023-12-31', months: 12 },
    ]);
  });

  it('reads a quarter heading as a three-month period', () => {
    const columns = periodColumns([line(10, ['Three months ended March 31,', 360, 500]), line(22, ['2025', 400, 420], ['2024', 480, 500])]);
    expect(columns[0].period).toEqual({ label: 'Three months ended March 31, 2025', end: '2025-03-31', months: 3 });
  });

  it.each([
    ['FY2023', '2023-12-31', 12],
    ['Q1 2025', '2025-03-31', 3],
    ['H1 2025', '2025-06-30', 6],
    ['31 Dec 2024', '2024-12-31', undefined],
    ['Dec. 31, 2024', '2024-12-31', undefined],
    ['2024-06-30', '2024-06-30', undefined],
    ['March 31,2023', '2023-03-31', undefined],
    ['March31, 2022', '2022-03-31', undefined],
    ['31/12/2024', '2024-12-31', undefined],
    ['6/30/2024', '2024-06-30', undefined],
    ['2024-25', '2025-12-31', undefined],
    ['2024/2025', '2025-12-31', undefined],
  ])('reads the column heading %s', (heading, end, months) => {
    const [column] = periodColumns([line(10, [heading, 400, 450])]);
    expect(column.period?.end).toBe(end);
    expect(column.period?.months).toBe(months);
  });

  it('sets a note column apart when "Note" shares a cell with the month and day over the year', () => {
    // As pdf.js merges "Note  Dec. 31," when the two stand close; the years sit on the line below.
    const columns = periodColumns([line(10, ['Note Dec. 31,', 272, 335], ['2020', 339, 357], ['Dec. 31,', 385, 420], ['2019', 424, 442])]);
    expect(columns.map((column) => [column.period?.end ?? null, column.skipped ?? null])).toEqual([
      [null, 'notes'],
      ['2020-12-31', null],
      ['2019-12-31', null],
    ]);
  });

  it('skips budget and variance columns next to the actuals', () => {
    const columns = periodColumns([
      line(10, ['Actual', 380, 420], ['Budget', 450, 500], ['Variance', 520, 570]),
      line(22, ['2024', 400, 420], ['Budget 2024', 450, 500]),
    ]);
    expect(columns.map((column) => [column.period?.end ?? null, column.skipped ?? null])).toEqual([
      ['2024-12-31', null],
      [null, 'budget'],
      [null, 'variance'],
    ]);
  });

  it('keeps a note column apart from the periods', () => {
    const columns = periodColumns([line(10, ['Note', 300, 320], ['2024', 400, 420], ['2023', 480, 500])]);
    expect(columns.map((column) => column.skipped ?? column.period?.end)).toEqual(['notes', '2024-12-31', '2023-12-31']);
  });

  it('reads a title sentence naming one period as the only column', () => {
    const columns = periodColumns([line(10, ['Balance sheet as at 31 December 2024 for the group', 50, 300])]);
    expect(columns).toHaveLength(1);
    expect(columns[0].period?.end).toBe('2024-12-31');
  });

  it('ignores a row label that says "change" left of the periods', () => {
    const columns = periodColumns([line(10, ['2024', 400, 420]), line(22, ['Change in working capital', 50, 200])]);
    expect(columns.map((column) => column.skipped ?? column.period?.end)).toEqual(['2024-12-31']);
  });

  it('dates a fiscal year written across two calendar years by the end a statement prints for it', () => {
    const [column] = periodColumns([line(10, ['2024-25', 400, 440])], new Map([[2025, { month: 3, day: 31 }]]));
    expect(column.period?.end).toBe('2025-03-31');
  });

  it('dates fiscal-year columns by the end dates a heading sentence set across cells lists, in order', () => {
    const columns = periodColumns([
      line(10, ['Years Ended January 31,', 178, 266], ['2026, February 1,', 270, 335], ['2025 and February 2,', 338, 415], ['2024', 418, 434]),
      line(22, ['2025', 408, 427], ['2024', 472, 491], ['2023', 536, 555]),
      line(34, ['(52 weeks)', 385, 427], ['(52 weeks)', 449, 491], ['(53 weeks)', 512, 555]),
    ]);
    expect(columns.map((column) => [column.period?.end, column.period?.months])).toEqual([
      ['2026-01-31', 12],
      ['2025-02-01', 12],
      ['2024-02-02', 12],
    ]);
  });

  it('keeps column heads run together ("June 30, 2022 June 30, 2021") as columns', () => {
    const columns = periodColumns([line(10, ['June 30,', 295, 333], ['2022 June 30,', 338, 400], ['2021', 404, 424])]);
    expect(columns.map((column) => column.period?.end)).toEqual(['2022-06-30', '2021-06-30']);
  });

  it('takes the length and end of a span the heading names ("from 1 April 2025 to 31 March 2026") for fiscal-year columns', () => {
    const columns = periodColumns([
      line(10, ['for the financial year from 1 April 2025 to 31 March 2026', 60, 380]),
      line(22, ['2025/26', 450, 480], ['2024/25', 520, 550]),
    ]);
    expect(columns.map((column) => [column.period?.end, column.period?.months])).toEqual([
      ['2026-03-31', 12],
      ['2025-03-31', 12],
    ]);
  });

  it('gives "Q4" and "Full year" headings their lengths over the year columns under them', () => {
    const columns = periodColumns([
      line(10, ['Q4', 369, 381], ['Full year', 470, 506]),
      line(22, ['2025', 351, 371], ['2024', 408, 428], ['2025', 464, 484], ['2024', 521, 541]),
    ]);
    expect(columns.map((column) => column.period?.months)).toEqual([3, 3, 12, 12]);
  });

  it('splits month and day heads that the page ran into one cell over their columns', () => {
    const columns = periodColumns([
      line(10, ['September 27, September 28, September 27, September 28,', 269, 555]),
      line(22, ['2025', 314, 336], ['2024', 386, 409], ['2025', 459, 482], ['2024', 532, 555]),
    ]);
    expect(columns.map((column) => column.period?.end)).toEqual(['2025-09-27', '2024-09-28', '2025-09-27', '2024-09-28']);
  });
});

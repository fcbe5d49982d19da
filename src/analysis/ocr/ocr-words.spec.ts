import { describe, expect, it } from '@jest/globals';
import type { Block } from 'tesseract.js';
import { buildLines } from '../layout/line-builder.js';
import { pageSlope, repairFigures, runsFromBlocks } from './ocr-words.js';

/** A line of words as Tesseract places them: text and left edge (pixels), 40 px wide each unless given, row height 20. */
function words(...placed: [string, number, number?][]) {
  return placed.map(([text, x0, width = 40]) => ({ text, x0, x1: x0 + width, y: 100, rowHeight: 20 }));
}
const texts = (lines: ReturnType<typeof words>[]) => lines.map((line) => line.map((word) => word.text));

describe('repairFigures', () => {
  it('joins a figure split at its thousands separators, and a sign split from its figure', () => {
    const repaired = repairFigures([words(['Cost', 0], ['17,', 300, 20], ['664,', 324, 25], ['439', 352, 20], ['-', 500, 5], ['47,434', 508])]);
    expect(texts(repaired)).toEqual([['Cost', '17,664,439', '-47,434']]);
    expect(repaired[0][1]).toMatchObject({ x0: 300, x1: 372 });
  });

  it('leaves figures in separate columns apart', () => {
    expect(texts(repairFigures([words(['Revenue', 0], ['17,', 300, 20], ['664', 360, 20])]))).toEqual([['Revenue', '17,', '664']]);
  });

  it("gives a figure grouped with the other mark the page's grouping mark, when the page is clear about it", () => {
    const page = [
      words(['1,234', 0], ['5,678', 100]),
      words(['12,345', 0], ['(7.530)', 100]),
      words(['2,000', 0], ['3,100', 100], ['0.125', 200], ['1.25', 300]),
    ];
    expect(texts(repairFigures(page))).toEqual([
      ['1,234', '5,678'],
      ['12,345', '(7,530)'],
      ['2,000', '3,100', '0.125', '1.25'],
    ]);
  });

  it('changes nothing when the page uses both marks about as often', () => {
    const page = [words(['1,234', 0], ['5.678', 100]), words(['12,345', 0], ['7.530', 100])];
    expect(texts(repairFigures(page))).toEqual(texts(page));
  });
});

/**
 * A statement page turned by `degrees` (lines run down to the right) as Tesseract returns it: each
 * row's label and its figures as separate Tesseract lines (as they often are: different blocks),
 * each with its own straight baseline along the turn. Rows 48 px apart, row height 30.
 */
function turnedStatement(degrees: number): Block[] {
  const slope = Math.tan((degrees * Math.PI) / 180);
  const rows: [string, string[]][] = [
    ['Total revenues', ['66,608', '62,286', '58,158']],
    ['Cost of products', ['(53,969)', '(49,954)', '(54,568)']],
    ['Cost of services', ['(9,109)', '(9,283)', '(9,232)']],
    ['Loss from operations', ['(3,547)', '(2,902)', '(12,767)']],
  ];
  const lineOf = (words: [string, number, number][], baselineY: number) => {
    const placed = words.map(([text, x0, x1]) => ({ text, bbox: { x0, x1, y0: baselineY + x0 * slope - 24, y1: baselineY + x0 * slope } }));
    const [first, last] = [words[0][1], words[words.length - 1][2]];
    return {
      words: placed,
      bbox: { x0: first, x1: last, y0: baselineY - 24, y1: baselineY + last * slope },
      baseline: { x0: first, y0: baselineY + first * slope, x1: last, y1: baselineY + last * slope },
      rowAttributes: { rowHeight: 30 },
    };
  };
  const labels = rows.map(([label], index) =>
    lineOf(
      label.split(' ').map((word, n) => [word, 100 + n * 160, 100 + n * 160 + 140]),
      200 + 48 * index,
    ),
  );
  const figures = rows.map(([, values], index) =>
    lineOf(
      values.map((value, n) => [value, 1400 + n * 300, 1400 + n * 300 + 180]),
      200 + 48 * index,
    ),
  );
  return [{ paragraphs: [{ lines: labels }] }, { paragraphs: [{ lines: figures }] }] as unknown as Block[];
}

describe('runsFromBlocks on a turned scan', () => {
  it('puts each label on one line with its figures, though the turn moves them half a row apart', () => {
    const lines = buildLines(runsFromBlocks(turnedStatement(1.1), 1));
    expect(lines.map((line) => line.text)).toEqual([
      'Total revenues 66,608 62,286 58,158',
      'Cost of products (53,969) (49,954) (54,568)',
      'Cost of services (9,109) (9,283) (9,232)',
      'Loss from operations (3,547) (2,902) (12,767)',
    ]);
  });

  it('reads the slope from lines long enough to tell, and none from a page of short lines', () => {
    const word = (x0: number, y: number) => ({ text: 'x', x0, x1: x0 + 40, y, rowHeight: 20 });
    const long = [0, 1, 2].map((row) => [word(0, 100 + 50 * row), word(1000, 100 + 50 * row + 10)]);
    expect(pageSlope(long)).toBeCloseTo(0.01, 5);
    expect(pageSlope(long.map((line) => [line[0], { ...line[0], x0: 50, x1: 90, y: line[0].y + 5 }]))).toBe(0);
  });
});

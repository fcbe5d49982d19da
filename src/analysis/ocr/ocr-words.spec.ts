import { describe, expect, it } from '@jest/globals';
import { repairFigures } from './ocr-words.js';

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

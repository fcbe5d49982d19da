import { describe, expect, it } from '@jest/globals';
import type { PageLayout } from '../analysis.types.js';
import { labelForms } from './concept-synonyms.js';
import { readStatements } from './statement-reader.js';
import { line } from './test-lines.js';
import type { LayoutLine } from '../analysis.types.js';

/** One page of lines, as the layout reader gives them. */
function page(number: number, lines: LayoutLine[]): PageLayout {
  return { page: number, width: 612, height: 792, lines, text: lines.map((row) => row.text).join('\n'), chars: 1000, ocr: false };
}

const factsOf = (pages: PageLayout[]) =>
  readStatements('doc', pages).facts.map((fact) => `${fact.concept} ${fact.period.end}${fact.period.months ? `/${fact.period.months}` : ''} ${fact.value}`);

describe('statements as filings print them', () => {
  it('reads a row whose "$" stands in its own cell before each figure', () => {
    const facts = factsOf([
      page(1, [
        line(60, ['Consolidated Statements of Operations', 200, 400]),
        line(80, ['Year Ended', 450, 480]),
        line(90, ['December 26,', 360, 400], ['December 27,', 446, 484]),
        line(100, ['2015', 374, 386], ['2014', 459, 472]),
        line(110, ['(In millions)', 412, 470]),
        line(120, ['Net revenue', 25, 64], ['$', 341, 345], ['3,991', 396, 414], ['$', 427, 431], ['5,506', 482, 500]),
      ]),
    ]);
    expect(facts).toEqual(['Revenues 2015-12-26/12 3991000000', 'Revenues 2014-12-27/12 5506000000']);
  });

  it('gives a spanning "Year Ended" heading centred over one column to every column under it', () => {
    const facts = factsOf([
      page(1, [
        line(60, ['Statements of Income', 200, 300]),
        line(80, ['Year Ended', 449, 481]),
        line(90, ['December 31,', 361, 399], ['December 31,', 447, 484], ['December 31,', 531, 568]),
        line(100, ['2024', 374, 386], ['2023', 459, 472], ['2022', 543, 556]),
        line(120, ['Net sales', 25, 64], ['10', 396, 414], ['9', 482, 500], ['8', 565, 583]),
      ]),
    ]);
    expect(facts).toEqual(['Revenues 2024-12-31/12 10', 'Revenues 2023-12-31/12 9', 'Revenues 2022-12-31/12 8']);
  });

  it('keeps figures from notes out of the facts once the statements are over', () => {
    const facts = factsOf([
      page(1, [
        line(60, ['Balance Sheets', 200, 300]),
        line(80, ['December 31, 2024', 400, 480]),
        line(100, ['Inventories', 25, 80], ['4,946', 440, 470]),
        line(200, ['Notes to Condensed Consolidated Financial Statements', 25, 300]),
        line(220, ['December 31, 2024', 400, 480]),
        line(240, ['Total inventories', 25, 90], ['7,351', 440, 470]),
      ]),
    ]);
    expect(facts).toEqual(['InventoryNet 2024-12-31 4946']);
  });

  it('names an unlabelled total by the lines above it that add up to it', () => {
    const facts = factsOf([
      page(1, [
        line(60, ['Consolidated Statements of Operations', 200, 400]),
        line(80, ['Year ended December 31,', 400, 520]),
        line(90, ['2024', 430, 450], ['2023', 500, 520]),
        line(100, ['Revenues', 25, 80]),
        line(110, ['Casino', 35, 80], ['600', 430, 450], ['500', 500, 520]),
        line(120, ['Rooms', 35, 80], ['400', 430, 450], ['300', 500, 520]),
        line(130, ['1,000', 425, 450], ['800', 500, 520]),
      ]),
    ]);
    expect(facts).toEqual(['Revenues 2024-12-31/12 1000', 'Revenues 2023-12-31/12 800']);
  });

  it('does not take a wrapped label naming dates for the columns', () => {
    const facts = factsOf([
      page(1, [
        line(60, ['Consolidated Balance Sheets', 200, 400]),
        line(80, ['December 26,', 424, 461], ['December 27,', 522, 560]),
        line(90, ['2015', 436, 449], ['2014', 534, 547]),
        line(95, ['Total assets', 25, 60], ['3,109', 465, 482], ['3,767', 566, 583]),
        line(100, ['Common stock, 1,500 shares authorized on December 26,', 55, 284], ['2015 and December 27, 2014;', 287, 376]),
        line(110, ['Total stockholders’ equity (deficit)', 25, 140], ['(412)', 465, 482], ['187', 566, 583]),
      ]),
    ]);
    expect(facts).toEqual(['Assets 2015-12-26 3109', 'Assets 2014-12-27 3767', 'StockholdersEquity 2015-12-26 -412', 'StockholdersEquity 2014-12-27 187']);
  });

  it('reads UK accounts with an inner and a total column per year under one date each', () => {
    const facts = factsOf([
      page(1, [
        line(60, ['BALANCE SHEET', 66, 149]),
        line(70, ['AS AT 28 JUNE 2015', 65, 162]),
        line(80, ['28 June', 391, 427], ['29 June', 522, 556]),
        line(90, ['2015', 406, 427], ['2014', 535, 556]),
        line(100, ['Note', 276, 297], ['£', 357, 362], ['£', 422, 427], ['£', 487, 492], ['£', 551, 556]),
        line(110, ['CURRENT ASSETS', 65, 156]),
        line(120, ['Debtors', 65, 99], ['12', 281, 290], ['19,626,898', 312, 361], ['36,195,849', 441, 490]),
        line(130, ['NET CURRENT ASSETS', 65, 178], ['2,104,984', 382, 425], ['3,035,265', 511, 555]),
        line(140, ['CREDITORS: amounts falling due within', 65, 244]),
        line(150, ['one year', 72, 110], ['13', 280, 290], ['(18,180,602)', 308, 364], ['(33,569,518)', 438, 493]),
      ]),
    ]);
    expect(facts).toEqual(
      expect.arrayContaining([
        'AccountsReceivableNetCurrent 2015-06-28 19626898',
        'AccountsReceivableNetCurrent 2014-06-29 36195849',
        'LiabilitiesCurrent 2015-06-28 -18180602',
        'LiabilitiesCurrent 2014-06-29 -33569518',
      ]),
    );
  });

  it('reads a period printed as "D.M.YY to D.M.YY", with its length', () => {
    const facts = factsOf([
      page(1, [
        line(60, ['INCOME STATEMENT', 248, 355]),
        line(70, ['28.6.15', 365, 394], ['30.3.14', 498, 527]),
        line(80, ['to', 376, 383], ['to', 509, 516]),
        line(90, ['2.7.16', 367, 392], ['27.6.15', 498, 527]),
        line(100, ['TURNOVER', 58, 115], ['7,780,506', 358, 397], ['19,339,384', 487, 530]),
      ]),
    ]);
    expect(facts).toEqual(['Revenues 2016-07-02/12 7780506', 'Revenues 2015-06-27/15 19339384']);
  });

  it('dates a column headed by its year alone with the end the statements print for that year', () => {
    const facts = factsOf([
      page(1, [
        line(60, ['PROFIT AND LOSS ACCOUNT', 66, 209]),
        line(70, ['FOR THE YEAR ENDED 28 JUNE 2015', 66, 245]),
        line(80, ['2015', 449, 471], ['2014', 535, 557]),
        line(90, ['TURNOVER', 65, 120], ['40,820,331', 420, 468], ['25,983,912', 506, 555]),
      ]),
      page(2, [
        line(60, ['BALANCE SHEET', 66, 149]),
        line(80, ['28 June', 391, 427], ['29 June', 522, 556]),
        line(90, ['2015', 406, 427], ['2014', 535, 556]),
        line(100, ['Stocks', 65, 94], ['657,735', 390, 425], ['404,931', 520, 555]),
      ]),
    ]);
    expect(facts).toEqual(expect.arrayContaining(['Revenues 2015-06-28/12 40820331', 'Revenues 2014-06-29/12 25983912', 'InventoryNet 2014-06-29 404931']));
  });

  it('counts 12-week and 52-week columns as a quarter and a year', () => {
    const facts = factsOf([
      page(1, [
        line(60, ['Condensed Consolidated Statement of Income', 208, 404]),
        line(80, ['12 Weeks Ended', 472, 533]),
        line(90, ['3/25/2023', 462, 498], ['3/19/2022', 523, 560]),
        line(100, ['Net Revenue', 52, 101], ['$', 446, 450], ['17,846', 473, 497], ['$', 507, 512], ['16,200', 534, 559]),
      ]),
    ]);
    expect(facts).toEqual(['Revenues 2023-03-25/3 17846', 'Revenues 2022-03-19/3 16200']);
  });
});

describe('labelForms', () => {
  it('tries a label as printed, without its parentheticals, without "attributable to the parent" and qualifiers, then without "Total"', () => {
    expect(labelForms('Net income attributable to Amcor plc (1)')).toEqual(['net income attributable to amcor plc', 'net income']);
    expect(labelForms('Trade accounts receivable, less allowance for doubtful accounts: 2021—$492')).toContain('trade accounts receivable');
    expect(labelForms('Total inventories')).toEqual(['total inventories', 'inventories']);
    expect(labelForms('Net cash provided/(used) by operating activities')).toContain('net cash provided by operating activities');
  });

  it("keeps the noncontrolling interests' share apart from the parent's", () => {
    expect(labelForms('Net income attributable to noncontrolling interests')).not.toContain('net income');
  });
});

describe('statements in the formats the world prints them', () => {
  it('reads "Note 31 Dec 2023 31 Dec 2022" as the column heading, not as note 31 leaving the statements', () => {
    const facts = factsOf([
      page(1, [
        line(60, ['Balance Sheet', 200, 300]),
        line(80, ['Note', 285, 303], ['31 Dec 2023', 314, 360], ['31 Dec 2022', 389, 435]),
        line(100, ['Cash and bank balances', 69, 155], ['18', 294, 303], ['5,072,708', 324, 360], ['5,342,387', 399, 435]),
      ]),
    ]);
    expect(facts).toEqual(['CashAndCashEquivalentsAtCarryingValue 2023-12-31 5072708', 'CashAndCashEquivalentsAtCarryingValue 2022-12-31 5342387']);
  });

  it('takes a "Note" run into the first date ("Note31 Dec 2022") as the notes column', () => {
    const facts = factsOf([
      page(1, [
        line(60, ['Statement of Financial Position', 200, 350]),
        line(80, ['Note31 Dec 2022', 313, 379], ['31 Dec 2021', 388, 441]),
        line(100, ['Inventory', 79, 122], ['6', 328, 333], ['72,405', 350, 379], ['70,228', 412, 441]),
      ]),
    ]);
    expect(facts).toEqual(['InventoryNet 2022-12-31 72405', 'InventoryNet 2021-12-31 70228']);
  });

  it('leaves out a note reference standing clear of the columns when the heading names no notes column', () => {
    const facts = factsOf([
      page(1, [
        line(60, ['Balance Sheet', 200, 300]),
        line(80, ['31 Dec 2022', 336, 379], ['31 Dec 2021', 398, 441]),
        line(100, ['Inventory', 79, 122], ['6', 328, 333], ['72,405', 350, 379], ['70,228', 412, 441]),
      ]),
    ]);
    expect(facts).toEqual(['InventoryNet 2022-12-31 72405', 'InventoryNet 2021-12-31 70228']);
  });

  it('marks only the period a run-together "2025 Budget 2025" heading names as budget', () => {
    const facts = factsOf([
      page(1, [
        line(60, ['Profit and Loss Account', 200, 350]),
        line(70, ['Actual', 339, 368], ['Budget', 399, 432], ['Var.', 479, 497]),
        line(80, ['Year ended March 31,', 302, 396]),
        line(90, ['Note', 299, 320], ['2025 Budget 2025', 347, 432]),
        line(100, ['Total revenues', 46, 109], ['8', 315, 320], ['62,143', 339, 368], ['64,821', 403, 432], ['-2,678', 469, 496]),
      ]),
    ]);
    expect(facts).toEqual(['Revenues 2025-03-31/12 62143']);
  });

  it('reads thousands grouped by spaces, which come out of the page one cell per group, and keeps "4, 5" in the Notes column', () => {
    const facts = factsOf([
      page(1, [
        line(60, ['Income statement', 51, 140]),
        line(70, ['SEK thousand', 51, 110]),
        line(80, ['Notes', 312, 336], ['2025', 419, 440], ['2024', 518, 539]),
        line(
          90,
          ['Net sales', 51, 86],
          ['3', 321, 326],
          ['1', 402, 406],
          ['845', 411, 423],
          ['230', 428, 440],
          ['1', 501, 505],
          ['702', 510, 522],
          ['114', 527, 539],
        ),
        line(
          100,
          ['Other external expenses', 51, 144],
          ['4,', 317, 324],
          ['5', 327, 331],
          ['-214', 407, 424],
          ['880', 428, 440],
          ['-198', 506, 522],
          ['440', 527, 539],
        ),
      ]),
    ]);
    expect(facts).toEqual(['Revenues 2025-12-31/12 1845230000', 'Revenues 2024-12-31/12 1702114000']);
  });

  it('reads a column head "CHF 000" as the scale, not as a row of zeros', () => {
    const facts = factsOf([
      page(1, [
        line(60, ['Consolidated income statement', 51, 200]),
        line(70, ['2025', 400, 420], ['2024 restated¹', 470, 530]),
        line(80, ['Notes', 300, 324], ['CHF 000', 390, 420], ['CHF 000', 500, 530]),
        line(90, ['Net revenue', 51, 100], ['4', 310, 315], ["318'422", 385, 420], ["301'877", 495, 530]),
      ]),
    ]);
    expect(facts).toEqual(['Revenues 2025-12-31/12 318422000', 'Revenues 2024-12-31/12 301877000']);
  });

  it('reads labels numbered as Indian and bookkeeping statements number them: "(c)", "I", "VII", an account code', () => {
    const facts = factsOf([
      page(1, [
        line(60, ['Statement of Profit and Loss for the year ended 31 March 2026', 51, 300]),
        line(70, ['Year ended', 400, 440]),
        line(80, ['31 March 2026', 390, 440]),
        line(90, ['I Revenue from operations', 51, 160], ['4,826.45', 400, 440]),
        line(100, ['6400 Interest Expense', 51, 140], ['88.64', 410, 440]),
        line(110, ['VII Profit for the year (V - VI)', 51, 180], ['401.10', 405, 440]),
      ]),
    ]);
    expect(facts).toEqual(['Revenues 2026-03-31/12 4826.45', 'InterestExpense 2026-03-31/12 88.64', 'NetIncomeLoss 2026-03-31/12 401.1']);
  });

  it('reads month columns as a month each and the "Total" beside them as the months together', () => {
    const facts = factsOf([
      page(1, [
        line(60, ['Profit and Loss', 51, 120]),
        line(70, ['January - March, 2026', 51, 119]),
        line(80, ['Jan 2026', 332, 361], ['Feb 2026', 390, 418], ['Mar 2026', 447, 476], ['Total', 524, 539]),
        line(90, ['Net Income', 51, 92], ['$10,078.66', 318, 361], ['$11,133.16', 375, 418], ['$15,000.20', 433, 476], ['$36,212.02', 492, 539]),
      ]),
    ]);
    expect(facts).toEqual([
      'NetIncomeLoss 2026-01-31/1 10078.66',
      'NetIncomeLoss 2026-02-28/1 11133.16',
      'NetIncomeLoss 2026-03-31/1 15000.2',
      'NetIncomeLoss 2026-03-31/3 36212.02',
    ]);
  });

  it("takes the parent's share printed under the profit for the year as the net income", () => {
    const facts = factsOf([
      page(1, [
        line(60, ['Consolidated income statement', 51, 200]),
        line(70, ['2025', 420, 440], ['2024', 500, 520]),
        line(80, ['Net profit for the year', 51, 150], ['613.8', 410, 440], ['540.2', 490, 520]),
        line(90, ['thereof attributable to non-controlling interests', 61, 250], ['31.2', 415, 440], ['27.5', 495, 520]),
        line(100, ['thereof attributable to shareholders of Hallmark AG', 61, 260], ['582.6', 410, 440], ['512.7', 490, 520]),
      ]),
    ]);
    expect(facts).toEqual(['NetIncomeLoss 2025-12-31/12 582.6', 'NetIncomeLoss 2024-12-31/12 512.7']);
  });

  it("reads a non-profit's statement of activities: the restriction columns are no periods, the years' totals are", () => {
    const facts = factsOf([
      page(1, [
        line(60, ['STATEMENT OF ACTIVITIES', 51, 160]),
        line(70, ['Year Ended June 30,', 51, 113], ['2026', 117, 130]),
        line(80, ['(With Comparative Totals for the Year Ended June 30,', 51, 214], ['2025)', 217, 233]),
        line(90, ['Without Donor', 330, 373], ['With Donor', 395, 431], ['2026', 470, 485], ['2025', 524, 539]),
        line(100, ['Restrictions', 335, 373], ['Restrictions', 392, 431], ['Total', 469, 485], ['Total', 523, 539]),
        line(110, ['Total revenue and support', 51, 135], ['2,198,820', 343, 373], ['294,100', 406, 431], ['2,492,920', 455, 485], ['2,176,300', 509, 539]),
      ]),
    ]);
    expect(facts).toEqual(['Revenues 2026-06-30/12 2492920', 'Revenues 2025-06-30/12 2176300']);
  });

  it('reads a balance sheet printed as two halves side by side, assets left and equity and liabilities right', () => {
    const facts = factsOf([
      {
        ...page(1, [
          line(40, ['Balance sheet as at 31 December 2025', 51, 200]),
          line(50, ['TEUR', 51, 70]),
          line(60, ['31.12.2025', 284, 318], ['31.12.2024', 364, 398], ['31.12.2025', 673, 706], ['31.12.2024', 752, 786]),
          line(
            70,
            ['A. Fixed assets', 51, 100],
            ['18.652', 298, 318],
            ['17.503', 377, 398],
            ['A. Equity', 439, 468],
            ['13.541', 686, 706],
            ['12.404', 765, 786],
          ),
          line(
            80,
            ['B. Current assets', 51, 107],
            ['12.909', 298, 318],
            ['12.057', 377, 398],
            ['B. Provisions', 439, 482],
            ['2.210', 690, 706],
            ['2.045', 769, 786],
          ),
          line(
            90,
            ['I. Inventories', 60, 99],
            ['6.120', 301, 318],
            ['5.870', 381, 398],
            ['C. Liabilities', 439, 478],
            ['15.928', 686, 706],
            ['15.213', 765, 786],
          ),
          line(
            100,
            ['Total assets', 51, 90],
            ['31.679', 298, 318],
            ['29.662', 377, 398],
            ['1. Trade payables', 448, 500],
            ['3.110', 690, 706],
            ['2.870', 769, 786],
          ),
          line(110, ['Total equity and liabilities', 439, 521], ['31.679', 686, 706], ['29.662', 765, 786]),
        ]),
        width: 842,
        height: 595,
      },
    ]);
    expect(facts).toEqual([
      'AssetsCurrent 2025-12-31 12909000',
      'AssetsCurrent 2024-12-31 12057000',
      'InventoryNet 2025-12-31 6120000',
      'InventoryNet 2024-12-31 5870000',
      'Assets 2025-12-31 31679000',
      'Assets 2024-12-31 29662000',
      'StockholdersEquity 2025-12-31 13541000',
      'StockholdersEquity 2024-12-31 12404000',
      'Liabilities 2025-12-31 15928000',
      'Liabilities 2024-12-31 15213000',
      'AccountsPayableCurrent 2025-12-31 3110000',
      'AccountsPayableCurrent 2024-12-31 2870000',
      'LiabilitiesAndStockholdersEquity 2025-12-31 31679000',
      'LiabilitiesAndStockholdersEquity 2024-12-31 29662000',
    ]);
  });

  it('reads a scanned figure whose comma OCR took for a point at its full value ("1.482,300", "(612.450)")', () => {
    const facts = factsOf([
      {
        ...page(1, [
          line(60, ['Income Statement', 72, 160]),
          line(80, ['2025', 380, 400], ['2024', 480, 500]),
          line(100, ['Revenue', 72, 110], ['1.482,300', 350, 400], ['1,275,900', 450, 500]),
          line(110, ['Cost of revenue', 72, 140], ['(612.450)', 355, 400], ['(540,120)', 455, 500]),
        ]),
        ocr: true,
      },
    ]);
    expect(facts).toEqual([
      'Revenues 2025-12-31/12 1482300',
      'Revenues 2024-12-31/12 1275900',
      'CostOfRevenue 2025-12-31/12 612450',
      'CostOfRevenue 2024-12-31/12 540120',
    ]);
  });

  it('reads a bookkeeping export: "Jan - Dec 25" columns, "Dec 31, 25" dates set across cells, account-coded and totalled lines', () => {
    const facts = factsOf([
      page(1, [
        line(40, ['Profit & Loss', 200, 260]),
        line(50, ['January through December 2025', 180, 300]),
        line(60, ['Jan - Dec 25', 430, 482], ['Jan - Dec 24', 514, 566]),
        line(70, ['Total Income', 47, 100], ['812,400.00', 440, 482], ['760,118.50', 524, 566]),
        line(80, ['8000 · Interest Expense', 60, 150], ['4,210.00', 450, 482], ['4,388.00', 534, 566]),
      ]),
      page(2, [
        line(40, ['Balance Sheet', 200, 260]),
        line(50, ['Dec 31,', 330, 361], ['25 Dec 31,', 390, 445], ['24', 450, 460]),
        line(70, ['Total Checking/Savings', 60, 160], ['58,204.10', 320, 361], ['41,930.00', 410, 460]),
        line(80, ['TOTAL LIABILITIES & EQUITY', 47, 170], ['402,118.20', 315, 361], ['377,005.00', 405, 460]),
      ]),
    ]);
    expect(facts).toEqual([
      'Revenues 2025-12-31/12 812400',
      'Revenues 2024-12-31/12 760118.5',
      'InterestExpense 2025-12-31/12 4210',
      'InterestExpense 2024-12-31/12 4388',
      'CashAndCashEquivalentsAtCarryingValue 2025-12-31 58204.1',
      'CashAndCashEquivalentsAtCarryingValue 2024-12-31 41930',
      'LiabilitiesAndStockholdersEquity 2025-12-31 402118.2',
      'LiabilitiesAndStockholdersEquity 2024-12-31 377005',
    ]);
  });

  it("reads a government's statement of net position as its balance sheet", () => {
    const facts = factsOf([
      page(1, [
        line(40, ['STATEMENT OF NET POSITION', 200, 330]),
        line(50, ['June 30, 2025', 430, 482]),
        line(70, ['Cash and cash equivalents', 47, 160], ['$ 12,400', 440, 482]),
      ]),
    ]);
    expect(facts).toEqual(['CashAndCashEquivalentsAtCarryingValue 2025-06-30 12400']);
  });
});

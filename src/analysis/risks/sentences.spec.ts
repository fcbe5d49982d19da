import { describe, expect, it } from '@jest/globals';
import { layoutFromText } from '../layout/text-layout.js';
import { sentencesOf } from './sentences.js';

describe('sentencesOf', () => {
  it('leaves out the rows of a table: a label and its figures are a statement line, not prose', () => {
    const page = layoutFromText([
      [
        'Cash flows from investing activities:',
        'Issuance of loans to affiliated companies    (1)    (5)    —',
        'Tax benefit related to the IRS audit    (0.23)',
        'Purchase of property, plant and equipment    $    (526)    $    (527)',
        'The Company lent $2 million to an entity owned by its chief executive officer.',
      ].join('\n'),
    ])[0];
    expect(sentencesOf(page).map((sentence) => sentence.text)).toEqual([
      'Cash flows from investing activities:',
      'The Company lent $2 million to an entity owned by its chief executive officer.',
    ]);
  });

  it('keeps a prose line that ends with a figure', () => {
    const page = layoutFromText(['One customer accounted for 32% of revenue in 2023.'])[0];
    expect(sentencesOf(page).map((sentence) => sentence.text)).toEqual(['One customer accounted for 32% of revenue in 2023.']);
  });
});

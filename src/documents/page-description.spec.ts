import { describe, expect, it } from '@jest/globals';
import { describePage } from './page-description.js';

describe('describePage', () => {
  it('counts the characters other than white space, astral characters once each', () => {
    expect(describePage(' Revenue\t2025:\n 1,200 €  📈 ')).toEqual({ charCount: 19, kind: 'text' });
  });

  it('calls a page with nothing but white space image-only', () => {
    expect(describePage(' \n\t ')).toEqual({ charCount: 0, kind: 'image_only' });
    expect(describePage('')).toEqual({ charCount: 0, kind: 'image_only' });
  });
});

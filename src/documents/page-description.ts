export type PageKind = 'text' | 'image_only';

export interface PageDescription {
  charCount: number;
  kind: PageKind;
}

/**
 * What the analysis tools need to know of a page before reading it: how much text it has, and
 * whether it has a text layer at all (a page without one is a scan, to be read by OCR).
 */
export function describePage(text: string): PageDescription {
  const charCount = [...text.replace(/\s+/gu, '')].length;
  return { charCount, kind: charCount === 0 ? 'image_only' : 'text' };
}

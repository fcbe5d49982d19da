/**
 * How much one document may hold beyond its bytes: what the document reader checks before and while
 * it reads (DOCUMENT_MAX_PAGES, _ROWS, _TEXT_CHARS and the inflation and archive limits).
 */
export interface DocumentLimits {
  /** Pages, slides or sheets. */
  maxPages: number;
  /** Spreadsheet rows (all sheets together), CSV records, lines of a plain-text file. */
  maxRows: number;
  /** Characters of text, all pages together. */
  maxTextChars: number;
  /** Largest inflated size of one ZIP entry, or one PDF stream that is neither drawing instructions nor an image. */
  maxInflatedBytes: number;
  /** Largest inflated size of all of a document's compressed parts together. */
  maxInflatedTotalBytes: number;
  /** Largest inflated size of one PDF stream of drawing instructions (page content, form, object stream). */
  maxContentStreamBytes: number;
  /** Most entries in a DOCX, XLSX or PPTX package. */
  maxArchiveEntries: number;
  /** Highest inflated-to-compressed ratio of a ZIP entry that inflates beyond 1 MiB. */
  maxCompressionRatio: number;
}

import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { PageKind, PageLayout } from '../analysis/page-layout.js';

/** The extracted text of one page (one sheet of a workbook), and its layout once processed, for the analysis tools. */
@Entity({ name: 'document_pages' })
export class DocumentPage {
  @PrimaryColumn({ name: 'document_id', type: 'uuid' })
  documentId: string;

  @PrimaryColumn({ name: 'page_number', type: 'integer' })
  pageNumber: number;

  /** The text read at submission; on a page read by OCR, the OCR text once processed (what quotes are checked against). */
  @Column({ type: 'text' })
  text: string;

  /** Characters of text other than white space; null until the `document-processing` job has laid the page out. */
  @Column({ name: 'char_count', type: 'integer', nullable: true })
  charCount: number | null;

  /** What the page is (a statement, slide, transaction list, form, prose, or `image_only`: a scan no OCR read); null until processed. */
  @Column({ type: 'text', nullable: true })
  kind: PageKind | null;

  /** Lines and cells with positions (PageLayout), what the analysis engines read; null until processed. */
  @Column({ type: 'jsonb', nullable: true })
  layout: PageLayout | null;

  /** Whether the page's text came from OCR (it had no text layer); null until processed. */
  @Column({ type: 'boolean', nullable: true })
  ocr: boolean | null;
}

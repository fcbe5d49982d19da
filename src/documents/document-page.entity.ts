import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { PageKind } from './page-description.js';

/** The extracted text of one page (one sheet of a workbook), for the analysis tools. */
@Entity({ name: 'document_pages' })
export class DocumentPage {
  @PrimaryColumn({ name: 'document_id', type: 'uuid' })
  documentId: string;

  @PrimaryColumn({ name: 'page_number', type: 'integer' })
  pageNumber: number;

  @Column({ type: 'text' })
  text: string;

  /** Characters of text other than white space; null until the `document-processing` job has described the page. */
  @Column({ name: 'char_count', type: 'integer', nullable: true })
  charCount: number | null;

  /** `image_only`: no text layer (a scan), for OCR; null until described. */
  @Column({ type: 'text', nullable: true })
  kind: PageKind | null;
}

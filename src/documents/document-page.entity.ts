import { Column, Entity, PrimaryColumn } from 'typeorm';

/** The extracted text of one page (one sheet of a workbook), for the analysis tools. */
@Entity({ name: 'document_pages' })
export class DocumentPage {
  @PrimaryColumn({ name: 'document_id', type: 'uuid' })
  documentId: string;

  @PrimaryColumn({ name: 'page_number', type: 'integer' })
  pageNumber: number;

  @Column({ type: 'text' })
  text: string;
}

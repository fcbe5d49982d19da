import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, In, IsNull, Not, Repository, type EntityManager } from 'typeorm';
import { Sql } from '../database/sql.js';
import { DocumentPage } from './document-page.entity.js';
import { Document } from './document.entity.js';
import type { PageKind, PageLayout } from '../analysis/page-layout.js';

/** Work done in the same transaction as a document's READY write (queueing its processing job). */
export type AlsoWithin = (transaction: EntityManager) => Promise<unknown>;

/** What the processing job needs of a document to read its file. */
export interface ProcessingDocument {
  id: string;
  fileName: string;
  declaredMimeType: string | null;
  /** Null until the file is read. */
  mimeType: string | null;
  pageCount: number | null;
  storageKey: string;
}

/**
 * Documents and their pages. A document becomes READY when its bytes are stored; its processing
 * job records its type and pages' text in one transaction, then each page's layout.
 */
@Injectable()
export class DocumentsRepository {
  constructor(
    @InjectRepository(Document) private readonly documents: Repository<Document>,
    private readonly dataSource: DataSource,
    private readonly sql: Sql,
  ) {}

  insertPending(document: Partial<Document>): Promise<Document> {
    return this.documents.save(this.documents.create(document));
  }

  /** A new READY document and `also` (its processing job), all or nothing. */
  async insertReady(document: Partial<Document> & { id: string }, also: AlsoWithin): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      await manager.insert(Document, document);
      await also(manager);
    });
  }

  /**
   * The upload that wins makes the PENDING_UPLOAD document READY, and `also` (its processing job),
   * all or nothing; false if the link was used meanwhile or has expired.
   */
  async completeUpload(id: string, uploadTokenHash: string, ready: Partial<Document>, also: AlsoWithin): Promise<boolean> {
    return this.dataSource.transaction(async (manager) => {
      const claimed = await manager
        .createQueryBuilder()
        .update(Document)
        .set({ ...ready, uploadTokenHash: null })
        .where('id = :id AND upload_token_hash = :uploadTokenHash AND status = :pending AND upload_expires_at > now()', {
          id,
          uploadTokenHash,
          pending: 'PENDING_UPLOAD',
        })
        .execute();
      if (claimed.affected !== 1) return false;
      await also(manager);
      return true;
    });
  }

  /**
   * An upload whose file was refused while the uploader waited: the document waits for a file
   * again under the same link (until it expires); the name it was given stays as the default.
   */
  async reopenUpload(id: string, uploadTokenHash: string): Promise<void> {
    await this.sql.query(
      `UPDATE documents SET status = 'PENDING_UPLOAD', upload_token_hash = $2, mime_type = NULL, size_bytes = NULL, sha256 = NULL,
         page_count = NULL, storage_key = NULL, ready_at = NULL, processing_status = NULL, processing_failure = NULL
       WHERE id = $1 AND processing_status = 'failed'`,
      [id, uploadTokenHash],
    );
  }

  /** A submitted document whose file was refused while the submitter waited: gone with its pages. */
  async deleteRefused(id: string): Promise<void> {
    await this.sql.query(`DELETE FROM documents WHERE id = $1 AND processing_status = 'failed'`, [id]);
  }

  /**
   * What the file says (its sniffed type and each page's text), recorded once in one transaction
   * by the run that holds the document; a late duplicate run records nothing.
   */
  async recordReading(id: string, mimeType: string, pages: string[]): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const updated = await manager
        .createQueryBuilder()
        .update(Document)
        .set({ mimeType, pageCount: pages.length })
        .where('id = :id AND page_count IS NULL AND processing_status = :processing', { id, processing: 'processing' })
        .execute();
      if (updated.affected === 1) await insertPages(manager, id, pages);
    });
  }

  /** Pages already read by OCR: a resumed run spends only the rest of the document's OCR budget. */
  async ocrPagesRecorded(documentId: string): Promise<number> {
    const [row] = await this.sql.query<{ count: number }>('SELECT count(*)::int AS count FROM document_pages WHERE document_id = $1 AND ocr', [documentId]);
    return row.count;
  }

  findPendingUpload(uploadTokenHash: string): Promise<Document | null> {
    return this.documents.findOneBy({ uploadTokenHash, status: 'PENDING_UPLOAD' });
  }

  findOwned(accountId: string, id: string): Promise<Document | null> {
    return this.documents.findOneBy({ id, accountId });
  }

  /** processing, and what the job needs to read the file; null if the document is gone or already processed (a late duplicate run). */
  async startProcessing(id: string): Promise<ProcessingDocument | null> {
    const [row] = await this.sql.query<ProcessingDocument>(
      `UPDATE documents SET processing_status = 'processing', processing_failure = NULL
        WHERE id = $1 AND processing_status IN ('queued', 'processing') AND storage_key IS NOT NULL
        RETURNING id, file_name AS "fileName", declared_mime_type AS "declaredMimeType", mime_type AS "mimeType", page_count AS "pageCount", storage_key AS "storageKey"`,
      [id],
    );
    return row ?? null;
  }

  /** The pages not yet laid out, in order: a retried job picks up where the last attempt stopped. */
  async pagesWithoutLayout(documentId: string): Promise<Pick<DocumentPage, 'pageNumber' | 'text'>[]> {
    return this.dataSource
      .getRepository(DocumentPage)
      .find({ select: { pageNumber: true, text: true }, where: { documentId, layout: IsNull() }, order: { pageNumber: 'ASC' } });
  }

  /**
   * Records a page's layout, kind and character count once (a second run leaves the first one's:
   * false); a page read by OCR also gets the OCR text as its text, which is what its quotes are
   * checked against.
   */
  async recordPageLayout(documentId: string, page: PageLayout, kind: PageKind): Promise<boolean> {
    // PostgreSQL text and jsonb cannot hold NUL characters, which PDF text extraction can yield.
    const layout = JSON.parse(JSON.stringify(page).replaceAll('\\u0000', '')) as PageLayout;
    const updated = await this.dataSource
      .getRepository(DocumentPage)
      .update(
        { documentId, pageNumber: layout.page, layout: IsNull() },
        { layout, kind, ocr: layout.ocr, charCount: layout.chars, ...(layout.ocr && { text: layout.text }) },
      );
    return updated.affected === 1;
  }

  /** Every page's stored layout, in page order (pages not yet laid out are left out). */
  async layoutsOf(documentId: string): Promise<PageLayout[]> {
    const pages = await this.dataSource
      .getRepository(DocumentPage)
      .find({ select: { pageNumber: true, layout: true }, where: { documentId, layout: Not(IsNull()) }, order: { pageNumber: 'ASC' } });
    return pages.map((page) => page.layout!);
  }

  findById(id: string): Promise<Document | null> {
    return this.documents.findOneBy({ id });
  }

  /** The READY documents filed in a workspace, newest first (the order in which their facts take precedence). */
  readyInWorkspace(workspaceId: string): Promise<Document[]> {
    return this.documents.find({ where: { workspaceId, status: 'READY' }, order: { createdAt: 'DESC', id: 'ASC' } });
  }

  /** How many pages of a document are not laid out yet. */
  async pagesLeft(documentId: string): Promise<number> {
    const [row] = await this.sql.query<{ left: number }>('SELECT count(*)::int AS left FROM document_pages WHERE document_id = $1 AND layout IS NULL', [
      documentId,
    ]);
    return row.left;
  }

  /**
   * The account's other stored documents, with what a duplicate is recognised by: the bytes'
   * digest, known once they are stored, and the transactions' fingerprints, once processed (none
   * before), so that a copy uploaded right after its original is caught whichever is read first.
   */
  async storedOthers(accountId: string, exceptId: string): Promise<{ documentId: string; sha256: string; transactionFingerprints: string[] }[]> {
    return this.sql.query(
      `SELECT id AS "documentId", sha256, coalesce(transaction_fingerprints, '{}') AS "transactionFingerprints"
         FROM documents WHERE account_id = $1 AND id <> $2 AND status = 'READY' AND sha256 IS NOT NULL`,
      [accountId, exceptId],
    );
  }

  async finishProcessing(id: string, transactionFingerprints: string[]): Promise<void> {
    await this.documents.update({ id, processingStatus: 'processing' }, { processingStatus: 'processed', processedAt: () => 'now()', transactionFingerprints });
  }

  async failProcessing(id: string, reason: string): Promise<void> {
    await this.documents.update({ id, processingStatus: In(['queued', 'processing']) }, { processingStatus: 'failed', processingFailure: reason });
  }
}

async function insertPages(manager: EntityManager, documentId: string, pages: string[]): Promise<void> {
  // PostgreSQL text cannot hold NUL characters, which PDF text extraction can yield.
  await manager.insert(
    DocumentPage,
    pages.map((text, index) => ({ documentId, pageNumber: index + 1, text: text.replaceAll('\u0000', '') })),
  );
}

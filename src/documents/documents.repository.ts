import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, In, IsNull, Repository, type EntityManager } from 'typeorm';
import { DocumentPage } from './document-page.entity.js';
import { Document } from './document.entity.js';
import type { PageDescription } from './page-description.js';

/** Work done in the same transaction as a document's READY write (queueing its processing job). */
export type AlsoWithin = (transaction: EntityManager) => Promise<unknown>;

/** Documents and their pages. A document becomes READY with all its pages in one transaction. */
@Injectable()
export class DocumentsRepository {
  constructor(
    @InjectRepository(Document) private readonly documents: Repository<Document>,
    private readonly dataSource: DataSource,
  ) {}

  insertPending(document: Partial<Document>): Promise<Document> {
    return this.documents.save(this.documents.create(document));
  }

  /** A new READY document with its pages' text, and `also`, all or nothing. */
  async insertReady(document: Partial<Document> & { id: string }, pages: string[], also: AlsoWithin): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      await manager.insert(Document, document);
      await insertPages(manager, document.id, pages);
      await also(manager);
    });
  }

  /**
   * The upload that wins makes the PENDING_UPLOAD document READY with its pages' text, and `also`,
   * all or nothing; false if the link was used meanwhile or has expired.
   */
  async completeUpload(id: string, uploadTokenHash: string, ready: Partial<Document>, pages: string[], also: AlsoWithin): Promise<boolean> {
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
      await insertPages(manager, id, pages);
      await also(manager);
      return true;
    });
  }

  findPendingUpload(uploadTokenHash: string): Promise<Document | null> {
    return this.documents.findOneBy({ uploadTokenHash, status: 'PENDING_UPLOAD' });
  }

  findOwned(accountId: string, id: string): Promise<Document | null> {
    return this.documents.findOneBy({ id, accountId });
  }

  /** processing; false if the document is gone or already processed (a late duplicate run). */
  async startProcessing(id: string): Promise<boolean> {
    const updated = await this.documents.update(
      { id, processingStatus: In(['queued', 'processing']) },
      { processingStatus: 'processing', processingFailure: null },
    );
    return updated.affected === 1;
  }

  /** The pages not yet described, in order: a retried job picks up where the last attempt stopped. */
  async undescribedPages(documentId: string): Promise<Pick<DocumentPage, 'pageNumber' | 'text'>[]> {
    return this.dataSource
      .getRepository(DocumentPage)
      .find({ select: { pageNumber: true, text: true }, where: { documentId, kind: IsNull() }, order: { pageNumber: 'ASC' } });
  }

  /** Records a page's description once: a second run leaves the first one's. */
  async describePage(documentId: string, pageNumber: number, description: PageDescription): Promise<void> {
    await this.dataSource.getRepository(DocumentPage).update({ documentId, pageNumber, kind: IsNull() }, description);
  }

  async finishProcessing(id: string): Promise<void> {
    await this.documents.update({ id, processingStatus: 'processing' }, { processingStatus: 'processed', processedAt: () => 'now()' });
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

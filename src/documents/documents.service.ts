import { createHash, randomUUID } from 'node:crypto';
import { InjectQueue } from '@nestjs/bull';
import { Injectable, Logger } from '@nestjs/common';
import type { AnalysisDocument } from '../analysis/analysis-engine.port.js';
import { DOCUMENT_TYPES, type DocumentType } from '../analysis/analysis.types.js';
import { randomToken, sha256 } from '../common/crypto/random-token.js';
import { AppException, InvalidInputException, ResourceNotFoundException } from '../common/errors/app.exception.js';
import { AppConfig } from '../config/app-config.js';
import { PublicUrls } from '../config/public-urls.js';
import type { DurableQueue } from '../jobs/durable-queue.js';
import { WorkspacesService } from '../workspaces/workspaces.service.js';
import { DOCUMENT_PROCESSING_QUEUE, documentProcessingKey, type DocumentProcessingJob } from './document-processing.service.js';
import type { Document } from './document.entity.js';
import { DocumentStillProcessingException } from './document-processing.exception.js';
import { DocumentsRepository, type AlsoWithin } from './documents.repository.js';
import type { DocumentResult } from './dto/submit-documents.dto.js';
import { DocumentStorage } from './storage/document-storage.js';

/** The task type under which document results are stored in a workspace. */
export const DOCUMENTS_TASK_TYPE = 'documents';
/** How often a tool waiting for a document's processing looks again. */
const PROCESSING_POLL_MS = 150;
/** A submission waiting for its file to be read looks again after 10, 20, 40… ms, then every 250: most files are read in tens of milliseconds. */
const READING_POLL_FIRST_MS = 10;
const READING_POLL_MAX_MS = 250;
const UPLOAD_LINK_GONE = 'This upload link is unknown, already used or expired: call submit_documents again for a new one.';

export interface DocumentDescription {
  fileName?: string;
  mimeType?: string;
  documentType?: string;
  workspaceId?: string;
}

/**
 * Documents of one account: stored whole or not at all. The bytes go to storage first; the row
 * (READY, with its page count and its text per page) and its `document-processing` job are written
 * in one transaction after, and a failure on the way removes the bytes again.
 */
@Injectable()
export class DocumentsService {
  private readonly logger = new Logger(DocumentsService.name);

  constructor(
    private readonly documents: DocumentsRepository,
    @InjectQueue(DOCUMENT_PROCESSING_QUEUE) private readonly processing: DurableQueue<DocumentProcessingJob>,
    private readonly storage: DocumentStorage,
    private readonly workspaces: WorkspacesService,
    private readonly config: AppConfig,
    private readonly urls: PublicUrls,
  ) {}

  /** Inline content: READY now. */
  submitContent(accountId: string, content: string, description: DocumentDescription): Promise<DocumentResult> {
    if (!description.fileName) throw new InvalidInputException('fileName is required with content.');
    return this.submitBytes(accountId, Buffer.from(content, 'base64'), { ...description, fileName: description.fileName });
  }

  /**
   * A whole file at once (inline content, the upload page): stored, then read in a worker thread
   * while the call waits up to DOCUMENT_PROCESSING_WAIT_SECONDS. A file refused within the wait is
   * removed and the call answers why; one still being read is READY with `processingStatus`, and
   * its type and page count come with its analysis.
   */
  async submitBytes(accountId: string, bytes: Buffer, description: DocumentDescription & { fileName: string }): Promise<DocumentResult> {
    const documentId = randomUUID();
    const stored = await this.storeBytes(bytes, description, documentId, async (ready, also) => {
      await this.documents.insertReady(
        {
          id: documentId,
          accountId,
          workspaceId: description.workspaceId ?? null,
          documentType: description.documentType ?? null,
          declaredMimeType: description.mimeType ?? null,
          ...ready,
        },
        also,
      );
    });
    const read = await this.awaitReading(stored, () => this.documents.deleteRefused(documentId));
    return {
      ...read,
      ...(description.workspaceId && { workspaceId: description.workspaceId }),
      ...(description.documentType && { documentType: description.documentType }),
    };
  }

  /** No content: a PENDING_UPLOAD document and the single-use URL that takes its bytes. */
  async createPending(accountId: string, description: DocumentDescription): Promise<DocumentResult> {
    const token = randomToken();
    const document = await this.documents.insertPending({
      accountId,
      status: 'PENDING_UPLOAD',
      workspaceId: description.workspaceId ?? null,
      documentType: description.documentType ?? null,
      fileName: description.fileName ?? null,
      declaredMimeType: description.mimeType ?? null,
      uploadTokenHash: sha256(token),
      uploadExpiresAt: new Date(Date.now() + this.config.documents.uploadTtlSeconds * 1000),
    });
    return { ...result(document), uploadUrl: `${this.urls.documentUploads}/${token}`, uploadExpiresAt: document.uploadExpiresAt!.toISOString() };
  }

  /** The bytes for an upload URL. The link works once: of two concurrent uploads, one wins. */
  async completeUpload(token: string, bytes: Buffer, declared: { fileName?: string; mimeType?: string }): Promise<DocumentResult> {
    const tokenHash = sha256(token);
    const pending = await this.documents.findPendingUpload(tokenHash);
    if (!pending || pending.uploadExpiresAt! <= new Date()) throw new ResourceNotFoundException(UPLOAD_LINK_GONE);
    // The link was made by someone who could reach the workspace then; access is checked again now
    // (a firm member who has since left the firm no longer adds to the firm's workspaces).
    if (pending.workspaceId) await this.workspaces.assertOwned(pending.accountId, pending.workspaceId);
    const fileName = declared.fileName ?? pending.fileName;
    if (!fileName) throw new InvalidInputException('Name the file: send it as multipart/form-data, or add ?fileName= to the upload URL.');
    const stored = await this.storeBytes(bytes, { fileName }, pending.id, async (ready, also) => {
      const withDeclared = { ...ready, declaredMimeType: declared.mimeType ?? pending.declaredMimeType };
      if (!(await this.documents.completeUpload(pending.id, tokenHash, withDeclared, also))) throw new ResourceNotFoundException(UPLOAD_LINK_GONE);
    });
    // A refused file leaves the link open for the right one, as a refusal before storing did.
    const read = await this.awaitReading(stored, () => this.documents.reopenUpload(pending.id, tokenHash));
    const completed = {
      ...read,
      ...(pending.workspaceId && { workspaceId: pending.workspaceId }),
      ...(pending.documentType && { documentType: pending.documentType }),
    };
    if (pending.workspaceId) await this.workspaces.storeOutput(pending.workspaceId, DOCUMENTS_TASK_TYPE, 'submit_documents', completed);
    return completed;
  }

  /** The caller's document, or NOT_FOUND: the same answer for a missing id and another account's. */
  async requireOwned(accountId: string, documentId: string): Promise<Document> {
    const document = /^[0-9a-f-]{36}$/i.test(documentId) ? await this.documents.findOwned(accountId, documentId) : null;
    if (!document) throw new ResourceNotFoundException(`Document ${documentId} was not found.`);
    return document;
  }

  /**
   * What an analysis reads of the caller's document, once processing has finished: every page's
   * stored layout, the PDF's bytes (structure checks, engines that send the file) and the declared
   * type. Waits up to DOCUMENT_PROCESSING_WAIT_SECONDS, then answers RATE_LIMITED with
   * retryAfterSeconds, so that no tool ever analyses half a document. NOT_FOUND for another account's.
   */
  async analysisDocument(accountId: string, documentId: string): Promise<AnalysisDocument> {
    return this.forAnalysis(await this.untilProcessed(await this.requireOwned(accountId, documentId)));
  }

  /**
   * The caller's document once processed, without its layouts: what a per-page tool is priced by.
   * Waiting here, before anything is reserved, is what keeps a call on a document still being read
   * from holding the free tier while it waits.
   */
  async awaitProcessed(accountId: string, documentId: string): Promise<Document> {
    return this.untilProcessed(await this.requireOwned(accountId, documentId));
  }

  /** analysisDocument for every READY document filed in the workspace (its access checked by the caller), newest first. */
  async analysisDocumentsInWorkspace(workspaceId: string): Promise<AnalysisDocument[]> {
    const documents = await this.documents.readyInWorkspace(workspaceId);
    return Promise.all(documents.map(async (document) => this.forAnalysis(await this.untilProcessed(document))));
  }

  /** The pages of every READY document filed in the workspace (its access checked by the caller), once each is processed. */
  async readyPagesInWorkspace(workspaceId: string): Promise<number> {
    const documents = await Promise.all((await this.documents.readyInWorkspace(workspaceId)).map((document) => this.untilProcessed(document)));
    return documents.reduce((pages, document) => pages + (document.pageCount ?? 0), 0);
  }

  /** The account's other stored documents, by their bytes' digest and (once processed) their transactions' fingerprints (duplicate checks). */
  otherDocumentsOf(accountId: string, documentId: string): Promise<{ documentId: string; sha256: string; transactionFingerprints: string[] }[]> {
    return this.documents.storedOthers(accountId, documentId);
  }

  private async forAnalysis(document: Document): Promise<AnalysisDocument> {
    const declaredType = declaredDocumentType(document);
    return {
      documentId: document.id,
      fileName: document.fileName ?? '',
      mimeType: document.mimeType ?? 'application/octet-stream',
      pages: await this.documents.layoutsOf(document.id),
      ...(document.mimeType === 'application/pdf' && { bytes: new Uint8Array(await this.storage.get(document.storageKey!)) }),
      ...(declaredType && { declaredType }),
    };
  }

  private async untilProcessed(found: Document): Promise<Document> {
    if (found.status !== 'READY')
      throw new InvalidInputException(`Document ${found.id} is not READY yet: upload its bytes to its uploadUrl first, then call again.`);
    const deadline = Date.now() + this.config.documents.processingWaitSeconds * 1000;
    let document: Document | null = found;
    while (document.processingStatus !== 'processed') {
      if (document.processingStatus === 'failed')
        throw new InvalidInputException(
          `Document ${document.id} could not be read: ${(document.processingFailure ?? 'processing failed').replace(/\.$/, '')}.`,
        );
      if (Date.now() >= deadline) {
        // Null while the file itself is still being read.
        const pagesLeft = document.pageCount === null ? null : await this.documents.pagesLeft(document.id);
        // About ten pages a second when some need OCR; text pages go much faster.
        throw new DocumentStillProcessingException(document.id, pagesLeft, Math.min(60, Math.max(2, Math.ceil((pagesLeft ?? 10) / 10))));
      }
      await new Promise((resolve) => setTimeout(resolve, PROCESSING_POLL_MS));
      document = await this.documents.findById(found.id);
      if (!document) throw new ResourceNotFoundException(`Document ${found.id} was not found.`);
    }
    return document;
  }

  /**
   * Stores the bytes, then has `record` write the READY row with its processing job (`also`) in
   * one transaction, and dispatches the job once committed; if the write fails, the stored bytes
   * are removed. Nothing here reads the file's content: that is the job's, in a worker thread.
   */
  private async storeBytes(
    bytes: Buffer,
    declared: { fileName: string; mimeType?: string },
    documentId: string,
    record: (ready: Partial<Document>, also: AlsoWithin) => Promise<void>,
  ): Promise<Document> {
    if (bytes.length > this.config.documents.maxBytes)
      throw new AppException({ status: 413, detail: `${declared.fileName}: the file is larger than ${this.config.documents.maxBytes} bytes.` });
    if (bytes.length === 0) throw new InvalidInputException(`${declared.fileName}: the file is empty.`);
    const storageKey = `${documentId}/${randomToken(9)}`;
    const ready: Partial<Document> = {
      status: 'READY',
      fileName: declared.fileName,
      sizeBytes: bytes.length,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      storageKey,
      readyAt: new Date(),
      processingStatus: 'queued',
    };
    await this.storage.put(storageKey, bytes);
    let job: { id: string } | undefined;
    try {
      await record(ready, async (transaction) => {
        job = await this.processing.addWithin(transaction, { documentId }, { idempotencyKey: documentProcessingKey(documentId, storageKey) });
      });
    } catch (error) {
      await this.storage.delete(storageKey);
      throw error;
    }
    // The document is stored: a failed dispatch (Redis unreachable) is left to the workers' sweep.
    await this.processing
      .dispatch({ id: job!.id, attempts: 0 })
      .catch((error: unknown) => this.logger.warn({ err: error }, `document ${documentId}: processing job not dispatched; the sweep dispatches it`));
    return { id: documentId, ...ready } as Document;
  }

  /**
   * The stored document once its file is read (type, page count), waiting up to
   * DOCUMENT_PROCESSING_WAIT_SECONDS. A file refused meanwhile is undone by `undo` (its bytes
   * removed) and answered as INVALID_INPUT with the reason; one still being read answers as it is,
   * with its processingStatus.
   */
  private async awaitReading(stored: Document, undo: () => Promise<void>): Promise<DocumentResult> {
    const deadline = Date.now() + this.config.documents.processingWaitSeconds * 1000;
    let document: Document = stored;
    let polls = 0;
    for (;;) {
      if (document.processingStatus === 'failed') {
        await undo();
        await this.storage.delete(stored.storageKey!);
        throw new InvalidInputException(document.processingFailure ?? `${stored.fileName}: the file could not be read.`);
      }
      if (document.pageCount !== null && document.pageCount !== undefined) return result(document);
      if (Date.now() >= deadline) return { ...result(document), processingStatus: document.processingStatus ?? 'queued' };
      await new Promise((resolve) => setTimeout(resolve, Math.min(READING_POLL_MAX_MS, READING_POLL_FIRST_MS * 2 ** polls++)));
      document = (await this.documents.findById(stored.id)) ?? stored;
    }
  }
}

function result(document: Document): DocumentResult {
  return {
    documentId: document.id,
    status: document.status,
    ...(document.workspaceId && { workspaceId: document.workspaceId }),
    ...(document.documentType && { documentType: document.documentType }),
    ...(document.fileName && { fileName: document.fileName }),
    ...(document.mimeType && { mimeType: document.mimeType }),
    ...(document.sizeBytes !== null && document.sizeBytes !== undefined && { sizeBytes: document.sizeBytes }),
    ...(document.sha256 && { sha256: document.sha256 }),
    ...(document.pageCount !== null && document.pageCount !== undefined && { pageCount: document.pageCount }),
  };
}

/** submit_documents' documentType (e.g. `financial-statement`) as one of the nine kinds, when it names one: a hint, never trusted over the content. */
function declaredDocumentType(document: Document): DocumentType | undefined {
  const type = document.documentType?.replaceAll('-', '_');
  return DOCUMENT_TYPES.find((kind) => kind === type);
}

import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

export type DocumentStatus = 'PENDING_UPLOAD' | 'READY';
/** The `document-processing` job's progress on a READY document (null while PENDING_UPLOAD). */
export type DocumentProcessingStatus = 'queued' | 'processing' | 'processed' | 'failed';

/** A submitted document (SERVICE-SPEC 2.10): READY only once its bytes and its text are stored. */
@Entity({ name: 'documents' })
export class Document {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'account_id', type: 'uuid' })
  accountId: string;

  @Column({ name: 'workspace_id', type: 'uuid', nullable: true })
  workspaceId: string | null;

  @Column({ type: 'text' })
  status: DocumentStatus;

  @Column({ name: 'document_type', type: 'text', nullable: true })
  documentType: string | null;

  @Column({ name: 'file_name', type: 'text', nullable: true })
  fileName: string | null;

  /** What the caller said the type was; `mimeType` is what the bytes are. */
  @Column({ name: 'declared_mime_type', type: 'text', nullable: true })
  declaredMimeType: string | null;

  @Column({ name: 'mime_type', type: 'text', nullable: true })
  mimeType: string | null;

  @Column({ name: 'size_bytes', type: 'integer', nullable: true })
  sizeBytes: number | null;

  @Column({ type: 'text', nullable: true })
  sha256: string | null;

  @Column({ name: 'page_count', type: 'integer', nullable: true })
  pageCount: number | null;

  @Column({ name: 'storage_key', type: 'text', nullable: true })
  storageKey: string | null;

  /** SHA-256 of the upload URL's token, while the document waits for its bytes. */
  @Column({ name: 'upload_token_hash', type: 'text', nullable: true })
  uploadTokenHash: string | null;

  @Column({ name: 'upload_expires_at', type: 'timestamptz', nullable: true })
  uploadExpiresAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column({ name: 'ready_at', type: 'timestamptz', nullable: true })
  readyAt: Date | null;

  /** Analysis tools that need every page described wait for `processed`. */
  @Column({ name: 'processing_status', type: 'text', nullable: true })
  processingStatus: DocumentProcessingStatus | null;

  @Column({ name: 'processed_at', type: 'timestamptz', nullable: true })
  processedAt: Date | null;

  /** Fingerprints of the transactions the document lists (date, signed amount, description), set when processed: duplicates are found with them. */
  @Column({ name: 'transaction_fingerprints', type: 'text', array: true, nullable: true })
  transactionFingerprints: string[] | null;

  /** Why processing failed for good (its last attempt's error). */
  @Column({ name: 'processing_failure', type: 'text', nullable: true })
  processingFailure: string | null;
}

import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** A link to the hosted upload page: whoever holds it may add documents to this account until it expires. */
@Entity({ name: 'upload_forms' })
export class UploadForm {
  @PrimaryColumn({ name: 'token_hash', type: 'text' })
  tokenHash: string;

  @Column({ name: 'account_id', type: 'uuid' })
  accountId: string;

  @Column({ name: 'workspace_id', type: 'uuid', nullable: true })
  workspaceId: string | null;

  @Column({ name: 'document_type', type: 'text', nullable: true })
  documentType: string | null;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt: Date;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}

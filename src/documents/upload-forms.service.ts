import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { MoreThan, Repository } from 'typeorm';
import { randomToken, sha256 } from '../common/crypto/random-token.js';
import { ResourceNotFoundException } from '../common/errors/app.exception.js';
import { AppConfig } from '../config/app-config.js';
import { PublicUrls } from '../config/public-urls.js';
import { WorkspacesService } from '../workspaces/workspaces.service.js';
import { DOCUMENTS_TASK_TYPE, DocumentsService } from './documents.service.js';
import type { DocumentResult } from './dto/submit-documents.dto.js';
import type { UploadFormLink } from './dto/upload-form.dto.js';
import { UploadForm } from './upload-form.entity.js';

const LINK_GONE = 'This upload page link is unknown or expired: ask for a new one (display_upload_documents_form).';

/** Links to the hosted upload page: bound to the caller's account and, optionally, a workspace. */
@Injectable()
export class UploadFormsService {
  constructor(
    @InjectRepository(UploadForm) private readonly forms: Repository<UploadForm>,
    private readonly documents: DocumentsService,
    private readonly workspaces: WorkspacesService,
    private readonly config: AppConfig,
    private readonly urls: PublicUrls,
  ) {}

  /** The workspace, when given, was checked to be the caller's by the tool interceptor. */
  async create(accountId: string, options: { workspaceId?: string; documentType?: string }): Promise<UploadFormLink> {
    const token = randomToken();
    const expiresAt = new Date(Date.now() + this.config.documents.uploadTtlSeconds * 1000);
    await this.forms.insert({
      tokenHash: sha256(token),
      accountId,
      workspaceId: options.workspaceId ?? null,
      documentType: options.documentType ?? null,
      expiresAt,
    });
    return {
      formUrl: `${this.urls.uploadForms}/${token}`,
      uploadEndpoint: `${this.urls.uploadForms}/${token}/files`,
      expiresAt: expiresAt.toISOString(),
      ...(options.workspaceId && { workspaceId: options.workspaceId }),
      ...(options.documentType && { documentType: options.documentType }),
    };
  }

  async resolve(token: string): Promise<{ form: UploadForm; workspaceName?: string }> {
    const form = await this.forms.findOneBy({ tokenHash: sha256(token), expiresAt: MoreThan(new Date()) });
    if (!form) throw new ResourceNotFoundException(LINK_GONE);
    const workspaceName = form.workspaceId ? await this.workspaces.nameOf(form.accountId, form.workspaceId) : undefined;
    return { form, workspaceName };
  }

  /** One file from the page: READY, and filed in the workspace like a submit_documents result. */
  async upload(form: UploadForm, bytes: Buffer, declared: { fileName: string; mimeType?: string }): Promise<DocumentResult> {
    const document = await this.documents.submitBytes(form.accountId, bytes, {
      ...declared,
      workspaceId: form.workspaceId ?? undefined,
      documentType: form.documentType ?? undefined,
    });
    if (form.workspaceId) await this.workspaces.storeOutput(form.workspaceId, DOCUMENTS_TASK_TYPE, 'display_upload_documents_form', document);
    return document;
  }
}

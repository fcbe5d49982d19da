import { Controller, Get, Param, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { randomToken } from '../common/crypto/random-token.js';
import { ResourceNotFoundException } from '../common/errors/app.exception.js';
import { PublicUrls } from '../config/public-urls.js';
import { html, renderPage, sendPage } from '../web/html.js';
import { uploadFormPage } from './upload-form-page.js';
import { UploadFormsService } from './upload-forms.service.js';

/** The hosted upload page of display_upload_documents_form; the link's token is its only credential. */
@ApiExcludeController()
@Controller('upload')
export class UploadFormController {
  constructor(
    private readonly forms: UploadFormsService,
    private readonly urls: PublicUrls,
  ) {}

  @Get(':token')
  async page(@Param('token') token: string, @Res() reply: FastifyReply): Promise<void> {
    try {
      const { form, workspaceName } = await this.forms.resolve(token);
      const nonce = randomToken(16);
      const view = {
        endpoint: `${this.urls.uploadForms}/${token}/files`,
        expiresAt: form.expiresAt,
        workspaceName,
        documentType: form.documentType ?? undefined,
        nonce,
      };
      sendPage(reply, 200, uploadFormPage(view), { scriptNonce: nonce, formTargets: [new URL(this.urls.uploadForms).origin] });
    } catch (error) {
      if (!(error instanceof ResourceNotFoundException)) throw error;
      sendPage(reply, 404, renderPage({ title: 'Link expired', body: html`<h1>This upload link expired</h1><p role="alert">${error.detail}</p>` }));
    }
  }
}

import { Injectable } from '@nestjs/common';
import { AppConfig } from '../config/app-config.js';
import { McpResource, McpTool, ToolAnnotationPresets, type McpResourceContents } from '../mcp/tools/mcp-tool.decorator.js';
import type { ToolContext } from '../mcp/tools/tool-call.js';
import { DisplayUploadDocumentsFormInput, UploadFormLink } from './dto/upload-form.dto.js';
import { MCP_APP_MIME_TYPE, UPLOAD_FORM_RESOURCE_URI, uploadFormPage } from './upload-form-page.js';
import { UploadFormsService } from './upload-forms.service.js';

@Injectable()
export class UploadFormTools {
  private readonly agentsOrigin: string;

  constructor(
    private readonly forms: UploadFormsService,
    config: AppConfig,
  ) {
    this.agentsOrigin = new URL(config.agentsUrl).origin;
  }

  @McpTool({
    name: 'display_upload_documents_form',
    title: 'Show an upload form',
    description:
      'A short-lived link to a hosted page where a person drops files (PDF, DOCX, PPTX, XLSX, CSV, text, PNG, JPEG) into this account, and into the workspace when workspaceId is given; ' +
      'clients that render MCP Apps show the same form inline. Each file becomes a READY document.',
    input: DisplayUploadDocumentsFormInput,
    output: UploadFormLink,
    annotations: ToolAnnotationPresets.createsOwnData,
    workspace: { argument: 'workspaceId', storeOutputAs: false },
    meta: { ui: { resourceUri: UPLOAD_FORM_RESOURCE_URI }, 'ui/resourceUri': UPLOAD_FORM_RESOURCE_URI },
  })
  display(input: DisplayUploadDocumentsFormInput, context: ToolContext): Promise<UploadFormLink> {
    return this.forms.create(context.accountId, input);
  }

  @McpResource({
    uri: UPLOAD_FORM_RESOURCE_URI,
    name: 'upload-documents',
    title: 'Upload documents',
    description: 'The upload form of display_upload_documents_form as an MCP App: it takes the upload endpoint from the tool result.',
    mimeType: MCP_APP_MIME_TYPE,
  })
  async view(): Promise<McpResourceContents> {
    return { text: uploadFormPage({ nonce: 'mcp-app' }), meta: { ui: { csp: { connectDomains: [this.agentsOrigin] }, prefersBorder: true } } };
  }
}

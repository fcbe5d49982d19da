import { Injectable } from '@nestjs/common';
import { DOCUMENTS_TASK_TYPE } from '../documents/documents.service.js';
import { McpTool } from '../mcp/tools/mcp-tool.decorator.js';
import type { ToolContext } from '../mcp/tools/tool-call.js';
import { FetchSharelinkDocumentInput, SharelinkDocumentResult } from './dto/fetch-sharelink-document.dto.js';
import { SharelinkDocumentsService } from './sharelink-documents.service.js';

@Injectable()
export class SharelinkTools {
  constructor(private readonly sharelinks: SharelinkDocumentsService) {}

  @McpTool({
    name: 'fetch_sharelink_document',
    title: 'Fetch the document behind a share link',
    description:
      'Downloads the deck behind a share link and stores it as a document (READY: type sniffed from the bytes, pages counted, text extracted), for pitch_deck_precheck and the analysis tools. ' +
      "A Papermark document link goes through Papermark's API with your sharelink key (configure_data_provider {provider: 'sharelink'}) and returns its engagement analytics (views, viewers, dwell time per page). " +
      'Other links are fetched directly: a link to a PDF, DOCX, XLSX, CSV or text file, or a public Google Drive, Dropbox or OneDrive share link; analytics is then null. ' +
      'Only public internet addresses are fetched (at most 5 redirects, DOCUMENT_MAX_BYTES); a link to a web page is refused.',
    input: FetchSharelinkDocumentInput,
    output: SharelinkDocumentResult,
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
    workspace: { argument: 'workspaceId', storeOutputAs: DOCUMENTS_TASK_TYPE },
  })
  fetch(input: FetchSharelinkDocumentInput, context: ToolContext): Promise<SharelinkDocumentResult> {
    return this.sharelinks.fetch(context.accountId, input.link, input.workspaceId);
  }
}

import { Injectable } from '@nestjs/common';
import { McpTool, ToolAnnotationPresets } from '../mcp/tools/mcp-tool.decorator.js';
import type { ToolContext } from '../mcp/tools/tool-call.js';
import { DOCUMENTS_TASK_TYPE, DocumentsService } from './documents.service.js';
import { DocumentResult, SubmitDocumentsInput } from './dto/submit-documents.dto.js';

@Injectable()
export class DocumentTools {
  constructor(private readonly documents: DocumentsService) {}

  @McpTool({
    name: 'submit_documents',
    title: 'Submit a document',
    description:
      'Adds one document (PDF, DOCX, PPTX, XLSX, CSV, plain text, PNG or JPEG). With `content` (base64) and `fileName` it is READY at once: stored, then read (its type sniffed from the bytes, its pages counted: a PPTX slide or a spreadsheet sheet is a page, an image is one page, a DOCX or plain text one page per 3,000 characters; its text extracted) while the call waits a few seconds; scanned PDF pages and images are read by OCR while the document is processed, before the analysis tools use it. A file still being read when the call answers comes back READY with `processingStatus` and without `pageCount`; the analysis tools wait for it. ' +
      'Without content it is PENDING_UPLOAD and the result holds a single-use `uploadUrl` that takes the file by PUT (raw bytes) or multipart POST (field "file"); use it for large files. ' +
      "Refused with INVALID_INPUT naming the reason: files that cannot be read whole (encrypted, corrupt, a PDF truncated in transfer, a compressed part that inflates past the service's limits) and documents over the service's page, spreadsheet-row or text limits (the refusal names both figures; submit the part to be analysed).",
    input: SubmitDocumentsInput,
    output: DocumentResult,
    annotations: ToolAnnotationPresets.createsOwnData,
    workspace: { argument: 'workspaceId', storeOutputAs: DOCUMENTS_TASK_TYPE },
  })
  submit(input: SubmitDocumentsInput, context: ToolContext): Promise<DocumentResult> {
    const description = { fileName: input.fileName, mimeType: input.mimeType, documentType: input.documentType, workspaceId: input.workspaceId };
    return input.content === undefined
      ? this.documents.createPending(context.accountId, description)
      : this.documents.submitContent(context.accountId, input.content, description);
  }
}

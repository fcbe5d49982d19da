import { Injectable } from '@nestjs/common';
import { InvalidInputException } from '../common/errors/app.exception.js';
import { ToolUnitCounterProvider, type McpToolOptions } from '../mcp/tools/mcp-tool.decorator.js';
import type { ToolContext, ToolUnitCounter } from '../mcp/tools/tool-call.js';
import { DocumentsService } from './documents.service.js';

/** The name a per-page tool gives in `metering.units.counter`. */
export const DOCUMENT_PAGES = 'document-pages';

/**
 * The pages of one of the caller's READY documents: what a per-page tool is metered in. Another
 * account's document answers NOT_FOUND, so nothing is reserved for it.
 */
@Injectable()
@ToolUnitCounterProvider({ name: DOCUMENT_PAGES, unit: 'page' })
export class DocumentPageCounter implements ToolUnitCounter {
  constructor(private readonly documents: DocumentsService) {}

  async count(documentId: unknown, context: ToolContext, tool: McpToolOptions): Promise<number> {
    const argument = tool.metering?.units?.argument;
    if (typeof documentId !== 'string') throw new InvalidInputException(`${tool.name} is priced per page and needs ${argument}.`);
    const document = await this.documents.requireOwned(context.accountId, documentId);
    if (document.status !== 'READY' || !document.pageCount) throw new InvalidInputException(`Document ${documentId} is not READY yet: upload its bytes first.`);
    return document.pageCount;
  }
}

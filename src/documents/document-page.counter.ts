import { Injectable } from '@nestjs/common';
import { InvalidInputException } from '../common/errors/app.exception.js';
import { ToolUnitCounterProvider, type McpToolOptions } from '../mcp/tools/mcp-tool.decorator.js';
import type { ToolContext, ToolUnitCounter } from '../mcp/tools/tool-call.js';
import { DocumentsService } from './documents.service.js';

/** The name a per-page tool gives in `metering.units.counter`. */
export const DOCUMENT_PAGES = 'document-pages';

/**
 * The pages of one of the caller's READY documents: what a per-page tool is metered in, counted
 * once the document is processed (waiting as the tool would, then RATE_LIMITED), so that a call
 * reserves nothing while it waits. Another account's document answers NOT_FOUND, and one that
 * could not be read its reason, so nothing is reserved for either.
 */
@Injectable()
@ToolUnitCounterProvider({ name: DOCUMENT_PAGES, unit: 'page' })
export class DocumentPageCounter implements ToolUnitCounter {
  constructor(private readonly documents: DocumentsService) {}

  async count(documentId: unknown, context: ToolContext, tool: McpToolOptions): Promise<number> {
    const argument = tool.metering?.units?.argument;
    if (typeof documentId !== 'string') throw new InvalidInputException(`${tool.name} is priced per page and needs ${argument}.`);
    const document = await this.documents.awaitProcessed(context.accountId, documentId);
    return document.pageCount ?? 0;
  }
}

/** The name a per-page tool over one document or a whole workspace gives in `metering.units.counter`. */
export const DOCUMENT_OR_WORKSPACE_PAGES = 'document-or-workspace-pages';

/**
 * The pages of `documentId` when the call names one (as DocumentPageCounter counts them), else the
 * pages of every READY document filed in the call's `workspaceId` (whose ownership the access step
 * has checked): what a tool that reads one document or a whole workspace (risk_discovery_agent) is
 * metered in.
 */
@Injectable()
@ToolUnitCounterProvider({ name: DOCUMENT_OR_WORKSPACE_PAGES, unit: 'page' })
export class DocumentOrWorkspacePageCounter implements ToolUnitCounter {
  constructor(
    private readonly documentPages: DocumentPageCounter,
    private readonly documents: DocumentsService,
  ) {}

  async count(documentId: unknown, context: ToolContext, tool: McpToolOptions, input: object): Promise<number> {
    if (documentId !== undefined) return this.documentPages.count(documentId, context, tool);
    const workspaceId = (input as { workspaceId?: unknown }).workspaceId;
    if (typeof workspaceId !== 'string') throw new InvalidInputException(`${tool.name} needs documentId (one document) or workspaceId (every document in it).`);
    const pages = await this.documents.readyPagesInWorkspace(workspaceId);
    if (pages === 0) throw new InvalidInputException(`Workspace ${workspaceId} holds no READY document: submit one with submit_documents and its workspaceId.`);
    return pages;
  }
}

import { Injectable } from '@nestjs/common';
import { InvalidInputException } from '../common/errors/app.exception.js';
import { AppConfig } from '../config/app-config.js';
import { DocumentsService } from '../documents/documents.service.js';
import { ToolCallInterceptorProvider } from '../mcp/tools/mcp-tool.decorator.js';
import type { ToolCall, ToolCallInterceptor } from '../mcp/tools/tool-call.js';
import { BillingService } from './billing.service.js';

/**
 * Meters every tool declared with a `usage` key: reserves the call's units (one per call, or the
 * pages of its `documentId` for per-page keys) before the tool runs, commits them when it
 * succeeds and releases them when it fails. Tools never call billing themselves.
 */
@Injectable()
@ToolCallInterceptorProvider({ order: 50 })
export class MeteringInterceptor implements ToolCallInterceptor {
  constructor(
    private readonly billing: BillingService,
    private readonly documents: DocumentsService,
    private readonly config: AppConfig,
  ) {}

  async intercept(call: ToolCall, next: () => Promise<unknown>): Promise<unknown> {
    const usageKey = call.tool.usage;
    if (!usageKey) return next();
    const units = this.config.usagePlan[usageKey].unit === 'page' ? await this.pagesOf(call) : 1;
    const reservation = await this.billing.reserve({ accountId: call.context.accountId, usageKey, units, toolName: call.tool.name });
    let output: unknown;
    try {
      output = await next();
    } catch (error) {
      await this.billing.release(reservation);
      throw error;
    }
    await this.billing.commit(reservation);
    return output;
  }

  private async pagesOf(call: ToolCall): Promise<number> {
    const documentId = (call.input as { documentId?: unknown }).documentId;
    if (typeof documentId !== 'string') throw new InvalidInputException(`${call.tool.name} is priced per page and needs a documentId.`);
    const document = await this.documents.requireOwned(call.context.accountId, documentId);
    if (document.status !== 'READY' || !document.pageCount) throw new InvalidInputException(`Document ${documentId} is not READY yet: upload its bytes first.`);
    return document.pageCount;
  }
}

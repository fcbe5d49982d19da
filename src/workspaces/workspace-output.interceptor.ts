import { Injectable } from '@nestjs/common';
import { ToolCallInterceptorProvider } from '../mcp/tools/mcp-tool.decorator.js';
import type { ToolCall, ToolCallInterceptor } from '../mcp/tools/tool-call.js';
import { WorkspacesService } from './workspaces.service.js';

/**
 * Every call that carries a `workspaceId` must name one of the caller's workspaces (else
 * NOT_FOUND, before the tool runs), and its output is stored there under the tool's task type
 * (unless the tool has none).
 */
@Injectable()
@ToolCallInterceptorProvider({ order: 100 })
export class WorkspaceOutputInterceptor implements ToolCallInterceptor {
  constructor(private readonly workspaces: WorkspacesService) {}

  async intercept(call: ToolCall, next: () => Promise<unknown>): Promise<unknown> {
    const workspaceId = (call.input as { workspaceId?: unknown }).workspaceId;
    if (typeof workspaceId !== 'string') return next();
    if (!call.tool.checksWorkspaceAccess) await this.workspaces.assertOwned(call.context.accountId, workspaceId);
    const output = await next();
    if (call.tool.taskType === false) return output;
    await this.workspaces.storeOutput(workspaceId, call.tool.taskType ?? call.tool.name, call.tool.name, output);
    return output;
  }
}

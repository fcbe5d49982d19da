import { Injectable } from '@nestjs/common';
import { ToolCallInterceptorProvider } from '../mcp/tools/mcp-tool.decorator.js';
import { ToolCallStage, type ToolCall, type ToolCallInterceptor } from '../mcp/tools/tool-call.js';
import { WorkspacesService } from './workspaces.service.js';

/**
 * A call that names a workspace (through the argument its tool declared) must name one of the
 * caller's workspaces, else NOT_FOUND before anything else happens: before metering, so that a
 * call naming another account's workspace reserves nothing.
 */
@Injectable()
@ToolCallInterceptorProvider({ stage: ToolCallStage.access })
export class WorkspaceAccessInterceptor implements ToolCallInterceptor {
  constructor(private readonly workspaces: WorkspacesService) {}

  async intercept(call: ToolCall, next: () => Promise<unknown>): Promise<unknown> {
    if (call.workspaceId !== undefined && !call.tool.workspace?.accessCheckedByTool)
      await this.workspaces.assertOwned(call.context.accountId, call.workspaceId);
    return next();
  }
}

/**
 * The output of a call that names a workspace is stored there under the tool's task type (unless
 * it has none), inside metering: a call whose output could not be stored is not charged.
 */
@Injectable()
@ToolCallInterceptorProvider({ stage: ToolCallStage.output })
export class WorkspaceOutputInterceptor implements ToolCallInterceptor {
  constructor(private readonly workspaces: WorkspacesService) {}

  async intercept(call: ToolCall, next: () => Promise<unknown>): Promise<unknown> {
    const output = await next();
    const taskType = call.tool.workspace?.storeOutputAs;
    if (call.workspaceId === undefined || taskType === false) return output;
    await this.workspaces.storeOutput(call.workspaceId, taskType ?? call.tool.name, call.tool.name, output);
    return output;
  }
}

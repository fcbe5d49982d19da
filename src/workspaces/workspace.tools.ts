import { Injectable } from '@nestjs/common';
import { McpTool, ToolAnnotationPresets } from '../mcp/tools/mcp-tool.decorator.js';
import type { ToolContext } from '../mcp/tools/tool-call.js';
import { CreateDealWorkspaceInput, DealWorkspaceResult, DealWorkspaceWithOutputsResult, GetDealWorkspaceInput } from './dto/workspace.dto.js';
import { WorkspacesService } from './workspaces.service.js';

@Injectable()
export class WorkspaceTools {
  constructor(private readonly workspaces: WorkspacesService) {}

  @McpTool({
    name: 'create_deal_workspace',
    title: 'Create a deal workspace',
    description: 'Opens a workspace for one deal. Pass its workspaceId to later tools: each result is stored in the workspace under its task type.',
    input: CreateDealWorkspaceInput,
    output: DealWorkspaceResult,
    annotations: ToolAnnotationPresets.createsOwnData,
  })
  create(input: CreateDealWorkspaceInput, context: ToolContext): Promise<DealWorkspaceResult> {
    return this.workspaces.create(context.accountId, input.clientName, input.metadata);
  }

  @McpTool({
    name: 'get_deal_workspace',
    title: 'Read a deal workspace',
    description: 'The workspace metadata and every task output stored in it, by task type (newest first).',
    input: GetDealWorkspaceInput,
    output: DealWorkspaceWithOutputsResult,
    annotations: ToolAnnotationPresets.readsOwnData,
    workspace: { argument: 'workspaceId', storeOutputAs: false, accessCheckedByTool: true },
  })
  get(input: GetDealWorkspaceInput, context: ToolContext): Promise<DealWorkspaceWithOutputsResult> {
    return this.workspaces.withOutputs(context.accountId, input.workspaceId);
  }
}

import { SetMetadata, type Type } from '@nestjs/common';
import type { ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';
import type { UsageKey } from '../../billing/usage-plan.js';

export const MCP_TOOL = Symbol('mcp-tool');
export const TOOL_CALL_INTERCEPTOR = Symbol('tool-call-interceptor');
export const MCP_RESOURCE = Symbol('mcp-resource');

export interface McpResourceOptions {
  uri: string;
  name: string;
  title?: string;
  description: string;
  mimeType: string;
}

/** What a resource method returns: its text and the `_meta` of its contents. */
export interface McpResourceContents {
  text: string;
  meta?: Record<string, unknown>;
}

/** Makes a provider method `() => Promise<McpResourceContents>` an MCP resource, listed and read by URI. */
export const McpResource = (options: McpResourceOptions): MethodDecorator => SetMetadata(MCP_RESOURCE, options);

export interface McpToolOptions {
  /** The exact tool name of SERVICE-SPEC 4.4. */
  name: string;
  title?: string;
  description: string;
  /** One class gives validation (class-validator), `inputSchema` and the OpenAPI component (swagger). */
  input: Type;
  /** Declared where the result's shape is known: becomes `outputSchema`. */
  output?: Type;
  annotations?: ToolAnnotations;
  /** The usage key the call is metered under (SERVICE-SPEC 8.1, 8.2); absent: free and unmetered. */
  usage?: UsageKey;
  /** The tool's `_meta`, e.g. the MCP Apps `ui.resourceUri` of the view that shows its result. */
  meta?: Record<string, unknown>;
  /**
   * The task type under which the result of a call carrying `workspaceId` is stored in that
   * workspace (default: the tool name); false for tools whose result is not a task output.
   */
  taskType?: string | false;
  /**
   * The tool reads the workspace with the caller's ownership in its own query (and answers
   * NOT_FOUND itself), so the interceptor's separate check would only repeat it.
   */
  checksWorkspaceAccess?: true;
}

/**
 * Makes a provider method an MCP tool: `(input: InputClass, context: ToolContext) => Promise<Output>`.
 * Found at start-up in every module; nothing else to register.
 */
export const McpTool = (options: McpToolOptions): MethodDecorator => SetMetadata(MCP_TOOL, options);

/**
 * Marks a provider as a tool-call interceptor (ToolCallInterceptor), run around every tool call
 * in ascending `order`: the place for cross-cutting behaviour such as metering and storing
 * outputs in workspaces.
 */
export const ToolCallInterceptorProvider = (options: { order: number }): ClassDecorator => SetMetadata(TOOL_CALL_INTERCEPTOR, options);

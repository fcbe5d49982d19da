import type { Principal } from '../../oauth/tokens/principal.js';
import type { McpToolOptions } from './mcp-tool.decorator.js';

/** Who is calling, for every tool: the verified access token's principal. */
export interface ToolContext {
  principal: Principal;
  /** The account that owns everything the call reads or writes. */
  accountId: string;
  /** The HTTP request id, for correlating logs. */
  requestId: string;
}

/** One validated tool call, as interceptors see it. */
export interface ToolCall {
  tool: McpToolOptions;
  /** The validated input, an instance of the tool's input class. */
  input: object;
  context: ToolContext;
}

/** Runs around every tool call; `next()` runs the rest of the chain and the tool, and returns its output. */
export interface ToolCallInterceptor {
  intercept(call: ToolCall, next: () => Promise<unknown>): Promise<unknown>;
}

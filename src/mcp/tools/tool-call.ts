import type { AppException } from '../../common/errors/app.exception.js';
import type { Principal } from '../../oauth/tokens/principal.js';
import type { McpToolOptions } from './mcp-tool.decorator.js';

/** Who is calling, for every tool: the verified access token's principal. */
export interface ToolContext {
  principal: Principal;
  /** The account that owns everything the call reads or writes. */
  accountId: string;
  /** The HTTP request id, for correlating logs. */
  requestId: string;
  /** From the Idempotency-Key header or `params._meta.idempotencyKey`: a retry is answered from the first result. */
  idempotencyKey?: string;
  /**
   * Where a failure that must be answered at the HTTP level (402) is left for the endpoint, since
   * inside the JSON-RPC exchange it could only become a JSON-RPC error.
   */
  escalation: { failure?: AppException };
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

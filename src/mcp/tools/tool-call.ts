import type { McpToolOptions } from './mcp-tool.decorator.js';

/**
 * Who is calling and on which request: everything a tool and the cross-cutting steps know of a
 * call besides its arguments. Built once per request by the MCP endpoint and passed as it is.
 */
export interface ToolContext {
  /** The account that owns everything the call reads or writes. */
  readonly accountId: string;
  /** The OAuth client the access token was issued to. */
  readonly clientId: string;
  /** The HTTP request id, for correlating logs. */
  readonly requestId: string;
  /** From `params._meta.idempotencyKey`, else the Idempotency-Key header: a retry is answered from the first result. */
  readonly idempotencyKey?: string;
}

/** One validated tool call, as interceptors see it. */
export interface ToolCall {
  readonly tool: McpToolOptions;
  /** The validated input, an instance of the tool's input class. */
  readonly input: object;
  readonly context: ToolContext;
  /** The workspace the call names, through the argument the tool declared (`workspace`). */
  readonly workspaceId?: string;
  /**
   * The units the call is metered in: 1 for a per-call tool, else what the tool's unit counter
   * counts for the declared argument (the pages of `documentId`, say). The counter checks that the
   * caller may read what it counts.
   */
  meteredUnits(): Promise<number>;
}

/** Runs around every tool call; `next()` runs the rest of the chain and the tool, and returns its output. */
export interface ToolCallInterceptor {
  intercept(call: ToolCall, next: () => Promise<unknown>): Promise<unknown>;
}

/**
 * Counts the units of a metered call from one of its arguments (e.g. a document's pages), for tools
 * that declare `metering.units: { counter, argument }`. Provided by the module that owns what is
 * counted, so that metering never reaches into it.
 */
export interface ToolUnitCounter {
  /**
   * `value` is the declared argument as validated; absent when the caller left an optional one out.
   * `input` is the whole validated input, for a counter whose units depend on another argument too
   * (the pages of `documentId`, else of every document in `workspaceId`).
   */
  count(value: unknown, context: ToolContext, tool: McpToolOptions, input: object): Promise<number>;
}

/**
 * Where each cross-cutting step runs in the chain, outermost first. The order is the contract:
 * a replayed call is never metered, a call naming another account's workspace reserves nothing,
 * and an output is stored only while its units are still held (a failed store releases them).
 */
export const ToolCallStage = {
  /** Idempotency: a retry with the same key is answered from the first result. */
  replay: 100,
  /** Ownership of what the call names (the workspace). */
  access: 200,
  /** Reserve units before the tool runs; commit after, release on failure. */
  metering: 300,
  /** Store the output in the workspace. */
  output: 400,
} as const;

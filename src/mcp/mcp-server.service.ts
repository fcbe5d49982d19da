import { Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  ErrorCode,
  InitializeRequestSchema,
  PingRequestSchema,
  isJSONRPCNotification,
  isJSONRPCRequest,
  JSONRPCMessageSchema,
  ListResourcesRequestSchema,
  ListToolsRequestSchema,
  ReadResourceRequestSchema,
  type CallToolRequest,
  type JSONRPCErrorResponse,
  type JSONRPCResponse,
} from '@modelcontextprotocol/sdk/types.js';
import { SERVICE_NAME, SERVICE_VERSION } from '../config/public-urls.js';
import { InvalidInputException } from '../common/errors/app.exception.js';
import { InProcessTransport } from './in-process-transport.js';
import type { ToolContext } from './tools/tool-call.js';
import { answeredOverHttp, callToolResultJson, JsonRpcError, ToolRegistry, toolErrorResult } from './tools/tool-registry.service.js';

/**
 * The SDK reports params that fail its schema as an internal error (-32603); they are checked
 * here first so that the caller gets -32602 naming the bad params (DECISIONS.md "Errors").
 */
const PARAMS_CHECKED = new Map<string, { safeParse(value: unknown): { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } } }>([
  ['initialize', InitializeRequestSchema],
  ['tools/call', CallToolRequestSchema],
  ['tools/list', ListToolsRequestSchema],
  ['ping', PingRequestSchema],
  ['resources/list', ListResourcesRequestSchema],
  ['resources/read', ReadResourceRequestSchema],
]);

/** Protocol versions without JSON-RPC batches (removed in 2025-06-18). */
const VERSIONS_WITHOUT_BATCHES = new Set(['2025-06-18', '2025-11-25']);

/** The answer to one HTTP request: JSON-RPC responses as JSON text, or 202 when there is none to send. */
export type McpExchange = { status: 200; json: string } | { status: 202 };

/** A response whose result is already JSON text (tools/list's, a tool call's), so that it is not serialized again. */
interface SerializedResponse {
  jsonrpc: '2.0';
  id: string | number;
  resultJson: string;
}

type Answer = JSONRPCResponse | SerializedResponse;

function toJson(answer: Answer): string {
  return 'resultJson' in answer ? `{"jsonrpc":"2.0","id":${JSON.stringify(answer.id)},"result":${answer.resultJson}}` : JSON.stringify(answer);
}

/** One HTTP request to /mcp, as the endpoint read it. */
export interface McpRequest {
  /** The caller, for every tool call of the request; its idempotency key is the Idempotency-Key header, if any. */
  context: ToolContext;
  /** The MCP-Protocol-Version header, when the client sent one. */
  protocolVersion?: string;
}

/** JSON-RPC 2.0 answers an unreadable request with id null; the SDK's type leaves it out. */
function errorResponse(id: string | number | null, code: number, message: string): JSONRPCErrorResponse {
  return { jsonrpc: '2.0', id, error: { code, message } } as unknown as JSONRPCErrorResponse;
}

/**
 * The MCP server: one SDK `Server`, built once, which keeps the SDK's protocol handling (version
 * negotiation, request schemas, error codes) without rebuilding it per request, behind an
 * in-process bridge that carries each HTTP request's JSON-RPC messages to it and its answers back.
 */
@Injectable()
export class McpServerService implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(McpServerService.name);
  private readonly transport = new InProcessTransport();
  private readonly server = new Server(
    { name: SERVICE_NAME, version: SERVICE_VERSION },
    {
      capabilities: { tools: { listChanged: false }, resources: { listChanged: false } },
      instructions:
        'Underwriting tools. Start with create_deal_workspace, add evidence with submit_documents (or display_upload_documents_form for a person), ' +
        'then pass the workspaceId to every later call: each result is stored in the workspace, and get_deal_workspace returns them all by task type.',
    },
  );

  constructor(private readonly tools: ToolRegistry) {
    this.server.setRequestHandler(ListResourcesRequestSchema, () => ({ resources: this.tools.resources() }));
    this.server.setRequestHandler(ReadResourceRequestSchema, (request) => this.tools.readResource(request.params.uri));
  }

  async onModuleInit(): Promise<void> {
    await this.server.connect(this.transport);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.server.close();
  }

  /**
   * One HTTP request's body: a message, or a batch where the protocol version allows one. A tool
   * call that must be answered over HTTP (402) fails the whole request, once every entry of its
   * batch has finished, so that no entry is left running unanswered.
   */
  async exchange(body: unknown, request: McpRequest): Promise<McpExchange> {
    if (Array.isArray(body)) {
      if (request.protocolVersion && VERSIONS_WITHOUT_BATCHES.has(request.protocolVersion)) {
        return {
          status: 200,
          json: toJson(
            errorResponse(
              null,
              ErrorCode.InvalidRequest,
              `Invalid Request: protocol version ${request.protocolVersion} has no JSON-RPC batches; send one message per request.`,
            ),
          ),
        };
      }
      if (body.length === 0) return { status: 200, json: toJson(errorResponse(null, ErrorCode.InvalidRequest, 'Invalid Request: an empty batch.')) };
      const settled = await Promise.allSettled(body.map((message) => this.one(message, request.context)));
      const responses: string[] = [];
      for (const entry of settled) {
        if (entry.status === 'rejected') throw entry.reason;
        if (entry.value) responses.push(toJson(entry.value));
      }
      return responses.length > 0 ? { status: 200, json: `[${responses.join(',')}]` } : { status: 202 };
    }
    const response = await this.one(body, request.context);
    return response ? { status: 200, json: toJson(response) } : { status: 202 };
  }

  /**
   * The answer to one message: a response for a request or an invalid message, nothing otherwise.
   * Throws only what is answered over HTTP (402); an entry that fails unexpectedly answers -32603
   * for itself, and the other entries of its batch keep their answers.
   */
  private async one(message: unknown, context: ToolContext): Promise<Answer | undefined> {
    try {
      return await this.answer(message, context);
    } catch (error) {
      if (answeredOverHttp(error)) throw error;
      const id = idOf(message);
      if (error instanceof JsonRpcError) return errorResponse(id, error.code, error.message);
      this.logger.error({ err: error, correlationId: context.requestId }, 'JSON-RPC message failed');
      return errorResponse(id, ErrorCode.InternalError, `Internal error; quote urn:uuid:${context.requestId} when reporting it.`);
    }
  }

  private async answer(message: unknown, context: ToolContext): Promise<Answer | undefined> {
    const parsed = JSONRPCMessageSchema.safeParse(message);
    if (!parsed.success)
      return errorResponse(idOf(message), ErrorCode.InvalidRequest, 'Invalid Request: not a JSON-RPC 2.0 request, notification or response.');
    if (isJSONRPCRequest(parsed.data)) {
      const schema = PARAMS_CHECKED.get(parsed.data.method);
      const checked = schema?.safeParse(parsed.data);
      if (checked && !checked.success) {
        const problems = checked.error!.issues.map((issue) => `${issue.path.join('.') || '(request)'}: ${issue.message}`).join('; ');
        return errorResponse(parsed.data.id, ErrorCode.InvalidParams, `Invalid params for ${parsed.data.method}: ${problems}`);
      }
      if (parsed.data.method === 'tools/call') {
        const result = await this.callTool(parsed.data.params as CallToolRequest['params'], context);
        return { jsonrpc: '2.0', id: parsed.data.id, resultJson: callToolResultJson(result) };
      }
      // One page holds every tool (no cursor), the same for every caller.
      if (parsed.data.method === 'tools/list') return { jsonrpc: '2.0', id: parsed.data.id, resultJson: this.tools.listResultJson() };
      return this.transport.request(parsed.data);
    }
    if (isJSONRPCNotification(parsed.data)) this.transport.notify(parsed.data);
    // Responses from the client answer requests this server never sends: nothing to do.
    return undefined;
  }

  /**
   * tools/call goes to the registry directly (its params were checked against the SDK's schema
   * above): the call's context travels as a typed argument, and a 402 leaves as an exception,
   * neither of which the SDK's request handlers can carry. The idempotency key is read here only:
   * `params._meta.idempotencyKey` first, else the Idempotency-Key header.
   */
  private callTool(params: CallToolRequest['params'], context: ToolContext) {
    const metaKey = params._meta?.idempotencyKey;
    if (metaKey !== undefined && typeof metaKey !== 'string') {
      return Promise.resolve(toolErrorResult(new InvalidInputException('params._meta.idempotencyKey must be a string of 1-255 visible ASCII characters.')));
    }
    return this.tools.call(params.name, params.arguments ?? {}, metaKey === undefined ? context : { ...context, idempotencyKey: metaKey });
  }
}

function idOf(message: unknown): string | number | null {
  const id = (message as { id?: unknown } | null)?.id;
  return typeof id === 'string' || typeof id === 'number' ? id : null;
}

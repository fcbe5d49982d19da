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
  type JSONRPCErrorResponse,
  type JSONRPCResponse,
  type MessageExtraInfo,
} from '@modelcontextprotocol/sdk/types.js';
import { SERVICE_NAME, SERVICE_VERSION } from '../config/public-urls.js';
import type { Principal } from '../oauth/tokens/principal.js';
import { InProcessTransport } from './in-process-transport.js';
import type { ToolContext } from './tools/tool-call.js';
import { ToolRegistry } from './tools/tool-registry.service.js';

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

export type McpExchange = { status: 200; body: JSONRPCResponse | JSONRPCResponse[] } | { status: 202 };

interface McpRequestContext {
  principal: Principal;
  requestId: string;
  /** The Idempotency-Key header. */
  idempotencyKey?: string;
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
    this.server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: this.tools.list() }));
    this.server.setRequestHandler(ListResourcesRequestSchema, () => ({ resources: this.tools.resources() }));
    this.server.setRequestHandler(ReadResourceRequestSchema, (request) => this.tools.readResource(request.params.uri));
    this.server.setRequestHandler(CallToolRequestSchema, (request, extra) => {
      const context = extra.authInfo?.extra?.toolContext as ToolContext;
      const metaKey = request.params._meta?.idempotencyKey;
      return this.tools.call(request.params.name, request.params.arguments ?? {}, typeof metaKey === 'string' ? { ...context, idempotencyKey: metaKey } : context);
    });
  }

  async onModuleInit(): Promise<void> {
    await this.server.connect(this.transport);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.server.close();
  }

  /** One HTTP request's body: a message, or a batch where the protocol version allows one. */
  async exchange(body: unknown, context: McpRequestContext): Promise<McpExchange> {
    const escalation: ToolContext['escalation'] = {};
    const toolContext: ToolContext = { principal: context.principal, accountId: context.principal.accountId, requestId: context.requestId, idempotencyKey: context.idempotencyKey, escalation };
    const extra: MessageExtraInfo = {
      authInfo: { token: '', clientId: context.principal.clientId, scopes: context.principal.scopes, extra: { toolContext } },
    };

    if (Array.isArray(body)) {
      if (context.protocolVersion && VERSIONS_WITHOUT_BATCHES.has(context.protocolVersion)) {
        return { status: 200, body: errorResponse(null, ErrorCode.InvalidRequest, `Invalid Request: protocol version ${context.protocolVersion} has no JSON-RPC batches; send one message per request.`) };
      }
      if (body.length === 0) return { status: 200, body: errorResponse(null, ErrorCode.InvalidRequest, 'Invalid Request: an empty batch.') };
      const responses = (await Promise.all(body.map((message) => this.one(message, extra)))).filter((response): response is JSONRPCResponse => response !== undefined);
      if (escalation.failure) throw escalation.failure;
      return responses.length > 0 ? { status: 200, body: responses } : { status: 202 };
    }
    const response = await this.one(body, extra);
    // A call refused for payment is an HTTP 402 problem record, not a JSON-RPC error (DECISIONS.md "Errors").
    if (escalation.failure) throw escalation.failure;
    return response ? { status: 200, body: response } : { status: 202 };
  }

  /**
   * The answer to one message: a response for a request or an invalid message, nothing otherwise.
   * Never throws: an entry that fails unexpectedly answers -32603 for itself, and the other entries
   * of its batch keep their answers.
   */
  private async one(message: unknown, extra: MessageExtraInfo): Promise<JSONRPCResponse | undefined> {
    try {
      return await this.answer(message, extra);
    } catch (error) {
      const context = extra.authInfo?.extra?.toolContext as ToolContext;
      this.logger.error({ err: error, correlationId: context.requestId }, 'JSON-RPC message failed');
      const id = (message as { id?: unknown } | null)?.id;
      return errorResponse(typeof id === 'string' || typeof id === 'number' ? id : null, ErrorCode.InternalError, `Internal error; quote urn:uuid:${context.requestId} when reporting it.`);
    }
  }

  private async answer(message: unknown, extra: MessageExtraInfo): Promise<JSONRPCResponse | undefined> {
    const parsed = JSONRPCMessageSchema.safeParse(message);
    if (!parsed.success) {
      const id = (message as { id?: unknown } | null)?.id;
      return errorResponse(typeof id === 'string' || typeof id === 'number' ? id : null, ErrorCode.InvalidRequest, 'Invalid Request: not a JSON-RPC 2.0 request, notification or response.');
    }
    if (isJSONRPCRequest(parsed.data)) {
      const schema = PARAMS_CHECKED.get(parsed.data.method);
      const checked = schema?.safeParse(parsed.data);
      if (checked && !checked.success) {
        const problems = checked.error!.issues.map((issue) => `${issue.path.join('.') || '(request)'}: ${issue.message}`).join('; ');
        return errorResponse(parsed.data.id, ErrorCode.InvalidParams, `Invalid params for ${parsed.data.method}: ${problems}`);
      }
      return this.transport.request(parsed.data, extra);
    }
    if (isJSONRPCNotification(parsed.data)) this.transport.notify(parsed.data, extra);
    // Responses from the client answer requests this server never sends: nothing to do.
    return undefined;
  }
}

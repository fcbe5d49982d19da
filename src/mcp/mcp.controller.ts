import { Body, Controller, Headers, Post, Req, Res } from '@nestjs/common';
import { ApiBody, ApiExtraModels, ApiOkResponse, ApiOperation, ApiTags, getSchemaPath } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppException, RateLimitedException } from '../common/errors/app.exception.js';
import { RateLimiterService, rateLimitHeaders } from '../common/rate-limit/rate-limiter.service.js';
import { AppConfig } from '../config/app-config.js';
import { ApiProblemResponses, RATE_LIMIT_RESPONSE_HEADERS } from '../common/http/api-responses.decorator.js';
import { ApiBearerSecurity } from '../oauth/tokens/bearer-auth.guard.js';
import { JsonRpcRequestSchema, JsonRpcResponseSchema } from './dto/json-rpc.schema.js';
import { McpServerService } from './mcp-server.service.js';

/**
 * POST /mcp: MCP over Streamable HTTP, stateless, JSON responses (SERVICE-SPEC 4.3). The caller is
 * authenticated before routing (installMcpAuthentication); this reads the JSON-RPC exchange. GET and
 * DELETE have no route, so the exception filter answers 405 with `Allow: POST`: a stateless server
 * opens no event stream and has no session to end.
 */
@ApiTags('MCP')
@Controller('mcp')
@ApiBearerSecurity()
export class McpController {
  constructor(
    private readonly mcp: McpServerService,
    private readonly rateLimiter: RateLimiterService,
    private readonly config: AppConfig,
  ) {}

  @Post()
  @ApiOperation({
    summary: 'MCP endpoint: JSON-RPC 2.0 over Streamable HTTP',
    description:
      'initialize, notifications/initialized (202), ping, tools/list, tools/call. Stateless: no Mcp-Session-Id. Answers application/json. ' +
      'JSON-RPC errors (HTTP 200): -32700 parse error, -32600 invalid request, -32601 unknown method, -32602 unknown tool or malformed params, -32603 internal. ' +
      "A tool that fails for a reason about the caller's data returns a result with isError: true and {error: {code, message}, hint}.",
  })
  @ApiExtraModels(JsonRpcRequestSchema, JsonRpcResponseSchema)
  @ApiBody({ schema: { oneOf: [{ $ref: getSchemaPath(JsonRpcRequestSchema) }, { type: 'array', items: { $ref: getSchemaPath(JsonRpcRequestSchema) } }] } })
  @ApiOkResponse({ type: JsonRpcResponseSchema, headers: RATE_LIMIT_RESPONSE_HEADERS })
  @ApiProblemResponses(400, 402, 406, 413, 415, 429)
  async post(
    @Body() body: unknown,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
    @Headers('accept') accept?: string,
    @Headers('mcp-protocol-version') protocolVersion?: string,
    @Headers('content-type') contentType?: string,
    @Headers('idempotency-key') idempotencyKey?: string,
  ): Promise<void> {
    if (!contentType?.toLowerCase().startsWith('application/json')) {
      throw new AppException({ status: 415, detail: 'Send JSON-RPC messages as application/json.' });
    }
    // Streamable HTTP clients accept both JSON and SSE; this server always answers JSON.
    if (accept && !/application\/json|application\/\*|\*\/\*/i.test(accept)) {
      throw new AppException({ status: 406, detail: 'This server answers application/json: include it in Accept.' });
    }
    if (Array.isArray(body)) {
      const refusal = await this.countBatch(body.length, request, reply);
      if (refusal) return void reply.status(200).header('content-type', 'application/json; charset=utf-8').send(JSON.stringify(refusal));
    }
    const { accountId, clientId } = request.principal!;
    const exchange = await this.mcp.exchange(body, { context: { accountId, clientId, requestId: request.id, idempotencyKey }, protocolVersion });
    if (exchange.status === 202) return void reply.status(202).send();
    void reply.status(200).header('content-type', 'application/json; charset=utf-8').send(exchange.json);
  }

  /**
   * A batch is as many messages as it holds: its size is bounded, and each entry counts against the
   * `mcp` rate limit (the request itself was counted once on arrival), before any entry runs.
   */
  private async countBatch(entries: number, request: FastifyRequest, reply: FastifyReply): Promise<object | undefined> {
    const max = this.config.mcpMaxBatchSize;
    if (entries > max) {
      return {
        jsonrpc: '2.0',
        id: null,
        error: { code: -32600, message: `Invalid Request: a batch of ${entries} messages; at most ${max} are accepted in one request (MCP_MAX_BATCH_SIZE).` },
      };
    }
    if (entries <= 1) return undefined;
    const decision = await this.rateLimiter.consume('mcp', request.principal!.accountId, entries - 1);
    const headers = rateLimitHeaders(decision);
    reply.headers(headers);
    if (!decision.allowed) throw new RateLimitedException(decision.resetSeconds, headers, decision.description);
    return undefined;
  }
}

import { Injectable, Logger, type Type } from '@nestjs/common';
import { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import { ErrorCode, type CallToolResult, type ReadResourceResult, type Resource, type Tool } from '@modelcontextprotocol/sdk/types.js';
import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import { AppException, InvalidInputException } from '../../common/errors/app.exception.js';
import { describeValidationErrors } from '../../common/validation/validation.pipe.js';
import { databaseUnavailableException } from '../../database/database-outage.js';
import { MCP_RESOURCE, MCP_TOOL, TOOL_CALL_INTERCEPTOR, type McpResourceContents, type McpResourceOptions, type McpToolOptions } from './mcp-tool.decorator.js';
import type { ToolCall, ToolCallInterceptor, ToolContext } from './tool-call.js';
import { jsonSchemaFor, type OpenApiSchemas } from './json-schema.js';

/**
 * A JSON-RPC error the SDK passes on as `{code, message}`. (The SDK's McpError would prefix the
 * message with "MCP error <code>: ".)
 */
export class JsonRpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

interface RegisteredResource {
  options: McpResourceOptions;
  read(): Promise<McpResourceContents>;
}

interface Registry {
  tools: Map<string, RegisteredTool>;
  resources: Map<string, RegisteredResource>;
  interceptors: ToolCallInterceptor[];
}

interface RegisteredTool {
  options: McpToolOptions;
  invoke(input: object, context: ToolContext): Promise<unknown>;
}

/** What an agent can act on when a call fails for a reason about its data (DECISIONS.md "Errors"). */
const HINTS: Partial<Record<string, string>> = {
  INVALID_INPUT: 'Correct the named arguments and call again; tools/list gives each tool\'s inputSchema.',
  NOT_FOUND: 'Check the id: it must come from an earlier call made with the same account.',
  FORBIDDEN: 'The caller may not do this with its current token or account.',
  RATE_LIMITED: 'Wait and call again.',
};

/**
 * Every MCP tool of the service, found at start-up on the providers of every module (@McpTool),
 * with the interceptors that run around each call (@ToolCallInterceptorProvider). Runs a call:
 * validates the arguments against the input class, runs the interceptor chain and the tool, and
 * shapes the result; failures about the caller's data become `isError` results, bugs -32603.
 */
@Injectable()
export class ToolRegistry {
  private readonly logger = new Logger(ToolRegistry.name);
  private discovered?: Registry;
  private listed: Tool[] = [];

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
    private readonly reflector: Reflector,
  ) {}

  private registry(): Registry {
    if (this.discovered) return this.discovered;
    const tools = new Map<string, RegisteredTool>();
    const resources = new Map<string, RegisteredResource>();
    const interceptors: { order: number; interceptor: ToolCallInterceptor }[] = [];
    for (const wrapper of this.discovery.getProviders()) {
      const instance = wrapper.instance as Record<string, unknown> | undefined;
      if (!instance || !wrapper.metatype || typeof instance !== 'object') continue;
      const interceptorOptions = this.reflector.get<{ order: number } | undefined>(TOOL_CALL_INTERCEPTOR, wrapper.metatype);
      if (interceptorOptions) interceptors.push({ order: interceptorOptions.order, interceptor: instance as unknown as ToolCallInterceptor });
      const prototype = Object.getPrototypeOf(instance) as Record<string, unknown>;
      for (const method of this.scanner.getAllMethodNames(prototype)) {
        const resource = this.reflector.get<McpResourceOptions | undefined>(MCP_RESOURCE, prototype[method] as () => unknown);
        if (resource) {
          const read = instance[method] as () => Promise<McpResourceContents>;
          resources.set(resource.uri, { options: resource, read: () => read.call(instance) });
        }
        const options = this.reflector.get<McpToolOptions | undefined>(MCP_TOOL, prototype[method] as () => unknown);
        if (!options) continue;
        if (tools.has(options.name)) throw new Error(`Two tools are named ${options.name}`);
        const handler = instance[method] as (input: object, context: ToolContext) => Promise<unknown>;
        tools.set(options.name, { options, invoke: (input, context) => handler.call(instance, input, context) });
      }
    }
    interceptors.sort((a, b) => a.order - b.order);
    this.discovered = { tools, resources, interceptors: interceptors.map((entry) => entry.interceptor) };
    return this.discovered;
  }

  /** The input and output classes, for the OpenAPI document's components. */
  modelClasses(): Type[] {
    return [...this.registry().tools.values()].flatMap(({ options }) => (options.output ? [options.input, options.output] : [options.input]));
  }

  /** Builds `tools/list` from the OpenAPI components generated from the same classes. */
  publishSchemas(schemas: OpenApiSchemas): void {
    this.listed = [...this.registry().tools.values()]
      .map(({ options }) => ({
        name: options.name,
        ...(options.title && { title: options.title }),
        description: options.description,
        inputSchema: jsonSchemaFor(options.input, schemas) as Tool['inputSchema'],
        ...(options.output && { outputSchema: jsonSchemaFor(options.output, schemas) as Tool['outputSchema'] }),
        ...(options.annotations && { annotations: options.annotations }),
        ...(options.meta && { _meta: options.meta }),
      }))
      .sort((a, b) => a.name.localeCompare(b.name));
  }

  list(): Tool[] {
    return this.listed;
  }

  resources(): Resource[] {
    return [...this.registry().resources.values()].map(({ options }) => ({ uri: options.uri, name: options.name, ...(options.title && { title: options.title }), description: options.description, mimeType: options.mimeType }));
  }

  async readResource(uri: string): Promise<ReadResourceResult> {
    const resource = this.registry().resources.get(uri);
    // -32002: "resource not found" in the MCP specification.
    if (!resource) throw new JsonRpcError(-32002, `Resource not found: ${uri}. resources/list names the resources of this server.`);
    const { text, meta } = await resource.read();
    return { contents: [{ uri, mimeType: resource.options.mimeType, text, ...(meta && { _meta: meta }) }] };
  }

  async call(name: string, args: Record<string, unknown>, context: ToolContext): Promise<CallToolResult> {
    const tool = this.registry().tools.get(name);
    if (!tool) throw new JsonRpcError(ErrorCode.InvalidParams, `Unknown tool: ${name}. tools/list names the tools of this server.`);

    let input: object;
    try {
      input = plainToInstance(tool.options.input, args) as object;
      // forbidUnknownValues off: a tool without parameters has an input class without rules, whose
      // empty arguments are valid (any argument is still refused as not whitelisted).
      const errors = await validate(input, { whitelist: true, forbidNonWhitelisted: true, forbidUnknownValues: false });
      if (errors.length > 0) return toolError(new InvalidInputException(`Invalid arguments for ${name}: ${describeValidationErrors(errors).join('; ')}.`));
    } catch (error) {
      // A validator that throws on some input is our fault, but the input is what it could not
      // read: the caller is told to check its arguments, and the error is logged, never echoed.
      this.logger.error({ err: error, correlationId: context.requestId, tool: name }, 'tool arguments could not be validated');
      return toolError(new InvalidInputException(`The arguments for ${name} could not be validated; check each against the tool's inputSchema.`));
    }

    const call: ToolCall = { tool: tool.options, input, context };
    const { interceptors } = this.registry();
    const run = (index: number): Promise<unknown> =>
      index < interceptors.length ? interceptors[index].intercept(call, () => run(index + 1)) : tool.invoke(input, context);
    try {
      const output = (await run(0)) as Record<string, unknown>;
      return { content: [{ type: 'text', text: JSON.stringify(output) }], structuredContent: output };
    } catch (error) {
      if (error instanceof AppException && error.status === 402) {
        context.escalation.failure = error;
        throw new JsonRpcError(ErrorCode.InternalError, 'Payment required: answered with HTTP 402.');
      }
      // Failures about the caller's data, and outages of a dependency (503: the same call may work later).
      if (error instanceof AppException && (error.status < 500 || error.status === 503)) return toolError(error);
      const outage = databaseUnavailableException(error);
      if (outage) return toolError(outage);
      this.logger.error({ err: error, correlationId: context.requestId, tool: name }, 'tool call failed');
      throw new JsonRpcError(ErrorCode.InternalError, `Internal error; quote urn:uuid:${context.requestId} when reporting it.`);
    }
  }
}

/**
 * A failure the caller can act on: a normal result with `isError` and `{error: {code, message},
 * hint}` as its JSON text. No structuredContent: it would be checked against the tool's
 * outputSchema, which describes success.
 */
function toolError(error: AppException): CallToolResult {
  const code = error.code ?? (error.status >= 500 ? 'INTERNAL_ERROR' : 'INVALID_INPUT');
  const hint = error.hint ?? HINTS[code];
  const retryAfter = Number(error.headers['Retry-After']);
  const body = { error: { code, message: error.detail ?? error.title, ...(retryAfter > 0 && { retryAfterSeconds: retryAfter }) }, ...(hint && { hint }) };
  return { isError: true, content: [{ type: 'text', text: JSON.stringify(body) }] };
}

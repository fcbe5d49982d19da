import { Injectable, Logger, type Type } from '@nestjs/common';
import { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import { ErrorCode, type CallToolResult, type ReadResourceResult, type Resource, type Tool } from '@modelcontextprotocol/sdk/types.js';
import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import { AppException, InvalidInputException } from '../../common/errors/app.exception.js';
import { describeValidationErrors } from '../../common/validation/validation.pipe.js';
import { databaseUnavailableException } from '../../database/database-outage.js';
import {
  MCP_RESOURCE,
  MCP_TOOL,
  TOOL_CALL_INTERCEPTOR,
  TOOL_UNIT_COUNTER,
  type McpResourceContents,
  type McpResourceOptions,
  type McpToolOptions,
  type ToolUnitCounterOptions,
} from './mcp-tool.decorator.js';
import type { ToolCall, ToolCallInterceptor, ToolContext, ToolUnitCounter } from './tool-call.js';
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

/**
 * A failure that leaves the tool call as an HTTP status rather than a JSON-RPC answer: 402, which
 * SERVICE-SPEC 4.3 answers on /mcp as a problem record. The endpoint lets it through.
 */
export function answeredOverHttp(error: unknown): error is AppException {
  return error instanceof AppException && error.status === 402;
}

interface RegisteredResource {
  options: McpResourceOptions;
  read(): Promise<McpResourceContents>;
}

interface RegisteredTool {
  options: McpToolOptions;
  invoke(input: object, context: ToolContext): Promise<unknown>;
}

interface RegisteredCounter {
  options: ToolUnitCounterOptions;
  counter: ToolUnitCounter;
}

interface Registry {
  tools: Map<string, RegisteredTool>;
  resources: Map<string, RegisteredResource>;
  interceptors: ToolCallInterceptor[];
  counters: Map<string, RegisteredCounter>;
}

/** A tool as the modules that check it at start-up see it (billing: its usage key and unit). */
export interface ToolDeclaration {
  options: McpToolOptions;
  /** "call" for per-call metering, else the unit of the tool's counter; undefined when unmetered. */
  meteringUnit?: string;
}

/** What an agent can act on when a call fails for a reason about its data (DECISIONS.md "Errors"). */
const HINTS: Partial<Record<string, string>> = {
  INVALID_INPUT: "Correct the named arguments and call again; tools/list gives each tool's inputSchema.",
  NOT_FOUND: 'Check the id: it must come from an earlier call made with the same account.',
  FORBIDDEN: 'The caller may not do this with its current token or account.',
  RATE_LIMITED: 'Wait and call again.',
};

/** The argument name that makes a tool a workspace tool: such a tool must declare `workspace`. */
const WORKSPACE_ARGUMENT = 'workspaceId';

/**
 * Every MCP tool of the service, found at start-up on the providers of every module (@McpTool),
 * with the interceptors that run around each call (@ToolCallInterceptorProvider) and the unit
 * counters metered tools name (@ToolUnitCounterProvider). Runs a call: validates the arguments
 * against the input class, runs the interceptor chain and the tool, and shapes the result;
 * failures about the caller's data become `isError` results, bugs -32603.
 */
@Injectable()
export class ToolRegistry {
  private readonly logger = new Logger(ToolRegistry.name);
  private discovered?: Registry;
  private listedJson = '{"tools":[]}';

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
    private readonly reflector: Reflector,
  ) {}

  private registry(): Registry {
    if (this.discovered) return this.discovered;
    const tools = new Map<string, RegisteredTool>();
    const resources = new Map<string, RegisteredResource>();
    const counters = new Map<string, RegisteredCounter>();
    const interceptors: { stage: number; interceptor: ToolCallInterceptor }[] = [];
    for (const wrapper of this.discovery.getProviders()) {
      const instance = wrapper.instance as Record<string, unknown> | undefined;
      if (!instance || !wrapper.metatype || typeof instance !== 'object') continue;
      const interceptorOptions = this.reflector.get<{ stage: number } | undefined>(TOOL_CALL_INTERCEPTOR, wrapper.metatype);
      if (interceptorOptions) interceptors.push({ stage: interceptorOptions.stage, interceptor: instance as unknown as ToolCallInterceptor });
      const counterOptions = this.reflector.get<ToolUnitCounterOptions | undefined>(TOOL_UNIT_COUNTER, wrapper.metatype);
      if (counterOptions) {
        if (counters.has(counterOptions.name)) throw new Error(`Two tool unit counters are named ${counterOptions.name}`);
        counters.set(counterOptions.name, { options: counterOptions, counter: instance as unknown as ToolUnitCounter });
      }
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
    interceptors.sort((a, b) => a.stage - b.stage);
    this.discovered = { tools, resources, counters, interceptors: interceptors.map((entry) => entry.interceptor) };
    return this.discovered;
  }

  /** The input and output classes, for the OpenAPI document's components. */
  modelClasses(): Type[] {
    return [...this.registry().tools.values()].flatMap(({ options }) => (options.output ? [options.input, options.output] : [options.input]));
  }

  /** Every tool with what the start-up checks of other modules need. */
  declarations(): ToolDeclaration[] {
    const { tools, counters } = this.registry();
    return [...tools.values()].map(({ options }) => ({
      options,
      meteringUnit: options.metering && (options.metering.units ? counters.get(options.metering.units.counter)?.options.unit : 'call'),
    }));
  }

  /**
   * Builds `tools/list` from the OpenAPI components generated from the same classes, and checks
   * each tool's declarations against its input schema: a tool that names an argument its input
   * lacks, a counter nobody provides, or takes a workspace without declaring it stops the start.
   */
  publishSchemas(schemas: OpenApiSchemas): void {
    const problems: string[] = [];
    const listed: Tool[] = [...this.registry().tools.values()]
      .map(({ options }) => {
        const inputSchema = jsonSchemaFor(options.input, schemas) as Tool['inputSchema'];
        problems.push(...this.declarationProblems(options, Object.keys(inputSchema.properties ?? {})));
        return {
          name: options.name,
          ...(options.title && { title: options.title }),
          description: options.description,
          inputSchema,
          ...(options.output && { outputSchema: jsonSchemaFor(options.output, schemas) as Tool['outputSchema'] }),
          ...(options.annotations && { annotations: options.annotations }),
          ...(options.meta && { _meta: options.meta }),
        };
      })
      .sort((a, b) => a.name.localeCompare(b.name));
    if (problems.length > 0) throw new Error(`MCP tool declarations do not match their inputs:\n- ${problems.join('\n- ')}`);
    this.listedJson = JSON.stringify({ tools: listed });
  }

  private declarationProblems(options: McpToolOptions, properties: string[]): string[] {
    const problems: string[] = [];
    // Typed against each tool's own input class; here any tool's, so plain strings.
    const workspaceArgument = options.workspace?.argument as string | undefined;
    if (workspaceArgument !== undefined && !properties.includes(workspaceArgument))
      problems.push(`${options.name}: workspace argument ${workspaceArgument} is not in ${options.input.name}`);
    if (workspaceArgument === undefined && properties.includes(WORKSPACE_ARGUMENT)) {
      problems.push(
        `${options.name}: its input has ${WORKSPACE_ARGUMENT} but the tool declares no workspace (declare workspace: { argument: '${WORKSPACE_ARGUMENT}' })`,
      );
    }
    const units = options.metering?.units as { counter: string; argument: string } | undefined;
    if (units) {
      if (!this.registry().counters.has(units.counter)) problems.push(`${options.name}: no provider counts ${units.counter} units (@ToolUnitCounterProvider)`);
      if (!properties.includes(units.argument))
        problems.push(`${options.name}: metered by ${units.counter} of ${units.argument}, which is not in ${options.input.name}`);
    }
    return problems;
  }

  /**
   * The `tools/list` result as JSON text, serialized once: with every tool's input and output
   * schema it is the largest answer of the service, and it only changes with a deployment.
   */
  listResultJson(): string {
    return this.listedJson;
  }

  resources(): Resource[] {
    return [...this.registry().resources.values()].map(({ options }) => ({
      uri: options.uri,
      name: options.name,
      ...(options.title && { title: options.title }),
      description: options.description,
      mimeType: options.mimeType,
    }));
  }

  async readResource(uri: string): Promise<ReadResourceResult> {
    const resource = this.registry().resources.get(uri);
    // -32002: "resource not found" in the MCP specification.
    if (!resource) throw new JsonRpcError(-32002, `Resource not found: ${uri}. resources/list names the resources of this server.`);
    const { text, meta } = await resource.read();
    return { contents: [{ uri, mimeType: resource.options.mimeType, text, ...(meta && { _meta: meta }) }] };
  }

  /**
   * Runs one call. Answers a CallToolResult (an `isError` one for failures about the caller's data),
   * throws a JsonRpcError for an unknown tool or a bug, and lets a failure that is answered over
   * HTTP (answeredOverHttp: 402) through as it is.
   */
  async call(name: string, args: Record<string, unknown>, context: ToolContext): Promise<CallToolResult> {
    const { tools, interceptors, counters } = this.registry();
    const tool = tools.get(name);
    if (!tool) throw new JsonRpcError(ErrorCode.InvalidParams, `Unknown tool: ${name}. tools/list names the tools of this server.`);

    let input: object;
    try {
      input = plainToInstance(tool.options.input, args);
      // forbidUnknownValues off: a tool without parameters has an input class without rules, whose
      // empty arguments are valid (any argument is still refused as not whitelisted).
      const errors = await validate(input, { whitelist: true, forbidNonWhitelisted: true, forbidUnknownValues: false });
      if (errors.length > 0)
        return toolErrorResult(new InvalidInputException(`Invalid arguments for ${name}: ${describeValidationErrors(errors).join('; ')}.`));
    } catch (error) {
      // A validator that throws on some input is our fault, but the input is what it could not
      // read: the caller is told to check its arguments, and the error is logged, never echoed.
      this.logger.error({ err: error, correlationId: context.requestId, tool: name }, 'tool arguments could not be validated');
      return toolErrorResult(new InvalidInputException(`The arguments for ${name} could not be validated; check each against the tool's inputSchema.`));
    }

    const { options } = tool;
    const argument = (key: string | undefined) => (key === undefined ? undefined : (input as Record<string, unknown>)[key]);
    const workspaceId = argument(options.workspace?.argument);
    const units = options.metering?.units;
    const call: ToolCall = {
      tool: options,
      input,
      context,
      workspaceId: typeof workspaceId === 'string' ? workspaceId : undefined,
      meteredUnits: async () => (units ? counters.get(units.counter)!.counter.count(argument(units.argument), context, options, input) : 1),
    };
    const run = (index: number): Promise<unknown> =>
      index < interceptors.length ? interceptors[index].intercept(call, () => run(index + 1)) : tool.invoke(input, context);
    try {
      const output = (await run(0)) as Record<string, unknown>;
      // The text is the structuredContent's JSON: callToolResultJson relies on it.
      return { content: [{ type: 'text', text: JSON.stringify(output) }], structuredContent: output };
    } catch (error) {
      if (answeredOverHttp(error)) throw error;
      // Failures about the caller's data, and outages of a dependency (503: the same call may work later).
      if (error instanceof AppException && (error.status < 500 || error.status === 503)) return toolErrorResult(error);
      const outage = databaseUnavailableException(error);
      if (outage) return toolErrorResult(outage);
      this.logger.error({ err: error, correlationId: context.requestId, tool: name }, 'tool call failed');
      throw new JsonRpcError(ErrorCode.InternalError, `Internal error; quote urn:uuid:${context.requestId} when reporting it.`);
    }
  }
}

/**
 * A result of `call` as JSON text. A successful one carries its output twice, as JSON text and as
 * structuredContent, and the text already is that JSON: it is reused rather than produced again.
 */
export function callToolResultJson(result: CallToolResult): string {
  const [first] = result.content;
  if (result.isError || result.structuredContent === undefined || first?.type !== 'text') return JSON.stringify(result);
  return `{"content":[{"type":"text","text":${JSON.stringify(first.text)}}],"structuredContent":${first.text}}`;
}

/**
 * A failure the caller can act on: a normal result with `isError` and `{error: {code, message},
 * hint}` as its JSON text. No structuredContent: it would be checked against the tool's
 * outputSchema, which describes success.
 */
export function toolErrorResult(error: AppException): CallToolResult {
  const code = error.code ?? (error.status >= 500 ? 'INTERNAL_ERROR' : 'INVALID_INPUT');
  const hint = error.hint ?? HINTS[code];
  const retryAfter = Number(error.headers['Retry-After']);
  const body = { error: { code, message: error.detail ?? error.title, ...(retryAfter > 0 && { retryAfterSeconds: retryAfter }) }, ...(hint && { hint }) };
  return { isError: true, content: [{ type: 'text', text: JSON.stringify(body) }] };
}

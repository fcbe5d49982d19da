import { SetMetadata, type Type } from '@nestjs/common';
import type { ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';

export const MCP_TOOL = Symbol('mcp-tool');
export const TOOL_CALL_INTERCEPTOR = Symbol('tool-call-interceptor');
export const TOOL_UNIT_COUNTER = Symbol('tool-unit-counter');
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

/** The names of an input class's properties: what a tool may declare as one of its arguments. */
type ArgumentOf<Input> = Extract<keyof Input, string>;

/** A tool whose call names a deal workspace. */
export interface ToolWorkspace<Input = object> {
  /** The argument holding the workspace id: the caller must own it (else NOT_FOUND, before anything is metered). */
  argument: ArgumentOf<Input>;
  /** The task type the output is stored under in that workspace (default: the tool name); false: not stored. */
  storeOutputAs?: string | false;
  /**
   * The tool reads the workspace with the caller's ownership in its own query (and answers
   * NOT_FOUND itself), so a separate check would only repeat it.
   */
  accessCheckedByTool?: true;
}

/** A metered tool: the usage key of the price table its calls are charged under, and how units are counted. */
export interface ToolMetering<Input = object> {
  /** A key of the usage plan; the billing module refuses to start when it is unknown or its unit differs. */
  usageKey: string;
  /** Absent: one unit per call. Else the named unit counter counts the units of this argument (e.g. `document-pages` of `documentId`). */
  units?: { counter: string; argument: ArgumentOf<Input> };
}

export interface McpToolOptions<Input = object> {
  /** The exact tool name of SERVICE-SPEC 4.4. */
  name: string;
  title?: string;
  description: string;
  /** One class gives validation (class-validator), `inputSchema` and the OpenAPI component (swagger). */
  input: Type<Input>;
  /** Declared where the result's shape is known: becomes `outputSchema`. */
  output?: Type;
  /** One of ToolAnnotationPresets, usually. */
  annotations?: ToolAnnotations;
  /** Free and unmetered when absent. */
  metering?: ToolMetering<Input>;
  /** Required when the input has a workspace argument: the registry refuses to start otherwise. */
  workspace?: ToolWorkspace<Input>;
  /** The tool's `_meta`, e.g. the MCP Apps `ui.resourceUri` of the view that shows its result. */
  meta?: Record<string, unknown>;
}

/**
 * Makes a provider method an MCP tool: `(input: InputClass, context: ToolContext) => Promise<Output>`.
 * Found at start-up in every module; nothing else to register.
 */
export const McpTool = <Input>(options: McpToolOptions<Input>): MethodDecorator => SetMetadata(MCP_TOOL, options);

/**
 * Marks a provider as a tool-call interceptor (ToolCallInterceptor), run around every tool call at
 * its stage (ToolCallStage): the place for cross-cutting behaviour such as metering and storing
 * outputs in workspaces.
 */
export const ToolCallInterceptorProvider = (options: { stage: number }): ClassDecorator => SetMetadata(TOOL_CALL_INTERCEPTOR, options);

export interface ToolUnitCounterOptions {
  /** What tools name in `metering.units.counter`. */
  name: string;
  /** The unit it counts, as the usage plan names units ("page"). */
  unit: string;
}

/** Marks a provider as a ToolUnitCounter that metered tools can name. */
export const ToolUnitCounterProvider = (options: ToolUnitCounterOptions): ClassDecorator => SetMetadata(TOOL_UNIT_COUNTER, options);

/** The annotations most tools share (MCP 2025-06-18 tool annotations), by what the tool does. */
export const ToolAnnotationPresets = {
  /** Reads the caller's own data and changes nothing. */
  readsOwnData: { readOnlyHint: true, openWorldHint: false },
  /** Creates something new in the caller's account on every call. */
  createsOwnData: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  /** Creates something that reaches beyond the service (a payment provider, a person's browser). */
  createsWithThirdParty: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  /** Analyses the caller's evidence: the same input gives the same result, stored in the workspace when one is named. */
  analyses: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
} as const satisfies Record<string, ToolAnnotations>;

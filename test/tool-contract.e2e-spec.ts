import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Injectable, Module, type Type } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import { IsString, MaxLength } from 'class-validator';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { Optional } from '../src/common/validation/optional.js';
import { DOCUMENT_PAGES } from '../src/documents/document-page.counter.js';
import { McpTool, type McpToolOptions } from '../src/mcp/tools/mcp-tool.decorator.js';
import { pdfBytes } from './support/document-fixtures.js';
import { connectMcpClient, machineToken, postMcp, structured, toolError } from './support/mcp-helpers.js';
import { MeteredTestToolsModule } from './support/metered-tools.module.js';
import { startApp, type RunningApp } from './support/test-app.js';

type Usage = { balances: { usageKey: string; used: number }[]; recent: { usageKey: string; entry: string }[] };

/** A real per-page tool: priced per page of documentId, output stored in a named workspace. */
const PER_PAGE_TOOL = 'risk_discovery_agent';

const LIMITS = { M2M_REGISTRATION_LIMIT: '1000', RATE_LIMIT_MCP: '100000/60', RATE_LIMIT_TOKEN: '100000/60', RATE_LIMIT_REGISTRATION: '100000/60' };

describe('the tool contract: what a tool declares, the cross-cutting steps do', () => {
  let service: RunningApp;

  beforeAll(async () => {
    // risk_discovery_agent, the per-page tool these tests call, has no free pages by default.
    service = await startApp({
      additionalModules: [MeteredTestToolsModule],
      env: { ...LIMITS, USAGE_PLAN_OVERRIDES: JSON.stringify({ risk_discovery: { machineTrialFree: 10 } }) },
    });
  });
  afterAll(async () => {
    await service.close();
  });

  async function account(): Promise<{ token: string; client: Client; usage(): Promise<Usage> }> {
    const token = await machineToken(service.url);
    const client = await connectMcpClient(service.url, token);
    const usage = async () => (await (await fetch(`${service.url}/billing/usage`, { headers: { authorization: `Bearer ${token}` } })).json()) as Usage;
    return { token, client, usage };
  }

  const submitPdf = async (client: Client, pages: number) =>
    structured<{ documentId: string }>(
      await client.callTool({ name: 'submit_documents', arguments: { fileName: `${pages}-pages.pdf`, content: (await pdfBytes(pages)).toString('base64') } }),
    ).documentId;
  const createWorkspace = async (client: Client) =>
    structured<{ workspaceId: string }>(await client.callTool({ name: 'create_deal_workspace', arguments: { clientName: 'Contract Co' } })).workspaceId;
  const riskDiscoveryUsed = async (usage: () => Promise<Usage>) => (await usage()).balances.find((balance) => balance.usageKey === 'risk_discovery')!.used;

  it('charges a per-page tool the pages of its document and stores its output in the workspace under the tool name', async () => {
    const caller = await account();
    try {
      const documentId = await submitPdf(caller.client, 3);
      const workspaceId = await createWorkspace(caller.client);
      const result = structured<{ documentIds: string[] }>(await caller.client.callTool({ name: PER_PAGE_TOOL, arguments: { documentId, workspaceId } }));
      expect(result.documentIds).toEqual([documentId]);
      expect(await riskDiscoveryUsed(caller.usage)).toBe(3);
      const workspace = structured<{ outputs: Record<string, { toolName: string; output: unknown }[]> }>(
        await caller.client.callTool({ name: 'get_deal_workspace', arguments: { workspaceId } }),
      );
      expect(workspace.outputs.risk_discovery_agent).toEqual([expect.objectContaining({ toolName: PER_PAGE_TOOL, output: result })]);
    } finally {
      await caller.client.close();
    }
  });

  it('lists a per-page tool with the input schema of its one input class', async () => {
    const caller = await account();
    try {
      const { tools } = await caller.client.listTools();
      const tool = tools.find((listed) => listed.name === 'document_intelligence_agent')!;
      expect(tool.inputSchema).toMatchObject({ type: 'object', required: ['documentId'], additionalProperties: false });
      expect(Object.keys(tool.inputSchema.properties ?? {}).sort()).toEqual(['documentId', 'workspaceId']);
      expect(tool.annotations).toEqual({ readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false });
    } finally {
      await caller.client.close();
    }
  });

  it("answers NOT_FOUND for another account's workspace before metering: nothing is reserved", async () => {
    const [owner, intruder] = [await account(), await account()];
    try {
      const othersWorkspace = await createWorkspace(owner.client);
      const documentId = await submitPdf(intruder.client, 2);
      const failure = toolError(await intruder.client.callTool({ name: PER_PAGE_TOOL, arguments: { documentId, workspaceId: othersWorkspace } }));
      expect(failure.error.code).toBe('NOT_FOUND');
      expect((await intruder.usage()).recent.filter((entry) => entry.usageKey === 'risk_discovery')).toEqual([]);
    } finally {
      await Promise.all([owner.client.close(), intruder.client.close()]);
    }
  });

  it("answers NOT_FOUND for another account's document when counting its pages: nothing is reserved", async () => {
    const [owner, intruder] = [await account(), await account()];
    try {
      const othersDocument = await submitPdf(owner.client, 2);
      const failure = toolError(await intruder.client.callTool({ name: PER_PAGE_TOOL, arguments: { documentId: othersDocument } }));
      expect(failure.error).toEqual({ code: 'NOT_FOUND', message: `Document ${othersDocument} was not found.` });
      expect((await intruder.usage()).recent.filter((entry) => entry.usageKey === 'risk_discovery')).toEqual([]);
    } finally {
      await Promise.all([owner.client.close(), intruder.client.close()]);
    }
  });

  it('refuses a per-page call on a document still waiting for its bytes, reserving nothing', async () => {
    const caller = await account();
    try {
      const pending = structured<{ documentId: string; status: string }>(await caller.client.callTool({ name: 'submit_documents', arguments: {} }));
      expect(pending.status).toBe('PENDING_UPLOAD');
      const failure = toolError(await caller.client.callTool({ name: PER_PAGE_TOOL, arguments: { documentId: pending.documentId } }));
      expect(failure.error).toEqual({
        code: 'INVALID_INPUT',
        message: `Document ${pending.documentId} is not READY yet: upload its bytes to its uploadUrl first, then call again.`,
      });
      expect(await riskDiscoveryUsed(caller.usage)).toBe(0);
    } finally {
      await caller.client.close();
    }
  });

  it('refuses an idempotency key in params._meta that is not a string, running nothing', async () => {
    const caller = await account();
    try {
      const documentId = await submitPdf(caller.client, 1);
      const response = await postMcp(
        service.url,
        { jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: PER_PAGE_TOOL, arguments: { documentId }, _meta: { idempotencyKey: 42 } } },
        { authorization: `Bearer ${caller.token}` },
      );
      const { result } = (await response.json()) as { result: unknown };
      expect(toolError(result).error).toEqual({
        code: 'INVALID_INPUT',
        message: 'params._meta.idempotencyKey must be a string of 1-255 visible ASCII characters.',
      });
      expect(await riskDiscoveryUsed(caller.usage)).toBe(0);
    } finally {
      await caller.client.close();
    }
  });
});

@ApiSchema({ name: 'MisdeclaredInput' })
class MisdeclaredInput {
  @ApiProperty() @IsString() @MaxLength(100) documentId: string;
  @ApiPropertyOptional() @Optional() @IsString() @MaxLength(100) workspaceId?: string;
}

/** A module with one tool declared with `options`, to start the service with. */
function moduleWithTool(options: Partial<McpToolOptions<MisdeclaredInput>>): Type {
  @Injectable()
  class MisdeclaredTools {
    @McpTool({
      name: 'test_misdeclared',
      description: 'Declared wrongly on purpose.',
      input: MisdeclaredInput,
      workspace: { argument: 'workspaceId' },
      ...options,
    })
    async run(): Promise<object> {
      return {};
    }
  }
  @Module({ providers: [MisdeclaredTools] })
  class MisdeclaredToolsModule {}
  return MisdeclaredToolsModule;
}

describe('the tool contract: a declaration that does not hold stops the start', () => {
  const startWith = (options: Partial<McpToolOptions<MisdeclaredInput>>, modules: Type[] = []) =>
    startApp({ additionalModules: [...modules, moduleWithTool(options)] });

  it('refuses a tool whose input has workspaceId but which declares no workspace', async () => {
    await expect(startWith({ workspace: undefined })).rejects.toThrow(
      "test_misdeclared: its input has workspaceId but the tool declares no workspace (declare workspace: { argument: 'workspaceId' })",
    );
  });

  it('refuses a metered tool whose usage key is not in the usage plan', async () => {
    await expect(startWith({ metering: { usageKey: 'no_such_key' } })).rejects.toThrow(/test_misdeclared: usage key no_such_key is not in the usage plan/);
  });

  it('refuses a per-call tool metered under a per-page usage key', async () => {
    await expect(startWith({ metering: { usageKey: 'document_classification' } })).rejects.toThrow(
      'test_misdeclared: document_classification is priced per page, but the tool is metered per call',
    );
  });

  it('refuses a per-page tool metered under a per-call usage key', async () => {
    await expect(startWith({ metering: { usageKey: 'fraud_detection', units: { counter: DOCUMENT_PAGES, argument: 'documentId' } } })).rejects.toThrow(
      'test_misdeclared: fraud_detection is priced per call, but the tool is metered per page',
    );
  });

  it('refuses a second tool metered under a usage key another tool already meters', async () => {
    await expect(startWith({ metering: { usageKey: 'fraud_detection' } }, [MeteredTestToolsModule])).rejects.toThrow(
      /fraud_detection already meters (?:fraud_detection|test_misdeclared)/,
    );
  });

  it('refuses a tool that names a unit counter no module provides', async () => {
    await expect(startWith({ metering: { usageKey: 'document_classification', units: { counter: 'slides', argument: 'documentId' } } })).rejects.toThrow(
      'test_misdeclared: no provider counts slides units (@ToolUnitCounterProvider)',
    );
  });
});

import { Injectable, Module } from '@nestjs/common';
import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { IsBoolean } from 'class-validator';
import { beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { McpTool } from '../src/mcp/tools/mcp-tool.decorator.js';
import { capturingLogger } from './support/log-capture.js';
import { toolOutcome } from './support/mcp-helpers.js';
import { humanToken } from './support/oauth-helpers.js';
import { PROBLEM_RECORD_SCHEMA, schemaErrors } from './support/schemas.js';
import { appForSuite, TEST_BASE_URL } from './support/test-app.js';

const PLANTED_SECRET = 'planted-client-metadata-7c1e9a';

@ApiSchema({ name: 'TestFailingToolInput' })
class TestFailingToolInput {
  @ApiProperty() @IsBoolean() query: boolean;
}

/** Fails the two ways a tool can: a failed query whose parameter is a customer's data, and a plain bug. */
@Injectable()
class FailingTools {
  constructor(private readonly dataSource: DataSource) {}

  @McpTool({ name: 'test_failing_tool', description: 'Test tool that fails.', input: TestFailingToolInput })
  async fail({ query }: TestFailingToolInput): Promise<never> {
    if (query) await this.dataSource.query('SELECT * FROM no_such_table WHERE note = $1', [PLANTED_SECRET]);
    throw new Error('a plain bug in a tool');
  }
}

@Module({ providers: [FailingTools] })
class FailingToolsModule {}

describe('tenancy edges and logs', () => {
  const logs = capturingLogger();
  const service = appForSuite({
    additionalModules: [FailingToolsModule],
    logger: logs.logger,
    env: {
      MCP_ALLOWED_ORIGINS: 'https://chat.example.com',
      RATE_LIMIT_SIGN_IN_ADDRESS: '1000/900',
      RATE_LIMIT_REGISTRATION: '1000/60',
      RATE_LIMIT_TOKEN: '1000/60',
    },
  });

  const tool = <T>(token: string, name: string, args: Record<string, unknown>) => toolOutcome<T>(service.url, token, name, args);

  describe('a firm member who left the firm', () => {
    let member: string;
    let workspaceId: string;

    beforeAll(async () => {
      const creator = (await humanToken(service.url)).accessToken;
      member = (await humanToken(service.url)).accessToken;
      const firm = (await tool<{ inviteCode: string }>(creator, 'link_to_firm', { firmName: 'Departing Capital' })).result!;
      await tool(member, 'link_to_firm', { inviteCode: firm.inviteCode });
      workspaceId = (await tool<{ workspaceId: string }>(creator, 'create_deal_workspace', { clientName: 'Firm Deal' })).result!.workspaceId;
    });

    it("can no longer complete an upload URL into the firm's workspace", async () => {
      const pending = (await tool<{ documentId: string; uploadUrl: string }>(member, 'submit_documents', { workspaceId, fileName: 'notes.txt' })).result!;
      await tool(member, 'link_to_firm', { leave: true });
      const response = await fetch(`${service.url}${new URL(pending.uploadUrl).pathname}`, {
        method: 'PUT',
        headers: { 'content-type': 'text/plain' },
        body: 'written after leaving',
      });
      expect(response.status).toBe(404);
      const [document] = (await service.app.get(DataSource).query('SELECT status FROM documents WHERE id = $1', [pending.documentId])) as { status: string }[];
      expect(document.status).toBe('PENDING_UPLOAD');
    });

    it('can no longer upload through an upload page opened before leaving', async () => {
      const creator = (await humanToken(service.url)).accessToken;
      const firm = (await tool<{ inviteCode: string }>(creator, 'link_to_firm', { firmName: 'Second Capital' })).result!;
      const joiner = (await humanToken(service.url)).accessToken;
      await tool(joiner, 'link_to_firm', { inviteCode: firm.inviteCode });
      const firmWorkspace = (await tool<{ workspaceId: string }>(creator, 'create_deal_workspace', { clientName: 'Second Deal' })).result!.workspaceId;
      const { formUrl } = (await tool<{ formUrl: string }>(joiner, 'display_upload_documents_form', { workspaceId: firmWorkspace })).result!;
      const before = new FormData();
      before.append('file', new Blob(['early'], { type: 'text/plain' }), 'early.txt');
      expect(
        (await fetch(`${service.url}${new URL(formUrl).pathname}/files`, { method: 'POST', body: before, headers: { accept: 'application/json' } })).status,
      ).toBe(200);
      await tool(joiner, 'link_to_firm', { leave: true });
      const form = new FormData();
      form.append('file', new Blob(['late'], { type: 'text/plain' }), 'late.txt');
      const response = await fetch(`${service.url}${new URL(formUrl).pathname}/files`, { method: 'POST', body: form, headers: { accept: 'application/json' } });
      expect(response.status).toBe(404);
    });
  });

  describe('error log lines', () => {
    it("log a failed query's class, message and stack, never its parameters", async () => {
      const token = (await humanToken(service.url)).accessToken;
      expect((await tool(token, 'test_failing_tool', { query: true })).rpcError?.code).toBe(-32603);
      const line = logs.lines().find((entry) => entry.msg === 'tool call failed' && (entry.err as { message?: string })?.message?.includes('no_such_table'));
      expect(line?.err).toMatchObject({
        type: 'QueryFailedError',
        message: 'relation "no_such_table" does not exist',
        stack: expect.stringContaining('QueryFailedError'),
        sqlState: '42P01',
      });
      expect(JSON.stringify(logs.lines())).not.toContain(PLANTED_SECRET);
    });

    it('log any other error with its message, not as an empty object', async () => {
      const token = (await humanToken(service.url)).accessToken;
      await tool(token, 'test_failing_tool', { query: false });
      const line = logs.lines().find((entry) => entry.msg === 'tool call failed' && (entry.err as { message?: string })?.message === 'a plain bug in a tool');
      expect(line?.err).toMatchObject({ type: 'Error', stack: expect.stringContaining('a plain bug in a tool') });
      expect(line).toMatchObject({ tool: 'test_failing_tool', correlationId: expect.any(String) });
    });
  });

  it('keeps capability tokens in URLs out of the request log', async () => {
    const tokens = [
      'payment-setup/AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcde',
      'uploads/ZyXwVuTsRqPoNmLkJiHgFeDcBa9876543210_-zyxwv',
      'upload/QwErTyUiOpAsDfGhJkLzXcVbNm1234567890_-qwert',
    ];
    for (const path of tokens) await fetch(`${service.url}/${path}`);
    const urls = logs
      .lines()
      .filter((line) => line.msg === 'request completed')
      .map((line) => String(line.url));
    for (const path of tokens) {
      const [prefix, token] = path.split('/');
      expect(urls).toContain(`/${prefix}/[redacted]`);
      expect(JSON.stringify(logs.lines())).not.toContain(token);
    }
  });

  it.each(['/account', '/billing/usage', '/billing/invoices'])('answers %s with Cache-Control: no-store', async (path) => {
    const token = (await humanToken(service.url)).accessToken;
    const response = await fetch(`${service.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  describe('CORS preflights on /mcp', () => {
    const preflight = (origin: string) =>
      fetch(`${service.url}/mcp`, {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization, content-type' },
      });

    it('do not advertise an origin that /mcp will refuse', async () => {
      const response = await preflight('https://evil.example.net');
      expect(response.headers.get('access-control-allow-origin')).toBeNull();
      expect(response.headers.get('access-control-allow-methods')).toBeNull();
      const post = await fetch(`${service.url}/mcp`, {
        method: 'POST',
        headers: { origin: 'https://evil.example.net', 'content-type': 'application/json' },
        body: '{}',
      });
      expect(post.status).toBe(403);
      expect(post.headers.get('access-control-allow-origin')).toBeNull();
    });

    it('refuse an origin that /mcp will refuse with 403 and a problem record naming it', async () => {
      const response = await preflight('https://evil.example.net');
      const problem = (await response.json()) as Record<string, unknown>;
      expect(response.status).toBe(403);
      expect(response.headers.get('content-type')).toBe('application/problem+json; charset=utf-8');
      expect(schemaErrors(PROBLEM_RECORD_SCHEMA, problem)).toEqual([]);
      expect(problem).toEqual({
        type: `${TEST_BASE_URL}/problems/forbidden`,
        title: 'Forbidden',
        status: 403,
        detail: 'The origin https://evil.example.net may not call /mcp from a browser.',
        instance: `urn:uuid:${response.headers.get('x-request-id')}`,
        code: 'FORBIDDEN',
      });
      expect(response.headers.get('access-control-allow-origin')).toBeNull();
    });

    it('allow a configured origin', async () => {
      const response = await preflight('https://chat.example.com');
      expect(response.status).toBe(204);
      expect(response.headers.get('access-control-allow-origin')).toBe('*');
    });
  });
});

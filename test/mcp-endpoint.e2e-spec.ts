import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { LATEST_PROTOCOL_VERSION } from '@modelcontextprotocol/sdk/types.js';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { SignJWT } from 'jose';
import { SigningKeyService } from '../src/oauth/tokens/signing-key.service.js';
import { pdfBytes } from './support/document-fixtures.js';
import { connectMcpClient, machineToken, postMcp, structured, toolError } from './support/mcp-helpers.js';
import { humanToken } from './support/oauth-helpers.js';
import { PROBLEM_RECORD_SCHEMA, schemaErrors } from './support/schemas.js';
import { startApp, TEST_AGENTS_URL, type RunningApp } from './support/test-app.js';

type Workspace = {
  workspaceId: string;
  clientName: string;
  status: string;
  metadata: Record<string, unknown>;
  createdAt: string;
  outputs?: Record<string, unknown[]>;
};
type JsonRpcAnswer = { jsonrpc: string; id: unknown; result?: Record<string, unknown>; error?: { code: number; message: string } };

describe('the MCP endpoint', () => {
  let service: RunningApp;
  let token: string;
  let client: Client;

  beforeAll(async () => {
    service = await startApp({ env: { M2M_REGISTRATION_LIMIT: '100', HTTP_BODY_LIMIT_BYTES: '65536' } });
    token = await machineToken(service.url);
    client = await connectMcpClient(service.url, token);
  });
  afterAll(async () => {
    await client?.close();
    await service.close();
  });

  const rpc = async (body: unknown, headers: Record<string, string> = {}) => {
    const response = await postMcp(service.url, body, { authorization: `Bearer ${token}`, ...headers });
    return { response, answer: response.status === 200 ? ((await response.json()) as JsonRpcAnswer & JsonRpcAnswer[]) : undefined };
  };
  const call = (name: string, args: Record<string, unknown>) => rpc({ jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name, arguments: args } });

  describe('through the official SDK client with a machine token', () => {
    it('initializes with the latest protocol version and answers ping', async () => {
      expect(client.getServerVersion()).toEqual({ name: 'Underwriting Agent Service', version: '1.0.0' });
      expect(client.getServerCapabilities()).toMatchObject({ tools: {} });
      expect(client.getInstructions()).toContain('create_deal_workspace');
      expect(await client.ping()).toEqual({});
    });

    it('lists the tools with input and output schemas that compile as JSON Schema', async () => {
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name)).toEqual(expect.arrayContaining(['create_deal_workspace', 'get_deal_workspace']));
      const ajv = addFormats.default(new Ajv2020({ strict: false }));
      for (const tool of tools) {
        expect(tool.description).toEqual(expect.any(String));
        expect(tool.inputSchema).toMatchObject({ type: 'object', additionalProperties: false });
        expect(() => ajv.compile(tool.inputSchema)).not.toThrow();
        if (tool.outputSchema) expect(() => ajv.compile(tool.outputSchema!)).not.toThrow();
      }
      const create = tools.find((tool) => tool.name === 'create_deal_workspace')!;
      expect(create.inputSchema).toMatchObject({
        required: ['clientName'],
        properties: { clientName: { type: 'string', maxLength: 200 }, metadata: { type: 'object' } },
      });
    });

    it('creates a workspace and reads it back with its metadata and no outputs yet', async () => {
      const created = structured<Workspace>(
        await client.callTool({ name: 'create_deal_workspace', arguments: { clientName: '  Acme Robotics ', metadata: { sector: 'robotics' } } }),
      );
      expect(created).toEqual({
        workspaceId: expect.stringMatching(/^[0-9a-f-]{36}$/),
        clientName: 'Acme Robotics',
        status: 'ACTIVE',
        metadata: { sector: 'robotics' },
        createdAt: expect.any(String),
      });
      const read = structured<Workspace>(await client.callTool({ name: 'get_deal_workspace', arguments: { workspaceId: created.workspaceId } }));
      expect(read).toEqual({ ...created, outputs: {} });
    });

    it('returns text content holding the same JSON as structuredContent', async () => {
      const result = await client.callTool({ name: 'create_deal_workspace', arguments: { clientName: 'Text check' } });
      expect(JSON.parse((result.content as { text: string }[])[0].text)).toEqual(result.structuredContent);
    });
  });

  it('serves a person with a human token the same way: workspace, inline and uploaded PDFs, outputs', async () => {
    const { accessToken } = await humanToken(service.url);
    const person = await connectMcpClient(service.url, accessToken);
    try {
      expect(await person.ping()).toEqual({});
      expect((await person.listTools()).tools.map((tool) => tool.name)).toContain('submit_documents');
      const created = structured<Workspace>(await person.callTool({ name: 'create_deal_workspace', arguments: { clientName: 'Person deal' } }));
      const workspaceId = created.workspaceId;
      const inline = structured<{ status: string; pageCount: number }>(
        await person.callTool({ name: 'submit_documents', arguments: { workspaceId, fileName: 'deck.pdf', content: (await pdfBytes(4)).toString('base64') } }),
      );
      expect(inline).toMatchObject({ status: 'READY', pageCount: 4 });
      const pending = structured<{ documentId: string; uploadUrl: string }>(
        await person.callTool({ name: 'submit_documents', arguments: { workspaceId, fileName: 'financials.pdf' } }),
      );
      const uploaded = await fetch(pending.uploadUrl.replace(TEST_AGENTS_URL, service.url), { method: 'PUT', body: await pdfBytes(2) });
      expect((await uploaded.json()) as { status: string; pageCount: number }).toMatchObject({ status: 'READY', pageCount: 2 });
      const read = structured<{ clientName: string; outputs: Record<string, { output: { status: string; pageCount?: number } }[]> }>(
        await person.callTool({ name: 'get_deal_workspace', arguments: { workspaceId } }),
      );
      expect(read.clientName).toBe('Person deal');
      expect(read.outputs.documents.map((entry) => entry.output)).toEqual([
        expect.objectContaining({ status: 'READY', pageCount: 2 }),
        expect.objectContaining({ status: 'PENDING_UPLOAD' }),
        expect.objectContaining({ status: 'READY', pageCount: 4 }),
      ]);
    } finally {
      await person.close();
    }
  });

  describe('tool errors the caller can act on', () => {
    it('name every failing argument in one INVALID_INPUT result', async () => {
      const result = await client.callTool({ name: 'create_deal_workspace', arguments: { clientName: 42, metadata: 'x', surprise: true } });
      const { error, hint } = toolError(result);
      expect(error.code).toBe('INVALID_INPUT');
      expect(error.message).toContain('clientName');
      expect(error.message).toContain('metadata');
      expect(error.message).toContain('surprise');
      expect(hint).toEqual(expect.any(String));
    });

    it('refuses metadata over 16 KB', async () => {
      const { error } = toolError(
        await client.callTool({ name: 'create_deal_workspace', arguments: { clientName: 'Big', metadata: { blob: 'x'.repeat(17_000) } } }),
      );
      expect(error).toEqual({ code: 'INVALID_INPUT', message: 'metadata must be at most 16384 bytes as JSON.' });
    });

    it('answer an unknown workspace id with NOT_FOUND, whatever its shape', async () => {
      for (const workspaceId of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid', "'; DROP TABLE workspaces; --"]) {
        const { error } = toolError(await client.callTool({ name: 'get_deal_workspace', arguments: { workspaceId } }));
        expect(error).toEqual({ code: 'NOT_FOUND', message: `Workspace ${workspaceId} was not found.` });
      }
    });
  });

  describe('tenancy', () => {
    it("answers another account's workspace id exactly like a missing one", async () => {
      const created = structured<Workspace>(await client.callTool({ name: 'create_deal_workspace', arguments: { clientName: 'Private deal' } }));
      const intruder = await connectMcpClient(service.url, await machineToken(service.url, 'intruder'));
      try {
        const probe = toolError(await intruder.callTool({ name: 'get_deal_workspace', arguments: { workspaceId: created.workspaceId } }));
        const missing = toolError(await intruder.callTool({ name: 'get_deal_workspace', arguments: { workspaceId: '00000000-0000-4000-8000-000000000000' } }));
        expect(probe.error.code).toBe('NOT_FOUND');
        expect(probe.error.message.replace(created.workspaceId, 'ID')).toBe(missing.error.message.replace('00000000-0000-4000-8000-000000000000', 'ID'));
      } finally {
        await intruder.close();
      }
    });
  });

  describe('raw HTTP', () => {
    async function expectUnauthorized(response: Response, error?: string): Promise<void> {
      expect(response.status).toBe(401);
      expect(schemaErrors(PROBLEM_RECORD_SCHEMA, await response.json())).toEqual([]);
      const challenge = response.headers.get('www-authenticate')!;
      expect(challenge).toContain(`Bearer resource_metadata="${TEST_AGENTS_URL}/.well-known/oauth-protected-resource/mcp"`);
      if (error) expect(challenge).toContain(`error="${error}"`);
      else expect(challenge).not.toContain('error=');
    }
    async function serviceSigned(claims: Record<string, unknown>): Promise<string> {
      const { kid, privateKey } = service.app.get(SigningKeyService).signingKey();
      const now = Math.floor(Date.now() / 1000);
      return new SignJWT({ client_id: 'uwm_x', scope: `${TEST_AGENTS_URL}/mcp.access` })
        .setProtectedHeader({ alg: 'RS256', kid })
        .setIssuer(TEST_AGENTS_URL)
        .setAudience((claims.aud as string) ?? `${TEST_AGENTS_URL}/mcp`)
        .setSubject('00000000-0000-4000-8000-000000000000')
        .setIssuedAt(now - 7200)
        .setExpirationTime((claims.exp as number) ?? now + 600)
        .sign(privateKey);
    }
    const initialize = {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: LATEST_PROTOCOL_VERSION, capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
    };

    it('refuses initialize without a token with 401 and the resource-metadata challenge', async () => {
      await expectUnauthorized(await postMcp(service.url, initialize));
    });

    it('authenticates before looking at the media type or the body', async () => {
      await expectUnauthorized(
        await fetch(`${service.url}/mcp`, { method: 'POST', headers: { 'content-type': 'text/plain', accept: 'text/html' }, body: '{not json' }),
      );
      await expectUnauthorized(await fetch(`${service.url}/mcp`, { method: 'GET' }));
    });

    it.each([
      ['a token that is not a JWT', async () => 'not.a.jwt'],
      ['an expired token', async () => serviceSigned({ exp: Math.floor(Date.now() / 1000) - 60 })],
      ['a token for another audience', async () => serviceSigned({ aud: 'https://other.example/mcp' })],
    ])('refuses %s with 401 invalid_token', async (_case, tokenFor) => {
      await expectUnauthorized(await postMcp(service.url, initialize, { authorization: `Bearer ${await tokenFor()}` }), 'invalid_token');
    });

    it('refuses a browser Origin of another site with 403, before authentication (DNS-rebinding protection)', async () => {
      const attempts: Record<string, string>[] = [{ origin: 'https://evil.example' }, { origin: 'https://evil.example', authorization: `Bearer ${token}` }];
      for (const headers of attempts) {
        const response = await postMcp(service.url, initialize, headers);
        expect(response.status).toBe(403);
        expect(((await response.json()) as { code: string }).code).toBe('FORBIDDEN');
      }
    });

    it('accepts the Origin of its own hosts and of loopback addresses', async () => {
      for (const origin of [TEST_AGENTS_URL, 'http://localhost:6274']) {
        expect((await rpc(initialize, { origin })).response.status).toBe(200);
      }
    });

    it('answers initialize with the negotiated version and the server info', async () => {
      const { response, answer } = await rpc({ ...initialize, params: { ...initialize.params, protocolVersion: '2025-03-26' } });
      expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(response.headers.get('api-version')).toBe('1');
      expect(response.headers.get('ratelimit')).toMatch(/^limit=\d+, remaining=\d+, reset=\d+$/);
      expect(response.headers.get('mcp-session-id')).toBeNull();
      expect(answer!.result).toMatchObject({ protocolVersion: '2025-03-26', serverInfo: { name: 'Underwriting Agent Service' } });
    });

    it('answers a notification with 202 and no body', async () => {
      const response = await postMcp(service.url, { jsonrpc: '2.0', method: 'notifications/initialized' }, { authorization: `Bearer ${token}` });
      expect(response.status).toBe(202);
      expect(await response.text()).toBe('');
    });

    it('answers invalid JSON with -32700 and id null', async () => {
      const { answer } = await rpc('{"jsonrpc": "2.0", "id": 1,');
      expect(answer).toEqual({ jsonrpc: '2.0', id: null, error: { code: -32700, message: expect.stringContaining('Parse error') } });
    });

    it('answers a message that is not JSON-RPC with -32600', async () => {
      const { answer } = await rpc({ id: 5, method: 'ping' });
      expect(answer).toEqual({ jsonrpc: '2.0', id: 5, error: { code: -32600, message: expect.stringContaining('Invalid Request') } });
    });

    it('answers an unknown method with -32601', async () => {
      const { answer } = await rpc({ jsonrpc: '2.0', id: 'a', method: 'tools/destroy' });
      expect(answer).toEqual({ jsonrpc: '2.0', id: 'a', error: { code: -32601, message: 'Method not found' } });
    });

    it('answers an unknown tool with -32602', async () => {
      const { answer } = await call('no_such_tool', {});
      expect(answer!.error).toEqual({ code: -32602, message: 'Unknown tool: no_such_tool. tools/list names the tools of this server.' });
    });

    it('answers tools/call without a name with -32602', async () => {
      const { answer } = await rpc({ jsonrpc: '2.0', id: 8, method: 'tools/call', params: { arguments: {} } });
      expect(answer!.error!.code).toBe(-32602);
    });

    it('answers invalid arguments with an isError result naming each field', async () => {
      const { answer } = await call('get_deal_workspace', { workspaceId: 12 });
      expect(answer!.result).toMatchObject({ isError: true });
      expect(JSON.parse((answer!.result!.content as { text: string }[])[0].text).error.message).toContain('workspaceId must be a string');
    });

    it('keeps the ids of two clients apart when they use the same request id at once', async () => {
      const other = await machineToken(service.url, 'other');
      const [mine, theirs] = await Promise.all([
        rpc({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'create_deal_workspace', arguments: { clientName: 'Mine' } } }),
        postMcp(
          service.url,
          { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'create_deal_workspace', arguments: { clientName: 'Theirs' } } },
          { authorization: `Bearer ${other}` },
        ).then(async (response) => (await response.json()) as JsonRpcAnswer),
      ]);
      expect((mine.answer!.result!.structuredContent as Workspace).clientName).toBe('Mine');
      expect((theirs.result!.structuredContent as Workspace).clientName).toBe('Theirs');
      expect([mine.answer!.id, theirs.id]).toEqual([1, 1]);
    });

    it('handles a batch under 2025-03-26, answering the requests only', async () => {
      const { answer } = await rpc(
        [
          { jsonrpc: '2.0', id: 1, method: 'ping' },
          { jsonrpc: '2.0', method: 'notifications/initialized' },
          { jsonrpc: '2.0', id: 2, method: 'nope' },
        ],
        { 'mcp-protocol-version': '2025-03-26' },
      );
      expect(answer).toEqual([
        { jsonrpc: '2.0', id: 1, result: {} },
        { jsonrpc: '2.0', id: 2, error: { code: -32601, message: 'Method not found' } },
      ]);
    });

    it('refuses a batch under 2025-06-18 and later with -32600', async () => {
      const { answer } = await rpc([{ jsonrpc: '2.0', id: 1, method: 'ping' }], { 'mcp-protocol-version': '2025-11-25' });
      expect(answer).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32600 } });
    });

    it.each(['GET', 'DELETE'])('answers %s with 405 and Allow: POST', async (method) => {
      const response = await fetch(`${service.url}/mcp`, { method, headers: { authorization: `Bearer ${token}` } });
      expect(response.status).toBe(405);
      expect(response.headers.get('allow')).toBe('POST');
    });

    it('refuses a client that accepts neither JSON nor anything with 406', async () => {
      const { response } = await rpc({ jsonrpc: '2.0', id: 1, method: 'ping' }, { accept: 'text/event-stream' });
      expect(response.status).toBe(406);
    });

    it('refuses a body over the size limit with 413', async () => {
      const { response } = await rpc({ jsonrpc: '2.0', id: 1, method: 'ping', params: { padding: 'x'.repeat(70_000) } });
      expect(response.status).toBe(413);
    });

    it('refuses another media type with 415', async () => {
      const response = await fetch(`${service.url}/mcp`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'text/plain' },
        body: 'ping',
      });
      expect(response.status).toBe(415);
    });
  });
});

import { beforeAll, describe, expect, it } from '@jest/globals';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { BrowserlessAgent, tokenRequest, uniqueEmail } from './support/oauth-helpers.js';
import { machineToken, postMcp } from './support/mcp-helpers.js';
import { appForSuite } from './support/test-app.js';

type Problem = { status: number; code?: string; detail?: string; error?: string; error_description?: string };
type RpcAnswer = {
  id: unknown;
  result?: { isError?: boolean; content?: { text: string }[]; structuredContent?: unknown };
  error?: { code: number; message: string };
};

/** A lone high surrogate: valid in a JSON string escape, refused by PostgreSQL. */
const LONE_SURROGATE = '\ud800';
/** Text a JavaScript error would put in front of a client. */
const JS_ERROR =
  /TypeError|RangeError|ReferenceError|SyntaxError|Cannot read|is not a function|is not defined|undefined is not|Maximum call stack|toFixed|\bat [A-Za-z.]+ \(/;

/** JSON text nested `depth` objects deep, written as text: JSON.stringify itself overflows at such depths. */
function nestedJson(depth: number): string {
  return `${'{"child":'.repeat(depth)}"leaf"${'}'.repeat(depth)}`;
}

function callTool(id: number, name: string, args: unknown) {
  return { jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } };
}

describe('hostile input', () => {
  const service = appForSuite({
    env: { M2M_REGISTRATION_LIMIT: '1000', RATE_LIMIT_MCP: '100000/60', RATE_LIMIT_REGISTRATION: '100000/60', RATE_LIMIT_TOKEN: '100000/60' },
  });
  let token: string;
  let workspaceId: string;

  beforeAll(async () => {
    token = await machineToken(service.url);
    const created = (await (await mcp(callTool(1, 'create_deal_workspace', { clientName: 'Hostile Input Ltd' }))).json()) as RpcAnswer;
    workspaceId = (created.result!.structuredContent as { workspaceId: string }).workspaceId;
  });

  function mcp(body: unknown, headers: Record<string, string> = {}): Promise<Response> {
    return postMcp(service.url, body, { authorization: `Bearer ${token}`, ...headers });
  }

  async function problem(response: Response, status: number): Promise<Problem> {
    expect(response.status).toBe(status);
    return (await response.json()) as Problem;
  }

  describe('text PostgreSQL cannot store is refused at the edge, naming the field', () => {
    it.each([
      ['U+0000', 'Acme\u0000Ltd', 'contains U+0000'],
      ['a lone surrogate', `Acme${LONE_SURROGATE}`, 'contains an unpaired UTF-16 surrogate'],
    ])('in client_name of dynamic registration (%s)', async (_kind, clientName, reason) => {
      const response = await fetch(`${service.url}/oauth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ client_name: clientName, redirect_uris: ['http://127.0.0.1/cb'], token_endpoint_auth_method: 'none' }),
      });
      const body = await problem(response, 400);
      expect(body).toMatchObject({ code: 'INVALID_INPUT', error: 'invalid_request' });
      expect(body.error_description).toContain(`client_name: ${reason}`);
    });

    it('in client_name of machine registration', async () => {
      const response = await fetch(`${service.url}/oauth/m2m/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ client_name: 'bot\u0000' }),
      });
      expect((await problem(response, 400)).detail).toContain('client_name: contains U+0000');
    });

    it('in client_id of a token request, in the form body', async () => {
      const body = await problem(await tokenRequest(service.url, { grant_type: 'client_credentials', client_id: 'uwm_\u0000', client_secret: 'x' }), 400);
      expect(body).toMatchObject({ error: 'invalid_request' });
      expect(body.error_description).toContain('client_id: contains U+0000');
    });

    it('in client_id of a token request, in HTTP Basic credentials', async () => {
      const basic = Buffer.from(`uwm_${LONE_SURROGATE}:secret`).toString('base64');
      const response = await tokenRequest(
        service.url,
        { grant_type: 'client_credentials' },
        { authorization: `Basic ${Buffer.from('uwm_\u0000:secret').toString('base64')}` },
      );
      expect(await problem(response, 401)).toMatchObject({ error: 'invalid_client' });
      // A lone surrogate does not survive UTF-8 decoding (it becomes U+FFFD), so it is an unknown client.
      expect((await problem(await tokenRequest(service.url, { grant_type: 'client_credentials' }, { authorization: `Basic ${basic}` }), 401)).error).toBe(
        'invalid_client',
      );
    });

    it('in the e-mail of the sign-up form', async () => {
      const person = new BrowserlessAgent(service.url);
      const response = await person.signUp(`${uniqueEmail()}\u0000`);
      expect(response.status).toBe(400);
      expect(await response.text()).toContain('email: contains U+0000');
    });

    it("in a tool's string argument", async () => {
      const body = await problem(await mcp(callTool(2, 'create_deal_workspace', { clientName: 'Acme\u0000' })), 400);
      expect(body).toMatchObject({ code: 'INVALID_INPUT' });
      expect(body.detail).toContain('params.arguments.clientName: contains U+0000');
    });

    it("in a key of a tool's metadata object", async () => {
      const body = await problem(await mcp(callTool(3, 'create_deal_workspace', { clientName: 'Acme', metadata: { [`note${LONE_SURROGATE}`]: 'x' } })), 400);
      expect(body.detail).toContain('params.arguments.metadata: a property name contains an unpaired UTF-16 surrogate');
    });

    it('in the file name of an upload given in the query', async () => {
      const submitted = (await (await mcp(callTool(4, 'submit_documents', { fileName: 'a.txt' }))).json()) as RpcAnswer;
      const { uploadUrl } = submitted.result!.structuredContent as { uploadUrl: string };
      const path = new URL(uploadUrl).pathname;
      const response = await fetch(`${service.url}${path}?fileName=a%00.txt`, { method: 'PUT', headers: { 'content-type': 'text/plain' }, body: 'hello' });
      expect((await problem(response, 400)).detail).toContain('query.fileName: contains U+0000');
    });

    it('in the file name of a multipart upload', async () => {
      const submitted = (await (await mcp(callTool(5, 'submit_documents', { fileName: 'a.txt' }))).json()) as RpcAnswer;
      const { uploadUrl } = submitted.result!.structuredContent as { uploadUrl: string };
      const form = new FormData();
      form.append('file', new Blob(['hello'], { type: 'text/plain' }), 'a\u0000.txt');
      const response = await fetch(`${service.url}${new URL(uploadUrl).pathname}`, { method: 'POST', body: form });
      expect((await problem(response, 400)).detail).toContain('file name: contains U+0000');
    });
  });

  describe('JSON-RPC methods named after Object.prototype members', () => {
    it.each(['constructor', 'toString', '__proto__', 'hasOwnProperty', 'valueOf'])('answers %s with -32601', async (method) => {
      const response = await mcp({ jsonrpc: '2.0', id: 7, method });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ jsonrpc: '2.0', id: 7, error: { code: -32601, message: 'Method not found' } });
    });

    it('answers every entry of a batch that holds one, each for itself', async () => {
      const response = await mcp(
        [callTool(1, 'get_deal_workspace', { workspaceId }), { jsonrpc: '2.0', id: 2, method: 'constructor' }, { jsonrpc: '2.0', id: 3, method: 'ping' }],
        { 'mcp-protocol-version': '2025-03-26' },
      );
      expect(response.status).toBe(200);
      const answers = (await response.json()) as RpcAnswer[];
      expect(answers.map((answer) => answer.id)).toEqual([1, 2, 3]);
      expect(answers[0].result!.isError).toBeUndefined();
      expect(answers[1].error!.code).toBe(-32601);
      expect(answers[2]).toEqual({ jsonrpc: '2.0', id: 3, result: {} });
    });
  });

  describe('deeply nested input', () => {
    it('refuses tool arguments nested 1,500 levels deep with 400 naming the depth', async () => {
      const request = JSON.stringify(callTool(8, 'create_deal_workspace', { clientName: 'Deep', metadata: '__METADATA__' })).replace(
        '"__METADATA__"',
        nestedJson(1500),
      );
      const body = await problem(await mcp(request), 400);
      expect(body.detail).toMatch(/params\.arguments\.metadata(\.child)+: nested deeper than 32 levels/);
    });

    it('refuses a registration body nested 5,000 levels deep with 400', async () => {
      const response = await fetch(`${service.url}/oauth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: `{"client_name":"x","extra":${nestedJson(5000)}}`,
      });
      expect((await problem(response, 400)).error_description).toContain('nested deeper than 32 levels');
    });
  });

  describe('values the validators let through must not crash the tool', () => {
    it.each([
      ['create_deal_workspace', { clientName: 'Acme', metadata: null }, 'metadata'],
      ['submit_documents', { content: null, fileName: 'a.txt' }, 'content'],
      ['initiate_payment_setup', { maxMonthlyBudgetUsd: 1e-7 }, 'maxMonthlyBudgetUsd'],
      ['initiate_payment_setup', { maxMonthlyBudgetUsd: 50.001 }, 'maxMonthlyBudgetUsd'],
    ])('%s with %j answers INVALID_INPUT naming the argument', async (name, args, field) => {
      const answer = (await (await mcp(callTool(9, name, args))).json()) as RpcAnswer;
      expect(answer.error).toBeUndefined();
      const { error } = JSON.parse(answer.result!.content![0].text) as { error: { code: string; message: string } };
      expect(error.code).toBe('INVALID_INPUT');
      expect(error.message).toContain(field);
      expect(error.message).not.toMatch(JS_ERROR);
    });

    it('answers a malformed multipart body on an upload URL with a 4xx problem, not 500', async () => {
      for (const path of ['/uploads/not-a-token', '/upload/not-a-token/files']) {
        const response = await fetch(`${service.url}${path}`, {
          method: 'POST',
          headers: { 'content-type': 'multipart/form-data; boundary=xyz' },
          body: '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\nunterminated',
        });
        expect(response.status).toBeGreaterThanOrEqual(400);
        expect(response.status).toBeLessThan(500);
      }
    });
  });

  it('answers every tool with type-confused arguments by a result or a structured error, never an internal error', async () => {
    const listed = (await (await mcp({ jsonrpc: '2.0', id: 1, method: 'tools/list' })).json()) as { result: { tools: Tool[] } };
    const confusions: unknown[] = [null, 0, -1, 1e308, true, [], {}, '', 'x'.repeat(5000), [null], { nested: { deeper: [1, 'two'] } }];
    let id = 100;
    for (const tool of listed.result.tools) {
      const properties = Object.keys(tool.inputSchema.properties ?? {});
      const cases: unknown[] = [undefined, null, [], 'text', ...properties.flatMap((property) => confusions.map((value) => ({ [property]: value })))];
      for (const args of cases) {
        const response = await mcp(callTool(++id, tool.name, args));
        const text = await response.text();
        if (response.status !== 200) {
          // 400: refused at the edge (e.g. a 5,000-character name is fine, but not every value is); 402: metered and unpaid.
          expect({ tool: tool.name, args, allowed: [400, 402].includes(response.status) }).toEqual({ tool: tool.name, args, allowed: true });
          continue;
        }
        const answer = JSON.parse(text) as RpcAnswer;
        expect({ tool: tool.name, args, code: answer.error?.code }).not.toEqual({ tool: tool.name, args, code: -32603 });
        expect(text).not.toMatch(JS_ERROR);
      }
    }
  });
});

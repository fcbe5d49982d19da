import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

/** A machine account of its own: registers a machine client and returns a fresh access token. */
export async function machineToken(baseUrl: string, name = 'test pipeline'): Promise<string> {
  const registration = await fetch(`${baseUrl}/oauth/m2m/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ client_name: name }) });
  if (registration.status !== 200) throw new Error(`machine registration answered ${registration.status}: ${await registration.text()}`);
  const { client_id: clientId, client_secret: clientSecret } = (await registration.json()) as { client_id: string; client_secret: string };
  const token = await fetch(`${baseUrl}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}` },
    body: 'grant_type=client_credentials',
  });
  return ((await token.json()) as { access_token: string }).access_token;
}

/** The official SDK client over Streamable HTTP, authenticated with `token`. */
export async function connectMcpClient(baseUrl: string, token: string): Promise<Client> {
  const client = new Client({ name: 'underwriting-tests', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${baseUrl}/mcp`), { requestInit: { headers: { authorization: `Bearer ${token}` } } }));
  return client;
}

/** A successful tool result's structured output. */
export function structured<T = Record<string, unknown>>(result: unknown): T {
  const call = result as CallToolResult;
  if (call.isError) throw new Error(`tool call failed: ${JSON.stringify(call.content)}`);
  return call.structuredContent as T;
}

/** A failed tool result's `{error: {code, message}, hint}`. */
export function toolError(result: unknown): { error: { code: string; message: string }; hint?: string } {
  const call = result as CallToolResult;
  if (!call.isError) throw new Error(`expected a tool error, got ${JSON.stringify(call.structuredContent)}`);
  return JSON.parse((call.content[0] as { text: string }).text);
}

/** A raw JSON-RPC POST to /mcp. */
export function postMcp(baseUrl: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${baseUrl}/mcp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

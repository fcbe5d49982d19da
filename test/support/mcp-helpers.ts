import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

export interface MachineRegistration {
  client_id: string;
  client_secret: string;
  free_quota: Record<string, number>;
  [member: string]: unknown;
}

/** Registers a machine client (a machine account of its own, with its trial). */
export async function registerMachine(baseUrl: string, name = 'test pipeline'): Promise<MachineRegistration> {
  const registration = await fetch(`${baseUrl}/oauth/m2m/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ client_name: name }),
  });
  if (registration.status !== 200) throw new Error(`machine registration answered ${registration.status}: ${await registration.text()}`);
  return (await registration.json()) as MachineRegistration;
}

/** A fresh access token of a registered machine client (client_credentials, HTTP Basic). */
export async function clientCredentialsToken(baseUrl: string, registration: Pick<MachineRegistration, 'client_id' | 'client_secret'>): Promise<string> {
  const token = await fetch(`${baseUrl}/oauth/token`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      authorization: `Basic ${Buffer.from(`${registration.client_id}:${registration.client_secret}`).toString('base64')}`,
    },
    body: 'grant_type=client_credentials',
  });
  return ((await token.json()) as { access_token: string }).access_token;
}

/** A machine account of its own: registers a machine client and returns a fresh access token. */
export async function machineToken(baseUrl: string, name = 'test pipeline'): Promise<string> {
  return clientCredentialsToken(baseUrl, await registerMachine(baseUrl, name));
}

/** A machine account of its own with its id (from `GET /account`) and its registration. */
export async function machineAccount(
  baseUrl: string,
  name = 'test pipeline',
): Promise<{ token: string; accountId: string; registration: MachineRegistration }> {
  const registration = await registerMachine(baseUrl, name);
  const token = await clientCredentialsToken(baseUrl, registration);
  const account = (await (await fetch(`${baseUrl}/account`, { headers: { authorization: `Bearer ${token}` } })).json()) as { accountId: string };
  return { token, accountId: account.accountId, registration };
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

/** A raw `tools/call` POST to /mcp with `token` (extra headers such as `idempotency-key`, and `_meta`, optional). */
export function postToolCall(
  baseUrl: string,
  token: string,
  name: string,
  args: Record<string, unknown> = {},
  options: { headers?: Record<string, string>; meta?: Record<string, unknown> } = {},
): Promise<Response> {
  return postMcp(
    baseUrl,
    { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args, ...(options.meta && { _meta: options.meta }) } },
    { authorization: `Bearer ${token}`, ...options.headers },
  );
}

/** What a `tools/call` came to: the HTTP status unless 200, else the JSON-RPC error, the tool's error, or its structured result. */
export interface ToolOutcome<T> {
  status: number;
  result?: T;
  error?: { code: string; message: string };
  rpcError?: { code: number; message: string };
}

/** Calls a tool over raw HTTP and sorts the answer into a ToolOutcome. */
export async function toolOutcome<T = Record<string, unknown>>(
  baseUrl: string,
  token: string,
  name: string,
  args: Record<string, unknown> = {},
): Promise<ToolOutcome<T>> {
  const response = await postToolCall(baseUrl, token, name, args);
  if (response.status !== 200) return { status: response.status };
  const body = (await response.json()) as {
    error?: { code: number; message: string };
    result?: { isError?: boolean; structuredContent?: T; content: { text: string }[] };
  };
  if (body.error) return { status: 200, rpcError: body.error };
  if (body.result!.isError) return { status: 200, error: JSON.parse(body.result!.content[0].text).error };
  return { status: 200, result: body.result!.structuredContent };
}

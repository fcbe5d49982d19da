import { beforeAll, describe, expect, it } from '@jest/globals';
import { machineToken, postMcp } from './support/mcp-helpers.js';
import { appForSuite } from './support/test-app.js';

const BATCHES = { 'mcp-protocol-version': '2025-03-26' };
const ping = (id: number) => ({ jsonrpc: '2.0', id, method: 'ping' });

describe('request limits that hold', () => {
  const service = appForSuite({ env: { RATE_LIMIT_MCP: '6/60', MCP_MAX_BATCH_SIZE: '4', M2M_REGISTRATION_LIMIT: '2', RATE_LIMIT_REGISTRATION: '1000/60' } });
  let token: string;

  beforeAll(async () => {
    token = await machineToken(service.url);
  });

  const mcp = (body: unknown) => postMcp(service.url, body, { authorization: `Bearer ${token}`, ...BATCHES });

  it('counts every entry of a JSON-RPC batch against the rate limit', async () => {
    const first = await mcp([ping(1), ping(2), ping(3), ping(4)]);
    expect(first.status).toBe(200);
    expect(first.headers.get('ratelimit')).toMatch(/^limit=6, remaining=2, reset=\d+$/);

    const refused = await mcp([ping(5), ping(6), ping(7)]);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    const problem = (await refused.json()) as { code: string; detail: string };
    expect(problem.code).toBe('RATE_LIMITED');
    expect(problem.detail).toMatch(
      /^Rate limit reached: 6 MCP messages per account \(each entry of a JSON-RPC batch counts\) per minute\. Retry after \d+ seconds\.$/,
    );
  });

  it('refuses a batch larger than MCP_MAX_BATCH_SIZE as a whole, running none of it', async () => {
    const response = await postMcp(service.url, [ping(1), ping(2), ping(3), ping(4), ping(5)], {
      authorization: `Bearer ${await machineTokenOfItsOwn()}`,
      ...BATCHES,
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32600, message: 'Invalid Request: a batch of 5 messages; at most 4 are accepted in one request (MCP_MAX_BATCH_SIZE).' },
    });
  });

  it('says which limit a refused machine registration hit', async () => {
    const register = () =>
      fetch(`${service.url}/oauth/m2m/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"client_name":"limits"}' });
    // beforeAll and the test above registered from this address already: use up what is left.
    let response = await register();
    while (response.status === 200) response = await register();
    expect(response.status).toBe(429);
    const problem = (await response.json()) as { detail: string };
    expect(problem.detail).toMatch(/^Rate limit reached: 2 machine registrations per client address per 24 hours\. Retry after \d+ seconds\.$/);
  });

  async function machineTokenOfItsOwn(): Promise<string> {
    return machineToken(service.url, 'batch limits');
  }
});

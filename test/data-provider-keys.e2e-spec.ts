import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { DataSource } from 'typeorm';
import { ProviderKeysService } from '../src/data-providers/provider-keys.service.js';
import { capturingLogger } from './support/log-capture.js';
import { connectMcpClient, machineAccount, postToolCall, structured, toolError, toolOutcome } from './support/mcp-helpers.js';
import { startApp, type RunningApp } from './support/test-app.js';

const PLANTED = 'pk_live_PLANTED_provider_key_7d1c';
/** Nothing listens there: the key checks of company_data, crm and portfolio_data cannot complete (verified false), and no test call leaves the machine. */
const NO_PROVIDER = 'http://127.0.0.1:9';

describe('configure_data_provider', () => {
  const logs = capturingLogger();
  let service: RunningApp;
  let client: Client;
  let accountId: string;
  let token: string;
  const responses: string[] = [];

  async function configure(args: Record<string, unknown>, as = client) {
    const result = await as.callTool({ name: 'configure_data_provider', arguments: args });
    responses.push(JSON.stringify(result));
    return result;
  }

  beforeAll(async () => {
    service = await startApp({
      logger: logs.logger,
      env: {
        M2M_REGISTRATION_LIMIT: '1000',
        RATE_LIMIT_MCP: '100000/60',
        RATE_LIMIT_REGISTRATION: '100000/60',
        RATE_LIMIT_TOKEN: '100000/60',
        COMPANY_DATA_API_URL: NO_PROVIDER,
        CRM_API_URL: NO_PROVIDER,
        PORTFOLIO_DATA_API_URL: NO_PROVIDER,
      },
    });
    ({ token, accountId } = await machineAccount(service.url));
    client = await connectMcpClient(service.url, token);
  });

  afterAll(async () => {
    await client?.close();
    await service?.close();
  });

  const keys = () => service.app.get(ProviderKeysService);

  it('stores a key and answers its provider, last 4 characters, verified null where no check exists, and the time', async () => {
    const result = structured(await configure({ provider: 'sharelink', apiKey: PLANTED }));
    expect(result).toEqual({ provider: 'sharelink', configured: true, keyHint: '7d1c', verified: null, updatedAt: expect.any(String) });
    expect(Number.isNaN(Date.parse(result.updatedAt as string))).toBe(false);
    expect(await keys().keyFor(accountId, 'sharelink')).toBe(PLANTED);
  });

  it('stores a key with verified false when the provider could not be asked', async () => {
    const result = structured(await configure({ provider: 'company_data', apiKey: PLANTED }));
    expect(result).toMatchObject({ provider: 'company_data', configured: true, keyHint: '7d1c', verified: false });
  });

  it('refuses a portfolio_data key that is not client_id:client_secret, before asking the provider', async () => {
    const error = toolError(await configure({ provider: 'portfolio_data', apiKey: PLANTED }));
    expect(error.error).toEqual({
      code: 'INVALID_INPUT',
      message:
        "A Standard Metrics key is the API client's id and secret joined by a colon (client_id:client_secret); this one has no colon between two parts. Configure it again with configure_data_provider {provider: 'portfolio_data', apiKey}.",
    });
    expect(await keys().keyFor(accountId, 'portfolio_data')).toBeNull();
  });

  it('keeps the key sealed at rest, under the id of the encryption key that sealed it', async () => {
    await configure({ provider: 'crm', apiKey: PLANTED });
    const rows = (await service.app.get(DataSource).query('SELECT sealed_key FROM provider_keys WHERE account_id = $1', [accountId])) as {
      sealed_key: string;
    }[];
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.sealed_key).toMatch(/^v1\.[^.]+\.[^.]+\.[^.]+\.[^.]+$/);
      expect(row.sealed_key).not.toContain(PLANTED);
    }
  });

  it('replaces the key when called again', async () => {
    await configure({ provider: 'company_data', apiKey: 'first-key-aaaa1111' });
    const result = structured(await configure({ provider: 'company_data', apiKey: 'second-key-bbbb2222' }));
    expect(result).toMatchObject({ configured: true, keyHint: '2222' });
    expect(await keys().keyFor(accountId, 'company_data')).toBe('second-key-bbbb2222');
  });

  it('removes the key on apiKey ""', async () => {
    await configure({ provider: 'sharelink', apiKey: 'sharelink-key-3333' });
    const result = structured(await configure({ provider: 'sharelink', apiKey: '' }));
    expect(result).toEqual({ provider: 'sharelink', configured: false, keyHint: null, verified: null, updatedAt: expect.any(String) });
    expect(await keys().keyFor(accountId, 'sharelink')).toBeNull();
  });

  it('keeps keys per account: another account has none', async () => {
    await configure({ provider: 'compliance_a', apiKey: PLANTED });
    const other = await machineAccount(service.url, 'other pipeline');
    expect(await keys().keyFor(other.accountId, 'compliance_a')).toBeNull();
  });

  it("gives a firm member the firm owner's key, the member's own key first, and none once the owner left", async () => {
    const owner = await machineAccount(service.url, 'firm owner');
    const member = await machineAccount(service.url, 'firm member');
    const firm = (await toolOutcome<{ inviteCode: string }>(service.url, owner.token, 'link_to_firm', { firmName: 'Keyed Capital' })).result!;
    await toolOutcome(service.url, member.token, 'link_to_firm', { inviteCode: firm.inviteCode });
    await toolOutcome(service.url, owner.token, 'configure_data_provider', { provider: 'compliance_b', apiKey: 'owner-key-of-the-firm-0001' });
    expect(await keys().keyFor(member.accountId, 'compliance_b')).toBe('owner-key-of-the-firm-0001');
    await toolOutcome(service.url, member.token, 'configure_data_provider', { provider: 'compliance_b', apiKey: 'members-own-key-0002' });
    expect(await keys().keyFor(member.accountId, 'compliance_b')).toBe('members-own-key-0002');
    expect(await keys().keyFor(owner.accountId, 'compliance_b')).toBe('owner-key-of-the-firm-0001');
    await toolOutcome(service.url, member.token, 'configure_data_provider', { provider: 'compliance_b', apiKey: '' });
    expect(await keys().keyFor(member.accountId, 'compliance_b')).toBe('owner-key-of-the-firm-0001');
    await toolOutcome(service.url, owner.token, 'link_to_firm', { leave: true });
    expect(await keys().keyFor(member.accountId, 'compliance_b')).toBeNull();
  });

  it('does not lend a member key to the firm owner', async () => {
    const owner = await machineAccount(service.url, 'firm owner 2');
    const member = await machineAccount(service.url, 'firm member 2');
    const firm = (await toolOutcome<{ inviteCode: string }>(service.url, owner.token, 'link_to_firm', { firmName: 'Lending Capital' })).result!;
    await toolOutcome(service.url, member.token, 'link_to_firm', { inviteCode: firm.inviteCode });
    await toolOutcome(service.url, member.token, 'configure_data_provider', { provider: 'crm', apiKey: 'member-only-key-0003' });
    expect(await keys().keyFor(owner.accountId, 'crm')).toBeNull();
  });

  describe('bad input, each an INVALID_INPUT naming the argument and never echoing the key', () => {
    it('refuses an unknown provider, listing the known ones', async () => {
      const error = toolError(await configure({ provider: 'bloomberg', apiKey: PLANTED }));
      expect(error.error.code).toBe('INVALID_INPUT');
      expect(error.error.message).toContain('provider: must be one of: compliance_a, compliance_b, company_data, crm, portfolio_data, sharelink');
    });

    it.each([
      ['too short', 'abc'],
      ['huge (100,000 characters)', `${PLANTED}${'x'.repeat(100_000)}`],
      ['binary (control and non-ASCII characters)', `${PLANTED}\u0001\u007f\u00ff\ud83d\ude00`],
      ['with spaces', `${PLANTED} ${PLANTED}`],
    ])('refuses an apiKey that is %s', async (_case, apiKey) => {
      const error = toolError(await configure({ provider: 'crm', apiKey }));
      expect(error.error).toEqual({
        code: 'INVALID_INPUT',
        message: 'Invalid arguments for configure_data_provider: apiKey: must be 8 to 512 printable ASCII characters without spaces, or "" to remove the key.',
      });
    });

    it('refuses a missing or non-string apiKey', async () => {
      expect(toolError(await configure({ provider: 'crm' })).error.code).toBe('INVALID_INPUT');
      expect(toolError(await configure({ provider: 'crm', apiKey: 12345678 })).error.code).toBe('INVALID_INPUT');
    });

    it('refuses an apiKey holding NUL at the endpoint with a 400, without echoing it', async () => {
      const response = await postToolCall(service.url, token, 'configure_data_provider', { provider: 'crm', apiKey: `${PLANTED}\u0000` });
      const text = await response.text();
      responses.push(text);
      expect(response.status).toBe(400);
      expect(JSON.parse(text)).toMatchObject({ code: 'INVALID_INPUT', detail: expect.stringContaining('params.arguments.apiKey') });
    });

    it('answers a body with a huge apiKey over raw HTTP without a 5xx', async () => {
      const response = await postToolCall(service.url, token, 'configure_data_provider', { provider: 'crm', apiKey: `${PLANTED}${'y'.repeat(2_000_000)}` });
      expect(response.status).toBeLessThan(500);
      const text = await response.text();
      responses.push(text);
      expect(text).not.toContain(PLANTED);
    });
  });

  it('never shows the planted key in a response or a log line (checked last, over every call above)', () => {
    expect(responses.length).toBeGreaterThan(10);
    for (const response of responses) expect(response).not.toContain(PLANTED);
    expect(logs.lines().length).toBeGreaterThan(0);
    expect(JSON.stringify(logs.lines())).not.toContain(PLANTED);
  });
});

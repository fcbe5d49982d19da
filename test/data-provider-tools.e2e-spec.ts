import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { DataSource } from 'typeorm';
import {
  AFFINITY_KEY,
  PDL_KEY,
  STANDARD_METRICS_KEY,
  STANDARD_METRICS_SECRET,
  STANDARD_METRICS_TOKEN,
  affinity,
  pdlError,
  peopleDataLabs,
  standardMetrics,
  type ProviderStandIn,
} from './support/data-provider-stand-ins.js';
import { capturingLogger } from './support/log-capture.js';
import { connectMcpClient, machineAccount, structured, toolError } from './support/mcp-helpers.js';
import { startApp, type RunningApp } from './support/test-app.js';

const TIMEOUT_MS = 500;

describe('fetch_company_intelligence, fetch_crm_context and fetch_portfolio_metrics against provider stand-ins', () => {
  const logs = capturingLogger();
  const responses: string[] = [];
  let pdl: ProviderStandIn;
  let crm: ProviderStandIn;
  let portfolio: ProviderStandIn;
  let service: RunningApp;
  let client: Client;
  let accountId: string;

  async function call(name: string, args: Record<string, unknown>, as = client) {
    const result = await as.callTool({ name, arguments: args });
    responses.push(JSON.stringify(result));
    return result;
  }

  beforeAll(async () => {
    [pdl, crm, portfolio] = await Promise.all([peopleDataLabs().start(), affinity().start(), standardMetrics().start()]);
    service = await startApp({
      logger: logs.logger,
      env: {
        COMPANY_DATA_API_URL: pdl.url,
        CRM_API_URL: crm.url,
        PORTFOLIO_DATA_API_URL: portfolio.url,
        DATA_PROVIDER_TIMEOUT_MS: String(TIMEOUT_MS),
        M2M_REGISTRATION_LIMIT: '1000',
        RATE_LIMIT_REGISTRATION: '100000/60',
        RATE_LIMIT_TOKEN: '100000/60',
      },
    });
    const account = await machineAccount(service.url, 'provider tools');
    accountId = account.accountId;
    client = await connectMcpClient(service.url, account.token);
  });

  afterAll(async () => {
    await client?.close();
    await service?.close();
    await Promise.all([pdl?.stop(), crm?.stop(), portfolio?.stop()]);
  });

  describe('before a key is configured', () => {
    it.each([
      ['fetch_company_intelligence', { domain: 'acme-robotics.com' }, 'company_data', 'People Data Labs', 'People Data Labs API key'],
      ['fetch_crm_context', { companyName: 'Acme Robotics' }, 'crm', 'Affinity', 'Affinity API key'],
      [
        'fetch_portfolio_metrics',
        { companyName: 'Acme Robotics' },
        'portfolio_data',
        'Standard Metrics',
        'Standard Metrics client id and secret, as client_id:client_secret',
      ],
    ])('%s answers FORBIDDEN naming configure_data_provider', async (tool, args, provider, displayName, key) => {
      const before = pdl.seen.length + crm.seen.length + portfolio.seen.length;
      expect(toolError(await call(tool, args))).toEqual({
        error: { code: 'FORBIDDEN', message: `No ${provider} key is configured for this account (${displayName}).` },
        hint: `Call configure_data_provider {provider: '${provider}', apiKey: '<your ${key}>'} first, then call this tool again.`,
      });
      expect(pdl.seen.length + crm.seen.length + portfolio.seen.length).toBe(before);
    });
  });

  describe('configure_data_provider checks each key with the provider', () => {
    it('refuses a key People Data Labs rejects, and stores nothing', async () => {
      expect(toolError(await call('configure_data_provider', { provider: 'company_data', apiKey: 'pdl_wrong_key_0000' })).error).toEqual({
        code: 'INVALID_INPUT',
        message:
          "People Data Labs rejected this key, so it was not stored. Copy the whole key from your People Data Labs account settings and call configure_data_provider {provider: 'company_data', apiKey} again.",
      });
    });

    it('verifies a People Data Labs key with the free autocomplete call', async () => {
      expect(structured(await call('configure_data_provider', { provider: 'company_data', apiKey: PDL_KEY }))).toMatchObject({ verified: true });
      const check = pdl.requestsTo('/v5/autocomplete').at(-1)!;
      expect(check.headers['x-api-key']).toBe(PDL_KEY);
      expect(pdl.requestsTo('/v5/company/enrich')).toHaveLength(0);
    });

    it("verifies an Affinity key with /auth/whoami, sent as HTTP Basic's password", async () => {
      expect(structured(await call('configure_data_provider', { provider: 'crm', apiKey: AFFINITY_KEY }))).toMatchObject({ verified: true });
      expect(crm.requestsTo('/auth/whoami').at(-1)!.headers.authorization).toBe(`Basic ${Buffer.from(`:${AFFINITY_KEY}`).toString('base64')}`);
    });

    it('verifies a Standard Metrics client_id:client_secret by exchanging it for a token', async () => {
      expect(structured(await call('configure_data_provider', { provider: 'portfolio_data', apiKey: STANDARD_METRICS_KEY }))).toMatchObject({
        verified: true,
        keyHint: STANDARD_METRICS_KEY.slice(-4),
      });
      const exchange = portfolio.requestsTo('/o/token/').at(-1)!;
      expect(exchange.method).toBe('POST');
      expect(exchange.headers['content-type']).toBe('application/x-www-form-urlencoded');
      expect(exchange.body).toBe('grant_type=client_credentials');
    });
  });

  describe('fetch_company_intelligence (People Data Labs)', () => {
    it('maps the enrichment record to the company profile', async () => {
      const result = structured(await call('fetch_company_intelligence', { domain: 'https://www.Acme-Robotics.com/' }));
      expect(result).toEqual({
        provider: 'company_data',
        source: 'People Data Labs',
        fetchedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        data: {
          providerId: 'tnHcNHbCv8MKeLh92946LAkX6PKg',
          name: 'Acme Robotics',
          domain: 'acme-robotics.com',
          founded: 2017,
          employees: { count: 142, range: '51-200' },
          industry: 'industrial automation',
          type: 'private',
          summary: 'acme robotics builds warehouse picking robots.',
          location: { name: 'pittsburgh, pennsylvania, united states', locality: 'pittsburgh', region: 'pennsylvania', country: 'united states' },
          funding: { totalRaisedUsd: 42500000, latestStage: 'series_b', lastRoundDate: '2025-11-04', rounds: 4 },
          linkedinUrl: 'linkedin.com/company/acme-robotics',
          ticker: null,
          tags: ['robotics', 'warehouse automation'],
          matchLikelihood: 8,
        },
      });
      const request = pdl.requestsTo('/v5/company/enrich').at(-1)!;
      expect(request.headers['x-api-key']).toBe(PDL_KEY);
      expect(Object.fromEntries(request.query)).toEqual({ website: 'acme-robotics.com' });
    });

    it('sends the name and the domain together when both are given', async () => {
      await call('fetch_company_intelligence', { domain: 'acme-robotics.com', companyName: ' Acme Robotics ' });
      expect(Object.fromEntries(pdl.requestsTo('/v5/company/enrich').at(-1)!.query)).toEqual({ website: 'acme-robotics.com', name: 'Acme Robotics' });
    });

    it("answers NOT_FOUND in People Data Labs' words when no company matches", async () => {
      expect(toolError(await call('fetch_company_intelligence', { domain: 'nowhere.example' })).error).toEqual({
        code: 'NOT_FOUND',
        message: 'People Data Labs has no company matching the domain nowhere.example.',
      });
    });

    it('answers a key People Data Labs rejects (401) as UNAUTHORIZED: the key was rejected, configure another', async () => {
      pdl.script({ status: 401, body: pdlError(401, 'authentication_error', 'Request contained a missing or invalid key') });
      expect(toolError(await call('fetch_company_intelligence', { domain: 'acme-robotics.com' }))).toEqual({
        error: { code: 'UNAUTHORIZED', message: 'People Data Labs rejected the credentials configured for it (HTTP 401).' },
        hint: "The company_data key configured for this account was rejected. Configure a valid People Data Labs API key with configure_data_provider {provider: 'company_data', apiKey}, then call again.",
      });
    });

    it("passes People Data Labs' own reason for a refused request on, with the key it echoed removed", async () => {
      pdl.script({ status: 400, body: pdlError(400, 'invalid_request_error', `Invalid request for key ${PDL_KEY}`) });
      expect(toolError(await call('fetch_company_intelligence', { domain: 'acme-robotics.com' })).error).toEqual({
        code: 'INVALID_INPUT',
        message: 'People Data Labs refused the request (HTTP 400): Invalid request for key [redacted]',
      });
    });

    it('hands a 429 asking for a long wait back as RATE_LIMITED with its Retry-After, after one request', async () => {
      const before = pdl.seen.length;
      pdl.script({
        status: 429,
        body: pdlError(429, 'rate_limit_error', 'An error occurred due to requests hitting the API too quick'),
        headers: { 'retry-after': '120' },
      });
      expect(toolError(await call('fetch_company_intelligence', { domain: 'acme-robotics.com' }))).toEqual({
        error: { code: 'RATE_LIMITED', message: 'People Data Labs is rate limiting the configured key; retry after 120 seconds.', retryAfterSeconds: 120 },
        hint: 'Wait 120 seconds, then call again.',
      });
      expect(pdl.seen.length - before).toBe(1);
    });

    it('waits out a short Retry-After on 429 and answers', async () => {
      const before = pdl.seen.length;
      pdl.script({
        status: 429,
        body: pdlError(429, 'rate_limit_error', 'An error occurred due to requests hitting the API too quick'),
        headers: { 'retry-after': '1' },
      });
      expect(structured<{ data: { name: string } }>(await call('fetch_company_intelligence', { domain: 'acme-robotics.com' })).data.name).toBe('Acme Robotics');
      const [limited, retried] = pdl.seen.slice(before);
      expect(pdl.seen.length - before).toBe(2);
      expect(retried.at - limited.at).toBeGreaterThanOrEqual(950);
    });

    it('retries a 500 and answers', async () => {
      const before = pdl.seen.length;
      pdl.script({ status: 500, body: pdlError(500, 'api_error', 'The server encountered an unexpected condition') });
      expect(structured<{ data: { name: string } }>(await call('fetch_company_intelligence', { domain: 'acme-robotics.com' })).data.name).toBe('Acme Robotics');
      expect(pdl.seen.length - before).toBe(2);
    });

    it('answers a body that is not JSON, on every try, as the provider being unavailable', async () => {
      pdl.script({ kind: 'malformed' }, { kind: 'malformed' }, { kind: 'malformed' });
      expect(toolError(await call('fetch_company_intelligence', { domain: 'acme-robotics.com' })).error).toEqual({
        code: 'INTERNAL_ERROR',
        message: 'People Data Labs is unavailable: it answered with a body that is not JSON.',
        retryAfterSeconds: 5,
      });
      expect(structured<{ data: { name: string } }>(await call('fetch_company_intelligence', { domain: 'acme-robotics.com' })).data.name).toBe('Acme Robotics');
    });

    it('refuses a call with neither domain nor companyName', async () => {
      expect(toolError(await call('fetch_company_intelligence', {})).error).toEqual({ code: 'INVALID_INPUT', message: 'Give domain, companyName, or both.' });
    });

    it('refuses a domain that is not one', async () => {
      expect(toolError(await call('fetch_company_intelligence', { domain: 'http://127.0.0.1:9/x' })).error).toEqual({
        code: 'INVALID_INPUT',
        message: 'Invalid arguments for fetch_company_intelligence: domain: must be a domain such as acme.com.',
      });
    });
  });

  describe('fetch_crm_context (Affinity)', () => {
    it('maps the organization, its people, interactions, list stage and notes', async () => {
      const result = structured(await call('fetch_crm_context', { companyName: 'acme robotics' }));
      expect(result).toEqual({
        provider: 'crm',
        source: 'Affinity',
        fetchedAt: expect.any(String),
        data: {
          organization: { id: 64779194, name: 'Acme Robotics', domain: 'acme-robotics.com', domains: ['acme-robotics.com'] },
          people: [
            { id: 89734, name: 'Dana Okafor', primaryEmail: 'dana@acme-robotics.com', kind: 'external' },
            { id: 117270, name: 'Sam Reyes', primaryEmail: 'sam@ourfund.vc', kind: 'internal' },
          ],
          peopleTotal: 2,
          interactions: [
            { kind: 'first_email', date: '2025-11-23T08:12:45.328-08:00', personIds: [89734] },
            { kind: 'last_email', date: '2026-10-04T05:06:07.890-07:00', personIds: [89734, 38603] },
            { kind: 'first_event', date: '2026-01-10T08:18:00.329-08:00', personIds: [89734] },
            { kind: 'last_event', date: '2026-09-11T02:26:56.537-07:00', personIds: [117270] },
            { kind: 'next_event', date: '2026-12-03T17:00:00.000-08:00', personIds: [89734, 117270] },
            { kind: 'last_interaction', date: '2026-10-04T05:06:07.890-07:00', personIds: [89734, 38603] },
          ],
          lists: [{ listId: 26, listName: 'Deal Flow', entryId: 389, addedAt: '2026-03-11T02:26:56.537-08:00', stage: 'Diligence' }],
          notes: [
            { id: 20421456, createdAt: '2026-10-05T09:30:00.000-07:00', creatorId: 38603, content: 'Partner meeting: move to diligence.', truncated: false },
            {
              id: 20421454,
              createdAt: '2026-09-12T10:00:00.000-07:00',
              creatorId: 38603,
              content: 'First call: 40% of revenue from two customers.',
              truncated: false,
            },
          ],
        },
      });
      expect(Object.fromEntries(crm.requestsTo('/organizations').at(-1)!.query)).toEqual({ term: 'acme robotics', page_size: '25' });
    });

    it('asks the caller to choose when several organizations match and none exactly', async () => {
      expect(toolError(await call('fetch_crm_context', { companyName: 'Globex' })).error).toEqual({
        code: 'INVALID_INPUT',
        message:
          'Affinity has 2 organizations matching "Globex" and none named exactly so: "Globex Energy", "Globex Labs". Call again with one of these names as companyName.',
      });
    });

    it('answers NOT_FOUND when no organization matches', async () => {
      expect(toolError(await call('fetch_crm_context', { companyName: 'Initech' })).error).toEqual({
        code: 'NOT_FOUND',
        message: 'Affinity has no organization matching "Initech".',
      });
    });

    it("serves a firm member with the firm owner's key", async () => {
      const owner = await machineAccount(service.url, 'firm owner');
      const member = await machineAccount(service.url, 'firm member');
      const [ownerClient, memberClient] = await Promise.all([connectMcpClient(service.url, owner.token), connectMcpClient(service.url, member.token)]);
      try {
        const firm = structured<{ inviteCode: string }>(await call('link_to_firm', { firmName: 'Keyed Ventures' }, ownerClient));
        await call('link_to_firm', { inviteCode: firm.inviteCode }, memberClient);
        expect(structured(await call('configure_data_provider', { provider: 'crm', apiKey: AFFINITY_KEY }, ownerClient))).toMatchObject({ verified: true });
        const result = structured<{ data: { organization: { id: number } } }>(await call('fetch_crm_context', { companyName: 'Acme Robotics' }, memberClient));
        expect(result.data.organization.id).toBe(64779194);
      } finally {
        await Promise.all([ownerClient.close(), memberClient.close()]);
      }
    });

    it('answers JSON without the documented shape as the provider being unavailable, naming what was missing', async () => {
      crm.script({ status: 200, body: { organizations: 'not a list' } });
      expect(toolError(await call('fetch_crm_context', { companyName: 'Acme Robotics' }))).toEqual({
        error: { code: 'INTERNAL_ERROR', message: 'Affinity is unavailable: it answered without a list of organizations.', retryAfterSeconds: 60 },
        hint: "The fault is on Affinity's side (or a proxy in front of it); call again later.",
      });
    });

    it('answers a provider that does not answer in time as unavailable, after its tries', async () => {
      const before = crm.seen.length;
      crm.always({ kind: 'hang' });
      try {
        expect(toolError(await call('fetch_crm_context', { companyName: 'Acme Robotics' })).error).toEqual({
          code: 'INTERNAL_ERROR',
          message: `Affinity is unavailable: it did not answer within ${TIMEOUT_MS} ms.`,
          retryAfterSeconds: 5,
        });
      } finally {
        crm.always(undefined);
      }
      expect(crm.seen.length - before).toBe(3);
    });

    it.each([
      ['only punctuation', '!!! ---'],
      ['10,000 characters', 'A'.repeat(10_000)],
    ])('refuses a companyName of %s', async (_case, companyName) => {
      expect(toolError(await call('fetch_crm_context', { companyName })).error).toEqual({
        code: 'INVALID_INPUT',
        message:
          'Invalid arguments for fetch_crm_context: companyName: must be 1 to 200 characters with at least one letter or digit, without control characters.',
      });
    });
  });

  describe('fetch_portfolio_metrics (Standard Metrics)', () => {
    const acme = {
      id: 'RjX8',
      name: 'Acme Robotics',
      slug: 'acme-robotics',
      sector: 'Hardware',
      city: 'Pittsburgh',
      website: 'https://acme-robotics.com',
      reportingCurrency: 'USD',
      fiscalYearEnd: '12/31',
    };
    const quarter = (end: string) => ({ label: `quarter ending ${end}`, end, months: 3 });
    const asOf = (end: string) => ({ label: `as of ${end}`, end });
    const metric = (recordId: string, category: string, period: object, value: number, currency: string | null, cadence: string) => ({
      category,
      period,
      value,
      text: String(value),
      currency,
      cadence,
      recordId,
      updatedAt: '2026-10-15T12:00:00Z',
    });

    it('maps the reported metrics by period, newest first, without budgets, and the financial ones to facts', async () => {
      const tokensBefore = portfolio.requestsTo('/o/token/').length;
      const result = structured(await call('fetch_portfolio_metrics', { companyName: 'Acme Robotics' }));
      const evidence = (recordId: string) => ({
        source: 'provider',
        provider: 'portfolio_data',
        url: `${portfolio.url}/v1/metrics/?company_id=RjX8`,
        recordId,
      });
      expect(result).toEqual({
        provider: 'portfolio_data',
        source: 'Standard Metrics',
        fetchedAt: expect.any(String),
        data: {
          companies: [acme],
          metrics: [
            metric('d4', 'arr', asOf('2026-09-30'), 5200000, 'USD', 'point_in_time'),
            metric('d3', 'cash_in_bank', asOf('2026-09-30'), 8400000, 'USD', 'point_in_time'),
            metric('d2', 'cost_of_goods_sold', quarter('2026-09-30'), -500000, 'USD', 'quarter'),
            metric('d1', 'revenue', quarter('2026-09-30'), 1250000, 'USD', 'quarter'),
            metric('d5', 'runway', asOf('2026-09-30'), 26, null, 'point_in_time'),
            metric('d6', 'revenue', quarter('2026-06-30'), 1100000, 'USD', 'quarter'),
          ],
          facts: [
            {
              concept: 'CashAndCashEquivalentsAtCarryingValue',
              label: 'cash_in_bank',
              period: asOf('2026-09-30'),
              value: 8400000,
              currency: 'USD',
              source: 'provider',
              evidence: evidence('d3'),
            },
            {
              concept: 'CostOfRevenue',
              label: 'cost_of_goods_sold',
              period: quarter('2026-09-30'),
              value: 500000,
              currency: 'USD',
              source: 'provider',
              evidence: evidence('d2'),
            },
            {
              concept: 'Revenues',
              label: 'revenue',
              period: quarter('2026-09-30'),
              value: 1250000,
              currency: 'USD',
              source: 'provider',
              evidence: evidence('d1'),
            },
            {
              concept: 'Revenues',
              label: 'revenue',
              period: quarter('2026-06-30'),
              value: 1100000,
              currency: 'USD',
              source: 'provider',
              evidence: evidence('d6'),
            },
          ],
        },
      });
      // The token from the key check is reused, not exchanged again.
      expect(portfolio.requestsTo('/o/token/')).toHaveLength(tokensBefore);
      expect(portfolio.requestsTo('/v1/metrics/').at(-1)!.headers.authorization).toBe(`Bearer ${STANDARD_METRICS_TOKEN}`);
      expect(Object.fromEntries(portfolio.requestsTo('/v1/metrics/').at(-1)!.query)).toEqual({
        company_id: 'RjX8',
        page: '1',
        page_size: '500',
        include_archived: '0',
      });
    });

    it('lists the portfolio companies when no companyName is given', async () => {
      const result = structured<{ data: { companies: { name: string; reportingCurrency: string }[]; metrics: unknown[]; facts: unknown[] } }>(
        await call('fetch_portfolio_metrics', {}),
      );
      expect(result.data).toEqual({
        companies: [
          acme,
          {
            ...acme,
            id: 'Qp3z',
            name: 'Globex Energy',
            slug: 'globex-energy',
            sector: 'Sustainability',
            city: 'Austin',
            website: null,
            reportingCurrency: 'EUR',
            fiscalYearEnd: '06/30',
          },
        ],
        metrics: [],
        facts: [],
      });
    });

    it('exchanges the key for a new token when the API stops accepting the one it holds', async () => {
      const tokensBefore = portfolio.requestsTo('/o/token/').length;
      portfolio.script({ status: 401, body: { detail: 'Invalid token.' } });
      expect(structured<{ data: { companies: unknown[] } }>(await call('fetch_portfolio_metrics', {})).data.companies).toHaveLength(2);
      expect(portfolio.requestsTo('/o/token/')).toHaveLength(tokensBefore + 1);
    });

    it('stores the result in a workspace of the caller, under the tool name', async () => {
      const workspace = structured<{ workspaceId: string }>(await call('create_deal_workspace', { clientName: 'Acme Robotics' }));
      const result = structured(await call('fetch_portfolio_metrics', { companyName: 'Acme Robotics', workspaceId: workspace.workspaceId }));
      const stored = structured<{ outputs: Record<string, { toolName: string; output: unknown }[]> }>(
        await call('get_deal_workspace', { workspaceId: workspace.workspaceId }),
      );
      expect(stored.outputs.fetch_portfolio_metrics).toEqual([{ toolName: 'fetch_portfolio_metrics', storedAt: expect.any(String), output: result }]);
    });

    it("answers NOT_FOUND for another account's workspace without calling the provider", async () => {
      const other = await machineAccount(service.url, 'other fund');
      const otherClient = await connectMcpClient(service.url, other.token);
      const theirs = structured<{ workspaceId: string }>(await call('create_deal_workspace', { clientName: 'Theirs' }, otherClient));
      await otherClient.close();
      const before = portfolio.seen.length;
      expect(toolError(await call('fetch_portfolio_metrics', { companyName: 'Acme Robotics', workspaceId: theirs.workspaceId })).error.code).toBe('NOT_FOUND');
      expect(portfolio.seen.length).toBe(before);
    });

    it('opens the circuit when the provider is down: a clear error, then calls refused without reaching it', async () => {
      portfolio.always({ kind: 'reset' });
      try {
        expect(toolError(await call('fetch_portfolio_metrics', { companyName: 'Acme Robotics' })).error).toEqual({
          code: 'INTERNAL_ERROR',
          message: 'Standard Metrics is unavailable: it could not be reached.',
          retryAfterSeconds: 5,
        });
        const paused = {
          code: 'INTERNAL_ERROR',
          message: 'Standard Metrics is unavailable: its recent calls failed, so calls to it are paused for up to 30 seconds.',
          retryAfterSeconds: 30,
        };
        expect(toolError(await call('fetch_portfolio_metrics', { companyName: 'Acme Robotics' })).error).toEqual(paused);
        const reached = portfolio.seen.length;
        expect(toolError(await call('fetch_portfolio_metrics', { companyName: 'Acme Robotics' })).error).toEqual(paused);
        expect(portfolio.seen.length).toBe(reached);
      } finally {
        portfolio.always(undefined);
      }
    });
  });

  it('charges nothing for any of these calls, failed or not', async () => {
    const ledger = (await service.app.get(DataSource).query('SELECT count(*)::int AS rows FROM usage_ledger WHERE account_id = $1', [accountId])) as {
      rows: number;
    }[];
    expect(ledger[0].rows).toBe(0);
  });

  it('never shows a planted key, secret or token in a response or a log line (checked last, over every call above)', () => {
    const planted = [PDL_KEY, AFFINITY_KEY, STANDARD_METRICS_SECRET, STANDARD_METRICS_TOKEN, Buffer.from(`:${AFFINITY_KEY}`).toString('base64')];
    expect(responses.length).toBeGreaterThan(30);
    const logged = JSON.stringify(logs.lines());
    expect(logs.lines().length).toBeGreaterThan(0);
    for (const secret of planted) {
      for (const response of responses) expect(response).not.toContain(secret);
      expect(logged).not.toContain(secret);
    }
  });
});

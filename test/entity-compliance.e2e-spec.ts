import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { DataSource } from 'typeorm';
import { SanctionsListsService } from '../src/compliance/lists/sanctions-lists.service.js';
import { capturingLogger } from './support/log-capture.js';
import { connectMcpClient, machineAccount, structured, toolError } from './support/mcp-helpers.js';
import { startApp, type RunningApp } from './support/test-app.js';

const COMPLY_ADVANTAGE_KEY = 'ca_live_PLANTED_screening_key_51f0';
const OPEN_SANCTIONS_KEY = 'os_live_PLANTED_screening_key_9c2d';
const SDN_URL = pathToFileURL(resolve('test/fixtures/sanctions/sdn.csv')).toString();

type Mode = 'ok' | 'unauthorized' | 'rate_limited' | 'failing' | 'hanging' | 'malformed' | 'unexpected';

/**
 * ComplyAdvantage (`POST /searches`, `Authorization: Token`) and OpenSanctions (`POST
 * /match/{dataset}`, `Authorization: ApiKey`) played over real HTTP with the shapes of their
 * public documentation, including their error bodies.
 */
class ProviderStandIn {
  private server!: Server;
  mode: Mode = 'ok';
  readonly received: Array<{ path: string; authorization?: string; body: Record<string, unknown> }> = [];
  private readonly hanging: ServerResponse[] = [];
  url = '';

  async start(): Promise<void> {
    this.server = createServer((request, response) => {
      let text = '';
      request.on('data', (chunk: Buffer) => (text += chunk.toString()));
      request.on('end', () => this.answer(request, response, text));
    });
    await new Promise<void>((done) => this.server.listen(0, '127.0.0.1', done));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    for (const response of this.hanging) response.destroy();
    this.server.closeAllConnections();
    await new Promise((done) => this.server.close(done));
  }

  private answer(request: IncomingMessage, response: ServerResponse, text: string): void {
    const body = JSON.parse(text || '{}') as Record<string, unknown>;
    this.received.push({ path: request.url!, authorization: request.headers.authorization, body });
    const send = (status: number, payload: unknown, headers: Record<string, string> = {}) => {
      response.writeHead(status, { 'content-type': 'application/json', ...headers });
      response.end(typeof payload === 'string' ? payload : JSON.stringify(payload));
    };
    const complyAdvantage = request.url!.startsWith('/searches');
    if (this.mode === 'hanging') return void this.hanging.push(response);
    if (this.mode === 'failing') return send(502, '<html>bad gateway</html>', { 'content-type': 'text/html' });
    if (this.mode === 'rate_limited') {
      return send(429, complyAdvantage ? { code: 429, status: 'failure', message: 'Too many requests' } : { detail: 'Rate limit exceeded' }, {
        'retry-after': '120',
      });
    }
    const expected = complyAdvantage ? `Token ${COMPLY_ADVANTAGE_KEY}` : `ApiKey ${OPEN_SANCTIONS_KEY}`;
    if (this.mode === 'unauthorized' || request.headers.authorization !== expected) {
      return send(
        401,
        complyAdvantage ? { code: 401, status: 'failure', message: 'Invalid API key' } : { detail: `Invalid API key: ${request.headers.authorization}` },
      );
    }
    if (this.mode === 'malformed') return send(200, '{"content": {"data": {"hits": [');
    if (this.mode === 'unexpected') return send(200, { results: 'none' });
    if (complyAdvantage) return send(200, complyAdvantageSearch(String(body.search_term)));
    return send(200, openSanctionsMatch(body));
  }
}

function complyAdvantageSearch(term: string) {
  const putin = /putin/i.test(term);
  return {
    code: 200,
    status: 'success',
    content: {
      data: {
        id: 1051,
        ref: '1632403839-oSCo3ZbM',
        searcher_id: 1,
        assignee_id: 1,
        filters: { types: ['sanction', 'pep'], entity_type: 'person', exact_match: false, fuzziness: 0.6 },
        match_status: putin ? 'potential_match' : 'no_match',
        risk_level: 'unknown',
        search_term: term,
        submitted_term: term,
        total_hits: putin ? 1 : 0,
        updated_at: '2026-11-24 10:00:00',
        created_at: '2026-11-24 10:00:00',
        tags: [],
        limit: 100,
        offset: 0,
        share_url: 'https://app.complyadvantage.com/public/search/1632403839-oSCo3ZbM/aa1b',
        hits: putin
          ? [
              {
                doc: {
                  id: 'N0HUXBOHUAA52RH',
                  last_updated_utc: '2026-11-20T08:00:00Z',
                  name: 'Vladimir Putin',
                  entity_type: 'person',
                  aka: [{ name: 'Vladimir Vladimirovich Putin' }, { name: 'Владимир Владимирович Путин' }],
                  fields: [
                    { name: 'Date of Birth', source: 'ofac-sdn-list', value: '1952-10-07' },
                    { name: 'Nationality', source: 'ofac-sdn-list', value: 'Russian Federation' },
                    { name: 'Political Position', tag: 'political_position', source: 'complyadvantage', value: 'President of the Russian Federation' },
                  ],
                  types: ['adverse-media', 'adverse-media-general', 'pep', 'pep-class-1', 'sanction'],
                  sources: ['ofac-sdn-list', 'complyadvantage', 'complyadvantage-adverse-media'],
                  source_notes: {
                    'ofac-sdn-list': { name: 'OFAC SDN List', aml_types: ['sanction'], listing_started_utc: '2022-02-25T00:00:00Z' },
                    complyadvantage: { name: 'ComplyAdvantage PEP Data', aml_types: ['pep-class-1'] },
                    'complyadvantage-adverse-media': { name: 'ComplyAdvantage Adverse Media', aml_types: ['adverse-media-general'] },
                  },
                  media: [
                    {
                      date: '2026-03-01T00:00:00Z',
                      snippet: 'Treasury sanctions the president.',
                      title: 'New sanctions announced',
                      url: 'https://news.example.test/sanctions-announced',
                    },
                  ],
                },
                match_types: ['name_exact', 'year_of_birth'],
                match_types_details: [],
                score: 1.7,
                is_whitelisted: false,
              },
            ]
          : [],
      },
    },
  };
}

function openSanctionsMatch(body: Record<string, unknown>) {
  const queries = body.queries as Record<string, { schema: string; properties: { name: string[] } }>;
  const responses = Object.fromEntries(
    Object.entries(queries).map(([key, query]) => {
      const bank = /rossiya/i.test(query.properties.name[0]);
      return [
        key,
        {
          status: 200,
          results: bank
            ? [
                {
                  id: 'NK-bankrossiya',
                  caption: 'Bank Rossiya',
                  schema: 'Company',
                  properties: { name: ['Bank Rossiya', 'АБ РОССИЯ'], alias: ['AB Rossiya'], country: ['ru'], topics: ['sanction'] },
                  datasets: ['us_ofac_sdn', 'eu_fsf', 'gb_hmt_sanctions'],
                  referents: ['ofac-15256'],
                  target: true,
                  first_seen: '2014-03-20T00:00:00',
                  last_seen: '2026-11-23T00:00:00',
                  last_change: '2024-05-01T00:00:00',
                  score: 0.97,
                  features: { name_literal_match: 1.0, country_mismatch: 0 },
                  match: true,
                },
              ]
            : [],
          total: { value: bank ? 1 : 0, relation: 'eq' },
          query: query,
        },
      ];
    }),
  );
  return { responses, matcher: { name_literal_match: { description: 'Two entities have the same name.', coefficient: 1.0 } }, limit: 10 };
}

interface Result {
  status: string;
  riskScore: number;
  riskLevel: string;
  provider: string;
  matches: Array<Record<string, unknown> & { score: number; explanation: Array<{ feature: string; value: unknown }> }>;
  sanctions: { matched: boolean; lists: string[] };
  pep: { matched: boolean; positions: string[] };
  adverseMedia: { matched: boolean; articles: Array<Record<string, unknown>> };
  coverage: Record<string, string>;
  lists: Array<Record<string, unknown>>;
  summary: string;
}

describe('entity_compliance_agent', () => {
  const standIn = new ProviderStandIn();
  const logs = capturingLogger();
  let service: RunningApp;
  let local: Client;
  let withProviders: Client;
  let providersToken: string;
  const outputs: string[] = [];

  async function screen(client: Client, args: Record<string, unknown>) {
    const result = await client.callTool({ name: 'entity_compliance_agent', arguments: args });
    outputs.push(JSON.stringify(result));
    return result;
  }

  async function used(token: string): Promise<number> {
    const usage = (await (await fetch(`${service.url}/billing/usage`, { headers: { authorization: `Bearer ${token}` } })).json()) as {
      balances: Array<{ usageKey: string; used: number }>;
    };
    return usage.balances.find((balance) => balance.usageKey === 'entity_compliance')!.used;
  }

  beforeAll(async () => {
    await standIn.start();
    // A clean start: the lists are loaded by this service's start-up job, not left by an earlier run.
    const database = await new DataSource({ type: 'postgres', url: process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test' }).initialize();
    await database.query('DELETE FROM sanctions_lists').catch(() => undefined);
    await database.query(`DELETE FROM jobs WHERE queue = 'sanctions-lists'`).catch(() => undefined);
    await database.destroy();
    service = await startApp({
      logger: logs.logger,
      env: {
        SANCTIONS_LISTS: `ofac-csv:${SDN_URL}`,
        COMPLIANCE_A_BASE_URL: standIn.url,
        COMPLIANCE_B_BASE_URL: standIn.url,
        COMPLIANCE_TIMEOUT_MS: '300',
        USAGE_PLAN_OVERRIDES: JSON.stringify({ entity_compliance: { machineTrialFree: 100 } }),
        M2M_REGISTRATION_LIMIT: '1000',
        RATE_LIMIT_MCP: '100000/60',
        RATE_LIMIT_REGISTRATION: '100000/60',
      },
    });
    const lists = service.app.get(SanctionsListsService);
    for (let waited = 0; !(await lists.loaded()) && waited < 20_000; waited += 100) await new Promise((done) => setTimeout(done, 100));
    local = await connectMcpClient(service.url, (await machineAccount(service.url)).token);
    providersToken = (await machineAccount(service.url)).token;
    withProviders = await connectMcpClient(service.url, providersToken);
    for (const [provider, apiKey] of [
      ['compliance_a', COMPLY_ADVANTAGE_KEY],
      ['compliance_b', OPEN_SANCTIONS_KEY],
    ]) {
      structured(await withProviders.callTool({ name: 'configure_data_provider', arguments: { provider, apiKey } }));
    }
  });

  afterAll(async () => {
    await local?.close();
    await withProviders?.close();
    await service?.close();
    await standIn.stop();
  });

  describe('against the sanctions lists loaded at start-up (no provider)', () => {
    it('finds a listed person by family name first through an alias, as a MATCH with the features behind its score', async () => {
      const result = structured<Result>(await screen(local, { entityName: 'Putin Vladimir', entityType: 'person', checkType: 'sanctions' }));
      expect(result).toMatchObject({ status: 'MATCH', riskLevel: 'high', provider: 'local_lists', sanctions: { matched: true, lists: ['OFAC SDN'] } });
      expect(result.matches[0]).toMatchObject({
        name: 'Vladimir Vladimirovich PUTIN',
        list: 'OFAC SDN',
        entityId: '35096',
        matchedName: 'PUTIN, Vladimir',
        matchedAlias: 'PUTIN, Vladimir',
        schema: 'person',
        countries: ['ru'],
        birthDates: ['1952-10-07'],
      });
      expect(result.matches[0].explanation).toEqual([
        { feature: 'name_similarity', value: 1 },
        { feature: 'token:putin~putin', value: 'exact 1' },
        { feature: 'token:vladimir~vladimir', value: 'exact 1' },
      ]);
    });

    it('finds a listed person written in Cyrillic, with a date of birth raising the score', async () => {
      const result = structured<Result>(
        await screen(local, { entityName: 'Владимир Путин', entityType: 'person', checkType: 'sanctions', dateOfBirth: '1952-10-07', country: 'RU' }),
      );
      expect(result.matches[0]).toMatchObject({ entityId: '35096', score: 100 });
      expect(result.matches[0].explanation).toEqual(
        expect.arrayContaining([
          { feature: 'birth_date_same', value: 10 },
          { feature: 'country_same', value: 5 },
          { feature: 'transliterated_from', value: 'cyrillic' },
        ]),
      );
    });

    it('finds a listed company despite its legal form, and says PEP and adverse media were not checked', async () => {
      const result = structured<Result>(await screen(local, { entityName: 'Sovcomflot PJSC', entityType: 'company', checkType: 'KYB' }));
      expect(result).toMatchObject({
        status: 'MATCH',
        coverage: { sanctions: 'local_lists', pep: 'not_checked', adverseMedia: 'not_checked', identity: 'not_checked' },
      });
      expect(result.matches[0]).toMatchObject({ entityId: '25423' });
      expect(result.summary).toContain('Not checked: politically exposed persons, adverse media, identity verification.');
      expect(result.lists).toEqual([expect.objectContaining({ name: 'us_ofac_sdn', title: 'OFAC SDN', entryCount: 12, version: expect.any(String) })]);
    });

    it('answers CLEAR with a low risk for a name on no list', async () => {
      const result = structured<Result>(await screen(local, { entityName: 'Margaret Thornbury', entityType: 'person', checkType: 'sanctions' }));
      expect(result).toMatchObject({ status: 'CLEAR', riskLevel: 'low', matches: [], sanctions: { matched: false, lists: [] } });
      expect(result.riskScore).toBeLessThan(40);
    });

    it('charges one check per screening and stores the result in the workspace', async () => {
      const { token } = await machineAccount(service.url);
      const client = await connectMcpClient(service.url, token);
      try {
        const { workspaceId } = structured<{ workspaceId: string }>(
          await client.callTool({ name: 'create_deal_workspace', arguments: { clientName: 'Screening Deal' } }),
        );
        structured(await screen(client, { entityName: 'Ali Hassan', entityType: 'person', checkType: 'sanctions', workspaceId }));
        expect(await used(token)).toBe(1);
        const workspace = structured<{ outputs: Record<string, Array<{ output: Result }>> }>(
          await client.callTool({ name: 'get_deal_workspace', arguments: { workspaceId } }),
        );
        expect(workspace.outputs.entity_compliance_agent[0].output).toMatchObject({ provider: 'local_lists', status: 'MATCH' });
      } finally {
        await client.close();
      }
    });
  });

  describe('bad input', () => {
    it('refuses a 10,000-character name without charging', async () => {
      const { token } = await machineAccount(service.url);
      const client = await connectMcpClient(service.url, token);
      try {
        const error = toolError(await screen(client, { entityName: 'A'.repeat(10_000), entityType: 'person', checkType: 'sanctions' }));
        expect(error.error).toEqual({
          code: 'INVALID_INPUT',
          message: 'Invalid arguments for entity_compliance_agent: entityName: entityName must be shorter than or equal to 300 characters.',
        });
        expect(await used(token)).toBe(0);
      } finally {
        await client.close();
      }
    });

    it('refuses a name of punctuation only', async () => {
      const error = toolError(await screen(local, { entityName: '!!! --- ...', entityType: 'person', checkType: 'sanctions' }));
      expect(error.error).toEqual({
        code: 'INVALID_INPUT',
        message: 'entityName has no letters or digits to screen once punctuation, titles and company forms are set aside.',
      });
    });

    it('refuses a call without a name, and a KYC check of a company', async () => {
      expect(toolError(await screen(local, { entityId: 'CUST-1', entityType: 'person', checkType: 'sanctions' })).error.message).toMatch(
        /^entityName is required/,
      );
      expect(toolError(await screen(local, { entityName: 'Acme', entityType: 'company', checkType: 'KYC' })).error.message).toMatch(
        /^checkType KYC screens a person/,
      );
    });

    it('names configure_data_provider when the caller asks for a provider it has no key for', async () => {
      const error = toolError(await screen(local, { entityName: 'Acme', entityType: 'company', checkType: 'KYB', provider: 'compliance_b' }));
      expect(error).toEqual({
        error: { code: 'FORBIDDEN', message: "No compliance_b key is configured for this account (nor by its firm's owner)." },
        hint: "Call configure_data_provider {provider: 'compliance_b', apiKey} with your key, then call entity_compliance_agent again.",
      });
    });
  });

  describe('with a compliance provider configured', () => {
    it('maps a ComplyAdvantage search to matches, sanctions lists, PEP positions and adverse-media articles', async () => {
      standIn.mode = 'ok';
      const result = structured<Result>(
        await screen(withProviders, { entityName: 'Vladimir Putin', entityId: 'CUST-42', entityType: 'person', checkType: 'full', dateOfBirth: '1952' }),
      );
      expect(result).toMatchObject({
        status: 'MATCH',
        riskLevel: 'high',
        provider: 'compliance_a',
        sanctions: { matched: true, lists: ['OFAC SDN List'] },
        pep: { matched: true, positions: ['President of the Russian Federation'] },
        adverseMedia: {
          matched: true,
          articles: [
            {
              title: 'New sanctions announced',
              url: 'https://news.example.test/sanctions-announced',
              publishedAt: '2026-03-01T00:00:00Z',
              source: 'news.example.test',
              snippet: 'Treasury sanctions the president.',
            },
          ],
        },
        coverage: { sanctions: 'provider', pep: 'provider', adverseMedia: 'provider', identity: 'not_checked' },
      });
      expect(result.matches[0]).toMatchObject({ entityId: 'N0HUXBOHUAA52RH', score: 100, countries: ['ru'], birthDates: ['1952-10-07'] });
      const sent = standIn.received.at(-1)!;
      expect(sent).toMatchObject({ path: '/searches', authorization: `Token ${COMPLY_ADVANTAGE_KEY}` });
      expect(sent.body).toEqual({
        search_term: 'Vladimir Putin',
        client_ref: 'CUST-42',
        fuzziness: 0.6,
        filters: { types: ['sanction', 'warning', 'fitness-probity', 'pep', 'adverse-media'], entity_type: 'person', birth_year: 1952 },
        share_url: 1,
        limit: 100,
      });
    });

    it('maps an OpenSanctions match to matches with the provider features and says adverse media was not checked', async () => {
      standIn.mode = 'ok';
      const result = structured<Result>(
        await screen(withProviders, { entityName: 'Bank Rossiya', entityType: 'company', checkType: 'sanctions', provider: 'compliance_b' }),
      );
      expect(result).toMatchObject({
        status: 'MATCH',
        provider: 'compliance_b',
        sanctions: { matched: true, lists: ['us_ofac_sdn'] },
        coverage: { sanctions: 'provider', pep: 'not_checked', adverseMedia: 'not_checked', identity: 'not_checked' },
      });
      expect(result.matches[0].explanation).toEqual(expect.arrayContaining([{ feature: 'provider:name_literal_match', value: 1 }]));
      expect(standIn.received.at(-1)).toMatchObject({
        path: '/match/sanctions?limit=10',
        authorization: `ApiKey ${OPEN_SANCTIONS_KEY}`,
        body: { queries: { entity: { schema: 'Company', properties: { name: ['Bank Rossiya'] } } } },
      });
    });

    it('answers CLEAR when the provider finds nobody', async () => {
      standIn.mode = 'ok';
      const result = structured<Result>(await screen(withProviders, { entityName: 'Margaret Thornbury', entityType: 'person', checkType: 'KYC' }));
      expect(result).toMatchObject({ status: 'CLEAR', riskLevel: 'low', riskScore: 0, provider: 'compliance_a', matches: [] });
    });

    const failures: Array<[Mode, 'compliance_a' | 'compliance_b', { code: string; message: string }]> = [
      ['unauthorized', 'compliance_a', { code: 'UNAUTHORIZED', message: 'ComplyAdvantage rejected the credentials configured for it (HTTP 401).' }],
      ['rate_limited', 'compliance_b', { code: 'RATE_LIMITED', message: 'OpenSanctions is rate limiting the configured key; retry after 120 seconds.' }],
      ['failing', 'compliance_a', { code: 'INTERNAL_ERROR', message: 'ComplyAdvantage is unavailable: it answered HTTP 502.' }],
      ['hanging', 'compliance_b', { code: 'INTERNAL_ERROR', message: 'OpenSanctions is unavailable: it did not answer within 300 ms.' }],
      ['malformed', 'compliance_a', { code: 'INTERNAL_ERROR', message: 'ComplyAdvantage is unavailable: it answered with a body that is not JSON.' }],
      [
        'unexpected',
        'compliance_b',
        { code: 'INTERNAL_ERROR', message: 'OpenSanctions is unavailable: it answered with a body this service cannot read (no responses.entity.results).' },
      ],
    ];
    for (const [mode, provider, error] of failures) {
      it(`answers a provider that is ${mode} with a tool error, uncharged, without the key`, async () => {
        const before = await used(providersToken);
        standIn.mode = mode;
        const result = await screen(withProviders, { entityName: 'Vladimir Putin', entityType: 'person', checkType: 'sanctions', provider });
        standIn.mode = 'ok';
        expect(toolError(result).error).toMatchObject(error);
        expect(await used(providersToken)).toBe(before);
        // A success closes the provider's run of failures, so the next case meets its own failure, not an open circuit.
        structured(await screen(withProviders, { entityName: 'Margaret Thornbury', entityType: 'person', checkType: 'sanctions', provider }));
      });
    }

    it('never shows a provider key in a result or a log line', () => {
      const everything = [...outputs, JSON.stringify(logs.lines())].join('\n');
      expect(everything).not.toContain(COMPLY_ADVANTAGE_KEY);
      expect(everything).not.toContain(OPEN_SANCTIONS_KEY);
    });
  });
});

describe('entity_compliance_agent without a provider or lists', () => {
  let service: RunningApp;
  let client: Client;

  beforeAll(async () => {
    service = await startApp({ env: { USAGE_PLAN_OVERRIDES: JSON.stringify({ entity_compliance: { machineTrialFree: 10 } }) } });
    client = await connectMcpClient(service.url, (await machineAccount(service.url)).token);
  });

  afterAll(async () => {
    await client?.close();
    await service?.close();
  });

  it('answers a tool error naming configure_data_provider', async () => {
    const result = await client.callTool({ name: 'entity_compliance_agent', arguments: { entityName: 'Acme Ltd', entityType: 'company', checkType: 'KYB' } });
    expect(toolError(result)).toEqual({
      error: { code: 'FORBIDDEN', message: 'No compliance provider is configured for this account, and this service has no sanctions lists loaded.' },
      hint: "Call configure_data_provider {provider: 'compliance_a' or 'compliance_b', apiKey} with your screening provider's key, then call entity_compliance_agent again.",
    });
  });
});

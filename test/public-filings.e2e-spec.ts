import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { Redis } from 'ioredis';
import { loadConfiguration } from '../src/config/app-config.js';
import { EdgarClient } from '../src/filings/edgar-client.js';
import { ProviderHttpClients } from '../src/providers/http/provider-http-clients.js';
import { connectMcpClient, machineToken, structured, toolError } from './support/mcp-helpers.js';
import { startApp, type RunningApp } from './support/test-app.js';
import { TEST_REDIS_URL } from './support/test-environment.js';

const USER_AGENT = 'Underwriting Tests filings-tests@example.test';
const fixture = (name: string) => readFileSync(new URL(`./fixtures/edgar/${name}`, import.meta.url), 'utf8');
const APPLE_ETAG = '"companyfacts-320193-v1"';

type Fault = { status: number; body?: string; headers?: Record<string, string> };

/**
 * SEC EDGAR played on loopback: www.sec.gov (the tickers file) and data.sec.gov (submissions,
 * company facts), serving trimmed copies of the real files with ETags, answering If-None-Match with
 * 304, and recording each request's path, User-Agent and arrival time.
 */
class EdgarStandIn {
  private server!: Server;
  readonly seen: { path: string; userAgent?: string; ifNoneMatch?: string; at: number }[] = [];
  /** Faults answered instead of the files, one per request, for paths containing the key. */
  readonly faults = new Map<string, Fault[]>();
  url = '';

  async start(): Promise<void> {
    this.server = createServer((request, response) => this.answer(request, response));
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  private answer(request: IncomingMessage, response: ServerResponse): void {
    const path = request.url!;
    this.seen.push({ path, userAgent: request.headers['user-agent'], ifNoneMatch: request.headers['if-none-match'] as string | undefined, at: Date.now() });
    for (const [key, faults] of this.faults) {
      if (path.includes(key) && faults.length > 0) {
        const fault = faults.shift()!;
        response.writeHead(fault.status, { 'content-type': 'application/json', ...fault.headers }).end(fault.body ?? '');
        return;
      }
    }
    const files: Record<string, [string, string]> = {
      '/files/company_tickers.json': ['company_tickers.json', '"tickers-v1"'],
      '/submissions/CIK0000320193.json': ['submissions-CIK0000320193.json', '"submissions-320193-v1"'],
      '/api/xbrl/companyfacts/CIK0000320193.json': ['companyfacts-CIK0000320193.json', APPLE_ETAG],
      // Berkshire's submissions stand in for a registrant without XBRL facts (404 on companyfacts).
      '/submissions/CIK0001067983.json': ['submissions-CIK0000320193.json', '"submissions-1067983-v1"'],
    };
    const file = files[path];
    if (!file) {
      // EDGAR's own 404 for an unknown CIK is an XML error page from its storage.
      response.writeHead(404, { 'content-type': 'application/xml' }).end('<?xml version="1.0"?><Error><Code>NoSuchKey</Code></Error>');
      return;
    }
    if (request.headers['if-none-match'] === file[1]) return void response.writeHead(304, { etag: file[1] }).end();
    response.writeHead(200, { 'content-type': 'application/json', etag: file[1], 'last-modified': 'Fri, 01 Nov 2024 10:00:00 GMT' }).end(fixture(file[0]));
  }

  reset(): void {
    this.seen.length = 0;
    this.faults.clear();
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }
}

describe('fetch_public_filings', () => {
  const edgar = new EdgarStandIn();
  let service: RunningApp;
  let client: Client;

  beforeAll(async () => {
    await edgar.start();
    service = await startApp({
      env: {
        SEC_USER_AGENT: USER_AGENT,
        SEC_DATA_URL: edgar.url,
        SEC_WWW_URL: edgar.url,
        SEC_CACHE_SECONDS: '0',
        M2M_REGISTRATION_LIMIT: '1000',
        RATE_LIMIT_MCP: '100000/60',
      },
    });
    client = await connectMcpClient(service.url, await machineToken(service.url));
  });

  afterAll(async () => {
    await client?.close();
    await service?.close();
    await edgar.stop();
  });

  beforeEach(() => edgar.reset());

  const call = (args: Record<string, unknown>) => client.callTool({ name: 'fetch_public_filings', arguments: args });

  it('resolves a ticker and returns the company, its filings with document URLs, and its facts in the DOMAIN.md 2 vocabulary', async () => {
    const result = structured<{
      company: Record<string, unknown>;
      filings: { form: string; url: string }[];
      facts: { concept: string; period: { end: string; months?: number }; value: number; source: string; evidence: { source: string; url: string } }[];
      notes: string[];
    }>(await call({ ticker: 'aapl' }));
    expect(result.company).toEqual({
      name: 'Apple Inc.',
      cik: '0000320193',
      tickers: ['AAPL'],
      exchanges: ['Nasdaq'],
      sic: '3571',
      industry: 'Electronic Computers',
      fiscalYearEnd: '0928',
      stateOfIncorporation: 'CA',
    });
    expect(result.filings[0]).toEqual({
      form: '10-K',
      filedAt: '2024-11-01',
      accessionNumber: '0000320193-24-000123',
      url: `${edgar.url}/Archives/edgar/data/320193/000032019324000123/aapl-20240928.htm`,
      periodOfReport: '2024-09-28',
      description: '10-K',
    });
    expect(result.filings.map((filing) => filing.form)).not.toContain('4');
    const revenue = result.facts.find((fact) => fact.concept === 'Revenues' && fact.period.end === '2024-09-28' && fact.period.months === 12);
    expect(revenue).toMatchObject({ value: 391_035_000_000, currency: 'USD', source: 'edgar', evidence: { source: 'edgar' } });
    expect(result.facts.some((fact) => fact.period.months === 3)).toBe(true);
    expect(result.notes).toEqual([]);
  });

  it('sends the configured User-Agent on every request', async () => {
    await call({ cik: '320193' });
    expect(edgar.seen.length).toBeGreaterThan(0);
    expect(edgar.seen.every((request) => request.userAgent === USER_AGENT)).toBe(true);
  });

  it('resolves a CIK without the tickers file, and a name through it', async () => {
    expect(structured<{ company: { cik: string } }>(await call({ cik: '0000320193' })).company.cik).toBe('0000320193');
    expect(edgar.seen.map((request) => request.path)).not.toContain('/files/company_tickers.json');
    expect(structured<{ company: { name: string } }>(await call({ companyName: 'apple' })).company.name).toBe('Apple Inc.');
  });

  it('revalidates a cached answer with its ETag and uses it on 304', async () => {
    await call({ cik: '320193' });
    edgar.reset();
    const again = structured<{ facts: unknown[] }>(await call({ cik: '320193' }));
    const facts = edgar.seen.find((request) => request.path.includes('companyfacts'));
    expect(facts?.ifNoneMatch).toBe(APPLE_ETAG);
    expect(again.facts.length).toBeGreaterThan(10);
  });

  it('stores the result in the workspace for quantitative_analysis_agent', async () => {
    const { workspaceId } = structured<{ workspaceId: string }>(
      await client.callTool({ name: 'create_deal_workspace', arguments: { clientName: 'Apple Inc.' } }),
    );
    await call({ ticker: 'AAPL', workspaceId });
    const workspace = structured<{ outputs: Record<string, { output: { facts: unknown[] } }[]> }>(
      await client.callTool({ name: 'get_deal_workspace', arguments: { workspaceId } }),
    );
    expect(workspace.outputs.fetch_public_filings[0].output.facts.length).toBeGreaterThan(10);
  });

  it('answers a registrant without XBRL facts with empty facts and a note', async () => {
    const result = structured<{ facts: unknown[]; notes: string[] }>(await call({ cik: '1067983' }));
    expect(result.facts).toEqual([]);
    expect(result.notes).toEqual(['Apple Inc. has filed no XBRL financial data with the SEC (or none in the concepts of DOMAIN.md 2): facts is empty.']);
  });

  describe('bad input and EDGAR failures, each a clear tool error', () => {
    it.each([
      [{}, 'INVALID_INPUT', 'Name the company: give one of cik, ticker or companyName.'],
      [{ cik: 'abc' }, 'INVALID_INPUT', 'cik: must be the SEC Central Index Key: 1 to 10 digits, for example 320193 or 0000320193'],
      [{ cik: '12345678901' }, 'INVALID_INPUT', 'cik: must be the SEC Central Index Key'],
      [{ ticker: 'AAPL; DROP' }, 'INVALID_INPUT', 'ticker: must be a ticker of 1 to 10 letters'],
      [{ companyName: '!!!' }, 'INVALID_INPUT', 'companyName: must contain letters or digits'],
      [{ companyName: `${'x'.repeat(10_000)}` }, 'INVALID_INPUT', 'companyName: companyName must be shorter than or equal to 200 characters'],
      [{ ticker: 'ZZZZ' }, 'NOT_FOUND', 'No company filing with the SEC has the ticker ZZZZ.'],
      [{ cik: '9999999' }, 'NOT_FOUND', 'SEC EDGAR has no company with CIK 0009999999.'],
      [
        { cik: '320193', ticker: 'MSFT' },
        'INVALID_INPUT',
        'cik 0000320193 and ticker MSFT name different companies (MICROSOFT CORP is CIK 0000789019); give one of them.',
      ],
      [{ companyName: 'First Bancorp' }, 'INVALID_INPUT', 'matches 2 companies filing with the SEC'],
    ])('bad arguments #%# → %s', async (args, code, message) => {
      const { error } = toolError(await call(args));
      expect(error.code).toBe(code);
      expect(error.message).toContain(message);
    });

    it('reports EDGAR down (5xx on every try) as unavailable, naming it', async () => {
      edgar.faults.set('/submissions/', [{ status: 503 }, { status: 503 }, { status: 503 }]);
      const { error } = toolError(await call({ cik: '320193' }));
      expect(error).toMatchObject({ code: 'INTERNAL_ERROR', message: 'SEC EDGAR is unavailable: it answered HTTP 503.' });
    });

    it("reports EDGAR's 429 with a long Retry-After as RATE_LIMITED", async () => {
      edgar.faults.set('/submissions/', [{ status: 429, headers: { 'retry-after': '600' } }]);
      const { error } = toolError(await call({ cik: '320193' }));
      expect(error).toMatchObject({ code: 'RATE_LIMITED', message: 'SEC EDGAR is rate limiting the configured key; retry after 600 seconds.' });
    });

    it("reports EDGAR's 403 (undeclared automated traffic) with what the operator should check", async () => {
      edgar.faults.set('/submissions/', [{ status: 403, body: '<html>Your Request Originates from an Undeclared Automated Tool</html>' }]);
      const outcome = toolError(await call({ cik: '320193' }));
      expect(outcome.error.message).toBe('SEC EDGAR rejected the credentials configured for it (HTTP 403).');
      expect(outcome.hint).toContain('SEC_USER_AGENT');
    });

    it('reports malformed JSON from EDGAR as unavailable', async () => {
      edgar.faults.set('/submissions/', [
        { status: 200, body: '{"cik": "320193", "filings": ' },
        { status: 200, body: '{"cik": "320193", "filings": ' },
        { status: 200, body: '{"cik": "320193", "filings": ' },
      ]);
      const { error } = toolError(await call({ cik: '320193' }));
      expect(error).toMatchObject({ code: 'INTERNAL_ERROR', message: 'SEC EDGAR is unavailable: it answered with a body that is not JSON.' });
    });

    it('reports JSON of the wrong shape as unavailable', async () => {
      edgar.faults.set('/submissions/', [{ status: 200, body: '{"error": "unexpected"}' }]);
      const { error } = toolError(await call({ cik: '320193' }));
      expect(error).toMatchObject({ code: 'INTERNAL_ERROR', message: 'SEC EDGAR is unavailable: its submissions file did not have the expected shape.' });
    });
  });
});

describe('fetch_public_filings without SEC_USER_AGENT', () => {
  const edgar = new EdgarStandIn();
  let service: RunningApp;
  beforeAll(async () => {
    await edgar.start();
    service = await startApp({ env: { SEC_USER_AGENT: undefined, SEC_DATA_URL: edgar.url, SEC_WWW_URL: edgar.url } });
  });
  afterAll(async () => {
    await service?.close();
    await edgar.stop();
  });

  it('answers that the operator must set SEC_USER_AGENT, and sends nothing to EDGAR', async () => {
    const client = await connectMcpClient(service.url, await machineToken(service.url));
    const outcome = toolError(await client.callTool({ name: 'fetch_public_filings', arguments: { ticker: 'AAPL' } }));
    await client.close();
    expect(outcome.error.code).toBe('INTERNAL_ERROR');
    expect(outcome.error.message).toContain('SEC_USER_AGENT is not set');
    expect(outcome.hint).toContain('SEC_USER_AGENT');
    expect(edgar.seen).toEqual([]);
  });

  it('refuses a SEC_USER_AGENT without a contact e-mail at start-up', () => {
    expect(() => loadConfiguration({ NODE_ENV: 'test', SEC_USER_AGENT: 'Acme Capital' })).toThrow(/SEC_USER_AGENT: .*contact e-mail address/);
  });
});

describe('EDGAR request rate across replicas', () => {
  const edgar = new EdgarStandIn();
  const redis: Redis[] = [];
  beforeAll(() => edgar.start());
  afterAll(async () => {
    for (const connection of redis) connection.disconnect();
    await edgar.stop();
  });

  it('keeps two replicas sharing Redis within SEC_MAX_REQUESTS_PER_SECOND in every sliding second', async () => {
    const config = loadConfiguration({
      NODE_ENV: 'test',
      SEC_USER_AGENT: USER_AGENT,
      SEC_DATA_URL: edgar.url,
      SEC_WWW_URL: edgar.url,
      SEC_CACHE_SECONDS: '0',
      SEC_MAX_REQUESTS_PER_SECOND: '4',
      REDIS_KEY_PREFIX: `test-edgar-${Date.now()}`,
    });
    const replica = () => {
      const connection = new Redis(TEST_REDIS_URL());
      redis.push(connection);
      return new EdgarClient(config, new ProviderHttpClients(), { kind: 'redis', client: connection, url: TEST_REDIS_URL() });
    };
    const [first, second] = [replica(), replica()];
    // SEC_CACHE_SECONDS=0: every call asks EDGAR (answered 304 after the first).
    await Promise.all(Array.from({ length: 10 }, (_, index) => (index % 2 ? first : second).submissions('320193')));
    const times = edgar.seen.map((request) => request.at).sort((a, b) => a - b);
    expect(times).toHaveLength(10);
    const busiestSecond = Math.max(...times.map((start) => times.filter((at) => at >= start && at < start + 1000).length));
    expect(busiestSecond).toBeLessThanOrEqual(4);
  }, 20_000);
});

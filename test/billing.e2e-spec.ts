import { describe, expect, it } from '@jest/globals';
import { StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { DataSource } from 'typeorm';
import { MeteringService } from '../src/billing/metering.service.js';
import { USAGE_PLAN, type UsageKey } from '../src/config/usage-plan.js';
import { pdfBytes } from './support/document-fixtures.js';
import { connectMcpClient, machineAccount, postToolCall, structured, toolError } from './support/mcp-helpers.js';
import { meteredTestArguments, meteredTestTool, MeteredTestToolsModule, TestClock } from './support/metered-tools.module.js';
import { humanToken } from './support/oauth-helpers.js';
import { PROBLEM_RECORD_SCHEMA, schemaErrors } from './support/schemas.js';
import { appForSuite } from './support/test-app.js';

type Usage = {
  kind: string;
  period: string;
  balances: { usageKey: string; granted: number; used: number; remaining: number }[];
  recent: { entry: string; usageKey: string; units: number }[];
};

describe('metering: free tiers, the ledger and HTTP 402', () => {
  const clock = new TestClock();
  clock.set('2026-11-15T12:00:00Z');
  const service = appForSuite({
    additionalModules: [MeteredTestToolsModule],
    clock,
    env: { M2M_REGISTRATION_LIMIT: '1000', RATE_LIMIT_MCP: '100000/60', RATE_LIMIT_TOKEN: '100000/60', RATE_LIMIT_REGISTRATION: '100000/60' },
  });

  const machine = () => machineAccount(service.url, 'metered pipeline');
  const callTool = (token: string, name: string, args: Record<string, unknown> = {}, headers: Record<string, string> = {}, meta?: Record<string, unknown>) =>
    postToolCall(service.url, token, name, args, { headers, meta });
  const usage = async (token: string) =>
    (await (await fetch(`${service.url}/billing/usage`, { headers: { authorization: `Bearer ${token}` } })).json()) as Usage;
  const ledger = async (accountId: string) =>
    (await service.app.get(DataSource).query('SELECT entry, usage_key, units FROM usage_ledger WHERE account_id = $1 ORDER BY id', [accountId])) as {
      entry: string;
      usage_key: string;
      units: number;
    }[];

  async function expectPaymentRequired(response: Response): Promise<string> {
    expect(response.status).toBe(402);
    expect(response.headers.get('content-type')).toBe('application/problem+json; charset=utf-8');
    const problem = (await response.json()) as { type: string; code?: string; detail: string };
    expect(schemaErrors(PROBLEM_RECORD_SCHEMA, problem)).toEqual([]);
    expect(problem.type.endsWith('/payment-required')).toBe(true);
    expect(problem.code).toBeUndefined();
    expect(problem.detail).toContain('initiate_payment_setup');
    return problem.detail;
  }

  describe('the machine trial', () => {
    it('is seeded at registration, and the registration reports it', async () => {
      const { token, registration } = await machine();
      expect(registration.free_quota).toEqual({ pitch_deck_precheck: 1, credit_memo_drafting: 1, document_classification: 2, financial_data_extraction: 1 });
      const { kind, period, balances } = await usage(token);
      expect({ kind, period }).toEqual({ kind: 'machine', period: 'trial' });
      expect(balances.find((balance) => balance.usageKey === 'pitch_deck_precheck')).toMatchObject({ granted: 1, used: 0, remaining: 1 });
    });

    it('serves one free pitch_deck_precheck call, then answers HTTP 402 with the problem record', async () => {
      const { token, accountId } = await machine();
      const first = await callTool(token, 'test_metered_pitch_deck_precheck');
      expect(first.status).toBe(200);
      expect(((await first.json()) as { result: { isError?: boolean } }).result.isError).toBeUndefined();
      const detail = await expectPaymentRequired(await callTool(token, 'test_metered_pitch_deck_precheck'));
      expect(detail).toContain('pitch_deck_precheck');
      expect(await ledger(accountId)).toEqual([
        { entry: 'reserve', usage_key: 'pitch_deck_precheck', units: 1 },
        { entry: 'commit', usage_key: 'pitch_deck_precheck', units: 1 },
      ]);
    });

    it('reaches the MCP SDK client as an HTTP 402 error', async () => {
      const { token } = await machine();
      const client = await connectMcpClient(service.url, token);
      try {
        structured(await client.callTool({ name: 'test_metered_pitch_deck_precheck', arguments: {} }));
        const refused = await client.callTool({ name: 'test_metered_pitch_deck_precheck', arguments: {} }).catch((error: unknown) => error);
        expect(refused).toBeInstanceOf(StreamableHTTPError);
        expect((refused as StreamableHTTPError).code).toBe(402);
      } finally {
        await client.close();
      }
    });

    it('meters every key of the price table: its trial units free, then 402 (per-page keys by the pages of the document)', async () => {
      const { token } = await machine();
      const client = await connectMcpClient(service.url, token);
      try {
        const document = structured<{ documentId: string }>(
          await client.callTool({ name: 'submit_documents', arguments: { fileName: 'one-page.pdf', content: (await pdfBytes(1)).toString('base64') } }),
        );
        for (const usageKey of Object.keys(USAGE_PLAN) as UsageKey[]) {
          const entry = USAGE_PLAN[usageKey];
          const args = meteredTestArguments(usageKey, document.documentId);
          for (let served = 0; served < entry.machineTrialFree; served++) {
            expect({ usageKey, status: (await callTool(token, meteredTestTool(usageKey), args)).status }).toEqual({ usageKey, status: 200 });
          }
          expect({ usageKey, status: (await callTool(token, meteredTestTool(usageKey), args)).status }).toEqual({ usageKey, status: 402 });
        }
      } finally {
        await client.close();
      }
    });

    it('counts the pages of the document for per-page keys, and refuses a document larger than what is left', async () => {
      const { token } = await machine();
      const client = await connectMcpClient(service.url, token);
      try {
        const threePages = structured<{ documentId: string }>(
          await client.callTool({ name: 'submit_documents', arguments: { fileName: 'three.pdf', content: (await pdfBytes(3)).toString('base64') } }),
        );
        await expectPaymentRequired(await callTool(token, 'document_intelligence_agent', { documentId: threePages.documentId }));
        const twoPages = structured<{ documentId: string }>(
          await client.callTool({ name: 'submit_documents', arguments: { fileName: 'two.pdf', content: (await pdfBytes(2)).toString('base64') } }),
        );
        expect((await callTool(token, 'document_intelligence_agent', { documentId: twoPages.documentId })).status).toBe(200);
        expect((await usage(token)).balances.find((balance) => balance.usageKey === 'document_classification')).toMatchObject({
          granted: 2,
          used: 2,
          remaining: 0,
        });
      } finally {
        await client.close();
      }
    });

    it('does not reset at the month boundary', async () => {
      const { token } = await machine();
      expect((await callTool(token, 'test_metered_pitch_deck_precheck')).status).toBe(200);
      clock.set('2026-12-01T00:00:01Z');
      try {
        await expectPaymentRequired(await callTool(token, 'test_metered_pitch_deck_precheck'));
      } finally {
        clock.set('2026-11-15T12:00:00Z');
      }
    });
  });

  describe('under concurrency', () => {
    it('serves exactly one of 50 simultaneous calls against a quota of 1, and the ledger agrees', async () => {
      const { token, accountId } = await machine();
      const statuses = (await Promise.all(Array.from({ length: 50 }, () => callTool(token, 'test_metered_pitch_deck_precheck', { delayMs: 20 })))).map(
        (response) => response.status,
      );
      expect(statuses.filter((status) => status === 200)).toHaveLength(1);
      expect(statuses.filter((status) => status === 402)).toHaveLength(49);
      expect(await ledger(accountId)).toEqual([
        { entry: 'reserve', usage_key: 'pitch_deck_precheck', units: 1 },
        { entry: 'commit', usage_key: 'pitch_deck_precheck', units: 1 },
      ]);
      const [balance] = await service.app
        .get(DataSource)
        .query("SELECT used, granted FROM quota_balances WHERE owner_id = $1 AND usage_key = 'pitch_deck_precheck'", [accountId]);
      expect(balance).toEqual({ used: 1, granted: 1 });
    });
  });

  describe('failures and retries', () => {
    it('does not charge a call that fails: its units are released', async () => {
      const { token, accountId } = await machine();
      const failed = await callTool(token, 'test_metered_pitch_deck_precheck', { fail: true });
      expect(((await failed.json()) as { result: { isError: boolean } }).result.isError).toBe(true);
      expect((await callTool(token, 'test_metered_pitch_deck_precheck')).status).toBe(200);
      expect((await ledger(accountId)).map((entry) => entry.entry)).toEqual(['reserve', 'release', 'reserve', 'commit']);
    });

    it('answers a retry with the same Idempotency-Key from the first result, without charging again', async () => {
      const { token, accountId } = await machine();
      const first = (await (await callTool(token, 'test_metered_pitch_deck_precheck', { note: 'x' }, { 'idempotency-key': 'retry-1' })).json()) as {
        result: { structuredContent: unknown };
      };
      const retry = await callTool(token, 'test_metered_pitch_deck_precheck', { note: 'x' }, { 'idempotency-key': 'retry-1' });
      expect(retry.status).toBe(200);
      expect(((await retry.json()) as { result: { structuredContent: unknown } }).result.structuredContent).toEqual(first.result.structuredContent);
      expect((await ledger(accountId)).map((entry) => entry.entry)).toEqual(['reserve', 'commit']);
    });

    it('takes the key from params._meta.idempotencyKey too', async () => {
      const { token, accountId } = await machine();
      await callTool(token, 'test_metered_pitch_deck_precheck', {}, {}, { idempotencyKey: 'meta-1' });
      expect((await callTool(token, 'test_metered_pitch_deck_precheck', {}, {}, { idempotencyKey: 'meta-1' })).status).toBe(200);
      expect((await ledger(accountId)).map((entry) => entry.entry)).toEqual(['reserve', 'commit']);
    });

    it('refuses a key reused for other arguments', async () => {
      const { token } = await machine();
      await callTool(token, 'test_metered_pitch_deck_precheck', { note: 'a' }, { 'idempotency-key': 'reused' });
      const other = (await (await callTool(token, 'test_metered_pitch_deck_precheck', { note: 'b' }, { 'idempotency-key': 'reused' })).json()) as {
        result: unknown;
      };
      expect(toolError(other.result).error.message).toContain('was used for a different call');
    });

    it("keeps one account's keys apart from another's", async () => {
      const [one, two] = await Promise.all([machine(), machine()]);
      expect((await callTool(one.token, 'test_metered_pitch_deck_precheck', {}, { 'idempotency-key': 'shared' })).status).toBe(200);
      expect((await callTool(two.token, 'test_metered_pitch_deck_precheck', {}, { 'idempotency-key': 'shared' })).status).toBe(200);
      expect(await ledger(two.accountId)).toHaveLength(2);
    });

    it('lets a failed call be retried with its key, and charges the retry once', async () => {
      const { token, accountId } = await machine();
      const failed = (await (await callTool(token, 'test_metered_pitch_deck_precheck', { fail: true }, { 'idempotency-key': 'flaky' })).json()) as {
        result: unknown;
      };
      expect(toolError(failed.result).error.code).toBe('INVALID_INPUT');
      const retried = (await (await callTool(token, 'test_metered_pitch_deck_precheck', {}, { 'idempotency-key': 'flaky' })).json()) as {
        result: { isError?: boolean };
      };
      expect(retried.result.isError).toBeUndefined();
      expect((await ledger(accountId)).map((entry) => entry.entry)).toEqual(['reserve', 'release', 'reserve', 'commit']);
    });
  });

  describe('reservations left behind', () => {
    it('are released after 30 minutes when the process that made them died before settling, once', async () => {
      const { token, accountId } = await machine();
      const metering = service.app.get(MeteringService);
      // What a process that dies mid-call leaves: a reservation with neither commit nor release.
      await metering.reserve({ accountId, usageKey: 'pitch_deck_precheck', units: 1, toolName: 'test_metered_pitch_deck_precheck' });
      await expectPaymentRequired(await callTool(token, 'test_metered_pitch_deck_precheck'));
      await metering.releaseStale();
      await expectPaymentRequired(await callTool(token, 'test_metered_pitch_deck_precheck'));
      // 31 minutes later (the sweep's time is that of the call ids, Date.now; the reservation's call id carries the time it was made).
      const later = Date.now() + 31 * 60_000;
      await metering.releaseStale(later);
      await metering.releaseStale(later);
      // Those runs left the sweep's watermark a minute ahead of the real time: dropped, so that the
      // next sweep on this database (another run of this suite within that minute) makes a full pass.
      await service.app.get(DataSource).query('DELETE FROM ledger_sweep_watermarks');
      expect((await callTool(token, 'test_metered_pitch_deck_precheck')).status).toBe(200);
      expect((await ledger(accountId)).map((entry) => entry.entry)).toEqual(['reserve', 'release', 'reserve', 'commit']);
    });
  });

  describe("people's monthly amounts", () => {
    it('grant the monthly amount, refuse beyond it, and start again at 00:00 UTC on the 1st', async () => {
      const { accessToken } = await humanToken(service.url);
      const monthly = USAGE_PLAN.credit_memo_drafting.humanMonthlyFree;
      for (let served = 0; served < monthly; served++) expect((await callTool(accessToken, 'test_metered_credit_memo_drafting')).status).toBe(200);
      await expectPaymentRequired(await callTool(accessToken, 'test_metered_credit_memo_drafting'));
      expect((await usage(accessToken)).period).toBe('2026-11');
      clock.set('2026-11-30T23:59:59Z');
      try {
        await expectPaymentRequired(await callTool(accessToken, 'test_metered_credit_memo_drafting'));
        clock.set('2026-12-01T00:00:00Z');
        expect((await callTool(accessToken, 'test_metered_credit_memo_drafting')).status).toBe(200);
        const december = await usage(accessToken);
        expect(december.period).toBe('2026-12');
        expect(december.balances.find((balance) => balance.usageKey === 'credit_memo_drafting')).toMatchObject({ granted: monthly, used: 1 });
      } finally {
        clock.set('2026-11-15T12:00:00Z');
      }
    });

    it('have no free amount for entity_compliance', async () => {
      const { accessToken } = await humanToken(service.url);
      await expectPaymentRequired(await callTool(accessToken, meteredTestTool('entity_compliance'), meteredTestArguments('entity_compliance', '')));
    });
  });

  it('leaves workspace and document tools free and unmetered', async () => {
    const { token, accountId } = await machine();
    const client = await connectMcpClient(service.url, token);
    try {
      structured(await client.callTool({ name: 'create_deal_workspace', arguments: { clientName: 'Free' } }));
      structured(await client.callTool({ name: 'submit_documents', arguments: { fileName: 'a.txt', content: Buffer.from('free').toString('base64') } }));
      expect(await ledger(accountId)).toEqual([]);
    } finally {
      await client.close();
    }
  });
});

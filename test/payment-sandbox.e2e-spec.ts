import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createLocalJWKSet, jwtVerify, type JSONWebKeySet } from 'jose';
import type { Browser } from 'playwright-core';
import { launchChromium } from './support/browser.js';
import { startTogether } from './support/start-together.js';
import { machineToken, postMcp } from './support/mcp-helpers.js';
import { MeteredTestToolsModule } from './support/metered-tools.module.js';
import { startApp, type RunningApp } from './support/test-app.js';

type Session = { setupUrl: string; sessionToken: string; rail: string; maxMonthlyBudgetUsd: number };
type ToolOutcome<T> = { status: number; result?: T; error?: { code: string; message: string }; hint?: string; detail?: string };

const LIMITS = { M2M_REGISTRATION_LIMIT: '1000', RATE_LIMIT_REGISTRATION: '100000/60', RATE_LIMIT_TOKEN: '100000/60', RATE_LIMIT_MCP: '100000/60' };

/** A tools/call: its structured result, its tool error, or (402) the problem's detail. */
async function tool<T = Record<string, unknown>>(
  service: RunningApp,
  token: string,
  name: string,
  args: Record<string, unknown> = {},
): Promise<ToolOutcome<T>> {
  const response = await postMcp(
    service.url,
    { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } },
    { authorization: `Bearer ${token}` },
  );
  if (response.status !== 200) return { status: response.status, detail: ((await response.json()) as { detail?: string }).detail };
  const body = (await response.json()) as { result: { isError?: boolean; structuredContent?: T; content: { text: string }[] } };
  if (body.result.isError) return { status: 200, ...JSON.parse(body.result.content[0].text) };
  return { status: 200, result: body.result.structuredContent };
}

const get = async (service: RunningApp, token: string, path: string) =>
  (await fetch(`${service.url}${path}`, { headers: { authorization: `Bearer ${token}` } })).json();

describe('the sandbox rail (no card or wallet rail configured, NODE_ENV not production)', () => {
  let service: RunningApp;
  let browser: Browser;

  beforeAll(async () => {
    [service, browser] = await startTogether([
      startApp({ reachablePublicUrls: true, additionalModules: [MeteredTestToolsModule], env: LIMITS }),
      launchChromium(),
    ]);
  });
  afterAll(async () => {
    await Promise.all([service?.close(), browser?.close()]);
  });

  it('walks the loop: free call, 402, a sandbox setup authorized in Chromium, complete with an intentMandate, a charged call, usage and invoices showing the sandbox', async () => {
    const token = await machineToken(service.url);
    expect((await tool(service, token, 'test_metered_pitch_deck_precheck')).status).toBe(200);
    expect(await tool(service, token, 'test_metered_pitch_deck_precheck')).toMatchObject({
      status: 402,
      detail: expect.stringContaining('initiate_payment_setup'),
    });

    const { result: session } = await tool<Session>(service, token, 'initiate_payment_setup', { maxMonthlyBudgetUsd: 5 });
    expect(session).toMatchObject({ rail: 'sandbox', maxMonthlyBudgetUsd: 5 });
    const page = await browser.newPage();
    page.setDefaultTimeout(10_000);
    try {
      await page.goto(session!.setupUrl);
      await expect(page.getByRole('note').textContent()).resolves.toContain('No money moves.');
      await page.getByRole('button', { name: 'Authorize sandbox budget' }).click();
      const status = page.locator('#status[data-state="complete"], #status[data-state="refused"]');
      await status.waitFor();
      expect(await status.textContent()).toBe('Done: the sandbox budget is authorized. You can close this page.');
    } finally {
      await page.close();
    }

    const checked = await tool<{ status: string; rail: string; intentMandate: string }>(service, token, 'check_payment_setup', {
      sessionToken: session!.sessionToken,
    });
    expect(checked.result).toMatchObject({ status: 'complete', rail: 'sandbox' });
    const jwks = createLocalJWKSet((await (await fetch(`${service.url}/.well-known/jwks.json`)).json()) as JSONWebKeySet);
    const { payload } = await jwtVerify(checked.result!.intentMandate, jwks, { issuer: service.url, audience: service.url });
    expect(payload).toMatchObject({ rail: 'sandbox', monthly_budget_usd: 5, status: 'active' });

    expect((await tool(service, token, 'test_metered_pitch_deck_precheck')).status).toBe(200);
    const usage = (await get(service, token, '/billing/usage')) as {
      mandate: Record<string, unknown>;
      recent: { funding: string; entry: string; amountCents: number }[];
    };
    expect(usage.mandate).toMatchObject({ rail: 'sandbox', status: 'active', budgetCents: 500, spentCents: 50 });
    expect(usage.recent[0]).toMatchObject({ funding: 'charged', entry: 'commit', amountCents: 50 });
    expect(await get(service, token, '/billing/invoices')).toEqual([
      {
        mandateId: expect.any(String),
        rail: 'sandbox',
        period: expect.stringMatching(/^\d{4}-\d{2}$/),
        status: 'open',
        charges: 1,
        amountCents: 50,
        budgetCents: 500,
        payment: null,
      },
    ]);
  });

  it("completes with one POST to the page's sandbox path (the README's curl), once", async () => {
    const token = await machineToken(service.url);
    const { result: session } = await tool<Session>(service, token, 'initiate_payment_setup', { rail: 'fiat' });
    expect(session!.rail).toBe('sandbox');
    const authorize = () => fetch(`${session!.setupUrl}/sandbox`, { method: 'POST' });
    const first = await authorize();
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ status: 'complete' });
    expect((await authorize()).status).toBe(404);
    expect((await tool(service, token, 'check_payment_setup', { session_token: session!.sessionToken })).result).toMatchObject({
      status: 'complete',
      rail: 'sandbox',
    });
  });

  it("runs the README's payment loop verbatim (bash, curl, node): a free call, 402, a sandbox setup, a paid call, usage and the invoice", async () => {
    const readme = await readFile(new URL('../README.md', import.meta.url), 'utf8');
    const walk = /### Try the payment loop \(sandbox\)[\s\S]*?```sh\n([\s\S]*?)```/.exec(readme)![1];
    const { stdout } = await promisify(execFile)('bash', ['-c', `set -euo pipefail\n${walk.replaceAll('http://localhost:3000', service.url)}`]);
    // The walk prints JSON, and strings as they are.
    const lines = stdout
      .trim()
      .split('\n')
      .map((line) => (/^[[{\d"]/.test(line) ? JSON.parse(line) : line));
    const [freeCall, refused, setup, pressed, checked, paidCall, mandate, invoice] = lines;
    expect(lines).toHaveLength(8);
    expect(freeCall).toBe('term_sheet');
    expect(refused).toBe(402);
    expect(setup).toMatchObject({ rail: 'sandbox', maxMonthlyBudgetUsd: 5, setupUrl: expect.stringContaining(`${service.url}/payment-setup/`) });
    expect(pressed).toEqual({ status: 'complete' });
    expect(checked).toMatchObject({ status: 'complete', rail: 'sandbox', intentMandate: expect.stringMatching(/^eyJ/) });
    expect(paidCall).toBe('term_sheet');
    expect(mandate).toMatchObject({ rail: 'sandbox', status: 'active', budgetCents: 500, spentCents: 15 });
    expect(invoice).toMatchObject({ rail: 'sandbox', status: 'open', charges: 1, amountCents: 15, payment: null });
  });

  it('refuses the wallet submission on a sandbox session, and the session stays pending', async () => {
    const token = await machineToken(service.url);
    const { result: session } = await tool<Session>(service, token, 'initiate_payment_setup');
    const response = await fetch(`${session!.setupUrl}/wallet`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ domain: {}, message: {}, signature: '0x00' }),
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { detail: string }).detail).toBe('This session does not offer the wallet rail.');
    expect((await tool(service, token, 'check_payment_setup', { session_token: session!.sessionToken })).result).toMatchObject({ status: 'pending' });
  });
});

const NOT_CONFIGURED = {
  status: 200,
  error: {
    code: 'FORBIDDEN',
    message: 'The operator of this service has not configured payments: no card or wallet rail is set up, so no budget can be authorized here.',
  },
  hint: 'Calls beyond the free amount cannot be paid for on this service. Tell its operator (who sets STRIPE_SECRET_KEY or PAYMENT_WALLET_ADDRESS); retrying will not help.',
};

describe('with PAYMENT_SANDBOX=false and no rail configured', () => {
  let service: RunningApp;
  beforeAll(async () => {
    service = await startApp({ env: { ...LIMITS, PAYMENT_SANDBOX: 'false' } });
  });
  afterAll(() => service?.close());

  it('answers initiate_payment_setup with FORBIDDEN saying the operator has not configured payments', async () => {
    expect(await tool(service, await machineToken(service.url), 'initiate_payment_setup')).toEqual(NOT_CONFIGURED);
  });
});

describe('in production, with no rail configured', () => {
  let development: RunningApp;
  let production: RunningApp;
  beforeAll(async () => {
    // Both on the same database: a sandbox mandate made in development is there when production starts.
    [development, production] = await Promise.all([
      startApp({ additionalModules: [MeteredTestToolsModule], env: LIMITS }),
      startApp({ additionalModules: [MeteredTestToolsModule], env: { ...LIMITS, NODE_ENV: 'production' } }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([development?.close(), production?.close()]);
  });

  it('offers no sandbox: initiate_payment_setup answers FORBIDDEN saying the operator has not configured payments', async () => {
    expect(production.config.payments.sandbox).toBe(false);
    expect(await tool(production, await machineToken(production.url), 'initiate_payment_setup')).toEqual(NOT_CONFIGURED);
  });

  it('does not charge a sandbox mandate made in development: the call past the free amount answers 402', async () => {
    const token = await machineToken(development.url);
    expect((await tool(development, token, 'test_metered_pitch_deck_precheck')).status).toBe(200);
    const { result: session } = await tool<Session>(development, token, 'initiate_payment_setup');
    expect((await fetch(`${development.url}${new URL(session!.setupUrl).pathname}/sandbox`, { method: 'POST' })).status).toBe(200);
    expect((await tool(development, token, 'test_metered_pitch_deck_precheck')).status).toBe(200);

    expect((await tool(production, token, 'test_metered_pitch_deck_precheck')).status).toBe(402);
    expect(((await get(production, token, '/billing/usage')) as { mandate: unknown }).mandate).toBeNull();
  });
});

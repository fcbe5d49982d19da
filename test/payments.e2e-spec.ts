import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { createLocalJWKSet, jwtVerify, type JSONWebKeySet } from 'jose';
import Stripe from 'stripe';
import { DataSource } from 'typeorm';
import { getAddress } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import type { Browser } from 'playwright-core';
import { InvoiceCollector } from '../src/billing/payments/invoice-collector.js';
import { WalletSettlement } from '../src/billing/payments/wallet-settlement.js';
import { launchChromium } from './support/browser.js';
import { startTogether } from './support/start-together.js';
import { FakeChain } from './support/fake-chain.js';
import { machineAccount, postToolCall, toolOutcome } from './support/mcp-helpers.js';
import { MeteredTestToolsModule, TestClock } from './support/metered-tools.module.js';
import { startApp, type RunningApp } from './support/test-app.js';

/** The settlement wallet: it receives the authorizations (their `to`) and submits them on the chain stand-in. */
const SETTLEMENT_KEY = generatePrivateKey();
const PAYEE = privateKeyToAccount(SETTLEMENT_KEY).address;
const USDC = '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913';
const WEBHOOK_SECRET = 'whsec_test_payments';

/** Plays Stripe's API (SetupIntents) and delivers signed webhooks the way Stripe does. */
class FakeStripe {
  server?: Server;
  url = '';
  readonly setupIntents = new Map<string, { id: string; metadata: Record<string, string>; customer: string }>();
  readonly authorizations: string[] = [];
  readonly paymentIntents: { fields: URLSearchParams; idempotencyKey: string }[] = [];
  /** Customers whose next off-session charges are declined, and how many of them. */
  readonly declines = new Map<string, number>();
  /** While set, every PaymentIntent request fails as in an outage: a 500 from the API, or a dropped connection. */
  outage: 'server error' | 'dropped connection' | null = null;
  /** The idempotency keys of the PaymentIntent requests the outage failed. */
  readonly failedDuringOutage: string[] = [];
  private customers = 0;
  /** Where confirmed SetupIntents are reported, as Stripe's webhook endpoint would be configured. */
  serviceUrl = '';

  async start(): Promise<void> {
    this.server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        this.authorizations.push(request.headers.authorization ?? '');
        const cors = { 'access-control-allow-origin': '*', 'access-control-allow-headers': 'content-type' };
        if (request.method === 'OPTIONS') return void response.writeHead(204, cors).end();
        if (request.method === 'GET' && request.url === '/v3/') return void response.writeHead(200, { 'content-type': 'text/javascript' }).end(this.stripeJs());
        const confirm = /^\/v1\/setup_intents\/([^/]+)\/confirm$/.exec(request.url ?? '');
        if (request.method === 'POST' && confirm) {
          const form = new URLSearchParams(body);
          const intent = this.setupIntents.get(confirm[1]);
          if (!intent || form.get('client_secret') !== `${intent.id}_secret_test` || !form.get('key')?.startsWith('pk_test_')) {
            return void response
              .writeHead(400, { ...cors, 'content-type': 'application/json' })
              .end(JSON.stringify({ error: { type: 'invalid_request_error', message: 'No such setup intent.' } }));
          }
          if (form.get('payment_method_data[card][number]') !== '4242424242424242') {
            return void response
              .writeHead(402, { ...cors, 'content-type': 'application/json' })
              .end(JSON.stringify({ error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' } }));
          }
          response
            .writeHead(200, { ...cors, 'content-type': 'application/json' })
            .end(JSON.stringify({ id: intent.id, object: 'setup_intent', status: 'succeeded' }));
          void this.deliverSucceeded(this.serviceUrl, intent.id);
          return;
        }
        if (request.method === 'POST' && request.url === '/v1/setup_intents') {
          const form = new URLSearchParams(body);
          const id = `seti_${this.setupIntents.size + 1}${Date.now()}`;
          const metadata = { payment_setup_session: form.get('metadata[payment_setup_session]') ?? '', account: form.get('metadata[account]') ?? '' };
          this.setupIntents.set(id, { id, metadata, customer: form.get('customer') ?? '' });
          return void response.writeHead(200, { 'content-type': 'application/json', 'request-id': 'req_test' }).end(
            JSON.stringify({
              id,
              object: 'setup_intent',
              client_secret: `${id}_secret_test`,
              status: 'requires_payment_method',
              usage: 'off_session',
              metadata,
            }),
          );
        }
        if (request.method === 'POST' && request.url === '/v1/customers') {
          return void response
            .writeHead(200, { 'content-type': 'application/json' })
            .end(JSON.stringify({ id: `cus_${++this.customers}${Date.now()}`, object: 'customer' }));
        }
        if (request.method === 'POST' && request.url === '/v1/payment_intents' && this.outage) {
          this.failedDuringOutage.push(String(request.headers['idempotency-key']));
          if (this.outage === 'dropped connection') return void request.socket.destroy();
          return void response
            .writeHead(500, { 'content-type': 'application/json' })
            .end(JSON.stringify({ error: { type: 'api_error', message: 'An unknown error occurred' } }));
        }
        if (request.method === 'POST' && request.url === '/v1/payment_intents') {
          const fields = new URLSearchParams(body);
          this.paymentIntents.push({ fields, idempotencyKey: String(request.headers['idempotency-key']) });
          const declines = this.declines.get(fields.get('customer') ?? '') ?? 0;
          if (declines > 0) {
            this.declines.set(fields.get('customer')!, declines - 1);
            const intent = { id: `pi_${this.paymentIntents.length}${Date.now()}`, object: 'payment_intent', status: 'requires_payment_method' };
            return void response.writeHead(402, { 'content-type': 'application/json' }).end(
              JSON.stringify({
                error: {
                  type: 'card_error',
                  code: 'card_declined',
                  decline_code: 'insufficient_funds',
                  message: 'Your card has insufficient funds.',
                  payment_intent: intent,
                },
              }),
            );
          }
          return void response.writeHead(200, { 'content-type': 'application/json' }).end(
            JSON.stringify({
              id: `pi_${this.paymentIntents.length}${Date.now()}`,
              object: 'payment_intent',
              status: 'succeeded',
              amount: Number(fields.get('amount')),
              currency: fields.get('currency'),
            }),
          );
        }
        response
          .writeHead(404, { 'content-type': 'application/json' })
          .end(JSON.stringify({ error: { type: 'invalid_request_error', message: 'Unrecognized request URL' } }));
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /**
   * A stand-in for Stripe.js with the part the setup page uses: a card field mounted by Elements,
   * and confirmSetup, which confirms the SetupIntent against this server's API as Stripe.js does.
   */
  private stripeJs(): string {
    return `(() => {
      const api = ${JSON.stringify(this.url)};
      window.Stripe = (publishableKey) => ({
        elements: ({ clientSecret }) => {
          const state = { clientSecret, input: null };
          return { state, create: () => ({ mount: (selector) => {
            const input = document.createElement('input');
            input.setAttribute('aria-label', 'Card number');
            document.querySelector(selector).append(input);
            state.input = input;
          } }) };
        },
        confirmSetup: async ({ elements }) => {
          const { clientSecret, input } = elements.state;
          const id = clientSecret.split('_secret_')[0];
          const response = await fetch(api + '/v1/setup_intents/' + id + '/confirm', {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            body: new URLSearchParams({ key: publishableKey, client_secret: clientSecret, 'payment_method_data[type]': 'card', 'payment_method_data[card][number]': input.value.replace(/\\s/g, '') }),
          });
          const answer = await response.json();
          return response.ok ? { setupIntent: answer } : { error: answer.error };
        },
      });
    })();`;
  }

  /** What Stripe sends once the person confirmed the card on the page. */
  async deliverSucceeded(serviceUrl: string, setupIntentId: string, secret = WEBHOOK_SECRET): Promise<Response> {
    const payload = JSON.stringify({
      id: `evt_${Date.now()}`,
      object: 'event',
      type: 'setup_intent.succeeded',
      data: {
        object: {
          id: setupIntentId,
          object: 'setup_intent',
          status: 'succeeded',
          payment_method: 'pm_card_visa',
          customer: null,
          metadata: this.setupIntents.get(setupIntentId)?.metadata ?? {},
        },
      },
    });
    const signature = new Stripe('sk_test_x').webhooks.generateTestHeaderString({ payload, secret });
    return fetch(`${serviceUrl}/billing/stripe/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      body: payload,
    });
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise((resolve) => this.server?.close(resolve));
  }
}

/** What a wallet does with the page's typed data (viem's local account, as a browser wallet would). */
function signTransferAuthorization(signer: ReturnType<typeof privateKeyToAccount>, typed: Pick<TemplateJson, 'domain' | 'types' | 'message'>): Promise<string> {
  const { message } = typed;
  const sign = signer.signTypedData as (parameters: Record<string, unknown>) => Promise<string>;
  return sign({
    domain: typed.domain,
    types: typed.types,
    primaryType: 'TransferWithAuthorization',
    message: { ...message, value: BigInt(message.value), validAfter: BigInt(message.validAfter), validBefore: BigInt(message.validBefore) },
  });
}

type Session = { setupUrl: string; sessionToken: string; expiresAt: string; rail: string; maxMonthlyBudgetUsd: number };
type TemplateJson = {
  domain: Record<string, unknown>;
  types: Record<string, unknown>;
  primaryType: string;
  message: Record<string, string>;
  submitPath: string;
};

describe('payment setup, mandates and charging', () => {
  const clock = new TestClock();
  const stripe = new FakeStripe();
  const chain = new FakeChain(8453, USDC, () => clock.now());
  let service: RunningApp;
  let browser: Browser;

  beforeAll(async () => {
    clock.set('2026-11-10T09:00:00Z');
    await Promise.all([stripe.start(), chain.start()]);
    [service, browser] = await startTogether([
      startApp({
        reachablePublicUrls: true,
        additionalModules: [MeteredTestToolsModule],
        clock,
        env: {
          M2M_REGISTRATION_LIMIT: '1000',
          RATE_LIMIT_MCP: '100000/60',
          RATE_LIMIT_TOKEN: '100000/60',
          RATE_LIMIT_REGISTRATION: '100000/60',
          PAYMENT_WALLET_ADDRESS: PAYEE,
          PAYMENT_RPC_URL: chain.url,
          PAYMENT_SETTLEMENT_KEY: SETTLEMENT_KEY,
          STRIPE_SECRET_KEY: 'sk_test_payments',
          STRIPE_PUBLISHABLE_KEY: 'pk_test_payments',
          STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
          STRIPE_API_URL: stripe.url,
          STRIPE_JS_URL: `${stripe.url}/v3/`,
        },
      }),
      launchChromium(),
    ]);
    stripe.serviceUrl = service.url;
  });
  afterAll(async () => {
    await Promise.all([service?.close(), browser?.close(), stripe.stop(), chain.stop()]);
  });

  const machineToken = () => machineAccount(service.url, 'payer');
  const tool = <T = Record<string, unknown>>(token: string, name: string, args: Record<string, unknown> = {}) => toolOutcome<T>(service.url, token, name, args);

  async function walletTemplate(session: Session): Promise<TemplateJson> {
    const page = await (await fetch(session.setupUrl)).text();
    return JSON.parse(/<script type="application\/json" id="wallet-data">([\s\S]*?)<\/script>/.exec(page)![1]) as TemplateJson;
  }

  /** Signs the page's authorization with a local wallet (viem), optionally changed first. */
  async function signedAuthorization(
    session: Session,
    change: (template: TemplateJson) => void = () => undefined,
    signer = privateKeyToAccount(generatePrivateKey()),
  ) {
    const template = await walletTemplate(session);
    template.message.from = signer.address;
    change(template);
    const message = template.message;
    const signature = await signTransferAuthorization(signer, template);
    return { template, body: { domain: template.domain, message, signature } };
  }

  const submit = (session: Session, body: unknown) =>
    fetch(`${session.setupUrl}/wallet`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

  async function completeWithWallet(token: string, maxMonthlyBudgetUsd: number, payer = privateKeyToAccount(generatePrivateKey())): Promise<Session> {
    const { result: session } = await tool<Session>(token, 'initiate_payment_setup', { maxMonthlyBudgetUsd, rail: 'crypto' });
    const { body } = await signedAuthorization(session!, undefined, payer);
    expect((await submit(session!, body)).status).toBe(200);
    return session!;
  }

  describe('initiate_payment_setup and check_payment_setup', () => {
    it('opens a 10-minute session with the defaults, pending until authorized, then expired', async () => {
      const { token } = await machineToken();
      const { result: session } = await tool<Session>(token, 'initiate_payment_setup');
      expect(session).toEqual({
        setupUrl: expect.stringMatching(new RegExp(`^${service.url}/payment-setup/[A-Za-z0-9_-]{43}$`)),
        sessionToken: expect.any(String),
        expiresAt: '2026-11-10T09:10:00.000Z',
        rail: 'both',
        maxMonthlyBudgetUsd: 50,
      });
      expect((await tool(token, 'check_payment_setup', { session_token: session!.sessionToken })).result).toMatchObject({ status: 'pending' });
      clock.set('2026-11-10T09:10:00Z');
      try {
        expect((await tool(token, 'check_payment_setup', { session_token: session!.sessionToken })).result).toMatchObject({ status: 'expired' });
        expect((await fetch(session!.setupUrl)).status).toBe(404);
      } finally {
        clock.set('2026-11-10T09:00:00Z');
      }
    });

    it.each([[0], [500.01], [-5]])('refuses a budget of %s', async (maxMonthlyBudgetUsd) => {
      const { token } = await machineToken();
      expect((await tool(token, 'initiate_payment_setup', { maxMonthlyBudgetUsd })).error?.code).toBe('INVALID_INPUT');
    });

    it('takes the token as session_token, as sessionToken (the name initiate_payment_setup returns it under), or under both names with the same value', async () => {
      const { token } = await machineToken();
      const { result: session } = await tool<Session>(token, 'initiate_payment_setup');
      for (const args of [
        { session_token: session!.sessionToken },
        { sessionToken: session!.sessionToken },
        { session_token: session!.sessionToken, sessionToken: session!.sessionToken },
      ]) {
        expect((await tool(token, 'check_payment_setup', args)).result).toMatchObject({ status: 'pending', rail: 'both' });
      }
    });

    it.each([
      ['neither name', {}, 'Give session_token (or sessionToken): the sessionToken that initiate_payment_setup returned.'],
      [
        'two different tokens',
        { session_token: 'one-token', sessionToken: 'another-token' },
        'session_token and sessionToken differ: give the token once, under either name.',
      ],
    ])('refuses %s with INVALID_INPUT', async (_case, args, message) => {
      const { token } = await machineToken();
      expect((await tool(token, 'check_payment_setup', args)).error).toEqual({ code: 'INVALID_INPUT', message });
    });

    it("answers another account's session token, and an unknown one, with NOT_FOUND", async () => {
      const [owner, other] = await Promise.all([machineToken(), machineToken()]);
      const { result: session } = await tool<Session>(owner.token, 'initiate_payment_setup');
      expect((await tool(other.token, 'check_payment_setup', { session_token: session!.sessionToken })).error?.code).toBe('NOT_FOUND');
      expect((await tool(other.token, 'check_payment_setup', { session_token: 'made-up' })).error?.code).toBe('NOT_FOUND');
    });
  });

  describe('the wallet rail', () => {
    it('completes with a valid EIP-3009 authorization, and the intentMandate verifies against the JWKS', async () => {
      const { token, accountId } = await machineToken();
      const session = await completeWithWallet(token, 25);
      const status = (await tool<{ status: string; intentMandate: string }>(token, 'check_payment_setup', { session_token: session.sessionToken })).result!;
      expect(status.status).toBe('complete');
      const jwks = createLocalJWKSet((await (await fetch(`${service.url}/.well-known/jwks.json`)).json()) as JSONWebKeySet);
      const { payload, protectedHeader } = await jwtVerify(status.intentMandate, jwks, {
        issuer: service.url,
        audience: service.url,
        currentDate: clock.now(),
      });
      expect(protectedHeader.typ).toBe('mandate+jwt');
      expect(payload).toMatchObject({ sub: accountId, rail: 'crypto', monthly_budget_usd: 25, currency: 'USD', status: 'active' });
    });

    it.each([
      ['a forged signature', (template: TemplateJson) => void template, 'The signature does not match', true],
      ['another chain', (template: TemplateJson) => (template.domain.chainId = 1), 'is for chain 1', false],
      ['another amount', (template: TemplateJson) => (template.message.value = '1'), 'is for 1 units', false],
      [
        'an ended window',
        (template: TemplateJson) => (template.message.validBefore = String(Math.floor(Date.parse('2026-11-01T00:00:00Z') / 1000))),
        'window',
        false,
      ],
      ['another payee', (template: TemplateJson) => (template.message.to = '0x2222222222222222222222222222222222222222'), 'pays another address', false],
    ])('refuses %s and stays pending', async (_case, change, reason, forge) => {
      const { token } = await machineToken();
      const { result: session } = await tool<Session>(token, 'initiate_payment_setup', { rail: 'crypto' });
      const { body } = await signedAuthorization(session!, change);
      if (forge) body.message.from = privateKeyToAccount(generatePrivateKey()).address;
      const response = await submit(session!, body);
      expect(response.status).toBe(400);
      expect(((await response.json()) as { detail: string }).detail).toContain(reason);
      expect((await tool(token, 'check_payment_setup', { session_token: session!.sessionToken })).result).toMatchObject({ status: 'pending' });
    });

    it.each([
      ['an empty body', {}],
      ['a body without a signature', 'no-signature'],
      ['a signature that is not hex', 'not-hex'],
      ['a JSON array', []],
    ])('refuses %s with 400 and stays pending', async (_case, shape) => {
      const { token } = await machineToken();
      const { result: session } = await tool<Session>(token, 'initiate_payment_setup', { rail: 'crypto' });
      const { body } = await signedAuthorization(session!);
      const sent = shape === 'no-signature' ? { ...body, signature: undefined } : shape === 'not-hex' ? { ...body, signature: 'zz' } : shape;
      const response = await submit(session!, sent);
      expect(response.status).toBe(400);
      expect(((await response.json()) as { code: string }).code).toBe('INVALID_INPUT');
      expect((await tool(token, 'check_payment_setup', { session_token: session!.sessionToken })).result).toMatchObject({ status: 'pending' });
    });

    /**
     * Opens the setup page in Chromium with an injected EIP-1193 wallet backed by a viem local
     * account; `tamper` changes what the wallet signs, as a forging or misconfigured wallet would.
     */
    async function authorizeInChromium(session: Session, tamper?: (typed: TemplateJson) => void): Promise<{ state: string; text: string }> {
      const wallet = privateKeyToAccount(generatePrivateKey());
      const forger = privateKeyToAccount(generatePrivateKey());
      const page = await browser.newPage();
      page.setDefaultTimeout(10_000);
      try {
        await page.exposeFunction('testWalletSign', async (json: string, forge: boolean) => {
          const typed = JSON.parse(json) as TemplateJson;
          const { EIP712Domain: _domain, ...types } = typed.types;
          tamper?.(typed);
          return signTransferAuthorization(forge ? forger : wallet, { ...typed, types });
        });
        await page.addInitScript(
          ({ address, forge }) => {
            const target = globalThis as unknown as { ethereum: unknown; testWalletSign: (json: string, forge: boolean) => Promise<string> };
            target.ethereum = {
              request: async ({ method, params }: { method: string; params?: unknown[] }) => {
                if (method === 'eth_requestAccounts' || method === 'eth_accounts') return [address];
                if (method === 'eth_signTypedData_v4') return target.testWalletSign(params![1] as string, forge);
                throw new Error(`unsupported ${method}`);
              },
            };
          },
          { address: wallet.address, forge: tamper === FORGE },
        );
        await page.goto(session.setupUrl);
        await page.getByRole('button', { name: 'Authorize with wallet' }).click();
        const status = page.locator('#status[data-state="complete"], #status[data-state="refused"]');
        await status.waitFor();
        return { state: (await status.getAttribute('data-state'))!, text: (await status.textContent())! };
      } finally {
        await page.close();
      }
    }
    const FORGE = () => undefined;

    it('completes in Chromium with an injected wallet (a viem local account behind window.ethereum)', async () => {
      const { token } = await machineToken();
      const { result: session } = await tool<Session>(token, 'initiate_payment_setup', { rail: 'crypto', maxMonthlyBudgetUsd: 10 });
      expect(await authorizeInChromium(session!)).toEqual({ state: 'complete', text: 'Done: the budget is authorized. You can close this page.' });
      expect((await tool(token, 'check_payment_setup', { session_token: session!.sessionToken })).result).toMatchObject({
        status: 'complete',
        rail: 'crypto',
        maxMonthlyBudgetUsd: 10,
      });
    });

    it.each([
      ['a forged signature', FORGE],
      ['a signature on another chain', (typed: TemplateJson) => void (typed.domain.chainId = 1)],
      ['a signature for another amount', (typed: TemplateJson) => void (typed.message.value = '1')],
      ['a signature with an ended window', (typed: TemplateJson) => void (typed.message.validBefore = '1700000000')],
    ])('shows the refusal of %s in Chromium, and the session stays pending', async (_case, tamper) => {
      const { token } = await machineToken();
      const { result: session } = await tool<Session>(token, 'initiate_payment_setup', { rail: 'crypto' });
      const outcome = await authorizeInChromium(session!, tamper);
      expect(outcome).toEqual({ state: 'refused', text: 'Refused: The signature does not match the authorization and the payer address.' });
      expect((await tool(token, 'check_payment_setup', { session_token: session!.sessionToken })).result).toMatchObject({ status: 'pending' });
    });
  });

  describe('the card rail', () => {
    /** The setup page in Chromium with Stripe.js served by the Stripe stand-in: type a card, authorize. */
    async function authorizeCard(session: Session, cardNumber: string): Promise<{ state: string; text: string }> {
      const page = await browser.newPage();
      page.setDefaultTimeout(10_000);
      const blocked: string[] = [];
      page.on('console', (message) => message.type() === 'error' && blocked.push(message.text()));
      try {
        await page.goto(session.setupUrl);
        await page.getByLabel('Card number').fill(cardNumber);
        await page.getByRole('button', { name: 'Authorize card' }).click();
        const status = page.locator('#status[data-state="complete"], #status[data-state="refused"]');
        await status.waitFor();
        expect(blocked.filter((text) => !text.includes('402'))).toEqual([]);
        return { state: (await status.getAttribute('data-state'))!, text: (await status.textContent())! };
      } finally {
        await page.close();
      }
    }

    it('completes in Chromium: the card is confirmed through Stripe.js and the signed webhook completes the session', async () => {
      const { token } = await machineToken();
      const { result: session } = await tool<Session>(token, 'initiate_payment_setup', { rail: 'fiat', maxMonthlyBudgetUsd: 20 });
      expect(await authorizeCard(session!, '4242 4242 4242 4242')).toEqual({
        state: 'complete',
        text: 'Done: the card is authorized. You can close this page.',
      });
      const deadline = Date.now() + 5000;
      let status = 'pending';
      while (status === 'pending' && Date.now() < deadline) {
        status = ((await tool<{ status: string }>(token, 'check_payment_setup', { session_token: session!.sessionToken })).result as { status: string }).status;
        if (status === 'pending') await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(status).toBe('complete');
    });

    it('shows a declined card in Chromium, and the session stays pending', async () => {
      const { token } = await machineToken();
      const { result: session } = await tool<Session>(token, 'initiate_payment_setup', { rail: 'fiat' });
      expect(await authorizeCard(session!, '4000 0000 0000 0002')).toEqual({ state: 'refused', text: 'Refused: Your card was declined.' });
      expect((await tool(token, 'check_payment_setup', { session_token: session!.sessionToken })).result).toMatchObject({ status: 'pending' });
    });

    it('creates a SetupIntent for the page and completes on the signed setup_intent.succeeded webhook, once', async () => {
      const { token, accountId } = await machineToken();
      const { result: session } = await tool<Session>(token, 'initiate_payment_setup', { rail: 'fiat', maxMonthlyBudgetUsd: 100 });
      const page = await (await fetch(session!.setupUrl)).text();
      expect(page).toContain('Authorize card');
      expect(page).not.toContain('Authorize with wallet');
      const [intent] = [...stripe.setupIntents.values()].filter((candidate) => candidate.metadata.account === accountId);
      expect(stripe.authorizations.at(-1)).toBe('Bearer sk_test_payments');
      expect((await stripe.deliverSucceeded(service.url, intent.id, 'whsec_wrong')).status).toBe(400);
      expect((await tool(token, 'check_payment_setup', { session_token: session!.sessionToken })).result).toMatchObject({ status: 'pending' });
      expect((await stripe.deliverSucceeded(service.url, intent.id)).status).toBe(200);
      expect((await stripe.deliverSucceeded(service.url, intent.id)).status).toBe(200);
      expect((await tool(token, 'check_payment_setup', { session_token: session!.sessionToken })).result).toMatchObject({ status: 'complete', rail: 'fiat' });
      const [{ count }] = await service.app.get(DataSource).query('SELECT count(*) FROM payment_mandates WHERE account_id = $1', [accountId]);
      expect(Number(count)).toBe(1);
    });
  });

  describe('charging', () => {
    const ledger = async (accountId: string) =>
      (await service.app
        .get(DataSource)
        .query("SELECT funding, amount_cents FROM usage_ledger WHERE account_id = $1 AND entry = 'commit' ORDER BY id", [accountId])) as {
        funding: string;
        amount_cents: number;
      }[];

    it('charges calls beyond the free amount at the price, within the wallet authorization, then answers 402 saying so, also in the next month', async () => {
      const { token, accountId } = await machineToken();
      await completeWithWallet(token, 1);
      const statuses: number[] = [];
      for (let call = 0; call < 4; call++) statuses.push((await tool(token, 'test_metered_pitch_deck_precheck')).status);
      expect(statuses).toEqual([200, 200, 200, 402]);
      expect(await ledger(accountId)).toEqual([
        { funding: 'free', amount_cents: 0 },
        { funding: 'charged', amount_cents: 50 },
        { funding: 'charged', amount_cents: 50 },
      ]);
      const invoices = (await (await fetch(`${service.url}/billing/invoices`, { headers: { authorization: `Bearer ${token}` } })).json()) as Record<
        string,
        unknown
      >[];
      expect(invoices).toEqual([
        {
          mandateId: expect.any(String),
          rail: 'crypto',
          period: 'authorization',
          status: 'open',
          charges: 2,
          amountCents: 100,
          budgetCents: 100,
          payment: null,
        },
      ]);
      const usage = (await (await fetch(`${service.url}/billing/usage`, { headers: { authorization: `Bearer ${token}` } })).json()) as {
        mandate: Record<string, unknown>;
      };
      expect(usage.mandate).toMatchObject({ rail: 'crypto', budgetCents: 100, spentCents: 100 });
      const refused = await postToolCall(service.url, token, 'test_metered_pitch_deck_precheck');
      expect(((await refused.json()) as { detail: string }).detail).toContain('exceed the $1.00 the wallet authorization allows');
      // The authorization moves its value once: a new month within its window grants nothing new.
      clock.set('2026-12-01T00:00:00Z');
      try {
        expect((await tool(token, 'test_metered_pitch_deck_precheck')).status).toBe(402);
      } finally {
        clock.set('2026-11-10T09:00:00Z');
      }
    });

    it('serves exactly 10 of 50 simultaneous charged calls against a budget that fits 10, and the ledger sums match', async () => {
      const { token, accountId } = await machineToken();
      expect((await tool(token, 'test_metered_pitch_deck_precheck')).status).toBe(200); // the free trial call
      await completeWithWallet(token, 5);
      const statuses = await Promise.all(
        Array.from({ length: 50 }, () => tool(token, 'test_metered_pitch_deck_precheck', { delayMs: 10 }).then((outcome) => outcome.status)),
      );
      expect(statuses.filter((status) => status === 200)).toHaveLength(10);
      expect(statuses.filter((status) => status === 402)).toHaveLength(40);
      const charges = (await ledger(accountId)).filter((entry) => entry.funding === 'charged');
      expect(charges.reduce((sum, entry) => sum + entry.amount_cents, 0)).toBe(500);
      const [spend] = await service.app
        .get(DataSource)
        .query('SELECT s.spent_cents FROM mandate_spend s JOIN payment_mandates m ON m.id = s.mandate_id WHERE m.account_id = $1', [accountId]);
      expect(spend.spent_cents).toBe(500);
    });

    /** A machine account whose free trial call is used, with a card mandate and `charged` calls charged to it in November. */
    async function cardMandateWithCharges(charged: number) {
      const { token, accountId } = await machineToken();
      expect((await tool(token, 'test_metered_pitch_deck_precheck')).status).toBe(200); // the free trial call
      const { result: session } = await tool<Session>(token, 'initiate_payment_setup', { rail: 'fiat', maxMonthlyBudgetUsd: 10 });
      await fetch(session!.setupUrl);
      const intent = [...stripe.setupIntents.values()].find((candidate) => candidate.metadata.account === accountId)!;
      expect(intent.customer).toMatch(/^cus_/);
      expect((await stripe.deliverSucceeded(service.url, intent.id)).status).toBe(200);
      for (let call = 0; call < charged; call++) expect((await tool(token, 'test_metered_pitch_deck_precheck')).status).toBe(200);
      const invoices = async () =>
        (await (await fetch(`${service.url}/billing/invoices`, { headers: { authorization: `Bearer ${token}` } })).json()) as {
          period: string;
          status: string;
          amountCents: number;
          payment: Record<string, unknown> | null;
        }[];
      const charges = () => stripe.paymentIntents.filter((charge) => charge.fields.get('customer') === intent.customer);
      return { token, accountId, customer: intent.customer, invoices, charges };
    }

    it('collects a closed card invoice off-session from the saved card, once', async () => {
      const { invoices, charges } = await cardMandateWithCharges(3);
      const collector = service.app.get(InvoiceCollector);
      await collector.collectClosed(); // November is still open: nothing of this account is collected
      expect(charges()).toEqual([]);
      clock.set('2026-12-02T08:00:00Z');
      try {
        await collector.collectClosed();
        await collector.collectClosed();
        expect(charges()).toHaveLength(1);
        expect(Object.fromEntries(charges()[0].fields)).toMatchObject({
          amount: '150',
          currency: 'usd',
          payment_method: 'pm_card_visa',
          off_session: 'true',
          confirm: 'true',
          description: 'Underwriting tools, 2026-11',
        });
        expect(charges()[0].idempotencyKey).toMatch(/^invoice-[0-9a-f-]{36}-2026-11$/);
        expect(await invoices()).toEqual([
          {
            mandateId: expect.any(String),
            rail: 'fiat',
            period: '2026-11',
            status: 'closed',
            charges: 3,
            amountCents: 150,
            budgetCents: 1000,
            payment: { status: 'paid', stripePaymentIntentId: expect.stringMatching(/^pi_/), failure: null, attempts: 1, nextAttemptAt: null },
          },
        ]);
      } finally {
        clock.set('2026-11-10T09:00:00Z');
      }
    });

    it('tries a declined card invoice again a day later, as a new charge, and records it paid', async () => {
      const { customer, invoices, charges } = await cardMandateWithCharges(2);
      stripe.declines.set(customer, 1);
      const collector = service.app.get(InvoiceCollector);
      clock.set('2026-12-02T08:00:00Z');
      try {
        await collector.collectClosed();
        expect((await invoices())[0].payment).toEqual({
          status: 'failed',
          stripePaymentIntentId: expect.stringMatching(/^pi_/),
          failure: 'Your card has insufficient funds.',
          attempts: 1,
          nextAttemptAt: '2026-12-03T08:00:00.000Z',
        });
        clock.set('2026-12-03T07:59:00Z');
        await collector.collectClosed(); // not due yet
        expect(charges()).toHaveLength(1);
        clock.set('2026-12-03T08:00:00Z');
        await collector.collectClosed();
        await collector.collectClosed();
        expect(charges().map((charge) => charge.idempotencyKey)).toEqual([expect.stringMatching(/-2026-11$/), expect.stringMatching(/-2026-11-attempt-2$/)]);
        expect((await invoices())[0].payment).toEqual({
          status: 'paid',
          stripePaymentIntentId: expect.stringMatching(/^pi_/),
          failure: null,
          attempts: 2,
          nextAttemptAt: null,
        });
      } finally {
        clock.set('2026-11-10T09:00:00Z');
      }
    });

    it.each([['server error'], ['dropped connection']] as const)(
      'does not count an attempt at a card invoice that met a Stripe %s, and collects it on the next run as the same charge',
      async (outage) => {
        const { invoices, charges } = await cardMandateWithCharges(2);
        const collector = service.app.get(InvoiceCollector);
        clock.set('2026-12-02T08:00:00Z');
        stripe.outage = outage;
        try {
          stripe.failedDuringOutage.length = 0;
          expect(await collector.collectClosed()).toMatchObject({ paid: 0, declined: 0, postponed: expect.any(Number) });
          expect(stripe.failedDuringOutage.length).toBeGreaterThan(0);
          expect(charges()).toEqual([]);
          expect((await invoices())[0].payment).toBeNull();
          stripe.outage = null;
          clock.set('2026-12-02T09:00:00Z');
          await collector.collectClosed();
          expect(charges()).toHaveLength(1);
          expect(stripe.failedDuringOutage).toContain(charges()[0].idempotencyKey);
          expect((await invoices())[0].payment).toEqual({
            status: 'paid',
            stripePaymentIntentId: expect.stringMatching(/^pi_/),
            failure: null,
            attempts: 1,
            nextAttemptAt: null,
          });
        } finally {
          stripe.outage = null;
          clock.set('2026-11-10T09:00:00Z');
        }
      },
    );

    it('does not count a retry of a declined card invoice that met a Stripe outage: the invoice stays declined and due, and the retry is the second attempt', async () => {
      const { customer, invoices, charges } = await cardMandateWithCharges(1);
      stripe.declines.set(customer, 1);
      const collector = service.app.get(InvoiceCollector);
      clock.set('2026-12-02T08:00:00Z');
      try {
        await collector.collectClosed();
        const declined = {
          status: 'failed',
          stripePaymentIntentId: expect.stringMatching(/^pi_/),
          failure: 'Your card has insufficient funds.',
          attempts: 1,
          nextAttemptAt: '2026-12-03T08:00:00.000Z',
        };
        expect((await invoices())[0].payment).toEqual(declined);
        clock.set('2026-12-03T08:00:00Z');
        stripe.outage = 'server error';
        await collector.collectClosed();
        expect((await invoices())[0].payment).toEqual(declined);
        stripe.outage = null;
        clock.set('2026-12-03T09:00:00Z');
        await collector.collectClosed();
        expect(charges().map((charge) => charge.idempotencyKey)).toEqual([expect.stringMatching(/-2026-11$/), expect.stringMatching(/-2026-11-attempt-2$/)]);
        expect((await invoices())[0].payment).toEqual({
          status: 'paid',
          stripePaymentIntentId: expect.stringMatching(/^pi_/),
          failure: null,
          attempts: 2,
          nextAttemptAt: null,
        });
      } finally {
        stripe.outage = null;
        clock.set('2026-11-10T09:00:00Z');
      }
    });

    it('stops charging a card mandate whose invoice is declined four times, and says why in the 402', async () => {
      const { token, customer, invoices, charges } = await cardMandateWithCharges(1);
      stripe.declines.set(customer, 4);
      const collector = service.app.get(InvoiceCollector);
      try {
        for (const day of ['2026-12-02', '2026-12-03', '2026-12-06', '2026-12-11', '2026-12-30']) {
          clock.set(`${day}T08:00:00Z`);
          await collector.collectClosed();
        }
        expect(charges()).toHaveLength(4);
        expect((await invoices())[0].payment).toMatchObject({ status: 'failed', attempts: 4, nextAttemptAt: null });
        const refused = await postToolCall(service.url, token, 'test_metered_pitch_deck_precheck');
        expect(refused.status).toBe(402);
        expect(((await refused.json()) as { detail: string }).detail).toBe(
          'test_metered_pitch_deck_precheck cannot be charged: The card on the payment mandate was declined for the 2026-11 invoice (Your card has insufficient funds.). Run the initiate_payment_setup tool to authorize a new budget.',
        );
      } finally {
        clock.set('2026-11-10T09:00:00Z');
      }
    });

    it("charges a firm member's calls to the firm's one mandate", async () => {
      const [payer, member] = await Promise.all([machineToken(), machineToken()]);
      const firm = (await tool<{ inviteCode: string }>(payer.token, 'link_to_firm', { firmName: 'Payers LLP' })).result!;
      expect((await tool(member.token, 'link_to_firm', { inviteCode: firm.inviteCode })).status).toBe(200);
      await completeWithWallet(payer.token, 1);
      expect((await tool(member.token, 'test_metered_pitch_deck_precheck')).status).toBe(200); // the member's own trial
      expect((await tool(member.token, 'test_metered_pitch_deck_precheck')).status).toBe(200); // charged to the firm
      const [charge] = await service.app
        .get(DataSource)
        .query(
          "SELECT l.amount_cents, m.account_id AS mandate_account FROM usage_ledger l JOIN payment_mandates m ON m.id = l.mandate_id WHERE l.account_id = $1 AND l.entry = 'commit' AND l.funding = 'charged'",
          [member.accountId],
        );
      expect(charge).toEqual({ amount_cents: 50, mandate_account: payer.accountId });
    });

    it('does not charge a call that fails', async () => {
      const { token, accountId } = await machineToken();
      expect((await tool(token, 'test_metered_pitch_deck_precheck')).status).toBe(200);
      await completeWithWallet(token, 5);
      expect((await tool(token, 'test_metered_pitch_deck_precheck', { fail: true })).error?.code).toBe('INVALID_INPUT');
      const [spend] = await service.app
        .get(DataSource)
        .query('SELECT s.spent_cents FROM mandate_spend s JOIN payment_mandates m ON m.id = s.mandate_id WHERE m.account_id = $1', [accountId]);
      expect(spend.spent_cents).toBe(0);
    });
  });

  describe('wallet settlement (on a JSON-RPC chain stand-in)', () => {
    const settlement = () => service.app.get(WalletSettlement);
    const settlementOf = async (accountId: string) =>
      (
        (await service.app
          .get(DataSource)
          .query(
            `SELECT s.status, s.failure, s.refund_units::text, m.status AS mandate_status FROM wallet_settlements s JOIN payment_mandates m ON m.id = s.mandate_id WHERE m.account_id = $1`,
            [accountId],
          )) as { status: string; failure: string | null; refund_units: string | null; mandate_status: string }[]
      )[0];
    const minedFor = (payer: string) =>
      chain.mined.filter((transaction) =>
        transaction.call.args.some((argument) => typeof argument === 'string' && argument.toLowerCase() === payer.toLowerCase()),
      );

    /** A machine account past its free call, with a wallet mandate of `budgetUsd` from `payer`, and `charged` calls charged to it. */
    async function walletMandateWithCharges(budgetUsd: number, charged: number, payer = privateKeyToAccount(generatePrivateKey())) {
      const { token, accountId } = await machineToken();
      expect((await tool(token, 'test_metered_pitch_deck_precheck')).status).toBe(200); // the free trial call
      await completeWithWallet(token, budgetUsd, payer);
      for (let call = 0; call < charged; call++) expect((await tool(token, 'test_metered_pitch_deck_precheck')).status).toBe(200);
      return { token, accountId, payer };
    }

    afterEach(() => clock.set('2026-11-10T09:00:00Z'));

    it('moves nothing for a mandate that was never charged', async () => {
      const { accountId, payer } = await walletMandateWithCharges(5, 0);
      chain.balances.set(payer.address, 10_000_000n);
      clock.set('2026-11-10T10:00:00Z');
      await settlement().run();
      expect(await settlementOf(accountId)).toBeUndefined();
      expect(minedFor(payer.address)).toEqual([]);
    });

    it('escrows the authorization once after the first charge, and refunds the unspent rest once the mandate has ended', async () => {
      const { token, accountId, payer } = await walletMandateWithCharges(5, 2);
      chain.balances.set(payer.address, 10_000_000n); // 10 USDC
      const payeeBefore = chain.balanceOf(PAYEE);
      clock.set('2026-11-10T10:00:00Z');
      await settlement().run();
      await settlement().run();
      const [escrow] = minedFor(payer.address);
      expect(minedFor(payer.address)).toHaveLength(1);
      expect(escrow).toMatchObject({ from: PAYEE, to: getAddress(USDC), status: 'success', call: { functionName: 'transferWithAuthorization' } });
      expect(escrow.call.args.slice(0, 3)).toEqual([payer.address, PAYEE, 5_000_000n]);
      expect(chain.balanceOf(payer.address)).toBe(5_000_000n);
      expect(chain.balanceOf(PAYEE) - payeeBefore).toBe(5_000_000n);
      expect(await settlementOf(accountId)).toMatchObject({ status: 'settled', mandate_status: 'active' });
      expect((await tool(token, 'test_metered_pitch_deck_precheck')).status).toBe(200); // charged against the escrow: 1.50 of 5.00 in all

      // The mandate ends an hour before its authorization (2026-12-10T09:00Z); its calls are settled 30 minutes later.
      clock.set('2026-12-10T08:29:00Z');
      await settlement().run();
      expect(minedFor(payer.address)).toHaveLength(1);
      clock.set('2026-12-10T08:31:00Z');
      await settlement().run();
      await settlement().run();
      const [, refund] = minedFor(payer.address);
      expect(minedFor(payer.address)).toHaveLength(2);
      expect(refund).toMatchObject({ from: PAYEE, status: 'success', call: { functionName: 'transfer', args: [payer.address, 3_500_000n] } });
      expect(chain.balanceOf(payer.address)).toBe(8_500_000n);
      expect(await settlementOf(accountId)).toMatchObject({ status: 'refunded', refund_units: '3500000' });
      const [invoice] = (await (await fetch(`${service.url}/billing/invoices`, { headers: { authorization: `Bearer ${token}` } })).json()) as {
        payment: unknown;
      }[];
      expect(invoice.payment).toEqual({ status: 'refunded', settlementTxHash: escrow.hash, refundUnits: '3500000', refundTxHash: refund.hash, failure: null });
    });

    it('refunds the unspent rest of a mandate replaced by a newer one, 30 minutes after it was replaced', async () => {
      const { token, accountId, payer } = await walletMandateWithCharges(5, 1);
      chain.balances.set(payer.address, 5_000_000n);
      clock.set('2026-11-10T10:00:00Z');
      await settlement().run();
      expect(await settlementOf(accountId)).toMatchObject({ status: 'settled' });
      await completeWithWallet(token, 5, payer); // revokes the first mandate at 10:00
      clock.set('2026-11-10T10:29:00Z');
      await settlement().run();
      expect(minedFor(payer.address)).toHaveLength(1);
      clock.set('2026-11-10T10:31:00Z');
      await settlement().run();
      expect(minedFor(payer.address)[1]).toMatchObject({ status: 'success', call: { functionName: 'transfer', args: [payer.address, 4_500_000n] } });
      expect(await settlementOf(accountId)).toMatchObject({ status: 'refunded', refund_units: '4500000', mandate_status: 'revoked' });
    });

    it('sends nothing for an authorization whose window ended before it was settled, and unfunds the mandate', async () => {
      const { accountId, payer } = await walletMandateWithCharges(1, 1);
      chain.balances.set(payer.address, 1_000_000n);
      clock.set('2026-12-10T09:00:00Z');
      await settlement().run();
      expect(minedFor(payer.address)).toEqual([]);
      expect(await settlementOf(accountId)).toMatchObject({
        status: 'failed',
        failure: 'The wallet authorization expired before it was settled.',
        mandate_status: 'unfunded',
      });
    });

    it('re-sends the stored transaction after a run that failed to send it, and settles once', async () => {
      const { accountId, payer } = await walletMandateWithCharges(1, 1);
      chain.balances.set(payer.address, 1_000_000n);
      clock.set('2026-11-10T10:00:00Z');
      chain.refuseSends = 1;
      await expect(settlement().run()).rejects.toThrow('the node refused the transaction');
      expect(await settlementOf(accountId)).toMatchObject({ status: 'settling' });
      await settlement().run();
      expect(minedFor(payer.address)).toEqual([
        expect.objectContaining({ status: 'success', call: expect.objectContaining({ functionName: 'transferWithAuthorization' }) }),
      ]);
      expect(await settlementOf(accountId)).toMatchObject({ status: 'settled' });
    });

    it('unfunds the mandate when the payer cannot cover the authorization, and further charged calls answer 402 saying why', async () => {
      const { token, accountId, payer } = await walletMandateWithCharges(1, 1); // the payer holds no USDC
      clock.set('2026-11-10T10:00:00Z');
      await settlement().run();
      expect(minedFor(payer.address)).toEqual([expect.objectContaining({ status: 'reverted' })]);
      expect(await settlementOf(accountId)).toMatchObject({ status: 'failed', mandate_status: 'unfunded' });
      const refused = await postToolCall(service.url, token, 'test_metered_pitch_deck_precheck');
      expect(refused.status).toBe(402);
      expect(((await refused.json()) as { detail: string }).detail).toMatch(
        /^test_metered_pitch_deck_precheck cannot be charged: The settlement transaction 0x[0-9a-f]{64} reverted: the payer's USDC balance is below the authorized budget/,
      );
      const usage = (await (await fetch(`${service.url}/billing/usage`, { headers: { authorization: `Bearer ${token}` } })).json()) as {
        mandate: Record<string, unknown>;
      };
      expect(usage.mandate).toMatchObject({ status: 'unfunded', failure: expect.stringContaining('reverted') });
    });

    it('sends nothing for an authorization the payer already used or cancelled on chain', async () => {
      const { accountId, payer } = await walletMandateWithCharges(1, 1);
      chain.balances.set(payer.address, 1_000_000n);
      const [{ nonce }] = await service.app
        .get(DataSource)
        .query(`SELECT "authorization"->>'nonce' AS nonce FROM payment_mandates WHERE account_id = $1`, [accountId]);
      chain.usedAuthorizations.add(`${payer.address}:${nonce}`);
      clock.set('2026-11-10T10:00:00Z');
      await settlement().run();
      expect(minedFor(payer.address)).toEqual([]);
      expect(await settlementOf(accountId)).toMatchObject({
        status: 'failed',
        failure: 'The wallet authorization was used or cancelled on chain before this service settled it.',
        mandate_status: 'unfunded',
      });
    });
  });
});

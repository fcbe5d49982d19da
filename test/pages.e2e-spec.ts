import { mkdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AxeBuilder } from '@axe-core/playwright';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import { privateKeyToAccount, generatePrivateKey } from 'viem/accounts';
import { launchChromium } from './support/browser.js';
import { startTogether } from './support/start-together.js';
import { pdfBytes } from './support/document-fixtures.js';
import { connectMcpClient, machineToken, structured } from './support/mcp-helpers.js';
import { BrowserlessAgent, hiddenInputs, pkcePair, registerClient, uniqueEmail } from './support/oauth-helpers.js';
import { startApp, type RunningApp } from './support/test-app.js';

/**
 * Every server-rendered page a person meets, in Chromium at a phone's and a desktop's width, light
 * and dark: axe finds no serious or critical violation, nothing overflows sideways, and the
 * stylesheet is the service's own. `SCREENSHOTS=1` also writes docs/screenshots/<page>.png.
 */
const REDIRECT = 'http://127.0.0.1:49152/callback';
const PASSWORD = 'a long enough password';
const SCREENSHOT_DIR = new URL('../docs/screenshots/', import.meta.url);
/** Pages also shot at a phone's width in the dark scheme, for the README. */
const DARK_SHOTS = new Set(['consent', 'upload', 'payment-setup']);

/** Just enough of Stripe for the page to render: a customer, a SetupIntent, and a Stripe.js that mounts a card field. */
function stripeStandIn(): Server & { down: boolean } {
  let setupIntents = 0;
  const server = createServer((request, response) => {
    if (server.down && request.url?.startsWith('/v1/'))
      return void request
        .resume()
        .on('end', () =>
          response
            .writeHead(503, { 'content-type': 'application/json' })
            .end(JSON.stringify({ error: { type: 'api_error', message: 'Stripe is temporarily unavailable.' } })),
        );
    if (request.url === '/v3/') {
      return void response.writeHead(200, { 'content-type': 'text/javascript' }).end(`window.Stripe = () => ({
  elements: () => ({ create: () => ({ mount: (selector) => {
    const label = document.createElement('label'); label.textContent = 'Card number'; label.htmlFor = 'card-number';
    const input = document.createElement('input'); input.id = 'card-number'; input.type = 'text'; input.placeholder = '1234 1234 1234 1234';
    document.querySelector(selector).append(label, input);
  } }) }),
  confirmSetup: async () => ({}),
});`);
    }
    const id = `seti_pages_${Date.now()}_${++setupIntents}`;
    const body =
      request.url === '/v1/customers'
        ? { id: 'cus_pages', object: 'customer' }
        : { id, object: 'setup_intent', client_secret: `${id}_secret_test`, status: 'requires_payment_method' };
    request.resume().on('end', () => response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body)));
  }) as Server & { down: boolean };
  server.down = false;
  return server;
}

interface PageCase {
  name: string;
  /** Opens the page in `page` (a fresh one per width and scheme). */
  open: (page: Page) => Promise<void>;
}

describe('the pages a person meets', () => {
  let service: RunningApp;
  let browser: Browser;
  let stripe: ReturnType<typeof stripeStandIn>;
  let mcpToken: string;
  const cases: PageCase[] = [];

  beforeAll(async () => {
    stripe = stripeStandIn();
    await new Promise<void>((resolve) => stripe.listen(0, '127.0.0.1', resolve));
    const stripeUrl = `http://127.0.0.1:${(stripe.address() as AddressInfo).port}`;
    [service, browser] = await startTogether([
      startApp({
        reachablePublicUrls: true,
        env: {
          PAYMENT_WALLET_ADDRESS: privateKeyToAccount(generatePrivateKey()).address,
          STRIPE_SECRET_KEY: 'sk_test_pages',
          STRIPE_PUBLISHABLE_KEY: 'pk_test_pages',
          STRIPE_API_URL: stripeUrl,
          STRIPE_JS_URL: `${stripeUrl}/v3/`,
        },
      }),
      launchChromium(),
    ]);
    mcpToken = await machineToken(service.url, 'Nightly credit pipeline');
  });
  afterAll(async () => {
    await Promise.all([service?.close(), browser?.close(), new Promise((resolve) => stripe?.close(resolve))]);
  });

  async function tool<T>(name: string, args: Record<string, unknown>): Promise<T> {
    const client = await connectMcpClient(service.url, mcpToken);
    try {
      return structured<T>(await client.callTool({ name, arguments: args }));
    } finally {
      await client.close();
    }
  }

  /** A signed-in Chromium page: signs up through the form. */
  async function signUp(page: Page, returnTo = '/signed-in'): Promise<void> {
    await page.goto(`${service.url}/sign-up?return_to=${encodeURIComponent(returnTo)}`);
    await page.getByLabel('Email').fill(uniqueEmail('pages'));
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/sign-up'));
  }

  async function authorizeUrl(clientName = 'Claude Desktop'): Promise<string> {
    const client = await registerClient(service.url, {
      client_name: clientName,
      redirect_uris: [REDIRECT],
      grant_types: ['authorization_code', 'refresh_token'],
      token_endpoint_auth_method: 'none',
    });
    const parameters = {
      response_type: 'code',
      client_id: client.client_id,
      redirect_uri: REDIRECT,
      code_challenge: pkcePair().challenge,
      code_challenge_method: 'S256',
      scope: 'openid email',
      state: 'pages',
    };
    return `${service.url}/oauth/authorize?${new URLSearchParams(parameters).toString()}`;
  }

  cases.push(
    { name: 'sign-in', open: async (page) => void (await page.goto(`${service.url}/sign-in`)) },
    { name: 'sign-up', open: async (page) => void (await page.goto(`${service.url}/sign-up`)) },
    {
      name: 'sign-up-errors',
      open: async (page) => {
        await page.goto(`${service.url}/sign-up`);
        await page.getByLabel('Email').fill('someone@example.com');
        await page.getByLabel('Password').fill('short');
        await page.getByRole('button', { name: 'Create account' }).click();
        await page.locator('#password-error').waitFor();
      },
    },
    { name: 'signed-in', open: (page) => signUp(page) },
    {
      name: 'signed-out',
      open: async (page) => {
        await signUp(page);
        await page.getByRole('button', { name: 'Sign out' }).click();
        await page.getByRole('status').filter({ hasText: 'You have signed out.' }).waitFor();
      },
    },
    {
      name: 'consent',
      open: async (page) => {
        const url = await authorizeUrl();
        await signUp(page, new URL(url).pathname + new URL(url).search);
        await page.getByRole('button', { name: 'Allow' }).waitFor();
      },
    },
    {
      name: 'authorization-error',
      open: async (page) =>
        void (await page.goto(`${service.url}/oauth/authorize?response_type=code&client_id=uwc_unknown&redirect_uri=${encodeURIComponent(REDIRECT)}`)),
    },
    {
      name: 'form-expired',
      open: async (page) => {
        await page.goto(`${service.url}/sign-in`);
        await page.evaluate(() => {
          const field = (globalThis as unknown as { document: { querySelector(selector: string): { value: string } } }).document.querySelector(
            'input[name=csrf_token]',
          );
          field.value = 'stale';
        });
        await page.getByLabel('Email').fill('someone@example.com');
        await page.getByLabel('Password').fill(PASSWORD);
        await page.getByRole('button', { name: 'Sign in' }).click();
        await page.getByRole('heading', { name: 'This form expired' }).waitFor();
      },
    },
    {
      name: 'upload',
      open: async (page) => {
        const { workspaceId } = await tool<{ workspaceId: string }>('create_deal_workspace', { clientName: 'Acme Robotics Series B' });
        const { formUrl } = await tool<{ formUrl: string }>('display_upload_documents_form', { workspaceId, documentType: 'financial-statement' });
        await page.goto(formUrl);
        await page.locator('#file').setInputFiles([
          { name: 'balance-sheet-2025.pdf', mimeType: 'application/pdf', buffer: await pdfBytes(3) },
          { name: 'logo.pdf', mimeType: 'application/pdf', buffer: Buffer.from('89504e470d0a1a0a0000000d4948445200000001', 'hex') },
        ]);
        await page.locator('#results li[data-status="READY"]').waitFor();
        await page.locator('#results li[data-status="ERROR"]').waitFor();
      },
    },
    {
      name: 'upload-empty',
      open: async (page) => {
        const { formUrl } = await tool<{ formUrl: string }>('display_upload_documents_form', {});
        await page.goto(formUrl);
      },
    },
    {
      name: 'upload-mcp-app',
      open: async (page) => {
        const client = await connectMcpClient(service.url, mcpToken);
        const { contents } = await client.readResource({ uri: 'ui://underwriting/upload-documents.html' }).finally(() => client.close());
        await page.setContent((contents[0] as { text: string }).text);
      },
    },
    {
      name: 'upload-results',
      open: async (page) => {
        const { formUrl } = await tool<{ formUrl: string }>('display_upload_documents_form', {});
        await page.goto(formUrl);
        // What the page is without JavaScript: the form as served, without the script's listeners, posted natively.
        await page.evaluate(() => {
          const form = (
            globalThis as unknown as { document: { getElementById(id: string): { cloneNode(deep: boolean): unknown; replaceWith(node: unknown): void } } }
          ).document.getElementById('upload-form');
          form.replaceWith(form.cloneNode(true));
        });
        await page.locator('#file').setInputFiles([{ name: 'rent-roll.pdf', mimeType: 'application/pdf', buffer: await pdfBytes(2) }]);
        await Promise.all([
          page.waitForURL(/\/files$/),
          page.evaluate(() =>
            (globalThis as unknown as { document: { getElementById(id: string): { submit(): void } } }).document.getElementById('upload-form').submit(),
          ),
        ]);
        await page.getByRole('heading', { name: 'Upload results' }).waitFor();
      },
    },
    { name: 'upload-expired', open: async (page) => void (await page.goto(`${service.url}/upload/${'x'.repeat(43)}`)) },
    {
      name: 'payment-setup',
      open: async (page) => {
        const { setupUrl } = await tool<{ setupUrl: string }>('initiate_payment_setup', { maxMonthlyBudgetUsd: 250 });
        await page.goto(setupUrl);
        await page.getByLabel('Card number').waitFor();
      },
    },
    {
      name: 'payment-setup-card',
      open: async (page) => {
        const { setupUrl } = await tool<{ setupUrl: string }>('initiate_payment_setup', { rail: 'fiat', maxMonthlyBudgetUsd: 100 });
        await page.goto(setupUrl);
        await page.getByLabel('Card number').waitFor();
      },
    },
    {
      name: 'payment-setup-wallet',
      open: async (page) => {
        const { setupUrl } = await tool<{ setupUrl: string }>('initiate_payment_setup', { rail: 'crypto', maxMonthlyBudgetUsd: 50 });
        await page.goto(setupUrl);
      },
    },
    {
      name: 'payment-setup-unavailable',
      open: async (page) => {
        const { setupUrl } = await tool<{ setupUrl: string }>('initiate_payment_setup', { rail: 'fiat', maxMonthlyBudgetUsd: 100 });
        stripe.down = true;
        try {
          const response = await page.goto(setupUrl);
          expect(response?.status()).toBe(503);
          await page.getByRole('heading', { name: 'Card payments are unavailable right now' }).waitFor();
        } finally {
          stripe.down = false;
        }
      },
    },
    { name: 'payment-setup-expired', open: async (page) => void (await page.goto(`${service.url}/payment-setup/${'x'.repeat(43)}`)) },
    { name: 'not-found', open: async (page) => void (await page.goto(`${service.url}/no-such-page`)) },
  );

  const VIEWS = [
    { width: 375, height: 812, colorScheme: 'light' },
    { width: 375, height: 812, colorScheme: 'dark' },
    { width: 1280, height: 900, colorScheme: 'light' },
    { width: 1280, height: 900, colorScheme: 'dark' },
  ] as const;

  it.each(cases.map((pageCase): [string, PageCase] => [pageCase.name, pageCase]))(
    '%s: no serious or critical axe violation at 375 and 1280 px, light and dark',
    async (name, pageCase) => {
      const context = await browser.newContext();
      const page = await context.newPage();
      page.setDefaultTimeout(10_000);
      const errors: string[] = [];
      page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
      try {
        await page.setViewportSize({ width: 375, height: 812 });
        await pageCase.open(page);
        expect(await page.locator('.brand').textContent()).toBe('Underwriting Agent Service');
        for (const view of VIEWS) {
          await page.setViewportSize({ width: view.width, height: view.height });
          await page.emulateMedia({ colorScheme: view.colorScheme });
          const { violations } = await new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).analyze();
          const serious = violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
          expect({
            view,
            violations: serious.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`),
          }).toEqual({ view, violations: [] });
          // Readable at the width: nothing pushes the page sideways.
          expect(
            await page.evaluate(
              () => (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } }).document.documentElement.scrollWidth,
            ),
          ).toBeLessThanOrEqual(view.width);
          if (
            process.env.SCREENSHOTS &&
            ((view.width === 1280 && view.colorScheme === 'light') || (view.width === 375 && view.colorScheme === 'dark' && DARK_SHOTS.has(name)))
          ) {
            mkdirSync(SCREENSHOT_DIR, { recursive: true });
            const file = view.width === 1280 ? `${name}.png` : `${name}-375-dark.png`;
            await page.screenshot({ path: new URL(file, SCREENSHOT_DIR).pathname, fullPage: true });
          }
        }
        // A page answered with its own error status (404, 503) logs that status: expected, not a page error.
        expect(errors.filter((text) => !/status of (40[0-9]|503)/.test(text))).toEqual([]);
      } finally {
        await context.close();
      }
    },
    120_000,
  );

  it('serves one stylesheet, named after its content and cached for good, and the pages load nothing else', async () => {
    const page = await (await fetch(`${service.url}/sign-in`)).text();
    const [, path] = /<link rel="stylesheet" href="(\/assets\/site-[0-9a-f]{12}\.css)">/.exec(page)!;
    const stylesheet = await fetch(`${service.url}${path}`);
    expect(stylesheet.status).toBe(200);
    expect(stylesheet.headers.get('content-type')).toBe('text/css; charset=utf-8');
    expect(stylesheet.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await stylesheet.text()).toContain('prefers-color-scheme:dark');
    expect(page).not.toMatch(/<style|style="|https?:\/\//);
    const policy = (await fetch(`${service.url}/sign-in`)).headers.get('content-security-policy');
    expect(policy).toBe("default-src 'none'; style-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'");
  });

  it('answers a browser that asks for a page that does not exist with a page, and an API client with a problem record', async () => {
    const page = await fetch(`${service.url}/no-such-page`, { headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' } });
    expect(page.status).toBe(404);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await page.text()).toContain('<h1>This page does not exist</h1>');
    const problem = await fetch(`${service.url}/no-such-page`, { headers: { accept: 'application/json' } });
    expect(problem.headers.get('content-type')).toBe('application/problem+json; charset=utf-8');
  });

  it('shows the password rule once: as a hint, and in its place the error when it was broken', async () => {
    const person = new BrowserlessAgent(service.url, { 'x-forwarded-for': '203.0.113.77' });
    const blank = await (await person.get('/sign-up')).text();
    expect(blank).toContain('<input id="password" name="password" type="password" autocomplete="new-password" required aria-describedby="password-hint">');
    expect(blank).toContain('<p class="hint" id="password-hint">At least 12 characters.</p>');
    const refused = await (await person.postForm('/sign-up', { ...hiddenInputs(blank), email: uniqueEmail(), password: 'short' })).text();
    expect(refused).toContain('<p class="error" id="password-error">Use at least 12 characters.</p>');
    expect(refused).not.toContain('At least 12 characters.');
  });

  it('lets a person sign up and allow an MCP client with the keyboard alone', async () => {
    const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
    const page = await context.newPage();
    page.setDefaultTimeout(10_000);
    const callback = new Promise<URL>((resolve) => {
      void page.route(`${REDIRECT}**`, (route) => {
        resolve(new URL(route.request().url()));
        return route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>done</title>' });
      });
    });
    const focused = () =>
      page.evaluate(() => {
        const active = (
          globalThis as unknown as { document: { activeElement: { tagName: string; textContent: string; getAttribute(name: string): string | null } } }
        ).document.activeElement;
        return `${active.tagName.toLowerCase()}:${active.getAttribute('name') ?? active.textContent.trim()}`;
      });
    /** Tabs until the element that `matches` has focus (at most 20 presses), as a keyboard user would. */
    const tabTo = async (target: string) => {
      for (let presses = 0; presses < 20; presses++) {
        await page.keyboard.press('Tab');
        if ((await focused()) === target) return;
      }
      throw new Error(`never reached ${target}; focus is on ${await focused()}`);
    };
    try {
      await page.goto(await authorizeUrl('Keyboard Client'));
      await tabTo('a:Create account');
      await page.keyboard.press('Enter');
      await page.waitForURL(/\/sign-up/);
      await tabTo('input:email');
      await page.keyboard.type(uniqueEmail('keyboard'));
      await tabTo('input:password');
      await page.keyboard.type(PASSWORD);
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { name: /Allow .?Keyboard Client.? to use your account\?/ }).waitFor();
      await tabTo('button:decision');
      expect(await page.evaluate(() => (globalThis as unknown as { document: { activeElement: { value: string } } }).document.activeElement.value)).toBe(
        'approve',
      );
      await page.keyboard.press('Enter');
      const redirect = await callback;
      expect(redirect.searchParams.get('code')).toEqual(expect.any(String));
      expect(redirect.searchParams.get('state')).toBe('pages');
    } finally {
      await context.close();
    }
  });

  it('signs out from the consent page ("Not you?") and comes back to the same request after signing in again', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    page.setDefaultTimeout(10_000);
    try {
      const url = await authorizeUrl('Second Client');
      await signUp(page, new URL(url).pathname + new URL(url).search);
      await page.getByRole('button', { name: 'Not you? Sign out' }).click();
      await page.getByRole('heading', { name: 'Sign in' }).waitFor();
      await page.getByRole('link', { name: 'Create account' }).click();
      await page.getByLabel('Email').fill(uniqueEmail('other'));
      await page.getByLabel('Password').fill(PASSWORD);
      await page.getByRole('button', { name: 'Create account' }).click();
      await page.getByRole('heading', { name: /Allow .?Second Client.? to use your account\?/ }).waitFor();
    } finally {
      await context.close();
    }
  });
});

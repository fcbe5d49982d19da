import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { machineToken, postToolCall } from './support/mcp-helpers.js';
import { freePort } from './support/service-process.js';
import { startApp, type RunningApp } from './support/test-app.js';

describe('while Stripe is unreachable', () => {
  let service: RunningApp;
  let token: string;

  beforeAll(async () => {
    // A loopback port where nothing listens: every call to Stripe is refused.
    const nowhere = `http://127.0.0.1:${await freePort()}`;
    service = await startApp({
      env: {
        STRIPE_SECRET_KEY: 'sk_test_outage',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_outage',
        STRIPE_WEBHOOK_SECRET: 'whsec_outage',
        STRIPE_API_URL: nowhere,
        STRIPE_JS_URL: `${nowhere}/v3/`,
      },
    });
    token = await machineToken(service.url);
  });
  afterAll(() => service?.close());

  it('shows a person opening the payment page a page saying what failed and what to do, with Retry-After', async () => {
    const answer = (await (await postToolCall(service.url, token, 'initiate_payment_setup', { rail: 'fiat' })).json()) as {
      result: { structuredContent: { setupUrl: string } };
    };
    const page = await fetch(`${service.url}${new URL(answer.result.structuredContent.setupUrl).pathname}`, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(503);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('retry-after')).toBe('30');
    const text = await page.text();
    expect(text).toContain('Card payments are unavailable right now');
    expect(text).toContain('Nothing was charged');
    expect(text).not.toContain('"status"');
  });
});

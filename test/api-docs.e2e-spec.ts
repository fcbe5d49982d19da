import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser } from 'playwright-core';
import { launchChromium } from './support/browser.js';
import { startApp, type RunningApp } from './support/test-app.js';

describe('the API documentation page in a browser', () => {
  let service: RunningApp;
  let browser: Browser;

  beforeAll(async () => {
    service = await startApp();
    browser = await launchChromium();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await service?.close();
  });

  it('renders every operation of /openapi.json in Swagger UI, with no blocked resource', async () => {
    const page = await browser.newPage();
    const problems: string[] = [];
    page.on('console', (message) => message.type() === 'error' && problems.push(message.text()));
    page.on('requestfailed', (request) => problems.push(`${request.url()} ${request.failure()?.errorText}`));
    await page.goto(`${service.url}/docs`);
    await page.locator('.opblock').first().waitFor({ timeout: 15_000 });
    const paths = await page.locator('.opblock-summary-path').allInnerTexts();
    expect(paths.map((path) => path.replace(/\u200b/g, ''))).toEqual(expect.arrayContaining(['/.well-known/mcp', '/api/v1/.well-known/mcp', '/openapi.json', '/health/ready']));
    await expect(page.locator('.scheme-container .authorize').count()).resolves.toBe(1);
    expect(problems).toEqual([]);
  }, 60_000);
});

import { execFile } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser } from 'playwright-core';
import { launchChromium } from './support/browser.js';
import { machineToken } from './support/mcp-helpers.js';
import { startApp, type RunningApp } from './support/test-app.js';

type Operation = {
  parameters?: { name: string; in: string; required?: boolean }[];
  security?: unknown[];
  responses: Record<string, { content?: Record<string, { example?: { status: number } }> }>;
};

describe('the API documentation page in a browser', () => {
  let service: RunningApp;
  let browser: Browser;

  beforeAll(async () => {
    service = await startApp({ reachablePublicUrls: true });
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
    expect(paths.map((path) => path.replace(/\u200b/g, ''))).toEqual(
      expect.arrayContaining(['/.well-known/mcp', '/api/v1/.well-known/mcp', '/openapi.json', '/health/ready']),
    );
    await expect(page.locator('.scheme-container .authorize').count()).resolves.toBe(1);
    expect(problems).toEqual([]);
  }, 60_000);

  it('passes `redocly lint` with the recommended rules: no errors (run offline, from node_modules)', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'openapi-'));
    const file = join(folder, 'openapi.json');
    await writeFile(file, await (await fetch(`${service.url}/openapi.json`)).text());
    const { code, output } = await new Promise<{ code: number; output: string }>((resolve) =>
      execFile(
        process.execPath,
        ['node_modules/@redocly/cli/bin/cli.js', 'lint', file, '--format=summary'],
        { env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' } },
        (error, stdout, stderr) => resolve({ code: typeof error?.code === 'number' ? error.code : 0, output: stdout + stderr }),
      ),
    );
    expect({ code, errors: output.split('\n').filter((line) => /\berror\b/.test(line)) }).toEqual({ code: 0, errors: [] });
  }, 60_000);

  it('declares each header once, optional ones optional, and gives each error response an example of its own status', async () => {
    const document = (await (await fetch(`${service.url}/openapi.json`)).json()) as { paths: Record<string, Record<string, Operation>> };
    for (const [path, item] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        const headers = (operation.parameters ?? []).filter((parameter) => parameter.in === 'header');
        expect({ path, method, headers: headers.map((header) => header.name.toLowerCase()) }).toEqual({
          path,
          method,
          headers: [...new Set(headers.map((header) => header.name.toLowerCase()))],
        });
        expect({ path, method, required: headers.filter((header) => header.required).map((header) => header.name) }).toEqual({ path, method, required: [] });
        expect(operation.security).toBeDefined();
        for (const [status, response] of Object.entries(operation.responses)) {
          const problem = response.content?.['application/problem+json'];
          if (problem) expect({ path, method, status: problem.example?.status }).toEqual({ path, method, status: Number(status) });
        }
      }
    }
  });

  it("runs Swagger UI's Try it out on POST /mcp with the example body and only a bearer token", async () => {
    const token = await machineToken(service.url);
    const page = await browser.newPage();
    page.setDefaultTimeout(15_000);
    try {
      await page.goto(`${service.url}/docs`);
      await page.locator('.scheme-container .authorize').click();
      const bearer = page.locator('.auth-container', { hasText: 'bearerJwt' });
      await bearer.locator('input').fill(token);
      await bearer.locator('button.authorize').click();
      await bearer.locator('button.btn-done').click();
      const operation = page.locator('#operations-MCP-McpController_post');
      await operation.locator('.opblock-summary').click();
      await operation.getByRole('button', { name: 'Try it out' }).click();
      const [answer] = await Promise.all([
        page.waitForResponse((response) => response.url().endsWith('/mcp') && response.request().method() === 'POST'),
        operation.getByRole('button', { name: 'Execute' }).click(),
      ]);
      expect(answer.status()).toBe(200);
      const body = (await answer.json()) as { result?: { tools?: unknown[] } };
      expect(body.result?.tools?.length).toBeGreaterThan(0);
    } finally {
      await page.close();
    }
  }, 60_000);
});

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from './support/browser.js';
import { startTogether } from './support/start-together.js';
import { pdfBytes } from './support/document-fixtures.js';
import { connectMcpClient, machineToken, structured, toolError } from './support/mcp-helpers.js';
import { startApp, type RunningApp } from './support/test-app.js';

type UploadFormLink = { formUrl: string; uploadEndpoint: string; expiresAt: string; workspaceId?: string; documentType?: string };
type Outputs = { outputs: Record<string, { toolName: string; output: { documentId: string; status: string; pageCount: number; documentType?: string } }[]> };

/** Drops a PDF made in the test onto the drop zone, as a person dragging a file from their desktop would. */
async function dropPdf(page: Page, bytes: Buffer, fileName: string): Promise<void> {
  const dataTransfer = await page.evaluateHandle(
    ({ base64, name }) => {
      // Runs in the page; the tests are compiled without the DOM library.
      const browser = globalThis as unknown as { DataTransfer: new () => { items: { add(file: unknown): void } } };
      const transfer = new browser.DataTransfer();
      transfer.items.add(new File([Uint8Array.from(atob(base64), (character) => character.charCodeAt(0))], name, { type: 'application/pdf' }));
      return transfer;
    },
    { base64: bytes.toString('base64'), name: fileName },
  );
  await page.dispatchEvent('#dropzone', 'drop', { dataTransfer });
}

describe('the upload form (display_upload_documents_form)', () => {
  let service: RunningApp;
  let browser: Browser;
  let client: Client;
  let workspaceId: string;

  beforeAll(async () => {
    [service, browser] = await startTogether([startApp({ reachablePublicUrls: true, env: { M2M_REGISTRATION_LIMIT: '100' } }), launchChromium()]);
    client = await connectMcpClient(service.url, await machineToken(service.url));
    workspaceId = structured<{ workspaceId: string }>(
      await client.callTool({ name: 'create_deal_workspace', arguments: { clientName: 'Acme Robotics' } }),
    ).workspaceId;
  });
  afterAll(async () => {
    await client?.close();
    await Promise.all([service?.close(), browser?.close()]);
  });

  const displayForm = async () =>
    structured<UploadFormLink>(
      await client.callTool({ name: 'display_upload_documents_form', arguments: { workspaceId, documentType: 'financial-statement' } }),
    );

  it('returns a short-lived link bound to the workspace, and names its MCP App view', async () => {
    const link = await displayForm();
    expect(link).toEqual({
      formUrl: expect.stringMatching(new RegExp(`^${service.url}/upload/[A-Za-z0-9_-]{43}$`)),
      uploadEndpoint: `${link.formUrl}/files`,
      expiresAt: expect.any(String),
      workspaceId,
      documentType: 'financial-statement',
    });
    const expiresIn = new Date(link.expiresAt).getTime() - Date.now();
    expect(expiresIn).toBeGreaterThan(14 * 60_000);
    expect(expiresIn).toBeLessThanOrEqual(15 * 60_000);
    const tool = (await client.listTools()).tools.find((candidate) => candidate.name === 'display_upload_documents_form')!;
    expect(tool._meta).toEqual({ ui: { resourceUri: 'ui://underwriting/upload-documents.html' }, 'ui/resourceUri': 'ui://underwriting/upload-documents.html' });
  });

  it('serves the MCP App view through resources/list and resources/read', async () => {
    const { resources } = await client.listResources();
    expect(resources).toContainEqual(expect.objectContaining({ uri: 'ui://underwriting/upload-documents.html', mimeType: 'text/html;profile=mcp-app' }));
    const { contents } = await client.readResource({ uri: 'ui://underwriting/upload-documents.html' });
    expect(contents[0]).toMatchObject({ mimeType: 'text/html;profile=mcp-app', _meta: { ui: { csp: { connectDomains: [service.url] } } } });
    expect((contents[0] as { text: string }).text).toContain('<form id="upload-form" method="post" enctype="multipart/form-data">');
    await expect(client.readResource({ uri: 'ui://underwriting/nothing.html' })).rejects.toThrow(/Resource not found/);
  });

  it("refuses another account's workspace with NOT_FOUND", async () => {
    const intruder = await connectMcpClient(service.url, await machineToken(service.url, 'intruder'));
    try {
      expect(toolError(await intruder.callTool({ name: 'display_upload_documents_form', arguments: { workspaceId } })).error.code).toBe('NOT_FOUND');
    } finally {
      await intruder.close();
    }
  });

  it('takes a dropped file in Chromium, shows its progress and result, and files it in the workspace', async () => {
    const link = await displayForm();
    const page = await browser.newPage();
    page.setDefaultTimeout(10_000);
    const blocked: string[] = [];
    page.on('console', (message) => message.type() === 'error' && blocked.push(message.text()));
    try {
      await page.goto(link.formUrl);
      await expect(page.getByRole('heading', { name: 'Upload documents' }).isVisible()).resolves.toBe(true);
      await expect(page.getByText('For the deal workspace Acme Robotics as financial-statement.').isVisible()).resolves.toBe(true);
      await dropPdf(page, await pdfBytes(3), 'statement.pdf');
      const item = page.locator('#results li[data-status="READY"]');
      await item.waitFor();
      expect(await item.textContent()).toContain('statement.pdf: READY, 3 pages');
      expect(await item.locator('progress').getAttribute('aria-label')).toBe('Upload of statement.pdf');
      expect(await item.locator('progress').evaluate((bar) => (bar as unknown as { value: number }).value)).toBe(100);
      const documentId = await item.getAttribute('data-document-id');
      const workspace = structured<Outputs>(await client.callTool({ name: 'get_deal_workspace', arguments: { workspaceId } }));
      expect(workspace.outputs.documents[0]).toMatchObject({
        toolName: 'display_upload_documents_form',
        output: { documentId, status: 'READY', pageCount: 3, documentType: 'financial-statement' },
      });
      expect(blocked).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it('uploads chosen files at once, and shows why a file was refused: its name once, the reason, no progress bar', async () => {
    const link = await displayForm();
    const page = await browser.newPage();
    page.setDefaultTimeout(10_000);
    try {
      await page.goto(link.formUrl);
      await expect(page.getByText('No files yet.').isVisible()).resolves.toBe(true);
      await page.locator('#file').setInputFiles({
        name: 'photo.pdf',
        mimeType: 'application/pdf',
        buffer: Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64'),
      });
      const item = page.locator('#results li[data-status="ERROR"]');
      await item.waitFor();
      expect(await item.textContent()).toBe('photo.pdf: refused: image/gif files are not supported; send PDF, DOCX, PPTX, XLSX, CSV, plain text, PNG or JPEG.');
      expect(await item.locator('progress').count()).toBe(0);
      await expect(page.getByText('No files yet.').isVisible()).resolves.toBe(false);
    } finally {
      await page.close();
    }
  });

  it('works without JavaScript: the plain form posts every chosen file', async () => {
    const link = await displayForm();
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    page.setDefaultTimeout(10_000);
    try {
      await page.goto(link.formUrl);
      await page.locator('#file').setInputFiles([
        { name: 'one.pdf', mimeType: 'application/pdf', buffer: await pdfBytes(1) },
        { name: 'two.pdf', mimeType: 'application/pdf', buffer: await pdfBytes(2) },
      ]);
      await page.getByRole('button', { name: 'Upload' }).click();
      await page.getByRole('heading', { name: 'Upload results' }).waitFor();
      expect(await page.locator('li').allTextContents()).toEqual(['one.pdf: READY, 1 page', 'two.pdf: READY, 2 pages']);
    } finally {
      await context.close();
    }
  });

  it('answers an unknown or expired link with a 404 page', async () => {
    const response = await fetch(`${service.url}/upload/${'x'.repeat(43)}`);
    expect(response.status).toBe(404);
    expect(await response.text()).toContain('This upload link expired');
    const upload = await fetch(`${service.url}/upload/${'x'.repeat(43)}/files`, { method: 'POST', body: new FormData() });
    expect(upload.status).toBe(404);
  });

  describe('as an MCP App inside a host', () => {
    let host: Server;
    let hostUrl: string;

    beforeAll(async () => {
      // A minimal MCP Apps host: frames the view, answers ui/initialize, then passes on the tool result.
      host = createServer((request, response) => {
        response.writeHead(200, { 'content-type': 'text/html' })
          .end(`<!doctype html><html><body><iframe id="view" style="width:600px;height:600px"></iframe><script>
const view = document.getElementById('view');
window.addEventListener('message', (event) => {
  const message = event.data;
  if (message.method === 'ui/initialize') {
    view.contentWindow.postMessage({ jsonrpc: '2.0', id: message.id, result: { protocolVersion: message.params.protocolVersion, hostInfo: { name: 'test-host', version: '1' }, hostCapabilities: {}, hostContext: {} } }, '*');
  }
  if (message.method === 'ui/notifications/initialized') {
    window.initialized = true;
    view.contentWindow.postMessage({ jsonrpc: '2.0', method: 'ui/notifications/tool-result', params: window.toolResult }, '*');
  }
});
window.show = (html, result) => { window.toolResult = result; view.srcdoc = html; };
</script></body></html>`);
      });
      await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
      hostUrl = `http://127.0.0.1:${(host.address() as AddressInfo).port}/`;
    });
    afterAll(async () => {
      await new Promise((resolve) => host.close(resolve));
    });

    it('greets the host, takes the endpoint from the tool result and uploads across origins', async () => {
      const result = await client.callTool({ name: 'display_upload_documents_form', arguments: { workspaceId } });
      const { contents } = await client.readResource({ uri: 'ui://underwriting/upload-documents.html' });
      const page = await browser.newPage();
      page.setDefaultTimeout(10_000);
      try {
        await page.goto(hostUrl);
        await page.evaluate(({ html, toolResult }) => (globalThis as unknown as { show: (html: string, result: unknown) => void }).show(html, toolResult), {
          html: (contents[0] as { text: string }).text,
          toolResult: result,
        });
        await page.waitForFunction(() => (globalThis as unknown as { initialized?: boolean }).initialized === true);
        const view = page.frameLocator('#view');
        await view.locator('#upload-form:not([hidden])').waitFor();
        await view.locator('#file').setInputFiles({ name: 'in-app.pdf', mimeType: 'application/pdf', buffer: await pdfBytes(2) });
        const item = view.locator('#results li[data-status="READY"]');
        await item.waitFor();
        expect(await item.textContent()).toContain('in-app.pdf: READY, 2 pages');
      } finally {
        await page.close();
      }
    });
  });
});

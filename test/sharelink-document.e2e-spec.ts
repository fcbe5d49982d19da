import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pdfBytes } from './support/document-fixtures.js';
import { capturingLogger } from './support/log-capture.js';
import { endlessPdf, LOOPBACK_SPELLINGS, LoopbackSite } from './support/loopback-site.js';
import { connectMcpClient, machineToken, structured, toolError } from './support/mcp-helpers.js';
import { startApp, type RunningApp } from './support/test-app.js';

const PLANTED = 'pm_live_PLANTED_papermark_token_5e2a';
const MB = 1024 * 1024;
const LINK_ID = 'clx9deck0000link0000abcd';
const TEAM_ID = 'cltteam000000000000000001';
const DOCUMENT_ID = 'cldoc0000000000000000001';

type Handler = (request: IncomingMessage, response: ServerResponse) => void;
const json =
  (body: unknown, status = 200): Handler =>
  (_request, response) =>
    void response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));

/**
 * Papermark's API as its open-source server answers (pages/api/links/[id], teams/.../documents/
 * [id]/stats and views/[viewId]/stats, file/s3/get-presigned-get-url): one document link to a 3-page
 * deck in its S3 storage, viewed three times by two people.
 */
function papermarkRoutes(site: LoopbackSite, fileSite: LoopbackSite, seenAuthorization: string[]): void {
  const record =
    (handler: Handler): Handler =>
    (request, response) => {
      seenAuthorization.push(request.headers.authorization ?? '');
      handler(request, response);
    };
  site
    .route(
      `/api/links/${LINK_ID}`,
      record(
        json({
          linkType: 'DOCUMENT_LINK',
          link: {
            id: LINK_ID,
            expiresAt: null,
            emailProtected: true,
            allowDownload: false,
            isArchived: false,
            deletedAt: null,
            linkType: 'DOCUMENT_LINK',
            teamId: TEAM_ID,
            document: {
              id: DOCUMENT_ID,
              name: 'Acme Seed Deck',
              teamId: TEAM_ID,
              ownerId: 'cluser000000000000000001',
              versions: [
                {
                  id: 'clver0000000000000000001',
                  versionNumber: 1,
                  type: 'pdf',
                  hasPages: true,
                  file: `${TEAM_ID}/${DOCUMENT_ID}/acme-seed.pdf`,
                  isVertical: false,
                },
              ],
            },
          },
          brand: null,
        }),
      ),
    )
    .route('/api/file/s3/get-presigned-get-url', record(json({ url: `${fileSite.url}/bucket/${TEAM_ID}/${DOCUMENT_ID}/acme-seed.pdf?X-Amz-Signature=abc123` })))
    .route(
      `/api/teams/${TEAM_ID}/documents/${DOCUMENT_ID}/stats`,
      record(
        json({
          views: [
            { id: 'view1', linkId: LINK_ID, documentId: DOCUMENT_ID, viewerEmail: 'ana@fund.example', viewedAt: '2026-11-20T10:00:00.000Z', isArchived: false },
            { id: 'view2', linkId: LINK_ID, documentId: DOCUMENT_ID, viewerEmail: 'ANA@fund.example', viewedAt: '2026-11-21T10:00:00.000Z', isArchived: false },
            { id: 'view3', linkId: LINK_ID, documentId: DOCUMENT_ID, viewerEmail: 'ben@fund.example', viewedAt: '2026-11-22T10:00:00.000Z', isArchived: false },
          ],
          duration: {
            data: [
              { versionNumber: 1, pageNumber: '1', avg_duration: 20000 },
              { versionNumber: 1, pageNumber: '2', avg_duration: 7000 },
            ],
          },
          total_duration: 30000,
          avgCompletionRate: 78,
          totalViews: 3,
        }),
      ),
    )
    .route(
      `/api/teams/${TEAM_ID}/documents/${DOCUMENT_ID}/views/view1/stats`,
      record(
        json({
          duration: {
            data: [
              { pageNumber: '1', sum_duration: 30000 },
              { pageNumber: '2', sum_duration: 12000 },
              { pageNumber: '3', sum_duration: 3000 },
            ],
          },
          total_duration: 45000,
        }),
      ),
    )
    .route(
      `/api/teams/${TEAM_ID}/documents/${DOCUMENT_ID}/views/view2/stats`,
      record(
        json({
          duration: {
            data: [
              { pageNumber: '1', sum_duration: 20000 },
              { pageNumber: '2', sum_duration: 9000 },
            ],
          },
          total_duration: 29000,
        }),
      ),
    )
    .route(
      `/api/teams/${TEAM_ID}/documents/${DOCUMENT_ID}/views/view3/stats`,
      record(
        json({
          duration: {
            data: [
              { pageNumber: '1', sum_duration: 10000 },
              { pageNumber: '3', sum_duration: 6000 },
            ],
          },
          total_duration: 16000,
        }),
      ),
    )
    .route('/api/links/clxrevoked000000000000', record(json({ error: 'Unauthorized' }, 401)))
    .route('/api/links/clxdown00000000000000000', record(json({ message: 'Internal Server Error' }, 503)))
    .route(
      '/api/links/clxbusy00000000000000000',
      (_request, response) =>
        void response.writeHead(429, { 'content-type': 'application/json', 'retry-after': '120' }).end(JSON.stringify({ error: 'Too many requests' })),
    )
    .route(
      '/api/links/clxbroken000000000000000',
      (_request, response) => void response.writeHead(200, { 'content-type': 'application/json' }).end('{"linkType":'),
    )
    .route('/api/links/clxdataroom0000000000000', record(json({ linkType: 'DATAROOM_LINK', link: { id: 'clxdataroom0000000000000', teamId: TEAM_ID } })));
}

describe('fetch_sharelink_document', () => {
  const logs = capturingLogger();
  /** What an attacker aims at: it must never receive a connection. */
  const target = new LoopbackSite().route('/secret', (_request, response) => void response.end('internal'));
  /** A public web site and file store, the one loopback port the test-only allowance opens. */
  const site = new LoopbackSite();
  const papermark = new LoopbackSite();
  const authorizations: string[] = [];
  let deck: Buffer;
  let service: RunningApp;
  let client: Client;
  const responses: string[] = [];

  const call = async (args: Record<string, unknown>, as = client) => {
    const result = await as.callTool({ name: 'fetch_sharelink_document', arguments: args });
    responses.push(JSON.stringify(result));
    return result;
  };

  beforeAll(async () => {
    deck = await pdfBytes(3, (page) => `Acme seed deck, slide ${page}`);
    await target.start();
    await site.start();
    await papermark.start();
    site
      .route('/decks/acme-seed.pdf', (_request, response) => void response.writeHead(200, { 'content-type': 'application/pdf' }).end(deck))
      .route(
        `/bucket/${TEAM_ID}/${DOCUMENT_ID}/acme-seed.pdf`,
        (_request, response) => void response.writeHead(200, { 'content-type': 'application/pdf' }).end(deck),
      )
      .route(
        '/page.html',
        (_request, response) => void response.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><html><body>Our deck</body></html>'),
      )
      .route(
        '/disguised',
        (_request, response) => void response.writeHead(200, { 'content-type': 'application/octet-stream' }).end('<!DOCTYPE html><html></html>'),
      )
      .route('/stalls.pdf', (_request, response) => void response.writeHead(200, { 'content-type': 'application/pdf' }).write('%PDF-1.7'))
      .route('/to-target', (_request, response) => void response.writeHead(302, { location: `http://127.0.0.1:${target.port}/secret` }).end())
      // 2 GB promised in chunks without a length: the service must stop at DOCUMENT_MAX_BYTES.
      .route('/huge.pdf', endlessPdf(2048 * MB))
      .route(
        '/binary.bin',
        (_request, response) =>
          void response.writeHead(200, { 'content-type': 'application/octet-stream' }).end(Buffer.from([0x00, 0xff, 0xfe, 0x01, 0x89, 0x50])),
      );
    papermarkRoutes(papermark, site, authorizations);
    service = await startApp({
      logger: logs.logger,
      env: {
        OUTBOUND_TEST_LOOPBACK_PORTS: String(site.port),
        SHARELINK_API_URL: papermark.url,
        DOCUMENT_MAX_BYTES: String(4 * MB),
        OUTBOUND_FETCH_TIMEOUT_MS: '2000',
        M2M_REGISTRATION_LIMIT: '1000',
        RATE_LIMIT_MCP: '100000/60',
      },
    });
    client = await connectMcpClient(service.url, await machineToken(service.url));
  });

  afterAll(async () => {
    await client?.close();
    await service?.close();
    await target.stop();
    await site.stop();
    await papermark.stop();
  });

  beforeEach(() => {
    target.reset();
    authorizations.length = 0;
  });

  it('stores a direct PDF link as a READY document with its pages, and no analytics', async () => {
    const result = structured(await call({ link: `${site.url}/decks/acme-seed.pdf` }));
    expect(result).toEqual({
      documentId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      status: 'READY',
      pageCount: 3,
      analytics: null,
      source: 'direct',
      fileName: 'acme-seed.pdf',
      mimeType: 'application/pdf',
      sizeBytes: deck.length,
    });
  });

  it('stores the document in the workspace under documents', async () => {
    const { workspaceId } = structured<{ workspaceId: string }>(await client.callTool({ name: 'create_deal_workspace', arguments: { clientName: 'Acme' } }));
    const result = structured<{ documentId: string }>(await call({ link: `${site.url}/decks/acme-seed.pdf`, workspaceId }));
    const workspace = structured<{ outputs: Record<string, { toolName: string; output: { documentId: string } }[]> }>(
      await client.callTool({ name: 'get_deal_workspace', arguments: { workspaceId } }),
    );
    expect(workspace.outputs.documents.map((entry) => [entry.toolName, entry.output.documentId])).toEqual([['fetch_sharelink_document', result.documentId]]);
  });

  describe('with the sharelink provider (Papermark) configured', () => {
    let keyed: Client;
    beforeAll(async () => {
      keyed = await connectMcpClient(service.url, await machineToken(service.url, 'papermark user'));
      structured(await keyed.callTool({ name: 'configure_data_provider', arguments: { provider: 'sharelink', apiKey: PLANTED } }));
    });
    afterAll(() => keyed?.close());

    it("fetches the deck through Papermark's API and returns its per-page engagement analytics", async () => {
      const result = structured(await call({ link: `https://www.papermark.com/view/${LINK_ID}` }, keyed));
      expect(result).toEqual({
        documentId: expect.any(String),
        status: 'READY',
        pageCount: 3,
        source: 'papermark',
        fileName: 'acme-seed.pdf',
        mimeType: 'application/pdf',
        sizeBytes: deck.length,
        analytics: {
          views: 3,
          uniqueViewers: 2,
          totalDwellSeconds: 90,
          perPage: [
            { page: 1, dwellSeconds: 60, views: 3 },
            { page: 2, dwellSeconds: 21, views: 2 },
            { page: 3, dwellSeconds: 9, views: 2 },
          ],
          viewsAnalysed: 3,
        },
      });
    });

    it('sends the key to Papermark as a Bearer token on every API call', async () => {
      await call({ link: `https://www.papermark.com/view/${LINK_ID}` }, keyed);
      expect(authorizations.length).toBe(6);
      expect(new Set(authorizations)).toEqual(new Set([`Bearer ${PLANTED}`]));
    });

    describe('failures of Papermark', () => {
      // Each case starts after a successful call: the provider's circuit breaker counts consecutive
      // failures across calls, and a success closes the count (its own behaviour is tested elsewhere).
      beforeEach(async () => {
        structured(await call({ link: `https://www.papermark.com/view/${LINK_ID}` }, keyed));
      });

      it.each([
        ['a key Papermark rejects (401)', 'clxrevoked000000000000', 'UNAUTHORIZED', 'Papermark rejected the credentials configured for it (HTTP 401).'],
        ['Papermark down (503)', 'clxdown00000000000000000', 'INTERNAL_ERROR', 'Papermark is unavailable: it answered HTTP 503.'],
        [
          'Papermark rate limiting (429, Retry-After 120)',
          'clxbusy00000000000000000',
          'RATE_LIMITED',
          'Papermark is rate limiting the configured key; retry after 120 seconds.',
        ],
        ['malformed JSON from Papermark', 'clxbroken000000000000000', 'INTERNAL_ERROR', 'Papermark is unavailable: it answered with a body that is not JSON.'],
        ['an unknown link (404)', 'clxmissing00000000000000', 'NOT_FOUND', 'Papermark has no link with that id (it may be archived or deleted).'],
        ['a data room link', 'clxdataroom0000000000000', 'INVALID_INPUT', 'The Papermark link opens a data room, not one document.'],
      ])('answers %s with a clear tool error', async (_case, linkId, code, message) => {
        const { error } = toolError(await call({ link: `https://www.papermark.com/view/${linkId}` }, keyed));
        expect(error).toMatchObject({ code, message });
      });
    });
  });

  it('refuses a Papermark link without a configured key, naming configure_data_provider', async () => {
    const outcome = toolError(await call({ link: `https://www.papermark.com/view/${LINK_ID}` }));
    expect(outcome.error.code).toBe('INVALID_INPUT');
    expect(outcome.error.message).toContain('no sharelink provider key is configured');
    expect(outcome.hint).toContain("configure_data_provider {provider: 'sharelink', apiKey}");
  });

  describe('bad links, each a clear tool error', () => {
    it.each(LOOPBACK_SPELLINGS)('refuses loopback spelled %s without connecting', async (_spelling, link) => {
      const { error } = toolError(await call({ link: link(target.port) }));
      expect(error.code).toBe('INVALID_INPUT');
      expect(error.message).toMatch(/resolves to a loopback address \((127\.0\.0\.1|::1)\); links are fetched only from public internet addresses\.$/);
      expect(target.connections).toBe(0);
    });

    it('refuses a redirect from an allowed site to loopback, and the target receives nothing', async () => {
      const { error } = toolError(await call({ link: `${site.url}/to-target` }));
      expect(error.message).toContain('resolves to a loopback address (127.0.0.1)');
      expect(target.connections).toBe(0);
    });

    it('stops a 2 GB file at DOCUMENT_MAX_BYTES', async () => {
      const { error } = toolError(await call({ link: `${site.url}/huge.pdf` }));
      expect(error).toEqual({ code: 'INVALID_INPUT', message: `The document behind the link is larger than ${4 * MB} bytes; it was not downloaded further.` });
    });

    it.each([
      ['declared as text/html', '/page.html'],
      ['sent as octet-stream but HTML inside', '/disguised'],
    ])('refuses a web page %s', async (_case, path) => {
      const { error } = toolError(await call({ link: `${site.url}${path}` }));
      expect(error).toEqual({ code: 'INVALID_INPUT', message: 'The link leads to a web page (HTML), not a document: PDF, DOCX, XLSX, CSV or plain text.' });
    });

    it('refuses a binary file that is no supported document', async () => {
      const { error } = toolError(await call({ link: `${site.url}/binary.bin` }));
      expect(error.code).toBe('INVALID_INPUT');
      expect(error.message).toContain('binary.bin: the file is none of the accepted formats; send PDF, DOCX, PPTX, XLSX, CSV, plain text, PNG or JPEG.');
    });

    it('gives up on a site that stalls after OUTBOUND_FETCH_TIMEOUT_MS', async () => {
      const { error } = toolError(await call({ link: `${site.url}/stalls.pdf` }));
      expect(error).toEqual({ code: 'INVALID_INPUT', message: `127.0.0.1:${site.port} did not deliver the document within 2000 ms.` });
    });

    it("reports the site's 404", async () => {
      const { error } = toolError(await call({ link: `${site.url}/nothing-here.pdf` }));
      expect(error).toEqual({
        code: 'NOT_FOUND',
        message: `127.0.0.1:${site.port} answered HTTP 404 for the link: the document is gone or the link is wrong.`,
      });
    });

    it.each([
      ['file:///etc/passwd', 'link: must be an http(s) URL without spaces'],
      ['gopher://127.0.0.1/', 'link: must be an http(s) URL without spaces'],
      ['not a link', 'link: must be an http(s) URL without spaces'],
      ['a 10,000-character URL', 'link: link must be shorter than or equal to 2048 characters'],
    ])('refuses the link %s', async (given, message) => {
      const link = given.startsWith('a 10,000') ? `https://example.com/${'a'.repeat(10_000)}` : given;
      const { error } = toolError(await call({ link }));
      expect(error.code).toBe('INVALID_INPUT');
      expect(error.message).toContain(message);
    });
  });

  it('never shows the planted key in a response or a log line (checked last, over every call above)', () => {
    expect(responses.length).toBeGreaterThan(15);
    for (const response of responses) expect(response).not.toContain(PLANTED);
    expect(JSON.stringify(logs.lines())).not.toContain(PLANTED);
  });
});

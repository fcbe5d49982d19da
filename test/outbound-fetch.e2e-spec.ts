import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { loadConfiguration } from '../src/config/app-config.js';
import { OutboundFetcher } from '../src/outbound/outbound-fetch.service.js';
import { AddressRefusedException, LinkAnsweredException, LinkRefusedException, LinkTooLargeException } from '../src/outbound/outbound.exceptions.js';
import { endlessPdf, LOOPBACK_SPELLINGS, LoopbackSite } from './support/loopback-site.js';

const MB = 1024 * 1024;

async function failure(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('the fetch succeeded');
}

function fetcher(env: Record<string, string> = {}): OutboundFetcher {
  return new OutboundFetcher(loadConfiguration({ NODE_ENV: 'test', ...env }));
}

/**
 * The SSRF-safe fetcher against real sockets. Traffic goes to loopback only: `target` is what an
 * attacker would aim at (it must never receive a connection), `standIn` plays a public web site and
 * is the one port the test-only allowance opens where a test needs a site that answers.
 */
describe('OutboundFetcher', () => {
  const target = new LoopbackSite().route('/secret', (_request, response) => response.end('internal data'));
  const standIn = new LoopbackSite();
  let guarded: OutboundFetcher;
  let allowingStandIn: OutboundFetcher;

  beforeAll(async () => {
    await target.start();
    await standIn.start();
    standIn
      .route('/deck.pdf', (_request, response) => response.writeHead(200, { 'content-type': 'application/pdf' }).end('%PDF-1.4 deck'))
      .route('/to-target', (_request, response) => response.writeHead(302, { location: `http://127.0.0.1:${target.port}/secret` }).end())
      .route('/to-localhost', (_request, response) => response.writeHead(301, { location: `http://localhost:${target.port}/secret` }).end())
      .route('/to-metadata', (_request, response) => response.writeHead(307, { location: 'http://169.254.169.254/latest/meta-data/' }).end())
      .route('/to-file', (_request, response) => response.writeHead(302, { location: 'file:///etc/passwd' }).end())
      .route('/hop', (request, response) => {
        const left = Number(new URL(request.url!, 'http://x').searchParams.get('left'));
        response.writeHead(302, { location: left > 0 ? `/hop?left=${left - 1}` : '/deck.pdf' }).end();
      })
      // 2 GB announced as chunked (no Content-Length), streamed until the client hangs up.
      .route('/endless', endlessPdf(2048 * MB))
      .route('/declared-huge', (_request, response) => {
        response.writeHead(200, { 'content-type': 'application/pdf', 'content-length': String(2048 * MB) });
        response.write('%PDF-1.4');
      })
      .route('/slow', (_request, response) => {
        response.writeHead(200, { 'content-type': 'application/pdf' });
        response.write('%PDF');
      })
      .route('/gone', (_request, response) => response.writeHead(404).end());
    guarded = fetcher();
    allowingStandIn = fetcher({ OUTBOUND_TEST_LOOPBACK_PORTS: String(standIn.port) });
  });

  afterAll(async () => {
    await guarded.onModuleDestroy();
    await allowingStandIn.onModuleDestroy();
    await target.stop();
    await standIn.stop();
  });

  beforeEach(() => {
    target.reset();
    standIn.reset();
  });

  describe('with the test-only allowance off, loopback is refused in every spelling before any connection', () => {
    it.each(LOOPBACK_SPELLINGS)('%s', async (_spelling, link) => {
      const error = await failure(guarded.fetch(link(target.port), { maxBytes: MB }));
      expect(error).toBeInstanceOf(AddressRefusedException);
      expect((error as AddressRefusedException).reason).toBe('a loopback address');
      expect((error as AddressRefusedException).detail).toMatch(
        /resolves to a loopback address \((127\.0\.0\.1|::1)\); links are fetched only from public internet addresses\.$/,
      );
      expect(target.connections).toBe(0);
    });
  });

  it('refuses the IPv4-compatible spelling of loopback, [::127.0.0.1], before any connection', async () => {
    const error = await failure(guarded.fetch(`http://[::127.0.0.1]:${target.port}/secret`, { maxBytes: MB }));
    expect(error).toBeInstanceOf(AddressRefusedException);
    expect(error).toMatchObject({ address: '::7f00:1', reason: 'an IPv4-compatible IPv6 address' });
    expect(target.connections).toBe(0);
  });

  it('refuses a redirect from an allowed stand-in to loopback, and the target receives nothing', async () => {
    const error = await failure(allowingStandIn.fetch(`${standIn.url}/to-target`, { maxBytes: MB }));
    expect(error).toBeInstanceOf(AddressRefusedException);
    expect(standIn.requests).toEqual(['GET /to-target']);
    expect(target.connections).toBe(0);
  });

  it('refuses a redirect to localhost on another port, and the target receives nothing', async () => {
    const error = await failure(allowingStandIn.fetch(`${standIn.url}/to-localhost`, { maxBytes: MB }));
    expect(error).toMatchObject({ reason: 'a loopback address' });
    expect(target.connections).toBe(0);
  });

  it('refuses a redirect to the cloud metadata address without connecting to it', async () => {
    const error = await failure(allowingStandIn.fetch(`${standIn.url}/to-metadata`, { maxBytes: MB }));
    expect(error).toMatchObject({ address: '169.254.169.254', reason: 'a cloud metadata endpoint' });
  });

  it('refuses a redirect to a file: URL', async () => {
    const error = await failure(allowingStandIn.fetch(`${standIn.url}/to-file`, { maxBytes: MB }));
    expect(error).toBeInstanceOf(LinkRefusedException);
    expect((error as LinkRefusedException).detail).toBe('Only http and https links can be fetched, not file.');
  });

  it.each(['file:///etc/passwd', 'ftp://example.com/deck.pdf', 'gopher://127.0.0.1:70/', 'javascript:alert(1)', 'not a url'])(
    'refuses %s without a connection',
    async (link) => {
      const error = await failure(guarded.fetch(link, { maxBytes: MB }));
      expect(error).toBeInstanceOf(LinkRefusedException);
      expect(error).not.toBeInstanceOf(AddressRefusedException);
    },
  );

  it('follows 5 redirects and refuses the 6th', async () => {
    const followed = await allowingStandIn.fetch(`${standIn.url}/hop?left=4`, { maxBytes: MB });
    expect(followed).toMatchObject({ status: 200, redirects: 5, contentType: 'application/pdf' });
    expect(followed.bytes.toString()).toBe('%PDF-1.4 deck');
    expect(followed.url.pathname).toBe('/deck.pdf');

    const error = await failure(allowingStandIn.fetch(`${standIn.url}/hop?left=5`, { maxBytes: MB }));
    expect((error as LinkRefusedException).detail).toBe('The link redirected more than 5 times; it was not followed further.');
  });

  it('stops a 2 GB body streamed without a length at the limit and drops the connection', async () => {
    const started = Date.now();
    const error = await failure(allowingStandIn.fetch(`${standIn.url}/endless`, { maxBytes: 2 * MB }));
    expect(error).toBeInstanceOf(LinkTooLargeException);
    expect((error as LinkTooLargeException).detail).toBe(`The document behind the link is larger than ${2 * MB} bytes; it was not downloaded further.`);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('refuses a body whose declared length is over the limit before reading it', async () => {
    const error = await failure(allowingStandIn.fetch(`${standIn.url}/declared-huge`, { maxBytes: 2 * MB }));
    expect(error).toBeInstanceOf(LinkTooLargeException);
  });

  it('gives up on a site that stalls mid-body after the time limit', async () => {
    const error = await failure(allowingStandIn.fetch(`${standIn.url}/slow`, { maxBytes: MB, timeoutMs: 300 }));
    expect((error as LinkRefusedException).detail).toBe(`127.0.0.1:${standIn.port} did not deliver the document within 300 ms.`);
  });

  it("reports the site's 404 as NOT_FOUND", async () => {
    const error = await failure(allowingStandIn.fetch(`${standIn.url}/gone`, { maxBytes: MB }));
    expect(error).toBeInstanceOf(LinkAnsweredException);
    expect(error).toMatchObject({ code: 'NOT_FOUND', remoteStatus: 404 });
  });

  it('opens only the allowed port: another loopback port stays refused even with the allowance on', async () => {
    const error = await failure(allowingStandIn.fetch(`http://127.0.0.1:${target.port}/secret`, { maxBytes: MB }));
    expect(error).toBeInstanceOf(AddressRefusedException);
    expect(target.connections).toBe(0);
  });

  it('refuses the allowance outside NODE_ENV=test', () => {
    expect(() =>
      loadConfiguration({ NODE_ENV: 'production', OUTBOUND_TEST_LOOPBACK_PORTS: '8080', ENCRYPTION_KEYS: `k:${Buffer.alloc(32).toString('base64')}` }),
    ).toThrow(/OUTBOUND_TEST_LOOPBACK_PORTS: a test-only allowance, refused unless NODE_ENV is test/);
    expect(loadConfiguration({ NODE_ENV: 'development', OUTBOUND_TEST_LOOPBACK_PORTS: undefined }).outbound.testLoopbackPorts).toEqual([]);
  });
});

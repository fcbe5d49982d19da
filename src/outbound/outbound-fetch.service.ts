import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import { Agent, buildConnector, request, type Dispatcher } from 'undici';
import { AppConfig } from '../config/app-config.js';
import { classifyAddress, isLoopback } from './address-policy.js';
import { AddressRefusedException, LinkAnsweredException, LinkRefusedException, LinkTooLargeException } from './outbound.exceptions.js';

/** The SSRF rule of issue 15: at most this many redirects, each checked like the first request. */
export const MAX_REDIRECTS = 5;
const CONNECT_TIMEOUT_MS = 10_000;

export interface FetchedResource {
  /** Where the bytes came from, after redirects. */
  url: URL;
  status: number;
  contentType: string | null;
  contentDisposition: string | null;
  bytes: Buffer;
  redirects: number;
}

export interface OutboundFetchOptions {
  /** The body is read up to this many bytes; one more and the download stops with LinkTooLargeException. */
  maxBytes: number;
  accept?: string;
  /** Default OUTBOUND_FETCH_TIMEOUT_MS: the whole fetch, redirects and body included. */
  timeoutMs?: number;
}

/** Which loopback ports the test-only allowance opens (none outside NODE_ENV=test: see AppConfig). */
interface AddressRule {
  testLoopbackPorts: ReadonlySet<number>;
}

/**
 * Fetches a URL a caller gave us without letting the caller reach what only this host can reach
 * (SSRF). The check sits in the connection itself: the host name is resolved once, every address it
 * resolves to is classified (address-policy.ts), and the socket is opened to the checked address,
 * so a DNS answer that changes between check and connect (rebinding) cannot slip through. Literal
 * addresses in any spelling (127.1, 2130706433, 0x7f.0.0.1, [::1]) are normalised by the URL
 * parser and take the same path. Redirects are followed by hand, at most MAX_REDIRECTS, and each
 * hop connects through the same check. Bodies are counted while they stream and cut at the limit.
 */
@Injectable()
export class OutboundFetcher implements OnModuleDestroy {
  private readonly agent: Agent;
  private readonly timeoutMs: number;

  constructor(config: AppConfig) {
    this.timeoutMs = config.outbound.timeoutMs;
    const rule: AddressRule = { testLoopbackPorts: new Set(config.outbound.testLoopbackPorts) };
    const connect = buildConnector({ timeout: CONNECT_TIMEOUT_MS });
    this.agent = new Agent({
      connections: 16,
      connect: (options, callback) => {
        const port = Number(options.port) || (options.protocol === 'https:' ? 443 : 80);
        checkedAddress(options.hostname, port, rule).then(
          // `host` keeps the name, so TLS still verifies the certificate (and sends SNI) for it.
          (address) => connect({ ...options, hostname: address }, callback),
          (error: Error) => callback(error, null),
        );
      },
    });
  }

  async onModuleDestroy(): Promise<void> {
    await this.agent.close();
  }

  async fetch(link: string | URL, options: OutboundFetchOptions): Promise<FetchedResource> {
    const timeoutMs = options.timeoutMs ?? this.timeoutMs;
    const signal = AbortSignal.timeout(timeoutMs);
    let url = httpUrl(link);
    try {
      for (let redirects = 0; ; redirects++) {
        const response = await request(url, {
          dispatcher: this.agent,
          method: 'GET',
          headers: { accept: options.accept ?? '*/*', 'user-agent': 'underwriting-agent-service (document fetch)' },
          signal,
        });
        const location = header(response.headers, 'location');
        if (response.statusCode >= 300 && response.statusCode < 400 && location) {
          discard(response.body);
          if (redirects === MAX_REDIRECTS) throw new LinkRefusedException(`The link redirected more than ${MAX_REDIRECTS} times; it was not followed further.`);
          url = httpUrl(new URL(location, url));
          continue;
        }
        if (response.statusCode < 200 || response.statusCode >= 300) {
          discard(response.body);
          throw new LinkAnsweredException(response.statusCode, url.host);
        }
        const declared = Number(header(response.headers, 'content-length'));
        if (Number.isFinite(declared) && declared > options.maxBytes) {
          discard(response.body);
          throw new LinkTooLargeException(options.maxBytes);
        }
        const bytes = await readAtMost(response.body, options.maxBytes);
        return {
          url,
          status: response.statusCode,
          contentType: header(response.headers, 'content-type'),
          contentDisposition: header(response.headers, 'content-disposition'),
          bytes,
          redirects,
        };
      }
    } catch (error) {
      throw failure(error, url, timeoutMs, signal);
    }
  }
}

/** Only http and https, and only URLs that name a host. */
function httpUrl(link: string | URL): URL {
  let url: URL;
  try {
    url = link instanceof URL ? link : new URL(link);
  } catch {
    throw new LinkRefusedException('The link is not a valid URL.');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new LinkRefusedException(`Only http and https links can be fetched, not ${url.protocol.replace(/:$/, '')}.`);
  }
  if (url.username || url.password) throw new LinkRefusedException('The link carries a user name or password; send a link without credentials.');
  return url;
}

/**
 * The address to connect to for `hostname`: every address the name resolves to must be allowed
 * (a name that resolves to a public and a private address is refused, whichever would be tried).
 */
async function checkedAddress(hostname: string, port: number, rule: AddressRule): Promise<string> {
  const bare = hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  if (isIP(bare)) addresses = [bare];
  else {
    try {
      addresses = (await lookup(bare, { all: true, verbatim: true })).map((entry) => entry.address);
    } catch {
      throw new LinkRefusedException(`The link's host ${bare} could not be resolved.`, 'Check the link for typos and call again.');
    }
  }
  for (const address of addresses) {
    const verdict = classifyAddress(address);
    if (verdict.allowed) continue;
    if (isLoopback(address) && rule.testLoopbackPorts.has(port)) continue;
    throw new AddressRefusedException(bare, verdict.address, verdict.reason);
  }
  return addresses[0];
}

/** Reads a body to its end, or stops at `maxBytes + 1` and drops the connection. */
async function readAtMost(body: Dispatcher.ResponseData['body'], maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of body as AsyncIterable<Buffer>) {
    total += chunk.length;
    if (total > maxBytes) {
      discard(body);
      throw new LinkTooLargeException(maxBytes);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, total);
}

/** Drops a body unread (closing its connection when it was not complete); its abort error is expected. */
function discard(body: Dispatcher.ResponseData['body']): void {
  body.on('error', () => undefined);
  body.destroy();
}

function header(headers: Record<string, string | string[] | undefined>, name: string): string | null {
  const value = headers[name];
  return (Array.isArray(value) ? value[0] : value) ?? null;
}

/** Our refusals pass as they are (undici may wrap what the connector threw); the rest in the caller's words. */
function failure(error: unknown, url: URL, timeoutMs: number, signal: AbortSignal): unknown {
  for (let cause: unknown = error, depth = 0; cause && depth < 4; cause = (cause as { cause?: unknown }).cause, depth++) {
    if (cause instanceof LinkRefusedException || cause instanceof LinkTooLargeException || cause instanceof LinkAnsweredException) return cause;
  }
  if (signal.aborted) {
    return new LinkRefusedException(
      `${url.host} did not deliver the document within ${timeoutMs} ms.`,
      'Try again later, or upload the file with submit_documents.',
    );
  }
  return new LinkRefusedException(`${url.host} could not be reached.`, 'Check the link and call again later.');
}

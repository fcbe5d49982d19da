import { randomUUID } from 'node:crypto';
import fastifyCookie from '@fastify/cookie';
import helmet from 'helmet';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { LogController, type FastifyServerOptions } from 'fastify';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AppConfig } from '../../config/app-config.js';
import { ForbiddenException, InvalidInputException } from '../errors/app.exception.js';
import type { RootLogger } from '../logging/logger.js';
import { findUnstorableInput } from '../validation/storable-input.js';

export const API_VERSION = '1';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const CORS_ALLOWED_HEADERS = ['Authorization', 'Content-Type', 'MCP-Protocol-Version', 'Mcp-Session-Id', 'API-Version'];
export const CORS_EXPOSED_HEADERS = ['WWW-Authenticate', 'RateLimit', 'RateLimit-Policy', 'Retry-After', 'API-Version', 'Mcp-Session-Id'];

/**
 * Fastify's trust function for TRUST_PROXY. A hop count trusts the socket peer and the hops before
 * it up to that count (Fastify 5 no longer does hop counts itself: a client that can reach the
 * service directly could then name its own address, so a count is only for services reachable
 * solely through their proxies; docs/DECISIONS.md "Client addresses").
 */
function trustedProxies(trust: AppConfig['trustProxy']): FastifyServerOptions['trustProxy'] {
  if (typeof trust !== 'number') return trust;
  return (_address: string, hop: number) => hop < trust;
}

export function fastifyServerOptions(config: AppConfig, logger: RootLogger): FastifyServerOptions {
  return {
    loggerInstance: logger,
    trustProxy: trustedProxies(config.trustProxy),
    bodyLimit: config.httpBodyLimitBytes,
    // One request line is written by the onResponse hook below, not Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    requestIdHeader: false,
    // A caller's X-Request-Id is kept when it is a UUID, so that it can correlate its own logs;
    // anything else is replaced, because the id is echoed in problem records as `urn:uuid:<id>`.
    genReqId: (request: IncomingMessage) => {
      const offered = request.headers['x-request-id'];
      return typeof offered === 'string' && UUID.test(offered) ? offered.toLowerCase() : randomUUID();
    },
    return503OnClosing: true,
  };
}

/** Cross-cutting HTTP behaviour that must hold for every response, matched route or not. */
/** Paths that answer browser clients (DECISIONS.md "Discovery documents"); everything else has no CORS. */
export function allowsCors(path: string): boolean {
  return (
    path.startsWith('/.well-known/') ||
    path.startsWith('/api/v1/') ||
    path === '/openapi.json' ||
    path === '/llms.txt' ||
    path === '/oauth/token' ||
    path === '/oauth/register' ||
    path === '/mcp' ||
    // Upload URLs: the token in the path is the credential (no cookies), so an MCP App frame may use them.
    path.startsWith('/uploads/') ||
    (path.startsWith('/upload/') && path.endsWith('/files'))
  );
}

const CORS_HEADERS = { 'Access-Control-Allow-Origin': '*', 'Access-Control-Expose-Headers': CORS_EXPOSED_HEADERS.join(', ') };
const CORS_PREFLIGHT_HEADERS = {
  ...CORS_HEADERS,
  'Access-Control-Allow-Methods': 'GET, HEAD, POST, PUT, OPTIONS',
  'Access-Control-Allow-Headers': CORS_ALLOWED_HEADERS.join(', '),
  'Access-Control-Max-Age': '600',
};

/**
 * helmet's headers for our policy, computed once. The policy is static, so running helmet on every
 * request (as @fastify/helmet does, re-parsing the CSP each time) cost more than the rest of a
 * discovery request (bench/README.md); setting the same headers from a ready object costs nothing.
 */
export function securityHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | string[]) => (headers[name] = Array.isArray(value) ? value.join(', ') : String(value)),
    removeHeader: (name: string) => delete headers[name],
  };
  helmet({
    contentSecurityPolicy: { directives: { 'frame-ancestors': ["'none'"] } },
    frameguard: { action: 'deny' },
    // Discovery documents are read cross-origin by browser agents.
    crossOriginResourcePolicy: { policy: 'cross-origin' },
  })({} as IncomingMessage, response as unknown as ServerResponse, () => undefined);
  return headers;
}

/**
 * Paths whose segment after the prefix is a capability token (a hosted page or an upload URL: the
 * token is the credential), written to the log with the token replaced.
 */
const CAPABILITY_PATH = /^(\/(?:payment-setup|uploads|upload)\/)[^/?#]+/;

export function redactCapabilityUrl(url: string): string {
  return url.replace(CAPABILITY_PATH, '$1[redacted]');
}

export interface HttpPipelineOptions {
  /**
   * Whether a browser at `origin` may call `path` across origins, for the paths that answer CORS at
   * all; a preflight for an origin the route will refuse must not advertise it as allowed (it is
   * answered 403).
   */
  corsOriginAllowed?: (path: string, origin: string) => boolean;
}

/** Cross-cutting HTTP behaviour that must hold for every response, matched route or not. */
export async function configureHttpPipeline(app: NestFastifyApplication, options: HttpPipelineOptions = {}): Promise<void> {
  const corsOriginAllowed = options.corsOriginAllowed ?? (() => true);
  const fastify = app.getHttpAdapter().getInstance();
  const security = securityHeaders();

  // The sign-in session and CSRF tokens travel in cookies. (Nest's Fastify adapter parses
  // application/x-www-form-urlencoded itself, for the token endpoint and the web forms.)
  await app.register(fastifyCookie);

  // Runs first on every request, matched route or not, so that 404s, body-parse errors and
  // hijacked MCP responses (which copy the reply's headers) carry all of these headers.
  fastify.addHook('onRequest', (request, reply, done) => {
    reply.headers(security);
    reply.header('API-Version', API_VERSION);
    reply.header('X-Request-Id', request.id);
    const path = request.url.split('?', 1)[0];
    const origin = request.headers.origin;
    if (origin !== undefined && allowsCors(path)) {
      const preflight = request.method === 'OPTIONS' && request.headers['access-control-request-method'] !== undefined;
      if (corsOriginAllowed(path, origin)) {
        if (preflight) {
          reply.headers(CORS_PREFLIGHT_HEADERS).code(204).send();
          return;
        }
        reply.headers(CORS_HEADERS);
      } else if (preflight) {
        // Left to the router, a refused origin's preflight fell through to "405 OPTIONS is not
        // allowed", which blames the method; the origin is what is refused, so say so (no CORS
        // headers: a browser must not read this as permission).
        done(new ForbiddenException(`The origin ${origin} may not call ${path} from a browser.`));
        return;
      }
    }
    const requested = request.headers['api-version'];
    if (requested !== undefined && requested !== API_VERSION) {
      done(new InvalidInputException(`Unsupported API-Version; the only version of this API is ${API_VERSION}.`));
      return;
    }
    done();
  });

  // The one rule for every client input (storable text, bounded nesting), on every route after
  // its body is parsed and before any validator, tool or query sees it.
  fastify.addHook('preValidation', (request, _reply, done) => {
    const problem = findUnstorableInput(request.body, '') ?? findUnstorableInput(request.query, 'query') ?? findUnstorableInput(request.params, 'path');
    done(problem ? new InvalidInputException(`Invalid input. ${problem}.`) : undefined);
  });

  // While closing, a response tells the client to drop its keep-alive connection, so that the
  // server's close (which waits for every connection) ends as soon as in-flight requests finish.
  let closing = false;
  fastify.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  fastify.addHook('onSend', (request, reply, payload, done) => {
    if (closing) reply.header('Connection', 'close');
    // What an authenticated caller is told is its own (its account, its usage, its tokens): no
    // cache, shared or private, may keep it. A route that set its own policy keeps it.
    if (request.headers.authorization !== undefined && !reply.hasHeader('Cache-Control')) reply.header('Cache-Control', 'no-store');
    done(null, payload);
  });

  fastify.addHook('onResponse', (request, reply, done) => {
    const level = request.url.startsWith('/health/') ? 'debug' : 'info';
    request.log[level](
      { method: request.method, url: redactCapabilityUrl(request.url), statusCode: reply.statusCode, responseTimeMs: Math.round(reply.elapsedTime) },
      'request completed',
    );
    done();
  });
}

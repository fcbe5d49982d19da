import { Catch, HttpException, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppConfig } from '../config/app-config.js';
import { databaseUnavailableException } from '../database/database-outage.js';
import { sendPage } from './html.js';
import { AppException } from '../common/errors/app.exception.js';
import { errorPage, wantsErrorPage } from './error-page.js';
import { OAuthException } from '../common/errors/oauth.exception.js';
import { problemTypeUri, type ProblemRecord } from '../common/errors/problem.js';

const OAUTH_ENDPOINTS = new Set(['/oauth/token', '/oauth/register', '/oauth/m2m/register', '/oauth/authorize']);
const PROBED_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/**
 * The one place where an HTTP error becomes a response: every failure (domain exceptions, Nest's
 * own, Fastify's body parsing and size checks, unknown routes, bugs) leaves as the problem record
 * of SERVICE-SPEC 2.7 (as a page to a browser that asks for HTML and not JSON). Unknown errors are logged with the request id, which the client receives as
 * `instance`, and their message never reaches the client.
 */
@Catch()
export class ProblemExceptionFilter implements ExceptionFilter {
  constructor(private readonly config: AppConfig) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const request = http.getRequest<FastifyRequest>();
    const reply = http.getResponse<FastifyReply>();
    if (isJsonRpcParseError(exception, request)) {
      void reply.status(200).header('content-type', 'application/json; charset=utf-8').send(JSON_RPC_PARSE_ERROR);
      return;
    }
    const failure = this.asOAuthErrorOnOAuthEndpoints(this.toAppException(exception, request), request);

    // A 503 is a dependency's outage, logged once where it is detected, not once per request.
    if (failure.status >= 500 && failure.status !== 503) {
      request.log.error({ err: exception, correlationId: request.id }, 'request failed');
    }

    const body: ProblemRecord & Record<string, unknown> = {
      type: problemTypeUri(this.config.baseUrl, failure.slug),
      title: failure.title,
      status: failure.status,
      ...(failure.detail !== undefined && { detail: failure.detail }),
      instance: `urn:uuid:${request.id}`,
      ...(failure.code !== undefined && { code: failure.code }),
      ...failure.extensionMembers(),
    };
    if (reply.sent || reply.raw.headersSent) return;
    if (wantsErrorPage(request)) return sendPage(reply, failure.status, errorPage(failure, request.id), { headers: failure.headers });
    void reply.status(failure.status).headers(failure.headers).header('content-type', `${failure.contentType()}; charset=utf-8`).send(JSON.stringify(body));
  }

  private toAppException(exception: unknown, request: FastifyRequest): AppException {
    if (exception instanceof AppException) return exception;

    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      if (status === 404 && !request.routeOptions?.url) return this.unmatchedRoute(request);
      if (status >= 500) return internalError(request);
      return new AppException({ status, detail: httpExceptionDetail(exception) });
    }

    // Fastify's own client errors (malformed JSON, body too large, unsupported media type) carry a
    // status and a message written for clients.
    const fastifyError = exception as { statusCode?: unknown; code?: unknown; message?: unknown };
    if (
      typeof fastifyError?.statusCode === 'number' &&
      fastifyError.statusCode >= 400 &&
      fastifyError.statusCode < 500 &&
      typeof fastifyError.code === 'string' &&
      fastifyError.code.startsWith('FST_')
    ) {
      return new AppException({ status: fastifyError.statusCode, detail: String(fastifyError.message) });
    }

    return databaseUnavailableException(exception) ?? internalError(request);
  }

  /**
   * Failures that happen before an OAuth endpoint's handler runs (malformed or oversized bodies,
   * wrong media type) must still be readable by an OAuth client: they get
   * `invalid_request` beside the problem record, like the handler's own errors.
   */
  private asOAuthErrorOnOAuthEndpoints(failure: AppException, request: FastifyRequest): AppException {
    if (failure instanceof OAuthException || failure.status >= 500 || !OAUTH_ENDPOINTS.has(request.url.split('?')[0])) return failure;
    if ([404, 405, 429].includes(failure.status)) return failure;
    return new OAuthException('invalid_request', failure.detail ?? failure.title, { status: failure.status, headers: failure.headers });
  }

  private unmatchedRoute(request: FastifyRequest): AppException {
    const path = request.url.split('?')[0];
    const server = request.server;
    const allowed = PROBED_METHODS.filter((method) => method !== request.method && server.hasRoute({ url: path, method }));
    if (allowed.length > 0) {
      return new AppException({
        status: 405,
        detail: `${request.method} is not allowed on ${path}; allowed: ${allowed.join(', ')}.`,
        headers: { Allow: allowed.join(', ') },
      });
    }
    return new AppException({ status: 404, detail: `No route matches ${request.method} ${path}.` });
  }
}

function internalError(request: FastifyRequest): AppException {
  return new AppException({
    status: 500,
    detail: `An unexpected error occurred. Quote urn:uuid:${request.id} when reporting it.`,
  });
}

function httpExceptionDetail(exception: HttpException): string {
  const response = exception.getResponse();
  if (typeof response === 'string') return response;
  const message = (response as { message?: unknown }).message;
  if (Array.isArray(message)) return message.join('; ');
  return typeof message === 'string' ? message : exception.message;
}

/**
 * A body that is not JSON, sent to the MCP endpoint, is a JSON-RPC parse error (-32700, HTTP 200,
 * DECISIONS.md "Errors"): Fastify rejects it before the route runs, so it is answered here.
 */
const JSON_RPC_PARSE_ERROR = JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error: the body is not valid JSON.' } });

function isJsonRpcParseError(exception: unknown, request: FastifyRequest): boolean {
  // Nest hands Fastify's body-parsing errors over wrapped in an HttpException, the original as `cause`.
  const error = exception as { code?: unknown; cause?: { code?: unknown } } | null;
  const code = error?.code ?? error?.cause?.code;
  return (code === 'FST_ERR_CTP_INVALID_JSON_BODY' || code === 'FST_ERR_CTP_EMPTY_JSON_BODY') && request.url.split('?', 1)[0] === '/mcp';
}

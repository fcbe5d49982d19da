import type { FastifyRequest } from 'fastify';
import { html, renderPage } from './html.js';
import type { AppException } from '../common/errors/app.exception.js';

const HEADINGS: Record<number, string> = {
  404: 'This page does not exist',
  405: 'This page cannot be used that way',
  413: 'That was too large',
  429: 'Too many attempts',
  500: 'Something went wrong on our side',
  503: 'The service is briefly unavailable',
};

/** Machine endpoints answer problem records whatever the Accept header says. */
const MACHINE_PATHS = new Set(['/mcp', '/oauth/token', '/oauth/register', '/oauth/m2m/register']);

/**
 * A person's browser navigating or posting a form: it asks for HTML and not JSON. Everyone else
 * (API clients, fetch calls, the pages' own scripts, which ask for JSON) gets the problem record.
 */
export function wantsErrorPage(request: FastifyRequest): boolean {
  const accept = request.headers.accept ?? '';
  if (!accept.includes('text/html') || accept.includes('json')) return false;
  if (MACHINE_PATHS.has(request.url.split('?', 1)[0])) return false;
  if (request.method === 'GET' || request.method === 'HEAD') return true;
  const type = request.headers['content-type'] ?? '';
  return request.method === 'POST' && (type.startsWith('application/x-www-form-urlencoded') || type.startsWith('multipart/form-data'));
}

/** The problem record as a page: what happened, what to do, and the reference a 500 needs. */
export function errorPage(failure: AppException, correlationId: string): string {
  const retry = failure.headers['Retry-After'];
  return renderPage({
    title: failure.title,
    body: html`<h1>${HEADINGS[failure.status] ?? failure.title}</h1>
<p role="alert">${failure.detail ?? failure.title}</p>
${retry ? html`<p>Try again in ${retry} second${retry === '1' ? '' : 's'}.</p>` : ''}
${failure.status >= 500 ? html`<p class="muted">Reference: <code>urn:uuid:${correlationId}</code> (quote it when reporting this).</p>` : ''}
<p class="muted">Error ${failure.status}</p>`,
  });
}

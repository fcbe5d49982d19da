import type { FastifyReply } from 'fastify';
import { SERVICE_NAME } from '../config/public-urls.js';
import { STYLESHEET, STYLESHEET_PATH } from './stylesheet.js';

/** Markup that is already safe: produced by `html`, never by concatenating input. */
export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => ESCAPES[character]);
}

function render(value: unknown): string {
  if (value instanceof SafeHtml) return value.value;
  if (Array.isArray(value)) return value.map(render).join('');
  if (value === undefined || value === null || value === false) return '';
  // An object would print as "[object Object]": a template bug, not something to show a person.
  if (typeof value === 'object' || typeof value === 'function' || typeof value === 'symbol')
    throw new TypeError('html`` takes text, numbers, SafeHtml or arrays of them');
  return escapeHtml(String(value as string | number | boolean | bigint));
}

/** A template whose every interpolated value is escaped, unless it is itself `html`. */
export function html(strings: TemplateStringsArray, ...values: unknown[]): SafeHtml {
  return new SafeHtml(strings.reduce((out, string, index) => out + string + (index < values.length ? render(values[index]) : ''), ''));
}

/** The product's mark: a check on a rounded square, drawn in the theme's accent colour. */
const MARK = new SafeHtml(
  '<svg viewBox="0 0 32 32" aria-hidden="true" focusable="false"><rect class="mark-bg" width="32" height="32" rx="8"/><path class="mark-fg" d="M8.5 16.5l5 5L23.5 10.5" fill="none" stroke-width="3.2" stroke-linecap="round" stroke-linejoin="round"/></svg>',
);

export interface Page {
  title: string;
  body: SafeHtml;
  script?: { nonce: string; source: string };
  /**
   * Inline the stylesheet instead of linking it: for a page shown where this service's origin may
   * not be reachable (the MCP App view, rendered by the host in a sandboxed frame).
   */
  inlineStyles?: boolean;
}

/**
 * A complete, accessible page in the product's design: the name and mark, one landmark per part,
 * the service's stylesheet. A script only with the nonce its response's CSP names.
 */
export function renderPage({ title, body, script, inlineStyles }: Page): string {
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>${title} · ${SERVICE_NAME}</title>
${inlineStyles ? html`<style>${new SafeHtml(STYLESHEET)}</style>` : html`<link rel="stylesheet" href="${STYLESHEET_PATH}">`}
</head>
<body>
<header class="site-header"><span class="brand">${MARK}<span>${SERVICE_NAME}</span></span></header>
<main>
${body}
</main>
${script ? html`<script nonce="${script.nonce}">${new SafeHtml(script.source)}</script>` : ''}
</body>
</html>`.value;
}

export interface PageOptions {
  /** Origins a form on the page may submit to, or be redirected to after submitting, besides our own. */
  formTargets?: string[];
  /** The nonce of the page's one inline script, which may then also fetch from this site. */
  scriptNonce?: string;
  /** Third-party origins the page's script loads, frames and calls (Stripe Elements). */
  thirdParty?: { scripts: string[]; frames: string[]; connect: string[] };
  headers?: Record<string, string>;
}

/**
 * Sends a page with its own Content-Security-Policy: nothing loads but our stylesheet, forms
 * post only to us (and, for the consent page, redirect on to the client: Chromium applies
 * `form-action` to the redirect too), and no one may frame it.
 */
export function sendPage(reply: FastifyReply, status: number, page: string, options: PageOptions = {}): void {
  const formAction = ["'self'", ...(options.formTargets ?? [])].join(' ');
  const third = options.thirdParty;
  const script = options.scriptNonce
    ? `; script-src 'nonce-${options.scriptNonce}'${third ? ` ${third.scripts.join(' ')}` : ''}; connect-src 'self'${third ? ` ${third.connect.join(' ')}` : ''}${third ? `; frame-src ${third.frames.join(' ')}` : ''}`
    : '';
  void reply
    .status(status)
    .headers(options.headers ?? {})
    .header('Content-Type', 'text/html; charset=utf-8')
    .header('Cache-Control', 'no-store')
    .header('Content-Security-Policy', `default-src 'none'; style-src 'self'; form-action ${formAction}; frame-ancestors 'none'; base-uri 'none'${script}`)
    .send(page);
}

export interface FormField {
  name: string;
  label: string;
  type: 'email' | 'password';
  autocomplete: string;
  value?: string;
  /** What the field needs, under it until an error takes its place (never both saying the same). */
  hint?: string;
  error?: string;
}

/** A labelled input whose error (or else its hint) sits right under it and is announced with it. */
export function formField({ name, label, type, autocomplete, value, hint, error }: FormField): SafeHtml {
  const note = error ? { id: `${name}-error`, className: 'error', text: error } : hint ? { id: `${name}-hint`, className: 'hint', text: hint } : undefined;
  return html`<label for="${name}">${label}</label>
<input id="${name}" name="${name}" type="${type}" autocomplete="${autocomplete}" required${type === 'email' && value ? html` value="${value}"` : ''}${error ? html` aria-invalid="true"` : ''}${note ? html` aria-describedby="${note.id}"` : ''}>
${note ? html`<p class="${note.className}" id="${note.id}">${note.text}</p>` : ''}`;
}

export function hiddenField(name: string, value: string): SafeHtml {
  return html`<input type="hidden" name="${name}" value="${value}">`;
}

import type { FastifyReply } from 'fastify';

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
  return escapeHtml(String(value));
}

/** A template whose every interpolated value is escaped, unless it is itself `html`. */
export function html(strings: TemplateStringsArray, ...values: unknown[]): SafeHtml {
  return new SafeHtml(strings.reduce((out, string, index) => out + string + (index < values.length ? render(values[index]) : ''), ''));
}

const STYLE = `body{font:16px/1.5 system-ui,sans-serif;max-width:34rem;margin:3rem auto;padding:0 1rem;color:#1b1f24}
h1{font-size:1.5rem}label{display:block;margin-top:1rem;font-weight:600}
input[type=email],input[type=password]{display:block;width:100%;padding:.5rem;font-size:1rem;box-sizing:border-box}
[aria-invalid=true]{border:2px solid #b00020}.error{color:#b00020;margin:.25rem 0 0}
button{margin-top:1.25rem;padding:.5rem 1.25rem;font-size:1rem}code{background:#f2f4f7;padding:0 .25rem}`;

/** A complete, accessible page. Inline styles; a script only with the nonce its response's CSP names. */
export function renderPage({ title, body, script }: { title: string; body: SafeHtml; script?: { nonce: string; source: string } }): string {
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} · Underwriting Agent Service</title>
<style>${new SafeHtml(STYLE)}</style>
</head>
<body>
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
 * Sends a page with its own Content-Security-Policy: nothing loads but the inline style, forms
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
    .header('Content-Security-Policy', `default-src 'none'; style-src 'unsafe-inline'; form-action ${formAction}; frame-ancestors 'none'; base-uri 'none'${script}`)
    .send(page);
}

export interface FormField {
  name: string;
  label: string;
  type: 'email' | 'password';
  autocomplete: string;
  value?: string;
  error?: string;
}

/** A labelled input whose error, if any, sits right under it and is announced with it. */
export function formField({ name, label, type, autocomplete, value, error }: FormField): SafeHtml {
  const errorId = `${name}-error`;
  const invalid = error ? html` aria-invalid="true" aria-describedby="${errorId}"` : '';
  return html`<label for="${name}">${label}</label>
<input id="${name}" name="${name}" type="${type}" autocomplete="${autocomplete}" required${type === 'email' && value ? html` value="${value}"` : ''}${invalid}>
${error ? html`<p class="error" id="${errorId}">${error}</p>` : ''}`;
}

export function hiddenField(name: string, value: string): SafeHtml {
  return html`<input type="hidden" name="${name}" value="${value}">`;
}

import { hiddenField, html, renderPage } from '../../web/html.js';
import type { ValidAuthorizationRequest } from './authorization.service.js';

// A Map: scopes come from the client, and a plain object would answer `constructor` too.
const SCOPE_DESCRIPTIONS = new Map([
  ['openid', 'Use the underwriting tools as you: workspaces, documents, analyses and memos of your account'],
  ['email', 'See your email address'],
  ['profile', 'See your account name'],
]);

/**
 * Says who is asking (the client's own name, marked as such, and where it continues), what it will
 * be able to do, and where each answer leads; "Not you?" signs out and comes back to this request.
 */
export function consentPage({ request, email, csrfToken }: { request: ValidAuthorizationRequest; email: string; csrfToken: string }): string {
  const destination = new URL(request.redirectUri).origin;
  const parameters = Object.entries(request.parameters).filter((entry): entry is [string, string] => entry[1] !== undefined);
  const thisRequest = `/oauth/authorize?${new URLSearchParams(parameters).toString()}`;
  return renderPage({
    title: 'Allow access',
    body: html`<h1>Allow <q>${request.clientName}</q> to use your account?</h1>
<p>You are signed in as <strong>${email}</strong>.</p>
<form method="post" action="/sign-out" class="inline-form">
${hiddenField('csrf_token', csrfToken)}${hiddenField('return_to', thisRequest)}
<button type="submit" class="link">Not you? Sign out</button>
</form>
<h2>Who is asking</h2>
<p>An application that calls itself <q>${request.clientName}</q>: the name is its own, not checked by this service. It continues at <code>${destination}</code>.</p>
<h2>It will be able to</h2>
<ul>
${request.scopes.map((scope) => html`<li>${SCOPE_DESCRIPTIONS.get(scope) ?? scope} <small>(<code>${scope}</code>)</small></li>`)}
</ul>
<h2>What happens next</h2>
<p><strong>Allow</strong> takes you back to <code>${destination}</code>, signed in to it with this account. <strong>Deny</strong> takes you back there too, and nothing is shared.</p>
<form method="post" action="/oauth/authorize">
${hiddenField('csrf_token', csrfToken)}${parameters.map(([name, value]) => hiddenField(name, value))}
<div class="actions">
<button type="submit" name="decision" value="approve">Allow</button>
<button type="submit" name="decision" value="deny" class="secondary">Deny</button>
</div>
</form>`,
  });
}

/** An authorization request that cannot go back to its client: the person learns why, nothing redirects. */
export function authorizationErrorPage({ error, description }: { error: string; description: string }): string {
  return renderPage({
    title: 'Request refused',
    body: html`<h1>This sign-in request cannot continue</h1>
<p role="alert">${description}</p>
<p>Error code: <code>${error}</code>. Return to the application and start again; if it keeps happening, its registration with this service is wrong.</p>`,
  });
}

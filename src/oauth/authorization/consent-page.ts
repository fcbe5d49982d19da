import { hiddenField, html, renderPage } from '../../web/html.js';
import type { ValidAuthorizationRequest } from './authorization.service.js';

// A Map: scopes come from the client, and a plain object would answer `constructor` too.
const SCOPE_DESCRIPTIONS = new Map([
  ['openid', 'Use the underwriting tools as you: workspaces, documents, analyses and memos of your account'],
  ['email', 'See your email address'],
  ['profile', 'See your account name'],
]);

/** Names the client (as it registered itself, so marked as such), where it returns, and what it gets. */
export function consentPage({ request, email, csrfToken }: { request: ValidAuthorizationRequest; email: string; csrfToken: string }): string {
  const destination = new URL(request.redirectUri);
  return renderPage({
    title: 'Allow access',
    body: html`<h1>Allow <q>${request.clientName}</q> to use your account?</h1>
<p>You are signed in as <strong>${email}</strong>. The application named itself <q>${request.clientName}</q>; after you answer it continues at <code>${destination.origin}</code>.</p>
<h2>It will be able to</h2>
<ul>
${request.scopes.map((scope) => html`<li>${SCOPE_DESCRIPTIONS.get(scope) ?? scope} <small>(<code>${scope}</code>)</small></li>`)}
</ul>
<form method="post" action="/oauth/authorize">
${hiddenField('csrf_token', csrfToken)}${Object.entries(request.parameters).map(([name, value]) => hiddenField(name, value!))}
<button type="submit" name="decision" value="approve">Allow</button>
<button type="submit" name="decision" value="deny">Deny</button>
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

import { formField, hiddenField, html, renderPage } from '../web/html.js';
import { PASSWORD_MIN_LENGTH } from './accounts.service.js';
import { DEFAULT_RETURN_PATH } from './return-path.js';

export interface CredentialsForm {
  csrfToken: string;
  returnTo: string;
  email?: string;
  errors?: { email?: string; password?: string };
  /** A status line above the form (e.g. after signing out). */
  notice?: string;
}

function withReturnTo(path: string, returnTo: string): string {
  return returnTo === DEFAULT_RETURN_PATH ? path : `${path}?return_to=${encodeURIComponent(returnTo)}`;
}

/** The sign-in page that continues to `returnTo` (a safe path). */
export const signInPath = (returnTo: string): string => withReturnTo('/sign-in', returnTo);

/** Where sign-out lands: the sign-in page (continuing to `returnTo`) saying that the person signed out. */
export function signedOutPath(returnTo: string): string {
  const path = signInPath(returnTo);
  return `${path}${path.includes('?') ? '&' : '?'}signed_out=1`;
}

export const SIGNED_OUT_NOTICE = 'You have signed out. Sign in again, or with another account.';

/** The two credential forms differ only in their words, autocomplete hints and the link to the other. */
function credentialsPage(form: CredentialsForm, kind: 'sign-in' | 'sign-up'): string {
  const signUp = kind === 'sign-up';
  const title = signUp ? 'Create account' : 'Sign in';
  return renderPage({
    title,
    body: html`<h1>${title}</h1>
${form.notice ? html`<p class="notice" role="status">${form.notice}</p>` : ''}
<p class="muted">${signUp ? 'One account for your AI assistant’s underwriting work: workspaces, documents, analyses and memos.' : 'Sign in to connect your AI assistant to your underwriting account.'}</p>
<form method="post" action="/${kind}" novalidate>
${hiddenField('csrf_token', form.csrfToken)}${hiddenField('return_to', form.returnTo)}
${formField({ name: 'email', label: 'Email', type: 'email', autocomplete: signUp ? 'email' : 'username', value: form.email, error: form.errors?.email })}
${formField({
  name: 'password',
  label: 'Password',
  type: 'password',
  autocomplete: signUp ? 'new-password' : 'current-password',
  hint: signUp ? `At least ${PASSWORD_MIN_LENGTH} characters.` : undefined,
  error: form.errors?.password,
})}
<button type="submit">${title}</button>
</form>
${
  signUp
    ? html`<p>Already have an account? <a href="${signInPath(form.returnTo)}">Sign in</a></p>`
    : html`<p>New here? <a href="${withReturnTo('/sign-up', form.returnTo)}">Create account</a></p>`
}`,
  });
}

export const signInPage = (form: CredentialsForm): string => credentialsPage(form, 'sign-in');
export const signUpPage = (form: CredentialsForm): string => credentialsPage(form, 'sign-up');

export function signedInPage({ email, csrfToken }: { email: string; csrfToken: string }): string {
  return renderPage({
    title: 'Signed in',
    body: html`<h1>Signed in</h1>
<p>You are signed in as <strong>${email}</strong>. Your MCP client can now finish connecting: return to it; you may close this tab.</p>
<form method="post" action="/sign-out">
${hiddenField('csrf_token', csrfToken)}
<button type="submit" class="secondary">Sign out</button>
</form>`,
  });
}

/** A form whose CSRF token did not match: reloading the page gives it a fresh one. */
export function expiredFormPage(retryPath: string): string {
  return renderPage({
    title: 'Form expired',
    body: html`<h1>This form expired</h1>
<p role="alert">The form was stale or did not come from this site, so nothing was changed.</p>
<p><a href="${retryPath}">Load the form again</a></p>`,
  });
}

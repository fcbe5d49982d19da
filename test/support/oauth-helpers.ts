import { createHash, randomBytes } from 'node:crypto';

/** The cookies a browser would keep for one site (names and values only; the tests check flags themselves). */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  store(response: Response): void {
    for (const cookie of response.headers.getSetCookie()) {
      const [pair, ...attributes] = cookie.split(';');
      const [name, value] = [pair.slice(0, pair.indexOf('=')).trim(), pair.slice(pair.indexOf('=') + 1).trim()];
      const expired = attributes.some((attribute) => /^\s*max-age=0\s*$/i.test(attribute) || /^\s*expires=thu, 01 jan 1970/i.test(attribute));
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  get(name: string): string | undefined {
    return this.cookies.get(name);
  }

  /** Plants a cookie, as an attacker who obtained one would. */
  set(name: string, value: string): void {
    this.cookies.set(name, value);
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };

/** The hidden inputs of a page, as the browser would post them. */
export function hiddenInputs(page: string): Record<string, string> {
  const inputs: Record<string, string> = {};
  for (const match of page.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) {
    inputs[match[1]] = match[2].replace(/&(amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity]);
  }
  return inputs;
}

/** A cookie-keeping HTTP client for the server-rendered pages that never follows redirects by itself. */
export class BrowserlessAgent {
  readonly jar = new CookieJar();

  constructor(
    readonly baseUrl: string,
    private readonly headers: Record<string, string> = {},
  ) {}

  async get(path: string): Promise<Response> {
    const response = await fetch(new URL(path, this.baseUrl), {
      redirect: 'manual',
      headers: { ...this.headers, cookie: this.jar.header(), accept: 'text/html' },
    });
    this.jar.store(response);
    return response;
  }

  async postForm(path: string, fields: Record<string, string>): Promise<Response> {
    const response = await fetch(new URL(path, this.baseUrl), {
      method: 'POST',
      redirect: 'manual',
      headers: { ...this.headers, cookie: this.jar.header(), accept: 'text/html', 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields),
    });
    this.jar.store(response);
    return response;
  }

  /** Loads a form page and posts it back with its hidden fields plus `fields`. */
  async submit(pagePath: string, actionPath: string, fields: Record<string, string>): Promise<Response> {
    const page = await this.get(pagePath);
    if (page.status !== 200) throw new Error(`GET ${pagePath} answered ${page.status}`);
    return this.postForm(actionPath, { ...hiddenInputs(await page.text()), ...fields });
  }

  signUp(email: string, password = 'correct horse battery staple'): Promise<Response> {
    return this.submit('/sign-up', '/sign-up', { email, password });
  }
}

export function uniqueEmail(label = 'person'): string {
  return `${label}.${randomBytes(6).toString('hex')}@example.com`;
}

export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

export interface RegisteredClient {
  client_id: string;
  client_secret?: string;
  redirect_uris: string[];
  [member: string]: unknown;
}

export async function registerClient(baseUrl: string, metadata: Record<string, unknown>): Promise<RegisteredClient> {
  const response = await fetch(`${baseUrl}/oauth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(metadata),
  });
  if (response.status !== 201) throw new Error(`registration answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as RegisteredClient;
}

export function tokenRequest(baseUrl: string, body: Record<string, string>, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${baseUrl}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(body),
  });
}

/**
 * A person's access token the way an interactive client gets one: sign-up, consent and code
 * exchange over plain HTTP (the Chromium test covers the browser itself).
 */
export async function humanToken(baseUrl: string, email = uniqueEmail()): Promise<{ accessToken: string; email: string }> {
  const redirectUri = 'http://127.0.0.1/callback';
  const client = await registerClient(baseUrl, { client_name: 'test client', redirect_uris: [redirectUri], token_endpoint_auth_method: 'none' });
  const person = new BrowserlessAgent(baseUrl);
  await person.signUp(email);
  const { verifier, challenge } = pkcePair();
  const query = new URLSearchParams({
    response_type: 'code',
    client_id: client.client_id,
    redirect_uri: redirectUri,
    code_challenge: challenge,
    code_challenge_method: 'S256',
    scope: 'openid email',
  });
  const decision = await person.submit(`/oauth/authorize?${query.toString()}`, '/oauth/authorize', { decision: 'approve' });
  const code = new URL(decision.headers.get('location')!).searchParams.get('code')!;
  const tokens = await tokenRequest(baseUrl, {
    grant_type: 'authorization_code',
    code,
    code_verifier: verifier,
    redirect_uri: redirectUri,
    client_id: client.client_id,
  });
  return { accessToken: ((await tokens.json()) as { access_token: string }).access_token, email };
}

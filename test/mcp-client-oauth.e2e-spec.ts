import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { auth, extractWWWAuthenticateParams, type OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import type { OAuthClientInformationMixed, OAuthClientMetadata, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import type { Browser } from 'playwright-core';
import { launchChromium } from './support/browser.js';
import { startTogether } from './support/start-together.js';
import { uniqueEmail } from './support/oauth-helpers.js';
import { startApp, type RunningApp } from './support/test-app.js';

/** The loopback page an MCP client listens on for the authorization response. */
async function startCallbackListener(): Promise<{ server: Server; url: string; next: () => Promise<URL> }> {
  let deliver: (url: URL) => void = () => undefined;
  let received = new Promise<URL>((resolve) => (deliver = resolve));
  const server = createServer((request, response) => {
    const url = new URL(request.url!, 'http://127.0.0.1');
    response.writeHead(200, { 'content-type': 'text/html' }).end('<p>You can close this window.</p>');
    if (url.pathname === '/callback') deliver(url);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/callback`;
  return {
    server,
    url,
    next: async () => {
      const url = await received;
      received = new Promise<URL>((resolve) => (deliver = resolve));
      return url;
    },
  };
}

/** Everything an MCP client keeps between the steps of `auth()`, in memory. */
class InMemoryClientProvider implements OAuthClientProvider {
  authorizationUrl?: URL;
  readonly expectedState = randomBytes(16).toString('base64url');
  private client?: OAuthClientInformationMixed;
  private issued?: OAuthTokens;
  private verifier = '';

  constructor(private readonly callbackUrl: string) {}

  get redirectUrl(): string {
    return this.callbackUrl;
  }
  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: 'MCP SDK conformance client',
      redirect_uris: [this.callbackUrl],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    };
  }
  state(): string {
    return this.expectedState;
  }
  clientInformation(): OAuthClientInformationMixed | undefined {
    return this.client;
  }
  saveClientInformation(client: OAuthClientInformationMixed): void {
    this.client = client;
  }
  tokens(): OAuthTokens | undefined {
    return this.issued;
  }
  saveTokens(tokens: OAuthTokens): void {
    this.issued = tokens;
  }
  redirectToAuthorization(authorizationUrl: URL): void {
    this.authorizationUrl = authorizationUrl;
  }
  saveCodeVerifier(verifier: string): void {
    this.verifier = verifier;
  }
  codeVerifier(): string {
    return this.verifier;
  }
}

describe('an unmodified MCP SDK client signing a person in', () => {
  let service: RunningApp;
  let browser: Browser;
  let callback: Awaited<ReturnType<typeof startCallbackListener>>;

  beforeAll(async () => {
    [service, browser] = await startTogether([startApp({ reachablePublicUrls: true }), launchChromium()]);
    callback = await startCallbackListener();
  });
  afterAll(async () => {
    await Promise.all([service?.close(), browser?.close(), new Promise((resolve) => callback?.server.close(resolve))]);
  });

  it('discovers the server from a 401, registers, has the person sign up and consent in Chromium, and ends with a token the bearer guard accepts', async () => {
    const serverUrl = `${service.url}/mcp`;
    const provider = new InMemoryClientProvider(callback.url);

    const unauthorized = await fetch(`${service.url}/account`);
    expect(unauthorized.status).toBe(401);
    const { resourceMetadataUrl } = extractWWWAuthenticateParams(unauthorized);
    expect(resourceMetadataUrl?.href).toBe(`${service.url}/.well-known/oauth-protected-resource/mcp`);

    expect(await auth(provider, { serverUrl, resourceMetadataUrl })).toBe('REDIRECT');
    expect(provider.clientInformation()?.client_id).toMatch(/^uwc_/);
    const authorizationUrl = provider.authorizationUrl!;
    expect(authorizationUrl.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorizationUrl.searchParams.get('resource')).toBe(serverUrl);

    const email = uniqueEmail('mcp');
    const page = await browser.newPage();
    page.setDefaultTimeout(10_000);
    try {
      await page.goto(authorizationUrl.href);
      await page.getByRole('link', { name: 'Create account' }).click();
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password').fill('a long enough password');
      await page.getByRole('button', { name: 'Create account' }).click();
      await page.getByRole('heading', { name: /^Allow .?MCP SDK conformance client.? to use your account\?$/ }).waitFor();
      const [redirect] = await Promise.all([callback.next(), page.getByRole('button', { name: 'Allow' }).click()]);

      expect(redirect.searchParams.get('state')).toBe(provider.expectedState);
      expect(redirect.searchParams.get('iss')).toBe(service.url);
      expect(await auth(provider, { serverUrl, resourceMetadataUrl, authorizationCode: redirect.searchParams.get('code')! })).toBe('AUTHORIZED');
    } finally {
      await page.close();
    }

    const tokens = provider.tokens()!;
    expect(tokens).toMatchObject({ token_type: 'Bearer', expires_in: 3600, refresh_token: expect.any(String) });
    const account = await fetch(`${service.url}/account`, { headers: { authorization: `Bearer ${tokens.access_token}` } });
    expect(account.status).toBe(200);
    expect(await account.json()).toMatchObject({ kind: 'human', email, clientId: provider.clientInformation()!.client_id });

    // A second auth() with only the refresh token left renews the access token.
    expect(await auth(provider, { serverUrl, resourceMetadataUrl })).toBe('AUTHORIZED');
    expect(provider.tokens()!.refresh_token).not.toBe(tokens.refresh_token);
  });
});

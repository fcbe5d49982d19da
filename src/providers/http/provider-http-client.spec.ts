import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { ScriptedHttpServer } from '../../../test/support/scripted-http-server.js';
import { ProviderHttpClient, providerMessage, retryAfterMs, type ProviderHttpClientOptions } from './provider-http-client.js';
import {
  ProviderCredentialsRejectedException,
  ProviderRateLimitedException,
  ProviderRequestRejectedException,
  ProviderResourceNotFoundException,
  ProviderUnavailableException,
} from './provider.exceptions.js';

const KEY = 'sk_live_planted_provider_key_4242';

type Answer = { status: number; body?: string; headers?: Record<string, string> };

/** A provider played over real HTTP: answers from a script, one entry per request, and records what it was sent. */
class ScriptedProvider extends ScriptedHttpServer<Answer> {
  constructor() {
    super((_request, answer = { status: 200, body: '{}' }, response) => {
      response.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
      response.end(answer.body ?? '');
    });
  }
}

const logged: unknown[][] = [];
const logger = { warn: (...args: unknown[]) => void logged.push(args) };

function client(provider: ScriptedProvider, options: Partial<ProviderHttpClientOptions> = {}): ProviderHttpClient {
  return new ProviderHttpClient(
    {
      provider: 'compliance_b',
      displayName: 'OpenSanctions',
      baseUrl: provider.url,
      credentialsHint: 'Set a valid key with configure_data_provider.',
      initialBackoffMs: 1,
      maxBackoffMs: 5,
      ...options,
    },
    logger,
  );
}

async function failure(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('the call succeeded');
}

describe('ProviderHttpClient', () => {
  const provider = new ScriptedProvider();
  beforeAll(() => provider.start());
  afterAll(() => provider.stop());
  beforeEach(() => void (logged.length = 0));

  it('sends the path, query, headers and JSON body and returns the parsed answer', async () => {
    provider.answer({ status: 200, body: '{"results":[1,2]}' });
    const response = await client(provider, { userAgent: 'underwriting-agent-service/1 ops@example.test' }).postJson<{ results: number[] }>(
      '/match/default',
      { queries: { q1: { schema: 'Person' } } },
      { query: { limit: 5, skip: undefined }, headers: { authorization: `ApiKey ${KEY}` } },
    );
    expect(response.body).toEqual({ results: [1, 2] });
    expect(provider.seen).toHaveLength(1);
    expect(provider.seen[0]).toMatchObject({ method: 'POST', url: '/v1/match/default?limit=5', body: '{"queries":{"q1":{"schema":"Person"}}}' });
    expect(provider.seen[0].headers).toMatchObject({
      authorization: `ApiKey ${KEY}`,
      'content-type': 'application/json',
      'user-agent': 'underwriting-agent-service/1 ops@example.test',
    });
  });

  it('retries a 5xx answer of an idempotent request and returns the later success', async () => {
    provider.answer({ status: 502 }, { status: 503 }, { status: 200, body: '{"ok":true}' });
    const response = await client(provider).getJson('/entities/Q7747');
    expect(response.body).toEqual({ ok: true });
    expect(provider.seen).toHaveLength(3);
  });

  it('waits the Retry-After of a 429 before the next try', async () => {
    provider.answer({ status: 429, headers: { 'retry-after': '1' } }, { status: 200, body: '{}' });
    await client(provider).getJson('/entities/Q1');
    expect(provider.seen).toHaveLength(2);
    const retried = logged.map(([fields]) => fields as { delayMs: number; reason: string });
    expect(retried).toEqual([expect.objectContaining({ delayMs: 1000, reason: 'answered HTTP 429' })]);
  });

  it('hands a 429 that asks for a longer wait than allowed back to the caller, untried again', async () => {
    provider.answer({ status: 429, headers: { 'retry-after': '120' } });
    const error = await failure(client(provider).getJson('/entities/Q1'));
    expect(error).toBeInstanceOf(ProviderRateLimitedException);
    expect(error).toMatchObject({ status: 429, code: 'RATE_LIMITED', retryAfterSeconds: 120, headers: { 'Retry-After': '120' } });
    expect(provider.seen).toHaveLength(1);
  });

  it('maps 401 to rejected credentials, with the hint, and does not retry', async () => {
    provider.answer({ status: 401, body: `{"detail":"invalid key ${KEY}"}` });
    const error = await failure(client(provider).getJson('/entities/Q1', { headers: { authorization: `ApiKey ${KEY}` } }));
    expect(error).toBeInstanceOf(ProviderCredentialsRejectedException);
    expect(error).toMatchObject({
      status: 403,
      code: 'UNAUTHORIZED',
      detail: 'OpenSanctions rejected the credentials configured for it (HTTP 401).',
      hint: 'Set a valid key with configure_data_provider.',
    });
    expect(provider.seen).toHaveLength(1);
  });

  it("maps 404 to NOT_FOUND in the adapter's words", async () => {
    provider.answer({ status: 404, body: '{"detail":"Not found"}' });
    const error = await failure(client(provider).getJson('/entities/Q0', { notFound: 'entity with that id' }));
    expect(error).toBeInstanceOf(ProviderResourceNotFoundException);
    expect(error).toMatchObject({ status: 404, code: 'NOT_FOUND', detail: 'OpenSanctions has no entity with that id.' });
  });

  it("passes the provider's reason for a refused request on, with every secret of the request removed", async () => {
    provider.answer({ status: 422, body: JSON.stringify({ error: { message: `field 'schema' is required (key ${KEY})` } }) });
    const error = await failure(client(provider).getJson('/match/default', { query: { api_key: KEY }, secrets: [KEY] }));
    expect(error).toBeInstanceOf(ProviderRequestRejectedException);
    expect((error as ProviderRequestRejectedException).detail).toBe(
      "OpenSanctions refused the request (HTTP 422): field 'schema' is required (key [redacted])",
    );
  });

  it('gives up after the configured tries on a provider that never answers', async () => {
    provider.answer('hang', 'hang');
    const error = await failure(client(provider, { timeoutMs: 100, attempts: 2 }).getJson('/entities/Q1'));
    expect(error).toBeInstanceOf(ProviderUnavailableException);
    expect(error).toMatchObject({ status: 503, detail: 'OpenSanctions is unavailable: it did not answer within 100 ms.' });
    expect(provider.seen).toHaveLength(2);
  });

  it('reports a provider that cannot be reached as unavailable, with a Retry-After', async () => {
    const closed = new ScriptedProvider();
    await closed.start();
    const url = closed.url;
    await closed.stop();
    const error = await failure(client(provider, { baseUrl: url, attempts: 2 }).getJson('/entities/Q1'));
    expect(error).toMatchObject({ status: 503, detail: 'OpenSanctions is unavailable: it could not be reached.', headers: { 'Retry-After': '1' } });
  });

  it('does not repeat a POST that failed with a 5xx unless the adapter declares it idempotent', async () => {
    provider.answer({ status: 500 }, { status: 200, body: '{}' });
    await failure(client(provider).postJson('/payments', {}));
    expect(provider.seen).toHaveLength(1);

    provider.answer({ status: 500 }, { status: 200, body: '{"matched":true}' });
    const response = await client(provider).postJson('/match/default', {}, { idempotent: true });
    expect(response.body).toEqual({ matched: true });
    expect(provider.seen).toHaveLength(2);
  });

  it('treats a success whose body is not JSON as a provider fault', async () => {
    provider.answer(
      { status: 200, body: '<html>maintenance</html>', headers: { 'content-type': 'text/html' } },
      { status: 200, body: '<html>maintenance</html>', headers: { 'content-type': 'text/html' } },
    );
    const error = await failure(client(provider, { attempts: 2 }).getJson('/entities/Q1'));
    expect(error).toMatchObject({ status: 503, detail: 'OpenSanctions is unavailable: it answered with a body that is not JSON.' });
  });

  it('opens the circuit after consecutive failures, refuses calls without sending them, and closes after a successful trial call', async () => {
    const breaking = client(provider, { attempts: 1, breakerThreshold: 2, breakerHalfOpenAfterMs: 200 });
    provider.answer({ status: 500 }, { status: 500 }, { status: 200, body: '{"ok":1}' }, { status: 200, body: '{"ok":2}' });
    await failure(breaking.getJson('/a'));
    await failure(breaking.getJson('/a'));
    const refused = await failure(breaking.getJson('/a'));
    expect(refused).toMatchObject({
      status: 503,
      detail: 'OpenSanctions is unavailable: its recent calls failed, so calls to it are paused for up to 1 seconds.',
    });
    expect(provider.seen).toHaveLength(2);

    await new Promise((resolve) => setTimeout(resolve, 250));
    expect((await breaking.getJson('/a')).body).toEqual({ ok: 1 });
    expect((await breaking.getJson('/a')).body).toEqual({ ok: 2 });
    expect(provider.seen).toHaveLength(4);
  });

  it('does not count 429 answers towards opening the circuit', async () => {
    const breaking = client(provider, { attempts: 1, breakerThreshold: 2 });
    provider.answer({ status: 429, headers: { 'retry-after': '60' } }, { status: 429, headers: { 'retry-after': '60' } }, { status: 200, body: '{"ok":true}' });
    await failure(breaking.getJson('/a'));
    await failure(breaking.getJson('/a'));
    expect((await breaking.getJson('/a')).body).toEqual({ ok: true });
  });

  it('never writes the headers, the query or a declared secret into a log line', async () => {
    provider.answer({ status: 503, body: `{"message":"down for ${KEY}"}` }, { status: 200, body: '{}' });
    await client(provider).getJson('/entities/Q1', { query: { api_key: KEY }, headers: { authorization: `Token ${KEY}` }, secrets: [KEY] });
    expect(logged.length).toBeGreaterThan(0);
    expect(JSON.stringify(logged)).not.toContain(KEY);
  });
});

describe('retryAfterMs', () => {
  it('reads delta seconds', () => expect(retryAfterMs('7')).toBe(7000));
  it('reads an HTTP date relative to now', () =>
    expect(retryAfterMs('Wed, 25 Nov 2026 00:00:10 GMT', Date.parse('Wed, 25 Nov 2026 00:00:00 GMT'))).toBe(10_000));
  it('ignores what is neither', () => expect(retryAfterMs('soon')).toBeUndefined());
});

describe('providerMessage', () => {
  it('finds the message in the common error shapes', () => {
    expect(providerMessage({ message: 'a' }, [])).toBe('a');
    expect(providerMessage({ error: { message: 'b' } }, [])).toBe('b');
    expect(providerMessage({ errors: [{ message: 'c' }] }, [])).toBe('c');
    expect(providerMessage({ error: 'invalid_request', error_description: 'd' }, [])).toBe('invalid_request');
  });
  it('removes control characters and cuts long messages', () => {
    expect(providerMessage({ detail: 'x\u0000\ny' }, [])).toBe('x y');
    expect(providerMessage({ detail: 'z'.repeat(300) }, [])).toHaveLength(200);
  });
  it('has nothing to say for a body without a message', () => expect(providerMessage({ results: [] }, [])).toBeUndefined());
});

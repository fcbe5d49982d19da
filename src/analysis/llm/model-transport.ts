import type { ProviderHttpClient } from '../../providers/http/provider-http-client.js';

/** Response headers that describe the original bytes, not the body handed on. */
const BODY_HEADERS = new Set(['content-length', 'content-encoding', 'transfer-encoding']);

/**
 * A `fetch` for the ai SDK that sends every model call through the service's one provider HTTP
 * client (DECISIONS.md "One HTTP client for every third party"): its timeout per try, retries,
 * Retry-After policy, circuit breaker, and errors that name the provider and never carry the key.
 * The SDK keeps what it is good at (each provider's wire format and structured output); the
 * client's AppExceptions pass through the SDK untouched and reach the tool as tool errors.
 */
export function fetchThroughProviderClient(client: ProviderHttpClient, baseUrl: string): typeof fetch {
  return async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    // The SDK builds URLs from LLM_BASE_URL; anything else would carry the key to another host.
    if (!url.startsWith(`${baseUrl}/`)) throw new Error('the model adapter only calls LLM_BASE_URL');
    const headers = Object.fromEntries(new Headers(init?.headers).entries());
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    // A model call changes nothing on the provider's side, so repeating it after a 5xx or a timeout is safe.
    const response = await client.request({ method: 'POST', path: url.slice(baseUrl.length), headers, json: body, idempotent: true });
    const responseHeaders = new Headers();
    response.headers.forEach((value, name) => {
      if (!BODY_HEADERS.has(name)) responseHeaders.set(name, value);
    });
    return new Response(JSON.stringify(response.body), { status: response.status, headers: responseHeaders });
  };
}

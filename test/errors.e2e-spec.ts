import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { capturingLogger } from './support/log-capture.js';
import { getJson } from './support/http.js';
import { PROBLEM_RECORD_SCHEMA, schemaErrors } from './support/schemas.js';
import { startApp, TEST_BASE_URL, type RunningApp } from './support/test-app.js';
import { LEAKY_ERROR_MESSAGE, SECRET_QUERY_PARAMETER, TestRoutesModule } from './support/test-routes.module.js';

type Problem = { type: string; title: string; status: number; detail?: string; instance?: string; code?: string };

const validEcho = { name: 'Acme', count: 2, contact: { email: 'cfo@acme.example' } };

describe('errors and headers', () => {
  let service: RunningApp;
  const logs = capturingLogger();

  beforeAll(async () => {
    service = await startApp({ additionalModules: [TestRoutesModule], logger: logs.logger, env: { HTTP_BODY_LIMIT_BYTES: '2048' } });
  });
  afterAll(async () => {
    await service.close();
  });

  async function expectProblem(response: Response, status: number, code: string | undefined): Promise<Problem> {
    const body = (await response.json()) as Problem;
    expect(response.status).toBe(status);
    expect(response.headers.get('content-type')).toBe('application/problem+json; charset=utf-8');
    expect(response.headers.get('api-version')).toBe('1');
    expect(schemaErrors(PROBLEM_RECORD_SCHEMA, body)).toEqual([]);
    expect(body.status).toBe(status);
    expect(body.code).toBe(code);
    expect(body.type.startsWith(`${TEST_BASE_URL}/problems/`)).toBe(true);
    expect(body.instance).toBe(`urn:uuid:${response.headers.get('x-request-id')}`);
    return body;
  }

  it('refuses API-Version 2 with 400 INVALID_INPUT', async () => {
    const response = await fetch(`${service.url}/.well-known/mcp`, { headers: { 'API-Version': '2' } });
    const problem = await expectProblem(response, 400, 'INVALID_INPUT');
    expect(problem.detail).toContain('API-Version');
  });

  it('accepts API-Version 1 and echoes it', async () => {
    const response = await fetch(`${service.url}/.well-known/mcp`, { headers: { 'API-Version': '1' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('api-version')).toBe('1');
  });

  it('answers an unknown path with a 404 problem naming the route', async () => {
    const problem = await expectProblem(await fetch(`${service.url}/no/such/route?x=1`), 404, 'NOT_FOUND');
    expect(problem).toMatchObject({ type: `${TEST_BASE_URL}/problems/not-found`, title: 'Not found', detail: 'No route matches GET /no/such/route.' });
  });

  it('answers a known path with the wrong method with 405 and Allow', async () => {
    const response = await fetch(`${service.url}/.well-known/mcp`, { method: 'DELETE' });
    const problem = await expectProblem(response, 405, 'INVALID_INPUT');
    expect(response.headers.get('allow')).toBe('GET, HEAD');
    expect(problem.detail).toContain('DELETE');
  });

  it('turns an unknown error into a 500 with a correlation id that is also logged, and no internals', async () => {
    const response = await fetch(`${service.url}/test/boom`);
    const text = await response.clone().text();
    const problem = await expectProblem(response, 500, 'INTERNAL_ERROR');
    const requestId = response.headers.get('x-request-id')!;
    expect(problem.detail).toContain(requestId);
    expect(text).not.toContain('SELECT');
    expect(text).not.toContain('password');
    expect(text).not.toMatch(/at \S+ \(/); // no stack frame
    const logged = logs.lines().find((line) => line.correlationId === requestId);
    expect(logged).toMatchObject({ level: 50, reqId: requestId, msg: 'request failed' });
    expect((logged?.err as { message?: string }).message).toBe(LEAKY_ERROR_MESSAGE);
  });

  it('logs a failed query with its SQL and error code but never its parameters', async () => {
    const response = await fetch(`${service.url}/test/failed-query`);
    await expectProblem(response, 500, 'INTERNAL_ERROR');
    const logged = logs.lines().find((line) => line.correlationId === response.headers.get('x-request-id'));
    expect(logged?.err).toMatchObject({ code: '42P01', query: 'SELECT * FROM no_such_table WHERE secret = $1' });
    expect(JSON.stringify(logs.lines())).not.toContain(SECRET_QUERY_PARAMETER);
  });

  it('maps a domain exception to its code and keeps its detail', async () => {
    const problem = await expectProblem(await fetch(`${service.url}/test/missing`), 404, 'NOT_FOUND');
    expect(problem.detail).toBe('Workspace ws_123 was not found.');
  });

  it('names every failing field, nested ones by path, in one 400', async () => {
    const response = await fetch(`${service.url}/test/echo`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 42, count: 0, contact: { email: 'not-an-email' }, extra: true }),
    });
    const problem = await expectProblem(response, 400, 'INVALID_INPUT');
    expect(problem.detail).toContain('name: name must be a string');
    expect(problem.detail).toContain('count: count must not be less than 1');
    expect(problem.detail).toContain('contact.email: email must be an email');
    expect(problem.detail).toContain('extra: property extra should not exist');
  });

  it('reports missing required fields', async () => {
    const response = await fetch(`${service.url}/test/echo`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    const problem = await expectProblem(response, 400, 'INVALID_INPUT');
    expect(problem.detail).toMatch(/name: .*count: .*contact: /);
  });

  it('accepts a valid body', async () => {
    const { response, body } = await getJson(`${service.url}/test/echo`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(validEcho),
    });
    expect(response.status).toBe(201);
    expect(body).toEqual(validEcho);
  });

  it('answers malformed JSON with a 400 problem', async () => {
    const response = await fetch(`${service.url}/test/echo`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"name": "Acme",' });
    await expectProblem(response, 400, 'INVALID_INPUT');
  });

  it('answers an empty JSON body with a 400 problem', async () => {
    const response = await fetch(`${service.url}/test/echo`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '' });
    await expectProblem(response, 400, 'INVALID_INPUT');
  });

  it('answers an unsupported media type with a 415 problem', async () => {
    const response = await fetch(`${service.url}/test/echo`, { method: 'POST', headers: { 'content-type': 'application/xml' }, body: '<echo/>' });
    await expectProblem(response, 415, 'INVALID_INPUT');
  });

  it('answers a body over HTTP_BODY_LIMIT_BYTES with a 413 problem', async () => {
    const response = await fetch(`${service.url}/test/echo`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...validEcho, name: 'x'.repeat(4096) }),
    });
    await expectProblem(response, 413, 'INVALID_INPUT');
  });

  it('keeps a caller-supplied UUID request id and replaces anything else', async () => {
    const mine = '0b6a5f5e-55a4-4c1b-9a51-0f7e7d0f8c11';
    const kept = await fetch(`${service.url}/no/route`, { headers: { 'X-Request-Id': mine } });
    expect(kept.headers.get('x-request-id')).toBe(mine);
    expect(((await kept.json()) as Problem).instance).toBe(`urn:uuid:${mine}`);
    const replaced = await fetch(`${service.url}/no/route`, { headers: { 'X-Request-Id': 'drop table; --' } });
    expect(replaced.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('logs one structured line per request with its request id', async () => {
    const response = await fetch(`${service.url}/.well-known/mcp`);
    const requestId = response.headers.get('x-request-id');
    const lines = logs.lines().filter((line) => line.reqId === requestId);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ msg: 'request completed', method: 'GET', url: '/.well-known/mcp', statusCode: 200 });
  });

  it('answers liveness and readiness, checking PostgreSQL and Redis', async () => {
    expect((await getJson(`${service.url}/health/live`)).body).toEqual({ status: 'ok' });
    const { response, body } = await getJson(`${service.url}/health/ready`);
    expect(response.status).toBe(200);
    expect(body).toEqual({ status: 'ok', checks: { database: 'up', redis: 'up' } });
  });
});

describe('graceful shutdown', () => {
  it('finishes an in-flight request before closing', async () => {
    const service = await startApp({ additionalModules: [TestRoutesModule] });
    const inFlight = fetch(`${service.url}/test/slow`);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const closing = service.close();
    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ finished: true });
    await closing;
    await expect(fetch(`${service.url}/health/live`)).rejects.toThrow();
  });
});

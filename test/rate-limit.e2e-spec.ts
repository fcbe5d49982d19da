import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from '@jest/globals';
import { RATE_LIMIT_HEADER } from './support/http.js';
import { PROBLEM_RECORD_SCHEMA, schemaErrors } from './support/schemas.js';
import { startApp, type RunningApp } from './support/test-app.js';

const MANIFEST = '/.well-known/mcp';

describe('rate limiting', () => {
  const running: RunningApp[] = [];
  const start = async (env: Record<string, string | undefined>) => {
    const service = await startApp({ env });
    running.push(service);
    return service;
  };
  afterEach(async () => {
    await Promise.all(running.splice(0).map((service) => service.close()));
  });

  const remainingOf = (response: Response) => Number(response.headers.get('ratelimit')!.match(RATE_LIMIT_HEADER)![2]);

  it('counts down remaining and refuses request N+1 in the window with 429, Retry-After and a problem record', async () => {
    const service = await start({ RATE_LIMIT_DISCOVERY: '3/60' });
    const allowed = [];
    for (let i = 0; i < 3; i++) allowed.push(await fetch(`${service.url}${MANIFEST}`));
    expect(allowed.map((response) => response.status)).toEqual([200, 200, 200]);
    expect(allowed.map(remainingOf)).toEqual([2, 1, 0]);

    const refused = await fetch(`${service.url}${MANIFEST}`);
    expect(refused.status).toBe(429);
    const retryAfter = refused.headers.get('retry-after')!;
    expect(retryAfter).toMatch(/^\d+$/);
    expect(Number(retryAfter)).toBeGreaterThanOrEqual(1);
    expect(Number(retryAfter)).toBeLessThanOrEqual(60);
    expect(refused.headers.get('ratelimit')).toBe(`limit=3, remaining=0, reset=${retryAfter}`);
    expect(refused.headers.get('ratelimit-policy')).toBe('3;w=60');
    expect(refused.headers.get('content-type')).toBe('application/problem+json; charset=utf-8');
    const problem = await refused.json();
    expect(schemaErrors(PROBLEM_RECORD_SCHEMA, problem)).toEqual([]);
    expect(problem).toMatchObject({ status: 429, code: 'RATE_LIMITED', title: 'Too many requests' });
  });

  it('shares one count between two instances that share Redis', async () => {
    const sharedPrefix = `test-shared-${randomUUID()}`;
    const first = await start({ RATE_LIMIT_DISCOVERY: '3/60', REDIS_KEY_PREFIX: sharedPrefix });
    const second = await start({ RATE_LIMIT_DISCOVERY: '3/60', REDIS_KEY_PREFIX: sharedPrefix });
    expect((await fetch(`${first.url}${MANIFEST}`)).status).toBe(200);
    expect((await fetch(`${second.url}${MANIFEST}`)).status).toBe(200);
    expect(remainingOf(await fetch(`${first.url}${MANIFEST}`))).toBe(0);
    expect((await fetch(`${second.url}${MANIFEST}`)).status).toBe(429);
  });

  it('keeps counters in memory when REDIS_URL is unset', async () => {
    const service = await start({ REDIS_URL: undefined, RATE_LIMIT_DISCOVERY: '1/60' });
    expect((await fetch(`${service.url}${MANIFEST}`)).status).toBe(200);
    expect((await fetch(`${service.url}${MANIFEST}`)).status).toBe(429);
    expect(await fetch(`${service.url}/health/ready`).then((response) => response.json())).toEqual({ status: 'ok', checks: { database: 'up' } });
  });

  it.each([
    ['a hop count (1)', '1'],
    ["the proxy's address", '127.0.0.1'],
  ])('counts per client named by the trusted proxy when TRUST_PROXY is %s', async (_kind, trust) => {
    const service = await start({ RATE_LIMIT_DISCOVERY: '1/60', TRUST_PROXY: trust });
    const asClient = (forwardedFor: string) => fetch(`${service.url}${MANIFEST}`, { headers: { 'X-Forwarded-For': forwardedFor } });
    expect((await asClient('203.0.113.7')).status).toBe(200);
    expect((await asClient('203.0.113.7')).status).toBe(429);
    expect((await asClient('198.51.100.23')).status).toBe(200);
  });

  it.each([
    ['a hop count (1)', '1'],
    ["the proxy's address", '127.0.0.1'],
  ])('lets no client behind an appending proxy choose its own address when TRUST_PROXY is %s', async (_kind, trust) => {
    const service = await start({ RATE_LIMIT_DISCOVERY: '1/60', TRUST_PROXY: trust });
    // What an appending proxy forwards: whatever the client sent, then the address it saw.
    const spoofing = (claimed: string) => fetch(`${service.url}${MANIFEST}`, { headers: { 'X-Forwarded-For': `${claimed}, 203.0.113.7` } });
    expect((await spoofing('6.6.6.6')).status).toBe(200);
    expect((await spoofing('6.6.6.7')).status).toBe(429);
  });

  it('ignores X-Forwarded-For when TRUST_PROXY is false', async () => {
    const service = await start({ RATE_LIMIT_DISCOVERY: '1/60' });
    expect((await fetch(`${service.url}${MANIFEST}`, { headers: { 'X-Forwarded-For': '203.0.113.7' } })).status).toBe(200);
    expect((await fetch(`${service.url}${MANIFEST}`, { headers: { 'X-Forwarded-For': '198.51.100.23' } })).status).toBe(429);
  });

  it('counts every discovery route against one discovery limit and never limits health checks', async () => {
    const service = await start({ RATE_LIMIT_DISCOVERY: '1/60' });
    await fetch(`${service.url}${MANIFEST}`);
    expect((await fetch(`${service.url}/llms.txt`)).status).toBe(429);
    for (let i = 0; i < 3; i++) expect((await fetch(`${service.url}/health/live`)).status).toBe(200);
  });
});

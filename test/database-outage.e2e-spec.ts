import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { setTimeout as sleep } from 'node:timers/promises';
import { capturingLogger } from './support/log-capture.js';
import { clientCredentialsToken, postToolCall, registerMachine } from './support/mcp-helpers.js';
import { TcpCutter } from './support/tcp-cutter.js';
import { startApp, type RunningApp } from './support/test-app.js';
import { TEST_DATABASE_URL } from './support/test-environment.js';

describe('while PostgreSQL is unreachable', () => {
  const database = new TcpCutter(new URL(TEST_DATABASE_URL()).hostname, Number(new URL(TEST_DATABASE_URL()).port || 5432));
  const logs = capturingLogger();
  let service: RunningApp;
  let token: string;
  let credentials: string;

  beforeAll(async () => {
    await database.start();
    const url = new URL(TEST_DATABASE_URL());
    url.host = `127.0.0.1:${database.port}`;
    service = await startApp({ logger: logs.logger, env: { DATABASE_URL: url.toString() } });
    const registration = await registerMachine(service.url, 'outage');
    credentials = Buffer.from(`${registration.client_id}:${registration.client_secret}`).toString('base64');
    token = await clientCredentialsToken(service.url, registration);
    database.sever();
  });
  afterAll(async () => {
    database.restore();
    await service?.close();
    await database.stop();
  });

  const tokenRequest = () =>
    fetch(`${service.url}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Basic ${credentials}` },
      body: 'grant_type=client_credentials',
    });
  const createWorkspace = () => postToolCall(service.url, token, 'create_deal_workspace', { clientName: 'Outage Ltd' });

  it('answers the token endpoint with 503 and Retry-After', async () => {
    const response = await tokenRequest();
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('5');
    expect(await response.json()).toMatchObject({ status: 503, detail: "The service's database is unavailable; retry in 5 seconds." });
  });

  it('answers a tool call with a retryable tool error', async () => {
    const response = await createWorkspace();
    expect(response.status).toBe(200);
    const answer = (await response.json()) as { result: { isError: boolean; content: { text: string }[] } };
    expect(answer.result.isError).toBe(true);
    expect(JSON.parse(answer.result.content[0].text)).toEqual({
      error: { code: 'INTERNAL_ERROR', message: "The service's database is unavailable; retry in 5 seconds.", retryAfterSeconds: 5 },
      hint: 'Nothing was changed; call again in 5 seconds.',
    });
  });

  it('says so in the log once, not per request, and once more when it is back', async () => {
    for (let i = 0; i < 3; i++) await tokenRequest();
    const outageLines = () => logs.lines().filter((line) => String(line.msg).startsWith('database unavailable'));
    expect(outageLines()).toHaveLength(1);
    expect(logs.lines().filter((line) => line.msg === 'request failed')).toEqual([]);

    database.restore();
    let response = await tokenRequest();
    for (let tries = 0; response.status !== 200 && tries < 50; tries++) {
      await sleep(100);
      response = await tokenRequest();
    }
    expect(response.status).toBe(200);
    expect(logs.lines().filter((line) => line.msg === 'database reachable again')).toHaveLength(1);
    expect(outageLines()).toHaveLength(1);
  });
});

import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { BrowserlessAgent, pkcePair, registerClient, tokenRequest, uniqueEmail } from './support/oauth-helpers.js';
import { TcpCutter } from './support/tcp-cutter.js';
import { startApp, type RunningApp } from './support/test-app.js';
import { TEST_REDIS_URL } from './support/test-environment.js';

describe('while Redis is down for one replica', () => {
  const redis = new TcpCutter(new URL(TEST_REDIS_URL()).hostname, Number(new URL(TEST_REDIS_URL()).port || 6379));
  let replicaOne: RunningApp;
  let replicaTwo: RunningApp;

  beforeAll(async () => {
    await redis.start();
    const shared = { REDIS_KEY_PREFIX: `test-${randomUUID()}`, TOKEN_REVOCATION_SYNC_SECONDS: '1', RATE_LIMIT_SIGN_IN_ADDRESS: '1000/900' };
    replicaOne = await startApp({ env: { ...shared, REDIS_URL: `redis://127.0.0.1:${redis.port}` } });
    replicaTwo = await startApp({ env: shared });
  });
  afterAll(async () => {
    await replicaOne?.close();
    await replicaTwo?.close();
    await redis.stop();
  });

  it('reaches the other replica within TOKEN_REVOCATION_SYNC_SECONDS', async () => {
    const redirectUri = 'http://127.0.0.1/callback';
    const client = await registerClient(replicaOne.url, { client_name: 'replicas', redirect_uris: [redirectUri], token_endpoint_auth_method: 'none' });
    const person = new BrowserlessAgent(replicaOne.url);
    await person.signUp(uniqueEmail());
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
    const exchange = { grant_type: 'authorization_code', code, code_verifier: verifier, redirect_uri: redirectUri, client_id: client.client_id };
    const { access_token: accessToken } = (await (await tokenRequest(replicaOne.url, exchange)).json()) as { access_token: string };
    const account = () => fetch(`${replicaTwo.url}/account`, { headers: { authorization: `Bearer ${accessToken}` } }).then((response) => response.status);
    expect(await account()).toBe(200);

    redis.sever();
    // Replaying the code revokes everything it issued (RFC 6749 4.1.2), on replica one, with Redis down.
    expect((await tokenRequest(replicaOne.url, exchange)).status).toBe(400);
    expect((await fetch(`${replicaOne.url}/account`, { headers: { authorization: `Bearer ${accessToken}` } })).status).toBe(401);

    let status = await account();
    for (let tries = 0; status === 200 && tries < 50; tries++) {
      await sleep(100);
      status = await account();
    }
    expect(status).toBe(401);
  });

  it('still registers machine clients, counting them in memory until Redis is back', async () => {
    const register = () =>
      fetch(`${replicaOne.url}/oauth/m2m/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"client_name":"during the outage"}',
      });
    expect((await register()).status).toBe(200);
    const statuses = [await register(), await register(), await register()].map((response) => response.status);
    // The insurance limiter holds the same limit per replica: 3 per address per 24 hours.
    expect(statuses).toEqual([200, 200, 429]);
  });
});

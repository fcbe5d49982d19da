import { describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { BrowserlessAgent, hiddenInputs, uniqueEmail } from './support/oauth-helpers.js';
import { appForSuite } from './support/test-app.js';

const PASSWORD = 'correct horse battery staple';

describe('sign-up, sign-in and sign-out pages', () => {
  const service = appForSuite({ env: { TRUST_PROXY: '1', RATE_LIMIT_SIGN_IN_EMAIL: '4/900', RATE_LIMIT_SIGN_IN_ADDRESS: '8/900' } });
  let nextAddress = 1;
  /** Each agent comes from its own address, so the per-address limit only bites where a test wants it to. */
  const agent = (address = `203.0.113.${nextAddress++}`) => new BrowserlessAgent(service.url, { 'x-forwarded-for': address });
  const userCount = async (email: string) =>
    Number((await service.app.get(DataSource).query('SELECT count(*) FROM users WHERE email_normalized = $1', [email.toLowerCase()]))[0].count);

  describe('the pages', () => {
    it('label the Email and Password fields and name the buttons', async () => {
      for (const [path, button] of [
        ['/sign-in', 'Sign in'],
        ['/sign-up', 'Create account'],
      ]) {
        const page = await (await agent().get(path)).text();
        expect(page).toContain('<label for="email">Email</label>');
        expect(page).toMatch(/<input id="email" name="email" type="email"/);
        expect(page).toContain('<label for="password">Password</label>');
        expect(page).toMatch(/<input id="password" name="password" type="password"/);
        expect(page).toContain(`<button type="submit">${button}</button>`);
        expect(page).toContain('<html lang="en">');
      }
    });

    it('offer a Create account link from sign-in that keeps where to return', async () => {
      const page = await (await agent().get('/sign-in?return_to=%2Foauth%2Fauthorize%3Fclient_id%3Dx')).text();
      expect(page).toContain('<a href="/sign-up?return_to=%2Foauth%2Fauthorize%3Fclient_id%3Dx">Create account</a>');
    });

    it('forbid framing and send no CORS headers, even to a cross-origin request', async () => {
      const response = await fetch(`${service.url}/sign-in`, { headers: { origin: 'https://evil.example' } });
      expect(response.headers.get('x-frame-options')).toBe('DENY');
      expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(response.headers.get('access-control-allow-origin')).toBeNull();
      const preflight = await fetch(`${service.url}/sign-in`, {
        method: 'OPTIONS',
        headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
      });
      expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    });

    it('are not cached and are left out of the OpenAPI document', async () => {
      expect((await agent().get('/sign-in')).headers.get('cache-control')).toBe('no-store');
      const document = (await (await fetch(`${service.url}/openapi.json`)).json()) as { paths: Record<string, unknown> };
      expect(Object.keys(document.paths).filter((path) => /sign-(in|up|out)|signed-in/.test(path))).toEqual([]);
    });
  });

  describe('sign-up', () => {
    it('creates the account, signs the person in and returns to the requested page', async () => {
      const person = agent();
      const email = uniqueEmail();
      const page = await (await person.get('/sign-up?return_to=%2Fsigned-in%3Ffrom%3Dtest')).text();
      const response = await person.postForm('/sign-up', { ...hiddenInputs(page), email, password: PASSWORD });
      expect(response.status).toBe(303);
      expect(response.headers.get('location')).toBe('/signed-in?from=test');
      expect(await (await person.get('/signed-in')).text()).toContain(`You are signed in as <strong>${email}</strong>`);
    });

    it('sets a session cookie that is HttpOnly, SameSite=Lax and Secure when the service URL is https', async () => {
      const person = agent();
      const response = await person.signUp(uniqueEmail());
      const session = response.headers.getSetCookie().find((cookie) => cookie.startsWith('__Host-uw_session='));
      expect(session).toMatch(/; HttpOnly/);
      expect(session).toMatch(/; SameSite=Lax/);
      expect(session).toMatch(/; Secure/);
      expect(session).toMatch(/; Path=\//);
    });

    it('refuses a form without the CSRF token and creates nothing', async () => {
      const person = agent();
      await person.get('/sign-up');
      const email = uniqueEmail();
      const response = await person.postForm('/sign-up', { email, password: PASSWORD });
      expect(response.status).toBe(403);
      expect(await response.text()).toContain('This form expired');
      expect(await userCount(email)).toBe(0);
    });

    it('refuses a CSRF token that does not match the browser cookie (a cross-site post)', async () => {
      const attacker = agent();
      const victim = agent();
      const attackerToken = hiddenInputs(await (await attacker.get('/sign-up')).text()).csrf_token;
      await victim.get('/sign-up');
      const email = uniqueEmail();
      expect((await victim.postForm('/sign-up', { csrf_token: attackerToken, email, password: PASSWORD })).status).toBe(403);
      expect(await userCount(email)).toBe(0);
    });

    it('refuses an email already registered in another case, next to the Email field', async () => {
      const email = uniqueEmail();
      await agent().signUp(email);
      const response = await agent().signUp(email.toUpperCase());
      expect(response.status).toBe(409);
      const page = await response.text();
      expect(page).toMatch(/<input id="email"[^>]* aria-invalid="true" aria-describedby="email-error">/);
      expect(page).toContain('<p class="error" id="email-error">An account with this email already exists: sign in instead.</p>');
    });

    it('lets exactly one of two concurrent sign-ups with one email succeed', async () => {
      const email = uniqueEmail('race');
      const statuses = await Promise.all([agent().signUp(email), agent().signUp(email), agent().signUp(email)]).then((responses) =>
        responses.map((r) => r.status).sort(),
      );
      expect(statuses).toEqual([303, 409, 409]);
      expect(await userCount(email)).toBe(1);
    });

    it('refuses a short password next to the Password field and keeps the email typed', async () => {
      const email = uniqueEmail();
      const response = await agent().submit('/sign-up', '/sign-up', { email, password: 'short' });
      expect(response.status).toBe(400);
      const page = await response.text();
      expect(page).toContain('<p class="error" id="password-error">Use at least 12 characters.</p>');
      expect(page).toContain(`value="${email}"`);
      expect(await userCount(email)).toBe(0);
    });

    it('echoes markup typed as the email inertly', async () => {
      const response = await agent().submit('/sign-up', '/sign-up', { email: '"><script>alert(1)</script>', password: PASSWORD });
      expect(response.status).toBe(400);
      const page = await response.text();
      expect(page).not.toContain('<script>');
      expect(page).toContain('value="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
    });
  });

  describe('sign-in', () => {
    it('signs in with the right password and returns to a path on this site', async () => {
      const email = uniqueEmail();
      await agent().signUp(email, PASSWORD);
      const person = agent();
      const response = await person.submit('/sign-in?return_to=%2Fsigned-in%3Fx%3D1', '/sign-in', { email: email.toUpperCase(), password: PASSWORD });
      expect(response.status).toBe(303);
      expect(response.headers.get('location')).toBe('/signed-in?x=1');
      expect(person.jar.get('__Host-uw_session')).toBeDefined();
    });

    it.each(['https://evil.example/', '//evil.example/', '/\\evil.example/'])('never redirects off the site (return_to=%s)', async (returnTo) => {
      const email = uniqueEmail();
      await agent().signUp(email, PASSWORD);
      const response = await agent().submit(`/sign-in?return_to=${encodeURIComponent(returnTo)}`, '/sign-in', { email, password: PASSWORD });
      expect(response.headers.get('location')).toBe('/signed-in');
    });

    it('refuses a wrong password next to the Password field, without a session', async () => {
      const email = uniqueEmail();
      await agent().signUp(email, PASSWORD);
      const person = agent();
      const response = await person.submit('/sign-in', '/sign-in', { email, password: 'not the password at all' });
      expect(response.status).toBe(401);
      expect(await response.text()).toContain('<p class="error" id="password-error">The email or password is incorrect.</p>');
      expect(person.jar.get('__Host-uw_session')).toBeUndefined();
    });

    it('answers an unknown email exactly like a wrong password', async () => {
      const response = await agent().submit('/sign-in', '/sign-in', { email: uniqueEmail('nobody'), password: PASSWORD });
      expect(response.status).toBe(401);
      expect(await response.text()).toContain('The email or password is incorrect.');
    });

    it('refuses a sign-in without the CSRF token', async () => {
      const email = uniqueEmail();
      await agent().signUp(email, PASSWORD);
      const person = agent();
      await person.get('/sign-in');
      expect((await person.postForm('/sign-in', { email, password: PASSWORD })).status).toBe(403);
      expect(person.jar.get('__Host-uw_session')).toBeUndefined();
    });

    it('limits attempts per email across addresses, then answers 429 with Retry-After, even for the right password', async () => {
      const email = uniqueEmail();
      await agent().signUp(email, PASSWORD);
      for (let attempt = 0; attempt < 4; attempt++) {
        expect((await agent().submit('/sign-in', '/sign-in', { email, password: 'wrong password here' })).status).toBe(401);
      }
      const refused = await agent().submit('/sign-in', '/sign-in', { email, password: PASSWORD });
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(await refused.text()).toMatch(/<p class="error" id="email-error">Too many sign-in attempts. Try again in \d+ minutes?.<\/p>/);
    });

    it('limits attempts per address across emails', async () => {
      const person = agent();
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 9; attempt++) {
        statuses.push((await person.submit('/sign-in', '/sign-in', { email: uniqueEmail('spray'), password: 'some password 123' })).status);
      }
      expect(statuses).toEqual([401, 401, 401, 401, 401, 401, 401, 401, 429]);
    });
  });

  describe('sign-out', () => {
    it('ends the session server-side, so the old cookie no longer signs anyone in', async () => {
      const person = agent();
      await person.signUp(uniqueEmail());
      const oldCookie = person.jar.header();
      const signedIn = await person.get('/signed-in');
      const response = await person.postForm('/sign-out', hiddenInputs(await signedIn.text()));
      expect(response.status).toBe(303);
      expect(response.headers.get('location')).toBe('/sign-in?signed_out=1');
      const replayed = await fetch(`${service.url}/signed-in`, { redirect: 'manual', headers: { cookie: oldCookie } });
      expect(replayed.status).toBe(303);
      expect(replayed.headers.get('location')).toBe('/sign-in');
    });

    it('lands on the sign-in page with a notice that says the person signed out', async () => {
      const person = agent();
      await person.signUp(uniqueEmail());
      const signedOut = await person.postForm('/sign-out', hiddenInputs(await (await person.get('/signed-in')).text()));
      const page = await (await person.get(signedOut.headers.get('location')!)).text();
      expect(page).toContain('<p class="notice" role="status">You have signed out. Sign in again, or with another account.</p>');
      expect(await (await person.get('/sign-in')).text()).not.toContain('You have signed out');
    });

    it('refuses a sign-out without the CSRF token, keeping the session', async () => {
      const person = agent();
      await person.signUp(uniqueEmail());
      expect((await person.postForm('/sign-out', {})).status).toBe(403);
      expect((await person.get('/signed-in')).status).toBe(200);
    });

    it('refuses a CSRF token taken from another session, even with the CSRF cookie that went with it', async () => {
      const attacker = agent();
      await attacker.signUp(uniqueEmail());
      const attackerForm = hiddenInputs(await (await attacker.get('/signed-in')).text());
      const victim = agent();
      await victim.signUp(uniqueEmail());
      victim.jar.set('__Host-uw_csrf', attacker.jar.get('__Host-uw_csrf')!);
      expect((await victim.postForm('/sign-out', attackerForm)).status).toBe(403);
      expect((await victim.get('/signed-in')).status).toBe(200);
    });

    it('names its cookies with the __Host- prefix on https', async () => {
      const person = agent();
      const response = await person.get('/sign-in');
      expect(response.headers.getSetCookie().map((cookie) => cookie.split('=')[0])).toEqual(['__Host-uw_csrf']);
      const signedUp = await person.signUp(uniqueEmail());
      expect(signedUp.headers.getSetCookie().some((cookie) => /^__Host-uw_session=[^;]+; .*Path=\/; .*Secure/.test(cookie))).toBe(true);
    });
  });
});

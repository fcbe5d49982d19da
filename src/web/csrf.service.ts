import { Injectable } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { constantTimeEqual, randomToken, sha256 } from '../common/crypto/random-token.js';
import { AppConfig } from '../config/app-config.js';
import { cookieName } from './cookies.js';

/**
 * CSRF protection for the server-rendered forms, bound to the web session: a random value lives
 * in an HttpOnly, SameSite=Lax cookie, and the form's `csrf_token` field carries a digest of that
 * value and the browser's session cookie (none before sign-in). A cross-site page can make a
 * browser post a form but can read neither cookie; and a token taken from one session is worthless
 * in another, even with the CSRF cookie that went with it.
 */
@Injectable()
export class CsrfService {
  private readonly csrfCookie: string;
  private readonly sessionCookie: string;
  private readonly secure: boolean;

  constructor(config: AppConfig) {
    this.secure = config.agentsUrl.startsWith('https://');
    this.csrfCookie = cookieName('uw_csrf', this.secure);
    this.sessionCookie = cookieName('uw_session', this.secure);
  }

  /** The token for a form on this page, for the browser's current CSRF cookie (set if it has none) and session. */
  issue(request: FastifyRequest, reply: FastifyReply): string {
    let secret = request.cookies[this.csrfCookie];
    if (!secret || !/^[A-Za-z0-9_-]{43}$/.test(secret)) {
      secret = randomToken();
      void reply.setCookie(this.csrfCookie, secret, { httpOnly: true, sameSite: 'lax', secure: this.secure, path: '/' });
    }
    return this.tokenFor(secret, request);
  }

  /** Whether the posted form carries this browser's token for its current session: false for a cross-site, stale or transplanted post. */
  verify(request: FastifyRequest, form: Record<string, unknown>): boolean {
    const secret = request.cookies[this.csrfCookie];
    const field = form.csrf_token;
    return Boolean(secret) && typeof field === 'string' && constantTimeEqual(this.tokenFor(secret!, request), field);
  }

  private tokenFor(secret: string, request: FastifyRequest): string {
    return sha256(`${secret}|${request.cookies[this.sessionCookie] ?? ''}`);
  }
}

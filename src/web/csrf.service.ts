import { Injectable } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { constantTimeEqual, randomToken } from '../common/crypto/random-token.js';
import { AppConfig } from '../config/app-config.js';

const COOKIE = 'uw_csrf';

/**
 * Double-submit CSRF protection for the server-rendered forms: a random value in an HttpOnly,
 * SameSite=Lax cookie must come back in the form's `csrf_token` field. A cross-site page can make
 * a browser post a form, but can neither read the cookie nor set it.
 */
@Injectable()
export class CsrfService {
  private readonly secure: boolean;

  constructor(config: AppConfig) {
    this.secure = config.agentsUrl.startsWith('https://');
  }

  /** The token for a form on this page (the browser's existing one, or a new one). */
  issue(request: FastifyRequest, reply: FastifyReply): string {
    const existing = request.cookies[COOKIE];
    if (existing && /^[A-Za-z0-9_-]{43}$/.test(existing)) return existing;
    const token = randomToken();
    void reply.setCookie(COOKIE, token, { httpOnly: true, sameSite: 'lax', secure: this.secure, path: '/' });
    return token;
  }

  /** Whether the posted form carries the browser's token: false for a cross-site or stale post. */
  verify(request: FastifyRequest, form: Record<string, unknown>): boolean {
    const cookie = request.cookies[COOKIE];
    const field = form.csrf_token;
    return Boolean(cookie) && typeof field === 'string' && constantTimeEqual(cookie!, field);
  }
}

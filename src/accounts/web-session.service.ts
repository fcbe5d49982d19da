import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { MoreThan, Repository } from 'typeorm';
import { randomToken, sha256 } from '../common/crypto/random-token.js';
import { AppConfig } from '../config/app-config.js';
import { cookieName } from '../web/cookies.js';
import { User } from './user.entity.js';
import { WebSession } from './web-session.entity.js';

const SESSION_SECONDS = 12 * 3600;

export interface SignedInPerson {
  userId: string;
  accountId: string;
  email: string;
}

/** Browser sessions of the sign-in and consent pages: a random id in a cookie, its digest in the table. */
@Injectable()
export class WebSessionService {
  private readonly secure: boolean;
  private readonly cookie: string;

  constructor(
    @InjectRepository(WebSession) private readonly sessions: Repository<WebSession>,
    @InjectRepository(User) private readonly users: Repository<User>,
    config: AppConfig,
  ) {
    this.secure = config.agentsUrl.startsWith('https://');
    this.cookie = cookieName('uw_session', this.secure);
  }

  async start(reply: FastifyReply, user: User): Promise<void> {
    const id = randomToken();
    await this.sessions.insert({ idHash: sha256(id), userId: user.id, accountId: user.accountId, expiresAt: new Date(Date.now() + SESSION_SECONDS * 1000) });
    void reply.setCookie(this.cookie, id, { httpOnly: true, sameSite: 'lax', secure: this.secure, path: '/', maxAge: SESSION_SECONDS });
  }

  async current(request: FastifyRequest): Promise<SignedInPerson | null> {
    const id = request.cookies[this.cookie];
    if (!id) return null;
    const session = await this.sessions.findOneBy({ idHash: sha256(id), expiresAt: MoreThan(new Date()) });
    if (!session) return null;
    const user = await this.users.findOneBy({ id: session.userId });
    return user ? { userId: user.id, accountId: user.accountId, email: user.email } : null;
  }

  async end(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const id = request.cookies[this.cookie];
    if (id) await this.sessions.delete({ idHash: sha256(id) });
    void reply.clearCookie(this.cookie, { path: '/' });
  }
}

import { Body, Controller, Get, Post, Query, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { RateLimiterService } from '../common/rate-limit/rate-limiter.service.js';
import { CsrfService } from '../web/csrf.service.js';
import { formFields, formText } from '../web/form.js';
import { sendPage } from '../web/html.js';
import { AccountsService, FieldProblem, normalizeEmail } from './accounts.service.js';
import { safeReturnPath } from './return-path.js';
import { expiredFormPage, SIGNED_OUT_NOTICE, signedInPage, signedOutPath, signInPage, signUpPage, type CredentialsForm } from './sign-in-pages.js';
import { WebSessionService } from './web-session.service.js';

/**
 * The server-rendered sign-up, sign-in and sign-out pages a person meets during the OAuth
 * authorization flow. Not part of the API: excluded from the OpenAPI document, no CORS.
 */
@ApiExcludeController()
@Controller()
export class SignInController {
  constructor(
    private readonly accounts: AccountsService,
    private readonly sessions: WebSessionService,
    private readonly csrf: CsrfService,
    private readonly rateLimiter: RateLimiterService,
  ) {}

  @Get('sign-in')
  async signInForm(
    @Query('return_to') returnTo: unknown,
    @Query('signed_out') signedOut: unknown,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const destination = safeReturnPath(returnTo);
    if (await this.sessions.current(request)) return void reply.redirect(destination, 303);
    const notice = signedOut === '1' ? SIGNED_OUT_NOTICE : undefined;
    sendPage(reply, 200, signInPage({ csrfToken: this.csrf.issue(request, reply), returnTo: destination, notice }));
  }

  @Post('sign-in')
  async signIn(@Body() body: unknown, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const form = formFields(body);
    const returnTo = safeReturnPath(form.return_to);
    if (!this.csrf.verify(request, form)) return sendPage(reply, 403, expiredFormPage(`/sign-in?return_to=${encodeURIComponent(returnTo)}`));
    const email = formText(form, 'email');
    const page = (status: number, errors: CredentialsForm['errors'], headers?: Record<string, string>) =>
      sendPage(reply, status, signInPage({ csrfToken: this.csrf.issue(request, reply), returnTo, email, errors }), { headers });
    if (!email) return page(400, { email: 'Enter your email address.' });

    // Both limits count every attempt: per email against guessing one person's password, per
    // address against trying one password on many people.
    const limits = await Promise.all([
      this.rateLimiter.consume('signInPerAddress', request.ip),
      this.rateLimiter.consume('signInPerEmail', normalizeEmail(email)),
    ]);
    const refused = limits.find((decision) => !decision.allowed);
    if (refused) {
      const minutes = Math.ceil(refused.resetSeconds / 60);
      return page(
        429,
        { email: `Too many sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.` },
        { 'Retry-After': String(refused.resetSeconds) },
      );
    }

    const user = await this.accounts.verifyCredentials(email, formText(form, 'password'));
    if (!user) return page(401, { password: 'The email or password is incorrect.' });
    await this.sessions.start(reply, user);
    reply.redirect(returnTo, 303);
  }

  @Get('sign-up')
  async signUpForm(@Query('return_to') returnTo: unknown, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    sendPage(reply, 200, signUpPage({ csrfToken: this.csrf.issue(request, reply), returnTo: safeReturnPath(returnTo) }));
  }

  @Post('sign-up')
  async signUp(@Body() body: unknown, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const form = formFields(body);
    const returnTo = safeReturnPath(form.return_to);
    if (!this.csrf.verify(request, form)) return sendPage(reply, 403, expiredFormPage(`/sign-up?return_to=${encodeURIComponent(returnTo)}`));
    const email = formText(form, 'email');
    const page = (status: number, errors: CredentialsForm['errors'], headers?: Record<string, string>) =>
      sendPage(reply, status, signUpPage({ csrfToken: this.csrf.issue(request, reply), returnTo, email, errors }), { headers });

    const limit = await this.rateLimiter.consume('signInPerAddress', request.ip);
    if (!limit.allowed) return page(429, { email: 'Too many attempts from this network. Try again later.' }, { 'Retry-After': String(limit.resetSeconds) });

    try {
      const user = await this.accounts.createHumanAccount(email, formText(form, 'password'));
      await this.sessions.start(reply, user);
      reply.redirect(returnTo, 303);
    } catch (error) {
      if (error instanceof FieldProblem) return page(error.status, { [error.field]: error.message });
      throw error;
    }
  }

  @Post('sign-out')
  async signOut(@Body() body: unknown, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const form = formFields(body);
    if (!this.csrf.verify(request, form)) return sendPage(reply, 403, expiredFormPage('/signed-in'));
    await this.sessions.end(request, reply);
    // From the consent page ("Not you?"), the next person signs in and lands on the same request.
    reply.redirect(signedOutPath(safeReturnPath(form.return_to)), 303);
  }

  @Get('signed-in')
  async signedIn(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const person = await this.sessions.current(request);
    if (!person) return void reply.redirect('/sign-in', 303);
    sendPage(reply, 200, signedInPage({ email: person.email, csrfToken: this.csrf.issue(request, reply) }));
  }
}

import { Body, Controller, Get, Post, Query, Req, Res } from '@nestjs/common';
import { ApiExcludeEndpoint, ApiFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { WebSessionService } from '../../accounts/web-session.service.js';
import { ApiProblemResponses } from '../../common/http/api-responses.decorator.js';
import { CsrfService } from '../../web/csrf.service.js';
import { formFields, formText } from '../../web/form.js';
import { sendPage } from '../../web/html.js';
import { AUTHORIZATION_PARAMETERS, AuthorizationService, UnredirectableAuthorizationError, type AuthorizationOutcome } from './authorization.service.js';
import { authorizationErrorPage, consentPage } from './consent-page.js';

/**
 * The authorization endpoint (SERVICE-SPEC 4.2): a browser arrives from an OAuth client, signs in
 * if needed, sees the consent page, and goes back to the client with a code or an error.
 */
@ApiTags('OAuth')
@Controller('oauth')
export class AuthorizationController {
  constructor(
    private readonly authorization: AuthorizationService,
    private readonly sessions: WebSessionService,
    private readonly csrf: CsrfService,
  ) {}

  @Get('authorize')
  @ApiOperation({
    summary: 'Authorization endpoint: response_type=code with PKCE S256 (browser)',
    description:
      'Redirects to the sign-in page when no one is signed in, then shows a consent page; answers the client at its redirect URI with `code`, `state` and `iss`, or `error`.',
  })
  @ApiOkResponse({ description: 'The consent page, when someone is signed in', content: { 'text/html': { schema: { type: 'string' } } } })
  @ApiFoundResponse({ description: 'To the sign-in page, or to the client redirect URI with an error' })
  @ApiProblemResponses(400)
  async authorize(@Query() query: Record<string, unknown>, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const outcome = await this.validate(query, request, reply);
    if (!outcome) return;
    if (outcome.kind === 'redirect') return void reply.redirect(outcome.location, 302);
    const person = await this.sessions.current(request);
    if (!person) return void reply.redirect(`/sign-in?return_to=${encodeURIComponent(request.url)}`, 302);
    sendPage(reply, 200, consentPage({ request: outcome.request, email: person.email, csrfToken: this.csrf.issue(request, reply) }), {
      formTargets: [new URL(outcome.request.redirectUri).origin],
    });
  }

  /** The consent form: the whole request comes back and is validated again, never trusted. */
  @Post('authorize')
  @ApiExcludeEndpoint()
  async decide(@Body() body: unknown, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const form = formFields(body);
    const retry = `/oauth/authorize?${new URLSearchParams(AUTHORIZATION_PARAMETERS.flatMap((name): [string, string][] => (formText(form, name) ? [[name, formText(form, name)]] : []))).toString()}`;
    if (!this.csrf.verify(request, form)) {
      return sendPage(
        reply,
        403,
        authorizationErrorPage({ error: 'access_denied', description: 'The consent form was stale or did not come from this site, so nothing was granted.' }),
      );
    }
    const person = await this.sessions.current(request);
    if (!person) return void reply.redirect(`/sign-in?return_to=${encodeURIComponent(retry)}`, 303);
    const outcome = await this.validate(form, request, reply);
    if (!outcome) return;
    if (outcome.kind === 'redirect') return void reply.redirect(outcome.location, 303);
    const decision = formText(form, 'decision');
    if (decision !== 'approve' && decision !== 'deny') {
      return sendPage(reply, 400, authorizationErrorPage({ error: 'invalid_request', description: 'Choose Allow or Deny.' }));
    }
    const location = decision === 'approve' ? await this.authorization.approve(outcome.request, person.accountId) : this.authorization.deny(outcome.request);
    reply.redirect(location, 303);
  }

  /** The outcome, or undefined once an unredirectable error was answered: a page for browsers, a problem otherwise. */
  private async validate(input: Record<string, unknown>, request: FastifyRequest, reply: FastifyReply): Promise<AuthorizationOutcome | undefined> {
    try {
      return await this.authorization.validate(input);
    } catch (error) {
      if (!(error instanceof UnredirectableAuthorizationError) || !request.headers.accept?.includes('text/html')) throw error;
      sendPage(reply, error.status, authorizationErrorPage({ error: error.error, description: error.errorDescription }));
      return undefined;
    }
  }
}

import { Body, Controller, Get, HttpCode, Param, Post, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { randomToken } from '../../common/crypto/random-token.js';
import { ResourceNotFoundException, ServiceUnavailableException } from '../../common/errors/app.exception.js';
import { html, renderPage, sendPage } from '../../web/html.js';
import { formFields } from '../../web/form.js';
import { paymentSetupPage } from './payment-setup-page.js';
import { PaymentSetupService } from './payment-setup.service.js';
import type { SubmittedAuthorization } from './wallet-authorization.js';

/** The hosted payment setup page and its wallet and sandbox submissions; the link's token is the credential. */
@ApiExcludeController()
@Controller('payment-setup')
export class PaymentSetupController {
  constructor(private readonly payments: PaymentSetupService) {}

  @Get(':token')
  async page(@Param('token') token: string, @Res() reply: FastifyReply): Promise<void> {
    try {
      const view = await this.payments.pageView(token);
      const nonce = randomToken(16);
      sendPage(reply, 200, paymentSetupPage(view, nonce), { scriptNonce: nonce, ...(view.card && { thirdParty: view.card.origins }) });
    } catch (error) {
      // A person gets a page that says what failed and what to do, never an API error body.
      if (error instanceof ServiceUnavailableException) {
        const retry = error.retryAfterSeconds ?? 30;
        sendPage(
          reply,
          503,
          renderPage({
            title: 'Payments unavailable',
            body: html`<h1>Card payments are unavailable right now</h1><p role="alert">${error.detail}</p><p>Nothing was charged. This link stays valid for its 10 minutes: reload this page in ${retry} seconds, or ask the agent for a new link later.</p>`,
          }),
          { headers: { 'Retry-After': String(retry) } },
        );
        return;
      }
      if (!(error instanceof ResourceNotFoundException)) throw error;
      sendPage(reply, 404, renderPage({ title: 'Link expired', body: html`<h1>This payment setup link expired</h1><p role="alert">${error.detail}</p>` }));
    }
  }

  @Post(':token/wallet')
  @HttpCode(200)
  wallet(@Param('token') token: string, @Body() body: unknown): Promise<{ status: 'complete' }> {
    const fields = formFields(body);
    const submitted: SubmittedAuthorization = {
      domain: formFields(fields.domain),
      message: formFields(fields.message),
      signature: fields.signature,
    };
    return this.payments.completeWithWallet(token, submitted);
  }

  /** The sandbox page's button (also one curl): no body, no money. */
  @Post(':token/sandbox')
  @HttpCode(200)
  sandbox(@Param('token') token: string): Promise<{ status: 'complete' }> {
    return this.payments.completeWithSandbox(token);
  }
}

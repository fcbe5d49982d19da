import { ExecutionContextHost } from '@nestjs/core/helpers/execution-context-host.js';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyInstance } from 'fastify';
import { ProblemExceptionFilter } from '../../web/problem-exception.filter.js';
import { AppConfig } from '../../config/app-config.js';
import { PaymentSetupService } from './payment-setup.service.js';

export const STRIPE_WEBHOOK_PATH = '/billing/stripe/webhook';

/**
 * `POST /billing/stripe/webhook`: Stripe's signature covers the exact bytes, so this route (a
 * plugin of its own) takes the body raw. `setup_intent.succeeded` completes the payment setup;
 * every other event is acknowledged and ignored.
 */
export async function installStripeWebhook(app: NestFastifyApplication): Promise<void> {
  const payments = app.get(PaymentSetupService);
  const filter = new ProblemExceptionFilter(app.get(AppConfig));
  await app.register(async (scope: FastifyInstance) => {
    scope.setErrorHandler((error, request, reply) => filter.catch(error, new ExecutionContextHost([request, reply])));
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    scope.post(STRIPE_WEBHOOK_PATH, async (request) => {
      const event = payments.verifyCardWebhook(request.body as Buffer, request.headers['stripe-signature'] as string | undefined);
      if (event.type === 'setup_intent.succeeded') await payments.completeWithCard(event.data.object);
      return { received: true };
    });
  });
}

import Stripe from 'stripe';
import { ServiceUnavailableException } from '../../common/errors/app.exception.js';
import { CardGateway, type CardPageSettings, type ChargeOutcome, type ConfirmedCardSetup, type OffSessionCharge } from './card-gateway.js';

const STRIPE_RETRY_AFTER_SECONDS = 30;

/**
 * Stripe unreachable, failing (5xx) or rate limiting: the same request may work later, so it is a
 * 503 with Retry-After to an API caller, a page saying so to a person, and an invoice attempt that
 * does not count. Card errors and refused requests keep Stripe's own error.
 */
async function unavailableAsRetryable<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (
      error instanceof Stripe.errors.StripeConnectionError ||
      error instanceof Stripe.errors.StripeAPIError ||
      error instanceof Stripe.errors.StripeRateLimitError
    ) {
      throw new ServiceUnavailableException(
        `Stripe, which takes card payments here, could not be reached; try again in ${STRIPE_RETRY_AFTER_SECONDS} seconds.`,
        STRIPE_RETRY_AFTER_SECONDS,
        'Open the payment setup link again in a moment; nothing was charged.',
      );
    }
    throw error;
  }
}

export interface StripeSettings {
  secretKey: string;
  publishableKey?: string;
  webhookSecret?: string;
  apiUrl: string;
  jsUrl: string;
}

/** The card rail on Stripe: SetupIntents for later off-session charges (PaymentIntents), and signed webhooks. */
export class StripeCardGateway extends CardGateway {
  private readonly stripe: Stripe;
  readonly page?: CardPageSettings;

  constructor(private readonly settings: StripeSettings) {
    super();
    const api = new URL(settings.apiUrl);
    this.stripe = new Stripe(settings.secretKey, {
      host: api.hostname,
      port: Number(api.port || (api.protocol === 'https:' ? 443 : 80)),
      protocol: api.protocol === 'https:' ? 'https' : 'http',
      maxNetworkRetries: 2,
      timeout: 10_000,
    });
    if (settings.publishableKey) {
      // Stripe Elements loads Stripe.js, frames Stripe's pages and calls Stripe's API.
      const js = new URL(settings.jsUrl).origin;
      this.page = {
        publishableKey: settings.publishableKey,
        scriptUrl: settings.jsUrl,
        origins: { scripts: [js], frames: [js, 'https://hooks.stripe.com'], connect: [api.origin] },
      };
    }
  }

  async createCustomer(sessionId: string, accountId: string): Promise<string> {
    const customer = await unavailableAsRetryable(() =>
      this.stripe.customers.create({ metadata: { account: accountId } }, { idempotencyKey: `customer-${sessionId}` }),
    );
    return customer.id;
  }

  async createSetupIntent(sessionId: string, accountId: string, customerId: string): Promise<{ id: string; clientSecret: string }> {
    const intent = await unavailableAsRetryable(() =>
      this.stripe.setupIntents.create(
        { usage: 'off_session', customer: customerId, metadata: { payment_setup_session: sessionId, account: accountId } },
        { idempotencyKey: `setup-${sessionId}` },
      ),
    );
    return { id: intent.id, clientSecret: intent.client_secret! };
  }

  async chargeOffSession(charge: OffSessionCharge): Promise<ChargeOutcome> {
    try {
      const intent = await unavailableAsRetryable(() =>
        this.stripe.paymentIntents.create(
          {
            amount: charge.amountCents,
            currency: 'usd',
            customer: charge.customerId,
            payment_method: charge.paymentMethodId,
            off_session: true,
            confirm: true,
            description: charge.description,
          },
          { idempotencyKey: charge.idempotencyKey },
        ),
      );
      return { paymentId: intent.id, failure: intent.status === 'succeeded' ? null : `payment intent ${intent.status}` };
    } catch (error) {
      if (!(error instanceof Stripe.errors.StripeError)) throw error;
      return { paymentId: (error.raw as { payment_intent?: { id?: string } } | undefined)?.payment_intent?.id ?? null, failure: error.message.slice(0, 500) };
    }
  }

  verifyWebhook(rawBody: Buffer, signature: string | undefined): { type: string; data: { object: ConfirmedCardSetup } } {
    if (!this.settings.webhookSecret) throw new Error('STRIPE_WEBHOOK_SECRET is not configured');
    return this.stripe.webhooks.constructEvent(rawBody, signature ?? '', this.settings.webhookSecret) as unknown as {
      type: string;
      data: { object: ConfirmedCardSetup };
    };
  }
}

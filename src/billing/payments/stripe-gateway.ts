import Stripe from 'stripe';
import { ServiceUnavailableException } from '../../common/errors/app.exception.js';

const STRIPE_RETRY_AFTER_SECONDS = 30;

/**
 * Stripe unreachable, failing (5xx) or rate limiting: the same request may work later, so it is a
 * 503 with Retry-After to an API caller and a page saying so to a person. Card errors and refused
 * requests keep Stripe's own error.
 */
async function unavailableAsRetryable<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof Stripe.errors.StripeConnectionError || error instanceof Stripe.errors.StripeAPIError || error instanceof Stripe.errors.StripeRateLimitError) {
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

/** The card rail's port to Stripe: SetupIntents for later off-session charges, and signed webhooks. */
export class StripeGateway {
  private readonly stripe: Stripe;

  constructor(readonly settings: StripeSettings) {
    const api = new URL(settings.apiUrl);
    this.stripe = new Stripe(settings.secretKey, {
      host: api.hostname,
      port: Number(api.port || (api.protocol === 'https:' ? 443 : 80)),
      protocol: api.protocol === 'https:' ? 'https' : 'http',
      maxNetworkRetries: 2,
      timeout: 10_000,
    });
  }

  /** A Customer to keep the card on (a card saved for off-session charges must belong to one). */
  async createCustomer(sessionId: string, accountId: string): Promise<string> {
    const customer = await unavailableAsRetryable(() => this.stripe.customers.create({ metadata: { account: accountId } }, { idempotencyKey: `customer-${sessionId}` }));
    return customer.id;
  }

  async createSetupIntent(sessionId: string, accountId: string, customerId: string): Promise<{ id: string; clientSecret: string }> {
    const intent = await unavailableAsRetryable(() =>
      this.stripe.setupIntents.create({ usage: 'off_session', customer: customerId, metadata: { payment_setup_session: sessionId, account: accountId } }, { idempotencyKey: `setup-${sessionId}` }),
    );
    return { id: intent.id, clientSecret: intent.client_secret! };
  }

  /** Charges a saved card without the person present; the idempotency key makes a retry the same charge. */
  async chargeOffSession(charge: { customerId: string; paymentMethodId: string; amountCents: number; description: string; idempotencyKey: string }): Promise<{ id: string; status: string }> {
    const intent = await this.stripe.paymentIntents.create(
      { amount: charge.amountCents, currency: 'usd', customer: charge.customerId, payment_method: charge.paymentMethodId, off_session: true, confirm: true, description: charge.description },
      { idempotencyKey: charge.idempotencyKey },
    );
    return { id: intent.id, status: intent.status };
  }

  /** The event, if the signature over the raw body is Stripe's; throws otherwise. */
  verifyWebhook(rawBody: Buffer, signature: string | undefined): Stripe.Event {
    if (!this.settings.webhookSecret) throw new Error('STRIPE_WEBHOOK_SECRET is not configured');
    return this.stripe.webhooks.constructEvent(rawBody, signature ?? '', this.settings.webhookSecret);
  }
}

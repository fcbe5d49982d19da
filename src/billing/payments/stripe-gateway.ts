import Stripe from 'stripe';

export interface StripeSettings {
  secretKey: string;
  publishableKey?: string;
  webhookSecret?: string;
  apiUrl: string;
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

  async createSetupIntent(sessionId: string, accountId: string): Promise<{ id: string; clientSecret: string }> {
    const intent = await this.stripe.setupIntents.create({ usage: 'off_session', metadata: { payment_setup_session: sessionId, account: accountId } }, { idempotencyKey: `setup-${sessionId}` });
    return { id: intent.id, clientSecret: intent.client_secret! };
  }

  /** The event, if the signature over the raw body is Stripe's; throws otherwise. */
  verifyWebhook(rawBody: Buffer, signature: string | undefined): Stripe.Event {
    if (!this.settings.webhookSecret) throw new Error('STRIPE_WEBHOOK_SECRET is not configured');
    return this.stripe.webhooks.constructEvent(rawBody, signature ?? '', this.settings.webhookSecret);
  }
}

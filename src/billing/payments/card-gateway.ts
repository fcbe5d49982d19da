/** What the hosted setup page needs to take a card in the browser, and which origins its CSP must admit for that. */
export interface CardPageSettings {
  publishableKey: string;
  scriptUrl: string;
  origins: { scripts: string[]; frames: string[]; connect: string[] };
}

/** A confirmed card setup, as the processor's webhook reports it. */
export interface ConfirmedCardSetup {
  id: string;
  payment_method?: unknown;
  customer?: unknown;
}

export interface OffSessionCharge {
  customerId: string;
  paymentMethodId: string;
  amountCents: number;
  description: string;
  idempotencyKey: string;
}

/** `failure` null: paid. Otherwise the processor's reason, and its payment id when it made one. */
export interface ChargeOutcome {
  paymentId: string | null;
  failure: string | null;
}

/**
 * The card rail's port to a card processor (Stripe is the adapter): a saved card for later
 * off-session charges, and signed webhooks. Every method throws ServiceUnavailableException when
 * the processor cannot be reached or fails on its side (a network error, a 5xx, a rate limit), so
 * that callers can tell an outage, which may pass, from a refusal (a declined card), which keeps
 * the processor's own error.
 */
export abstract class CardGateway {
  /** Unset when no publishable key is configured: the page then cannot take a card. */
  abstract readonly page?: CardPageSettings;
  /** A customer to keep the card on (a card saved for off-session charges must belong to one). */
  abstract createCustomer(sessionId: string, accountId: string): Promise<string>;
  abstract createSetupIntent(sessionId: string, accountId: string, customerId: string): Promise<{ id: string; clientSecret: string }>;
  /**
   * Charges a saved card without the person present; the idempotency key makes a retried request
   * the same charge. A refusal (a declined card) is an outcome, not an error.
   */
  abstract chargeOffSession(charge: OffSessionCharge): Promise<ChargeOutcome>;
  /** The event, if the signature over the raw body is the processor's; throws otherwise. */
  abstract verifyWebhook(rawBody: Buffer, signature: string | undefined): { type: string; data: { object: ConfirmedCardSetup } };
}

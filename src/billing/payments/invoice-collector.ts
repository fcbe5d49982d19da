import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { PeriodicTasks } from '../../jobs/periodic-tasks.js';
import { Clock } from '../../common/clock.js';
import { Sql } from '../../database/sql.js';
import { PaymentSetupService } from './payment-setup.service.js';
import type { StripeGateway } from './stripe-gateway.js';

/** After the n-th declined attempt, the next one comes this many days later; after the last, none. */
const RETRY_AFTER_DAYS = [1, 3, 5];

/**
 * Collects closed monthly invoices of the card rail: once a month is over, the total charged
 * against each card mandate is charged to the saved card off-session, once (a row per mandate and
 * month is claimed before Stripe is called, and Stripe's idempotency key makes a retried request
 * the same charge). A declined invoice is tried again after 1, 3 and 5 days. Runs every hour on
 * every replica.
 */
@Injectable()
export class InvoiceCollector implements OnApplicationBootstrap {
  private readonly logger = new Logger(InvoiceCollector.name);
  constructor(
    private readonly sql: Sql,
    private readonly payments: PaymentSetupService,
    private readonly clock: Clock,
    private readonly periodicTasks: PeriodicTasks,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.payments.stripe) return;
    this.periodicTasks.every({ name: 'collect card invoices', intervalMs: 3_600_000 }, () => this.collectClosed());
  }

  async collectClosed(): Promise<{ paid: number; failed: number }> {
    const stripe = this.payments.stripe;
    if (!stripe) return { paid: 0, failed: 0 };
    const now = this.clock.now();
    const due = await this.sql.query<DueInvoice>(
      `SELECT l.mandate_id, l.period, sum(l.amount_cents)::int AS amount_cents, m."authorization"
         FROM usage_ledger l JOIN payment_mandates m ON m.id = l.mandate_id
        WHERE m.rail = 'fiat' AND l.entry = 'commit' AND l.funding = 'charged' AND l.period < $1
          AND NOT EXISTS (SELECT 1 FROM invoice_payments p WHERE p.mandate_id = l.mandate_id AND p.period = l.period)
        GROUP BY l.mandate_id, l.period, m."authorization"`,
      [now.toISOString().slice(0, 7)],
    );
    const claimed: (DueInvoice & { attempts: number })[] = [];
    for (const invoice of due) {
      const rows = await this.sql.query(
        `INSERT INTO invoice_payments (mandate_id, period, amount_cents, status) VALUES ($1, $2, $3, 'collecting') ON CONFLICT DO NOTHING RETURNING 1`,
        [invoice.mandate_id, invoice.period, invoice.amount_cents],
      );
      if (rows.length === 1) claimed.push({ ...invoice, attempts: 1 });
    }
    // Declined invoices whose next attempt is due, claimed by the one UPDATE that moves them on.
    claimed.push(
      ...(await this.sql.query<DueInvoice & { attempts: number }>(
        `UPDATE invoice_payments p SET status = 'collecting', attempts = p.attempts + 1, next_attempt_at = NULL
           FROM payment_mandates m WHERE m.id = p.mandate_id AND p.status = 'failed' AND p.next_attempt_at <= $1
         RETURNING p.mandate_id, p.period, p.amount_cents, p.attempts, m."authorization"`,
        [now],
      )),
    );
    let paid = 0;
    let failed = 0;
    for (const invoice of claimed) {
      if (await this.collect(stripe, invoice)) paid++;
      else failed++;
    }
    return { paid, failed };
  }

  /**
   * One attempt at an invoice: paid, or failed with the next attempt scheduled (RETRY_AFTER_DAYS);
   * after the last one the mandate is unfunded, so that further calls answer 402 saying why.
   */
  private async collect(stripe: StripeGateway, invoice: DueInvoice & { attempts: number }): Promise<boolean> {
    let outcome: { paymentIntentId: string | null; failure: string | null };
    try {
      const { customer, paymentMethod } = invoice.authorization;
      if (!customer || !paymentMethod) throw new Error('the mandate holds no saved card');
      const charge = await stripe.chargeOffSession({
        customerId: customer,
        paymentMethodId: paymentMethod,
        amountCents: invoice.amount_cents,
        description: `Underwriting tools, ${invoice.period}`,
        // Each attempt is a new charge; a request repeated within one attempt is the same charge.
        idempotencyKey: `invoice-${invoice.mandate_id}-${invoice.period}${invoice.attempts > 1 ? `-attempt-${invoice.attempts}` : ''}`,
      });
      outcome = { paymentIntentId: charge.id, failure: charge.status === 'succeeded' ? null : `payment intent ${charge.status}` };
    } catch (error) {
      const declined = error as Error & { raw?: { payment_intent?: { id?: string } } };
      outcome = { paymentIntentId: declined.raw?.payment_intent?.id ?? null, failure: declined.message.slice(0, 500) };
    }
    if (outcome.failure === null) {
      await this.sql.query(`UPDATE invoice_payments SET status = 'paid', stripe_payment_intent_id = $3, failure = NULL, settled_at = now() WHERE mandate_id = $1 AND period = $2`, [
        invoice.mandate_id,
        invoice.period,
        outcome.paymentIntentId,
      ]);
      return true;
    }
    const delayDays = RETRY_AFTER_DAYS[invoice.attempts - 1];
    const nextAttemptAt = delayDays === undefined ? null : new Date(this.clock.now().getTime() + delayDays * 86_400_000);
    await this.sql.query(`UPDATE invoice_payments SET status = 'failed', stripe_payment_intent_id = $3, failure = $4, next_attempt_at = $5, settled_at = now() WHERE mandate_id = $1 AND period = $2`, [
      invoice.mandate_id,
      invoice.period,
      outcome.paymentIntentId,
      outcome.failure,
      nextAttemptAt,
    ]);
    if (nextAttemptAt === null) {
      const reason = `The card on the payment mandate was declined for the ${invoice.period} invoice (${outcome.failure}).`;
      await this.sql.query(`UPDATE payment_mandates SET status = 'unfunded', failure = $2 WHERE id = $1 AND status = 'active'`, [invoice.mandate_id, reason]);
      this.logger.warn(`card mandate ${invoice.mandate_id}: invoice ${invoice.period} unpaid after ${invoice.attempts} attempts`);
    }
    return false;
  }
}

interface DueInvoice {
  mandate_id: string;
  period: string;
  amount_cents: number;
  authorization: { customer?: string; paymentMethod?: string };
}

import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { Clock } from '../../common/clock.js';
import { Sql } from '../../database/sql.js';
import { PaymentSetupService } from './payment-setup.service.js';

/**
 * Collects closed monthly invoices of the card rail: once a month is over, the total charged
 * against each card mandate is charged to the saved card off-session, once (a row per mandate and
 * month is claimed before Stripe is called, and Stripe's idempotency key makes a retried request
 * the same charge). Runs every hour on every replica.
 */
@Injectable()
export class InvoiceCollector implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(InvoiceCollector.name);
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly sql: Sql,
    private readonly payments: PaymentSetupService,
    private readonly clock: Clock,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.payments.stripe) return;
    this.timer = setInterval(() => void this.collectClosed().catch((error: unknown) => this.logger.warn(`invoice collection failed: ${String(error)}`)), 3_600_000);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
  }

  async collectClosed(): Promise<{ paid: number; failed: number }> {
    const stripe = this.payments.stripe;
    if (!stripe) return { paid: 0, failed: 0 };
    const month = this.clock.now().toISOString().slice(0, 7);
    const due = await this.sql.query<{ mandate_id: string; period: string; amount_cents: number; authorization: { customer?: string; paymentMethod?: string } }>(
      `SELECT l.mandate_id, l.period, sum(l.amount_cents)::int AS amount_cents, m."authorization"
         FROM usage_ledger l JOIN payment_mandates m ON m.id = l.mandate_id
        WHERE m.rail = 'fiat' AND l.entry = 'commit' AND l.funding = 'charged' AND l.period < $1
          AND NOT EXISTS (SELECT 1 FROM invoice_payments p WHERE p.mandate_id = l.mandate_id AND p.period = l.period)
        GROUP BY l.mandate_id, l.period, m."authorization"`,
      [month],
    );
    let paid = 0;
    let failed = 0;
    for (const invoice of due) {
      const claimed = await this.sql.query(
        `INSERT INTO invoice_payments (mandate_id, period, amount_cents, status) VALUES ($1, $2, $3, 'collecting') ON CONFLICT DO NOTHING RETURNING 1`,
        [invoice.mandate_id, invoice.period, invoice.amount_cents],
      );
      if (claimed.length === 0) continue;
      try {
        const { customer, paymentMethod } = invoice.authorization;
        if (!customer || !paymentMethod) throw new Error('the mandate holds no saved card');
        const charge = await stripe.chargeOffSession({
          customerId: customer,
          paymentMethodId: paymentMethod,
          amountCents: invoice.amount_cents,
          description: `Underwriting tools, ${invoice.period}`,
          idempotencyKey: `invoice-${invoice.mandate_id}-${invoice.period}`,
        });
        const status = charge.status === 'succeeded' ? 'paid' : 'failed';
        await this.sql.query('UPDATE invoice_payments SET status = $3, stripe_payment_intent_id = $4, failure = $5, settled_at = now() WHERE mandate_id = $1 AND period = $2', [
          invoice.mandate_id,
          invoice.period,
          status,
          charge.id,
          status === 'paid' ? null : `payment intent ${charge.status}`,
        ]);
        if (status === 'paid') paid++;
        else failed++;
      } catch (error) {
        failed++;
        await this.sql.query(`UPDATE invoice_payments SET status = 'failed', failure = $3, settled_at = now() WHERE mandate_id = $1 AND period = $2`, [invoice.mandate_id, invoice.period, (error as Error).message.slice(0, 500)]);
      }
    }
    return { paid, failed };
  }
}

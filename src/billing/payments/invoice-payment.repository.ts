import { Injectable } from '@nestjs/common';
import { Sql } from '../../database/sql.js';

/** A card invoice claimed for one collection attempt (`attempts` counts this one). */
export interface ClaimedInvoice {
  mandate_id: string;
  period: string;
  amount_cents: number;
  attempts: number;
  authorization: { customer?: string; paymentMethod?: string };
}

/**
 * Collection of card invoices: one `invoice_payments` row per mandate and closed month, claimed
 * (status `collecting`) by one conditional statement before the card is charged, so that replicas
 * never charge an invoice twice.
 */
@Injectable()
export class InvoicePaymentRepository {
  constructor(private readonly sql: Sql) {}

  /** Claims the first attempt at every card invoice of a month before `openMonth` that has none yet. */
  async claimClosed(openMonth: string): Promise<ClaimedInvoice[]> {
    return this.sql.query<ClaimedInvoice>(
      `WITH due AS (
         SELECT l.mandate_id, l.period, sum(l.amount_cents)::int AS amount_cents
           FROM usage_ledger l JOIN payment_mandates m ON m.id = l.mandate_id
          WHERE m.rail = 'fiat' AND l.entry = 'commit' AND l.funding = 'charged' AND l.period < $1
            AND NOT EXISTS (SELECT 1 FROM invoice_payments p WHERE p.mandate_id = l.mandate_id AND p.period = l.period)
          GROUP BY l.mandate_id, l.period),
       claimed AS (
         INSERT INTO invoice_payments (mandate_id, period, amount_cents, status) SELECT mandate_id, period, amount_cents, 'collecting' FROM due
         ON CONFLICT DO NOTHING RETURNING mandate_id, period, amount_cents, attempts)
       SELECT c.*, m."authorization" FROM claimed c JOIN payment_mandates m ON m.id = c.mandate_id`,
      [openMonth],
    );
  }

  /** Claims the declined invoices whose next attempt is due, by the one UPDATE that moves them on. */
  async claimDueRetries(now: Date): Promise<ClaimedInvoice[]> {
    return this.sql.query<ClaimedInvoice>(
      `UPDATE invoice_payments p SET status = 'collecting', attempts = p.attempts + 1
         FROM payment_mandates m WHERE m.id = p.mandate_id AND p.status = 'failed' AND p.next_attempt_at <= $1
       RETURNING p.mandate_id, p.period, p.amount_cents, p.attempts, m."authorization"`,
      [now],
    );
  }

  async markPaid(invoice: ClaimedInvoice, paymentId: string | null): Promise<void> {
    await this.sql.query(
      `UPDATE invoice_payments SET status = 'paid', stripe_payment_intent_id = $3, failure = NULL, next_attempt_at = NULL, settled_at = now() WHERE mandate_id = $1 AND period = $2`,
      [invoice.mandate_id, invoice.period, paymentId],
    );
  }

  /** A declined attempt; `nextAttemptAt` null: it was the last. */
  async markDeclined(invoice: ClaimedInvoice, paymentId: string | null, failure: string, nextAttemptAt: Date | null): Promise<void> {
    await this.sql.query(
      `UPDATE invoice_payments SET status = 'failed', stripe_payment_intent_id = $3, failure = $4, next_attempt_at = $5, settled_at = now() WHERE mandate_id = $1 AND period = $2`,
      [invoice.mandate_id, invoice.period, paymentId, failure, nextAttemptAt],
    );
  }

  /**
   * Gives a claimed attempt back uncounted: the invoice is as it was before the claim (a first
   * attempt: no payment row; a retry: declined, its attempt still due), so the next run tries again.
   */
  async releaseClaim(invoice: ClaimedInvoice): Promise<void> {
    const key = [invoice.mandate_id, invoice.period];
    if (invoice.attempts === 1) await this.sql.query(`DELETE FROM invoice_payments WHERE mandate_id = $1 AND period = $2 AND status = 'collecting'`, key);
    else
      await this.sql.query(
        `UPDATE invoice_payments SET status = 'failed', attempts = attempts - 1 WHERE mandate_id = $1 AND period = $2 AND status = 'collecting'`,
        key,
      );
  }
}

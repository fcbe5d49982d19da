import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { Clock } from '../../common/clock.js';
import { ServiceUnavailableException } from '../../common/errors/app.exception.js';
import { PeriodicTasks } from '../../jobs/periodic-tasks.js';
import { CardGateway } from './card-gateway.js';
import { InvoicePaymentRepository, type ClaimedInvoice } from './invoice-payment.repository.js';
import { PaymentMandateRepository } from './payment-mandate.repository.js';

/** After the n-th declined attempt, the next one comes this many days later; after the last, none. */
const RETRY_AFTER_DAYS = [1, 3, 5];

export interface CollectionRun {
  paid: number;
  declined: number;
  /** Attempts given back uncounted: the card processor could not be reached (or the charge failed unexpectedly). */
  postponed: number;
}

/**
 * Collects closed monthly invoices of the card rail: once a month is over, the total charged
 * against each card mandate is charged to the saved card off-session, once (a row per mandate and
 * month is claimed before the processor is called, and the idempotency key makes a retried request
 * the same charge). A declined invoice is tried again after 1, 3 and 5 days; an attempt that could
 * not reach the processor does not count and is tried again on the next run. Runs every hour on
 * every replica.
 */
@Injectable()
export class InvoiceCollector implements OnApplicationBootstrap {
  private readonly logger = new Logger(InvoiceCollector.name);
  constructor(
    @Inject(CardGateway) private readonly card: CardGateway | null,
    private readonly invoices: InvoicePaymentRepository,
    private readonly mandates: PaymentMandateRepository,
    private readonly clock: Clock,
    private readonly periodicTasks: PeriodicTasks,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.card) return;
    this.periodicTasks.every({ name: 'collect card invoices', intervalMs: 3_600_000 }, () => this.collectClosed());
  }

  async collectClosed(): Promise<CollectionRun> {
    const run: CollectionRun = { paid: 0, declined: 0, postponed: 0 };
    if (!this.card) return run;
    const now = this.clock.now();
    const claimed = [...(await this.invoices.claimClosed(now.toISOString().slice(0, 7))), ...(await this.invoices.claimDueRetries(now))];
    for (const invoice of claimed) run[await this.collect(this.card, invoice)]++;
    if (run.postponed > 0) this.logger.warn(`${run.postponed} card invoice attempt(s) postponed to the next run: the card processor could not be reached`);
    return run;
  }

  /**
   * One attempt at an invoice: paid; declined, with the next attempt scheduled (RETRY_AFTER_DAYS)
   * or, after the last, the mandate unfunded so that further calls answer 402 saying why; or
   * postponed when the processor is down, which says nothing about the card.
   */
  private async collect(card: CardGateway, invoice: ClaimedInvoice): Promise<keyof CollectionRun> {
    let outcome: { paymentId: string | null; failure: string | null };
    try {
      const { customer, paymentMethod } = invoice.authorization;
      outcome =
        customer && paymentMethod
          ? await card.chargeOffSession({
              customerId: customer,
              paymentMethodId: paymentMethod,
              amountCents: invoice.amount_cents,
              description: `Underwriting tools, ${invoice.period}`,
              // Each attempt is a new charge; a request repeated within one attempt (a postponed one too) is the same charge.
              idempotencyKey: `invoice-${invoice.mandate_id}-${invoice.period}${invoice.attempts > 1 ? `-attempt-${invoice.attempts}` : ''}`,
            })
          : { paymentId: null, failure: 'the mandate holds no saved card' };
    } catch (error) {
      // No answer about the card: the attempt is given back, and its idempotency key makes the next try the same charge.
      if (!(error instanceof ServiceUnavailableException))
        this.logger.error({ err: error }, `card invoice ${invoice.mandate_id} ${invoice.period}: the charge failed unexpectedly`);
      await this.invoices.releaseClaim(invoice);
      return 'postponed';
    }
    if (outcome.failure === null) {
      await this.invoices.markPaid(invoice, outcome.paymentId);
      return 'paid';
    }
    const delayDays = RETRY_AFTER_DAYS[invoice.attempts - 1];
    const nextAttemptAt = delayDays === undefined ? null : new Date(this.clock.now().getTime() + delayDays * 86_400_000);
    await this.invoices.markDeclined(invoice, outcome.paymentId, outcome.failure, nextAttemptAt);
    if (nextAttemptAt === null) {
      await this.mandates.unfund(invoice.mandate_id, `The card on the payment mandate was declined for the ${invoice.period} invoice (${outcome.failure}).`);
      this.logger.warn(`card mandate ${invoice.mandate_id}: invoice ${invoice.period} unpaid after ${invoice.attempts} attempts`);
    }
    return 'declined';
  }
}

import { Injectable } from '@nestjs/common';
import { chargedRails } from './charged-rails.js';
import { Clock } from '../common/clock.js';
import { AppConfig } from '../config/app-config.js';
import { FirmsService } from '../firms/firms.service.js';
import { AUTHORIZATION_PERIOD, calendarMonth, TRIAL_PERIOD } from './billing-periods.js';
import { BillingStatementsRepository } from './billing-statements.repository.js';
import type { UsageKey, UsagePlan } from '../config/usage-plan.js';

/** How many ledger entries `GET /billing/usage` shows. */
const RECENT_ENTRIES = 50;

export interface Invoice {
  mandateId: string;
  rail: string;
  period: string;
  status: 'open' | 'closed';
  charges: number;
  amountCents: number;
  budgetCents: number;
  /** Card rail, closed months: the off-session charge of the invoice. Wallet rail: the settlement of the authorization. */
  payment: CardPayment | WalletSettlementState | null;
}

export interface CardPayment {
  status: 'collecting' | 'paid' | 'failed';
  stripePaymentIntentId: string | null;
  failure: string | null;
  attempts: number;
  /** A declined charge is tried again then; null once paid, or after the last attempt. */
  nextAttemptAt: string | null;
}

export interface WalletSettlementState {
  status: 'settling' | 'settled' | 'refunding' | 'refunded' | 'failed';
  settlementTxHash: string | null;
  /** What went back to the payer when the mandate ended, in USDC units (6 decimals). */
  refundUnits: string | null;
  refundTxHash: string | null;
  failure: string | null;
}

export interface UsageSummary {
  accountId: string;
  /** The firm whose monthly amounts and mandate the account shares, if any. */
  firmId: string | null;
  kind: 'human' | 'machine';
  period: string;
  balances: { usageKey: UsageKey; unit: string; granted: number; used: number; remaining: number; priceCents: number }[];
  /** The active payment mandate and what was spent against its budget (this month for a card, the whole authorization for a wallet), if any. */
  mandate: {
    mandateId: string;
    rail: string;
    status: 'active' | 'unfunded';
    budgetCents: number;
    spentCents: number;
    validUntil: string;
    failure: string | null;
  } | null;
  recent: { callId: string; usageKey: string; toolName: string; units: number; funding: string; amountCents: number; entry: string; at: string }[];
}

/** What an account has used and owes: its usage summary and its monthly invoices (the read side of billing). */
@Injectable()
export class BillingStatementsService {
  private readonly plan: UsagePlan;
  /** Mandates of these rails are charged (chargedRails). */
  private readonly rails: readonly string[];

  constructor(
    private readonly statements: BillingStatementsRepository,
    private readonly firms: FirmsService,
    private readonly clock: Clock,
    config: AppConfig,
  ) {
    this.plan = config.usagePlan;
    this.rails = chargedRails(config);
  }

  async usage(accountId: string): Promise<UsageSummary> {
    const { kind, firmId } = await this.firms.membership(accountId);
    const now = this.clock.now();
    const month = calendarMonth(now);
    const period = kind === 'machine' ? TRIAL_PERIOD : month;
    const balanceOwner = kind === 'human' && firmId ? firmId : accountId;
    const rows = await this.statements.balances(balanceOwner, period);
    const byKey = new Map(rows.map((row) => [row.usage_key, row]));
    const balances = (Object.keys(this.plan) as UsageKey[]).map((usageKey) => {
      const entry = this.plan[usageKey];
      const granted = byKey.get(usageKey)?.granted ?? (kind === 'human' ? entry.humanMonthlyFree : 0);
      const used = byKey.get(usageKey)?.used ?? 0;
      return { usageKey, unit: entry.unit, granted, used, remaining: granted - used, priceCents: entry.priceCents };
    });
    const recent = await this.statements.latestEntries(accountId, RECENT_ENTRIES);
    const mandate = await this.statements.currentMandate(firmId ?? accountId, month, now, this.rails);
    return {
      accountId,
      firmId,
      kind,
      period,
      balances,
      mandate: mandate
        ? {
            mandateId: mandate.id,
            rail: mandate.rail,
            status: mandate.status,
            budgetCents: mandate.budget_cents,
            spentCents: mandate.spent_cents,
            validUntil: mandate.valid_until.toISOString(),
            failure: mandate.failure,
          }
        : null,
      recent: recent.map((row) => ({
        callId: row.call_id,
        usageKey: row.usage_key,
        toolName: row.tool_name,
        units: row.units,
        funding: row.funding,
        amountCents: row.amount_cents,
        entry: row.entry,
        at: row.created_at.toISOString(),
      })),
    };
  }

  /**
   * Monthly invoices: per mandate and calendar month (UTC), the committed charges of the account's
   * mandates (or its firm's). A past month is closed; the current one is open.
   */
  async invoices(accountId: string): Promise<Invoice[]> {
    const { firmId } = await this.firms.membership(accountId);
    const rows = await this.statements.invoices(firmId ?? accountId);
    const month = calendarMonth(this.clock.now());
    return rows.map((row) => ({
      mandateId: row.mandate_id,
      rail: row.rail,
      period: row.period,
      // A wallet authorization's invoice stays open while it can still be charged.
      status: row.period !== AUTHORIZATION_PERIOD && row.period < month ? 'closed' : 'open',
      charges: row.charges,
      amountCents: row.amount_cents,
      budgetCents: row.budget_cents,
      payment: row.card
        ? {
            status: row.card.status,
            stripePaymentIntentId: row.card.stripe_payment_intent_id,
            failure: row.card.failure,
            attempts: row.card.attempts,
            nextAttemptAt: row.card.next_attempt_at && new Date(row.card.next_attempt_at).toISOString(),
          }
        : row.wallet
          ? {
              status: row.wallet.status,
              settlementTxHash: row.wallet.settlement_tx_hash,
              refundUnits: row.wallet.refund_units,
              refundTxHash: row.wallet.refund_tx_hash,
              failure: row.wallet.failure,
            }
          : null,
    }));
  }
}

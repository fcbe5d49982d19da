import { Injectable } from '@nestjs/common';
import { Sql } from '../database/sql.js';
import { AUTHORIZATION_PERIOD } from './billing-periods.js';
import type { UsageKey } from '../config/usage-plan.js';

export interface BalanceRow {
  usage_key: UsageKey;
  granted: number;
  used: number;
}

export interface LedgerEntryRow {
  call_id: string;
  usage_key: string;
  tool_name: string;
  units: number;
  funding: string;
  amount_cents: number;
  entry: string;
  created_at: Date;
}

export interface MandateSpendRow {
  id: string;
  rail: string;
  status: 'active' | 'unfunded';
  failure: string | null;
  budget_cents: number;
  valid_until: Date;
  spent_cents: number;
}

export interface InvoiceRow {
  mandate_id: string;
  rail: string;
  period: string;
  budget_cents: number;
  charges: number;
  amount_cents: number;
  /** The card rail's off-session charge of the month (invoice_payments), if any. */
  card: {
    status: 'collecting' | 'paid' | 'failed';
    stripe_payment_intent_id: string | null;
    failure: string | null;
    attempts: number;
    next_attempt_at: string | null;
  } | null;
  /** The wallet rail's settlement of the authorization (wallet_settlements), if any. */
  wallet: {
    status: 'settling' | 'settled' | 'refunding' | 'refunded' | 'failed';
    settlement_tx_hash: string | null;
    refund_units: string | null;
    refund_tx_hash: string | null;
    failure: string | null;
  } | null;
}

/** The read models of `GET /billing/usage` and `GET /billing/invoices`: balances, the latest ledger entries, mandate spend, invoices. */
@Injectable()
export class BillingStatementsRepository {
  constructor(private readonly sql: Sql) {}

  balances(ownerId: string, period: string): Promise<BalanceRow[]> {
    return this.sql.query<BalanceRow>('SELECT usage_key, granted, used FROM quota_balances WHERE owner_id = $1 AND period = $2', [ownerId, period]);
  }

  /** The account's latest `limit` ledger entries, newest first. */
  latestEntries(accountId: string, limit: number): Promise<LedgerEntryRow[]> {
    return this.sql.query<LedgerEntryRow>(
      'SELECT call_id, usage_key, tool_name, units, funding, amount_cents, entry, created_at FROM usage_ledger WHERE account_id = $1 ORDER BY id DESC LIMIT $2',
      [accountId, limit],
    );
  }

  /** The owner's newest active or unfunded mandate still valid at `now`, with its spend in its current period (`month` for a card, the authorization for a wallet). */
  async currentMandate(ownerId: string, month: string, now: Date, rails: readonly string[]): Promise<MandateSpendRow | undefined> {
    const [mandate] = await this.sql.query<MandateSpendRow>(
      `SELECT m.id, m.rail, m.status, m.failure, m.budget_cents, m.valid_until, coalesce(s.spent_cents, 0)::int AS spent_cents
         FROM payment_mandates m LEFT JOIN mandate_spend s ON s.mandate_id = m.id AND s.period = (CASE WHEN m.rail = 'crypto' THEN '${AUTHORIZATION_PERIOD}' ELSE $2 END)
        WHERE m.owner_id = $1 AND m.status IN ('active', 'unfunded') AND m.valid_until > $3 AND m.rail = ANY($4) ORDER BY m.created_at DESC LIMIT 1`,
      [ownerId, month, now, rails],
    );
    return mandate;
  }

  /** Per mandate of the owner and period, the committed charges, with the payment of each, newest period first. */
  invoices(ownerId: string): Promise<InvoiceRow[]> {
    return this.sql.query<InvoiceRow>(
      `SELECT l.mandate_id, m.rail, l.period, m.budget_cents, count(*)::int AS charges, sum(l.amount_cents)::int AS amount_cents,
              (SELECT to_jsonb(p) FROM invoice_payments p WHERE p.mandate_id = l.mandate_id AND p.period = l.period) AS card,
              (SELECT jsonb_build_object('status', w.status, 'settlement_tx_hash', w.settlement_tx_hash, 'refund_units', w.refund_units::text, 'refund_tx_hash', w.refund_tx_hash, 'failure', w.failure)
                 FROM wallet_settlements w WHERE w.mandate_id = l.mandate_id) AS wallet
         FROM usage_ledger l JOIN payment_mandates m ON m.id = l.mandate_id
        WHERE m.owner_id = $1 AND l.entry = 'commit' AND l.funding = 'charged'
        GROUP BY l.mandate_id, m.rail, l.period, m.budget_cents
        ORDER BY l.period DESC, l.mandate_id`,
      [ownerId],
    );
  }
}

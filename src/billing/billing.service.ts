import { randomUUID } from 'node:crypto';
import { isUUID } from 'class-validator';
import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { Clock } from '../common/clock.js';
import { Sql } from '../database/sql.js';
import { statementBatcher } from '../database/statement-batcher.js';
import { PaymentRequiredException } from '../common/errors/app.exception.js';
import { FirmsService, membershipSql, noBillableAccount } from '../firms/firms.service.js';
import { AppConfig } from '../config/app-config.js';
import { PeriodicTasks } from '../jobs/periodic-tasks.js';
import type { UsageKey, UsagePlan, UsagePlanEntry } from '../config/usage-plan.js';

/** The machine trial never resets; people's free amounts belong to a calendar month (UTC). */
export const TRIAL_PERIOD = 'trial';
/** The spend period of a wallet mandate: its whole authorization, not a calendar month. */
export const AUTHORIZATION_PERIOD = 'authorization';
/** Longer than any tool call runs: a reservation this old was left by a process that died. */
export const STALE_RESERVATION_MINUTES = 30;

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

/** Units held for one call until it succeeds (commit) or fails (release). */
export interface Reservation {
  callId: string;
  /** Free units, or a charge against a mandate's monthly budget. */
  funding: 'free' | 'charged';
  amountCents: number;
  mandateId?: string;
  accountId: string;
  ownerId: string;
  usageKey: UsageKey;
  period: string;
  units: number;
  toolName: string;
}

export interface UsageSummary {
  accountId: string;
  /** The firm whose monthly amounts and mandate the account shares, if any. */
  firmId: string | null;
  kind: 'human' | 'machine';
  period: string;
  balances: { usageKey: UsageKey; unit: string; granted: number; used: number; remaining: number; priceCents: number }[];
  /** The active payment mandate and what was spent against its budget (this month for a card, the whole authorization for a wallet), if any. */
  mandate: { mandateId: string; rail: string; status: 'active' | 'unfunded'; budgetCents: number; spentCents: number; validUntil: string; failure: string | null } | null;
  recent: { callId: string; usageKey: string; toolName: string; units: number; funding: string; amountCents: number; entry: string; at: string }[];
}

/**
 * Free quota and the usage ledger. A metered call reserves its units before it runs (a
 * conditional UPDATE, so concurrent calls never overdraw), and afterwards commits them or, if it
 * failed, releases them. Every step is a ledger entry; the ledger is never updated.
 */
/** Ledger entries of one kind for the reservations in `$1` (a JSON array of `ledgerRecord`s), one row each. */
const ledgerInsert = (entry: 'reserve' | 'commit') =>
  `INSERT INTO usage_ledger (entry, call_id, account_id, owner_id, usage_key, period, units, funding, amount_cents, tool_name, mandate_id)
   SELECT '${entry}', call_id, account_id, owner_id, usage_key, period, units, funding, amount_cents, tool_name, mandate_id
     FROM jsonb_to_recordset($1::jsonb) AS c(call_id uuid, account_id uuid, owner_id uuid, usage_key text, period text, units integer, funding text, amount_cents integer, tool_name text, mandate_id uuid)`;

/** A metered call before its free reservation: `month` is the clock's, for a person's monthly amount. */
interface FreeCall {
  callId: string;
  accountId: string;
  usageKey: UsageKey;
  units: number;
  toolName: string;
  month: string;
}

/** Whose balance a call drew on, and whether its units were there; `kind` null: no account of this service. */
interface FreeReservation {
  kind: 'human' | 'machine' | null;
  firmId: string | null;
  ownerId: string;
  period: string;
  reserved: boolean;
}

/** A reservation as the ledger statements take it (jsonb_to_recordset's column names). */
function ledgerRecord(reservation: Reservation) {
  const { callId, accountId, ownerId, usageKey, period, units, funding, amountCents, toolName, mandateId } = reservation;
  return { call_id: callId, account_id: accountId, owner_id: ownerId, usage_key: usageKey, period, units, funding, amount_cents: amountCents, tool_name: toolName, mandate_id: mandateId ?? null };
}

@Injectable()
export class BillingService implements OnApplicationBootstrap {
  private readonly plan: UsagePlan;
  /** Mandates of these rails are charged: a sandbox mandate only while the sandbox rail exists (never in production). */
  private readonly acceptedRails: string[];
  /**
   * Free reservations of the calls in flight, in one statement: each call's owner and period from
   * its account's kind and firm (a machine's trial is its own; a person's monthly amount is the
   * firm's, if any), then `reserve_free_units` (migration 1795470000000), which takes each call's
   * units in turn, in a fixed order of balances so that concurrent batches never deadlock.
   */
  private readonly freeReservations = statementBatcher(async (calls: readonly FreeCall[]) => {
    const rows = await this.sql.query<FreeReservation & { call_id: string }>(
      `WITH calls AS (
         SELECT c.call_id, c.account_id, c.usage_key, c.units, c.tool_name, membership.kind, membership.firm_id,
                CASE WHEN membership.kind = 'human' AND membership.firm_id IS NOT NULL THEN membership.firm_id ELSE c.account_id END AS owner_id,
                CASE WHEN membership.kind = 'machine' THEN '${TRIAL_PERIOD}' ELSE c.month END AS period
           FROM jsonb_to_recordset($1::jsonb) AS c(call_id uuid, account_id uuid, usage_key text, units integer, tool_name text, month text)
           LEFT JOIN LATERAL ${membershipSql('c.account_id')} membership ON true),
       reserved AS (SELECT reserved_call_id FROM reserve_free_units((SELECT jsonb_agg(calls) FROM calls WHERE kind IS NOT NULL)))
       SELECT calls.call_id, calls.kind, calls.firm_id AS "firmId", calls.owner_id AS "ownerId", calls.period, reserved.reserved_call_id IS NOT NULL AS reserved
         FROM calls LEFT JOIN reserved ON reserved.reserved_call_id = calls.call_id`,
      [JSON.stringify(calls.map((call) => ({ call_id: call.callId, account_id: call.accountId, usage_key: call.usageKey, units: call.units, tool_name: call.toolName, month: call.month })))],
    );
    const byCall = new Map(rows.map((row) => [row.call_id, row]));
    return calls.map((call) => byCall.get(call.callId) ?? new Error(`no reservation answer for call ${call.callId}`));
  });
  /** Commit entries of the calls that finished, in one INSERT; a call is answered once its entry is written. */
  private readonly commits = statementBatcher(async (reservations: readonly Reservation[]) => {
    await this.sql.query(ledgerInsert('commit'), [JSON.stringify(reservations.map(ledgerRecord))]);
    return reservations.map(() => true);
  });

  constructor(
    private readonly dataSource: DataSource,
    private readonly sql: Sql,
    private readonly clock: Clock,
    private readonly firms: FirmsService,
    config: AppConfig,
    private readonly periodicTasks: PeriodicTasks,
  ) {
    this.plan = config.usagePlan;
    this.acceptedRails = config.payments.sandbox ? ['fiat', 'crypto', 'sandbox'] : ['fiat', 'crypto'];
  }

  onApplicationBootstrap(): void {
    this.periodicTasks.every({ name: 'release stale reservations', intervalMs: 60_000 }, () => this.releaseStale());
  }

  /** Called inside the machine registration's transaction: the trial exists exactly when the account does. */
  async seedMachineTrial(accountId: string, manager: EntityManager): Promise<Record<UsageKey, number>> {
    const trial = Object.entries(this.plan).filter(([, entry]) => entry.machineTrialFree > 0) as [UsageKey, UsagePlanEntry][];
    for (const [usageKey, entry] of trial) {
      await manager.query('INSERT INTO quota_balances (owner_id, usage_key, period, granted) VALUES ($1, $2, $3, $4)', [accountId, usageKey, TRIAL_PERIOD, entry.machineTrialFree]);
    }
    return Object.fromEntries(trial.map(([usageKey, entry]) => [usageKey, entry.machineTrialFree])) as Record<UsageKey, number>;
  }

  async reserve(request: { accountId: string; usageKey: UsageKey; units: number; toolName: string }): Promise<Reservation> {
    if (!isUUID(request.accountId)) throw noBillableAccount();
    const call: FreeCall = { ...request, callId: randomUUID(), month: this.currentMonth() };
    let free = await this.freeReservations.load(call);
    const kind = free.kind;
    if (!kind) throw noBillableAccount();
    const reservation: Reservation = { ...request, callId: call.callId, ownerId: free.ownerId, period: free.period, funding: 'free', amountCents: 0 };
    if (!free.reserved && kind === 'human') {
      // A person's balance for the month is created on first use, then reserved against.
      await this.sql.query('INSERT INTO quota_balances (owner_id, usage_key, period, granted) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING', [free.ownerId, request.usageKey, free.period, this.plan[request.usageKey].humanMonthlyFree]);
      free = await this.freeReservations.load(call);
    }
    if (free.reserved) return reservation;
    // Beyond the free amount, the mandate is the firm's for a firm's members, machines included.
    return this.reserveCharge({ ...reservation, ownerId: free.firmId ?? request.accountId }, kind);
  }

  /**
   * Beyond the free amount: a charge against the account's active mandate, within its monthly
   * budget (one conditional UPDATE, so concurrent calls never overspend), else 402.
   */
  private async reserveCharge(request: Reservation, kind: 'human' | 'machine'): Promise<Reservation> {
    const entry = this.plan[request.usageKey];
    const now = this.clock.now();
    const [mandate] = (await this.dataSource.query(
      `SELECT id, rail, budget_cents, status, failure FROM payment_mandates WHERE owner_id = $1 AND status IN ('active', 'unfunded') AND valid_from <= $2 AND valid_until > $2 AND rail = ANY($3) ORDER BY created_at DESC LIMIT 1`,
      [request.ownerId, now, this.acceptedRails],
    )) as { id: string; rail: 'fiat' | 'crypto' | 'sandbox'; budget_cents: number; status: 'active' | 'unfunded'; failure: string | null }[];
    if (mandate?.status === 'unfunded') {
      throw new PaymentRequiredException(`${request.toolName} cannot be charged: ${mandate.failure ?? 'the payment mandate could not be settled.'} Run the initiate_payment_setup tool to authorize a new budget.`);
    }
    if (mandate) {
      // A card's budget renews each calendar month; a wallet authorization moves its value once,
      // so everything charged against it, across months, stays within that one value.
      const period = mandate.rail === 'crypto' ? AUTHORIZATION_PERIOD : now.toISOString().slice(0, 7);
      const charge: Reservation = { ...request, funding: 'charged', amountCents: request.units * entry.priceCents, mandateId: mandate.id, period };
      const charged = await this.dataSource.transaction(async (manager) => {
        await manager.query('INSERT INTO mandate_spend (mandate_id, period, budget_cents) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [mandate.id, charge.period, mandate.budget_cents]);
        const [updated] = (await manager.query('UPDATE mandate_spend SET spent_cents = spent_cents + $3 WHERE mandate_id = $1 AND period = $2 AND spent_cents + $3 <= budget_cents RETURNING spent_cents', [
          mandate.id,
          charge.period,
          charge.amountCents,
        ])) as [unknown[], number];
        if (updated.length === 0) return false;
        await manager.query(ledgerInsert('reserve'), [JSON.stringify([ledgerRecord(charge)])]);
        return true;
      });
      if (charged) return charge;
      const budget = `$${(mandate.budget_cents / 100).toFixed(2)}`;
      throw new PaymentRequiredException(
        mandate.rail === 'crypto'
          ? `${request.toolName} would cost $${(charge.amountCents / 100).toFixed(2)} and exceed the ${budget} the wallet authorization allows. Run the initiate_payment_setup tool to authorize a new budget (at most $500).`
          : `${request.toolName} would cost $${(charge.amountCents / 100).toFixed(2)} and exceed this month's budget of ${budget} on the payment mandate. ` +
              'Run the initiate_payment_setup tool to authorize a larger monthly budget (at most $500), or wait for next month.',
      );
    }
    const exhausted = kind === 'machine' ? `the machine trial's free ${request.usageKey} amount` : `this month's free ${request.usageKey} amount`;
    throw new PaymentRequiredException(
      `${request.toolName} needs ${request.units} ${entry.unit === 'page' ? 'page(s)' : 'call(s)'} of ${request.usageKey} and ${exhausted} is used up. ` +
        `Run the initiate_payment_setup tool to authorize a monthly budget ($${(entry.priceCents / 100).toFixed(2)} ${entry.unitLabel} beyond the free amount).`,
    );
  }

  /**
   * Gives back the units of calls whose process died between reserve and commit/release: a
   * reservation older than STALE_RESERVATION_MINUTES with neither is released. The unique
   * (call_id, entry) index makes this safe to run on every replica at once.
   */
  async releaseStale(): Promise<number> {
    const stale = (await this.dataSource.query(
      `SELECT call_id, account_id, owner_id, usage_key, period, units, funding, amount_cents, mandate_id, tool_name FROM usage_ledger r
        WHERE r.entry = 'reserve' AND r.created_at < now() - make_interval(mins => $1)
          AND NOT EXISTS (SELECT 1 FROM usage_ledger settled WHERE settled.call_id = r.call_id AND settled.entry IN ('commit', 'release'))
        ORDER BY r.id LIMIT 500`,
      [STALE_RESERVATION_MINUTES],
    )) as { call_id: string; account_id: string; owner_id: string; usage_key: UsageKey; period: string; units: number; funding: 'free' | 'charged'; amount_cents: number; mandate_id: string | null; tool_name: string }[];
    let released = 0;
    for (const row of stale) {
      const reservation: Reservation = {
        callId: row.call_id,
        accountId: row.account_id,
        ownerId: row.owner_id,
        usageKey: row.usage_key,
        period: row.period,
        units: row.units,
        funding: row.funding,
        amountCents: row.amount_cents,
        mandateId: row.mandate_id ?? undefined,
        toolName: row.tool_name,
      };
      if (await this.release(reservation)) released++;
    }
    return released;
  }

  async commit(reservation: Reservation): Promise<void> {
    await this.commits.load(reservation);
  }

  /**
   * A failed call gives its units (or its charge) back, once: the release entry is written first,
   * only if the call has neither a commit nor a release (the unique index settles a race between
   * replicas), and the balance is restored only when it was. False if the call was already settled.
   */
  async release(reservation: Reservation): Promise<boolean> {
    return this.dataSource.transaction(async (manager) => {
      const written = (await manager.query(
        `INSERT INTO usage_ledger (entry, call_id, account_id, owner_id, usage_key, period, units, funding, amount_cents, tool_name, mandate_id)
         SELECT 'release', $1, $2, $3, $4, $5, $6, $7, $8, $9, $10
          WHERE NOT EXISTS (SELECT 1 FROM usage_ledger WHERE call_id = $1 AND entry = 'commit')
         ON CONFLICT (call_id, entry) DO NOTHING RETURNING id`,
        [reservation.callId, reservation.accountId, reservation.ownerId, reservation.usageKey, reservation.period, reservation.units, reservation.funding, reservation.amountCents, reservation.toolName, reservation.mandateId ?? null],
      )) as unknown[];
      if (written.length === 0) return false;
      if (reservation.funding === 'charged') {
        await manager.query('UPDATE mandate_spend SET spent_cents = spent_cents - $3 WHERE mandate_id = $1 AND period = $2', [reservation.mandateId, reservation.period, reservation.amountCents]);
      } else {
        await manager.query('UPDATE quota_balances SET used = used - $4 WHERE owner_id = $1 AND usage_key = $2 AND period = $3', [reservation.ownerId, reservation.usageKey, reservation.period, reservation.units]);
      }
      return true;
    });
  }

  async usage(accountId: string): Promise<UsageSummary> {
    const { kind, firmId } = await this.firms.membership(accountId);
    const period = kind === 'machine' ? TRIAL_PERIOD : this.currentMonth();
    const balanceOwner = kind === 'human' && firmId ? firmId : accountId;
    const rows = (await this.dataSource.query('SELECT usage_key, granted, used FROM quota_balances WHERE owner_id = $1 AND period = $2', [balanceOwner, period])) as { usage_key: UsageKey; granted: number; used: number }[];
    const byKey = new Map(rows.map((row) => [row.usage_key, row]));
    const balances = (Object.keys(this.plan) as UsageKey[]).map((usageKey) => {
      const entry = this.plan[usageKey];
      const granted = byKey.get(usageKey)?.granted ?? (kind === 'human' ? entry.humanMonthlyFree : 0);
      const used = byKey.get(usageKey)?.used ?? 0;
      return { usageKey, unit: entry.unit, granted, used, remaining: granted - used, priceCents: entry.priceCents };
    });
    const recent = (await this.dataSource.query(
      'SELECT call_id, usage_key, tool_name, units, funding, amount_cents, entry, created_at FROM usage_ledger WHERE account_id = $1 ORDER BY id DESC LIMIT 50',
      [accountId],
    )) as { call_id: string; usage_key: string; tool_name: string; units: number; funding: string; amount_cents: number; entry: string; created_at: Date }[];
    const month = this.currentMonth();
    const [mandate] = (await this.dataSource.query(
      `SELECT m.id, m.rail, m.status, m.failure, m.budget_cents, m.valid_until, coalesce(s.spent_cents, 0) AS spent_cents
         FROM payment_mandates m LEFT JOIN mandate_spend s ON s.mandate_id = m.id AND s.period = (CASE WHEN m.rail = 'crypto' THEN '${AUTHORIZATION_PERIOD}' ELSE $2 END)
        WHERE m.owner_id = $1 AND m.status IN ('active', 'unfunded') AND m.valid_until > $3 AND m.rail = ANY($4) ORDER BY m.created_at DESC LIMIT 1`,
      [firmId ?? accountId, month, this.clock.now(), this.acceptedRails],
    )) as { id: string; rail: string; status: 'active' | 'unfunded'; failure: string | null; budget_cents: number; valid_until: Date; spent_cents: number }[];
    return {
      accountId,
      firmId,
      kind,
      period,
      balances,
      mandate: mandate
        ? { mandateId: mandate.id, rail: mandate.rail, status: mandate.status, budgetCents: mandate.budget_cents, spentCents: Number(mandate.spent_cents), validUntil: mandate.valid_until.toISOString(), failure: mandate.failure }
        : null,
      recent: recent.map((row) => ({ callId: row.call_id, usageKey: row.usage_key, toolName: row.tool_name, units: row.units, funding: row.funding, amountCents: row.amount_cents, entry: row.entry, at: row.created_at.toISOString() })),
    };
  }

  /**
   * Monthly invoices: per mandate and calendar month (UTC), the committed charges of the account's
   * mandates (or its firm's). A past month is closed; the current one is open.
   */
  async invoices(accountId: string): Promise<Invoice[]> {
    const { firmId } = await this.firms.membership(accountId);
    const rows = await this.sql.query<{
      mandate_id: string;
      rail: string;
      period: string;
      budget_cents: number;
      charges: number;
      amount_cents: number;
      card: { status: CardPayment['status']; stripe_payment_intent_id: string | null; failure: string | null; attempts: number; next_attempt_at: string | null } | null;
      wallet: { status: WalletSettlementState['status']; settlement_tx_hash: string | null; refund_units: string | null; refund_tx_hash: string | null; failure: string | null } | null;
    }>(
      `SELECT l.mandate_id, m.rail, l.period, m.budget_cents, count(*)::int AS charges, sum(l.amount_cents)::int AS amount_cents,
              (SELECT to_jsonb(p) FROM invoice_payments p WHERE p.mandate_id = l.mandate_id AND p.period = l.period) AS card,
              (SELECT jsonb_build_object('status', w.status, 'settlement_tx_hash', w.settlement_tx_hash, 'refund_units', w.refund_units::text, 'refund_tx_hash', w.refund_tx_hash, 'failure', w.failure)
                 FROM wallet_settlements w WHERE w.mandate_id = l.mandate_id) AS wallet
         FROM usage_ledger l JOIN payment_mandates m ON m.id = l.mandate_id
        WHERE m.owner_id = $1 AND l.entry = 'commit' AND l.funding = 'charged'
        GROUP BY l.mandate_id, m.rail, l.period, m.budget_cents
        ORDER BY l.period DESC, l.mandate_id`,
      [firmId ?? accountId],
    );
    const month = this.currentMonth();
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
          ? { status: row.wallet.status, settlementTxHash: row.wallet.settlement_tx_hash, refundUnits: row.wallet.refund_units, refundTxHash: row.wallet.refund_tx_hash, failure: row.wallet.failure }
          : null,
    }));
  }

  private currentMonth(): string {
    return this.clock.now().toISOString().slice(0, 7);
  }
}

import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { Sql } from '../database/sql.js';
import { statementBatcher } from '../database/statement-batcher.js';
import { TRIAL_PERIOD } from './billing-periods.js';
import type { UsageKey } from '../config/usage-plan.js';

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

/** A metered call before its free reservation: `month` is the clock's, for a person's monthly amount. */
export interface FreeCall {
  callId: string;
  accountId: string;
  usageKey: UsageKey;
  units: number;
  toolName: string;
  month: string;
}

/** Whose balance a call drew on, and whether its units were there; `kind` null: no account of this service. */
export interface FreeReservation {
  kind: 'human' | 'machine' | null;
  firmId: string | null;
  ownerId: string;
  period: string;
  reserved: boolean;
}

/** The mandate a charge goes against: the owner's newest active or unfunded one, valid now. */
export interface ChargeableMandate {
  id: string;
  rail: 'fiat' | 'crypto' | 'sandbox';
  budget_cents: number;
  status: 'active' | 'unfunded';
  failure: string | null;
}

const LEDGER_COLUMNS = 'call_id, account_id, owner_id, usage_key, period, units, funding, amount_cents, tool_name, mandate_id';

/** Ledger entries of one kind for the reservations in `$1` (a JSON array of `ledgerRecord`s), one row each. */
const ledgerInsert = (entry: 'reserve' | 'commit') =>
  `INSERT INTO usage_ledger (entry, ${LEDGER_COLUMNS})
   SELECT '${entry}', ${LEDGER_COLUMNS}
     FROM jsonb_to_recordset($1::jsonb) AS c(call_id uuid, account_id uuid, owner_id uuid, usage_key text, period text, units integer, funding text, amount_cents integer, tool_name text, mandate_id uuid)`;

/** A reservation as the ledger statements take it (jsonb_to_recordset's column names). */
function ledgerRecord(reservation: Reservation) {
  const { callId, accountId, ownerId, usageKey, period, units, funding, amountCents, toolName, mandateId } = reservation;
  return {
    call_id: callId,
    account_id: accountId,
    owner_id: ownerId,
    usage_key: usageKey,
    period,
    units,
    funding,
    amount_cents: amountCents,
    tool_name: toolName,
    mandate_id: mandateId ?? null,
  };
}

/** A ledger row as the sweep's queries read it (LEDGER_COLUMNS). */
interface LedgerRow {
  call_id: string;
  account_id: string;
  owner_id: string;
  usage_key: UsageKey;
  period: string;
  units: number;
  funding: 'free' | 'charged';
  amount_cents: number;
  mandate_id: string | null;
  tool_name: string;
}

function reservationOf(row: LedgerRow): Reservation {
  return {
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
}

/**
 * The usage ledger and the balances it draws on (free quota, mandate spend). Every step of a
 * metered call is a ledger entry and the ledger is never updated; balances change only by
 * conditional UPDATEs, so concurrent calls never overdraw. The per-call statements are
 * group-committed: the calls in flight share one statement (docs/DECISIONS.md "Balances and the ledger").
 */
@Injectable()
export class UsageLedgerRepository {
  /**
   * Free reservations of the calls in flight, in one set-based statement: each call's owner and
   * period from its account's kind and firm (the firms module's view `account_memberships`; a
   * machine's trial is its own, a person's monthly amount is the firm's, if any); the balances
   * drawn on, locked in key order so that concurrent batches never deadlock; per balance, its calls
   * smallest first while their running total fits what is left (the calls a one-by-one loop in
   * that order would take); one UPDATE per balance, guarded again by `used + n <= granted`; and the
   * reserve entries of the calls taken, only for balances whose update went through.
   */
  private readonly freeReservations = statementBatcher(async (calls: readonly FreeCall[]) => {
    const rows = await this.sql.prepared<FreeReservation & { call_id: string }>(
      'reserve-free-units',
      `WITH calls AS (
         SELECT c.call_id, c.account_id, c.usage_key, c.units, c.tool_name, membership.kind, membership.firm_id,
                CASE WHEN membership.kind = 'human' AND membership.firm_id IS NOT NULL THEN membership.firm_id ELSE c.account_id END AS owner_id,
                CASE WHEN membership.kind = 'machine' THEN '${TRIAL_PERIOD}' ELSE c.month END AS period
           FROM jsonb_to_recordset($1::jsonb) AS c(call_id uuid, account_id uuid, usage_key text, units integer, tool_name text, month text)
           LEFT JOIN account_memberships membership ON membership.account_id = c.account_id),
       locked AS (
         SELECT q.owner_id, q.usage_key, q.period, q.granted - q.used AS available
           FROM quota_balances q
          WHERE (q.owner_id, q.usage_key, q.period) IN (SELECT owner_id, usage_key, period FROM calls WHERE kind IS NOT NULL)
          ORDER BY q.owner_id, q.usage_key, q.period
            FOR UPDATE),
       taken AS (
         SELECT ranked.* FROM (
           SELECT calls.*, sum(calls.units) OVER (PARTITION BY calls.owner_id, calls.usage_key, calls.period ORDER BY calls.units, calls.call_id) AS running
             FROM calls WHERE kind IS NOT NULL) ranked
           JOIN locked USING (owner_id, usage_key, period)
          WHERE ranked.running <= locked.available),
       updated AS (
         UPDATE quota_balances q SET used = q.used + total.units
           FROM (SELECT owner_id, usage_key, period, sum(units)::integer AS units FROM taken GROUP BY owner_id, usage_key, period) total
          WHERE q.owner_id = total.owner_id AND q.usage_key = total.usage_key AND q.period = total.period AND q.used + total.units <= q.granted
         RETURNING q.owner_id, q.usage_key, q.period),
       entries AS (
         INSERT INTO usage_ledger (entry, call_id, account_id, owner_id, usage_key, period, units, funding, amount_cents, tool_name)
         SELECT 'reserve', taken.call_id, taken.account_id, taken.owner_id, taken.usage_key, taken.period, taken.units, 'free', 0, taken.tool_name
           FROM taken JOIN updated USING (owner_id, usage_key, period)
         RETURNING call_id)
       SELECT calls.call_id, calls.kind, calls.firm_id AS "firmId", calls.owner_id AS "ownerId", calls.period, entries.call_id IS NOT NULL AS reserved
         FROM calls LEFT JOIN entries ON entries.call_id = calls.call_id`,
      [
        JSON.stringify(
          calls.map((call) => ({
            call_id: call.callId,
            account_id: call.accountId,
            usage_key: call.usageKey,
            units: call.units,
            tool_name: call.toolName,
            month: call.month,
          })),
        ),
      ],
    );
    const byCall = new Map(rows.map((row) => [row.call_id, row]));
    return calls.map((call) => byCall.get(call.callId) ?? new Error(`no reservation answer for call ${call.callId}`));
  });
  /** Commit entries of the calls that finished, in one INSERT; a call is answered once its entry is written. */
  private readonly commits = statementBatcher(async (reservations: readonly Reservation[]) => {
    await this.sql.prepared('ledger-commits', ledgerInsert('commit'), [JSON.stringify(reservations.map(ledgerRecord))]);
    return reservations.map(() => true);
  });

  constructor(
    private readonly dataSource: DataSource,
    private readonly sql: Sql,
  ) {}

  /** Free balances that never reset (the machine trial), written in the caller's transaction. */
  async grantTrial(ownerId: string, grants: [UsageKey, number][], manager: EntityManager): Promise<void> {
    for (const [usageKey, granted] of grants) {
      await manager.query('INSERT INTO quota_balances (owner_id, usage_key, period, granted) VALUES ($1, $2, $3, $4)', [
        ownerId,
        usageKey,
        TRIAL_PERIOD,
        granted,
      ]);
    }
  }

  /** A person's (or firm's) balance for a month, created on first use; an existing one is left as it is. */
  async openBalance(ownerId: string, usageKey: UsageKey, period: string, granted: number): Promise<void> {
    await this.sql.query('INSERT INTO quota_balances (owner_id, usage_key, period, granted) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING', [
      ownerId,
      usageKey,
      period,
      granted,
    ]);
  }

  /** Takes the call's free units if its balance has them, writing the reserve entry (group-committed). */
  reserveFree(call: FreeCall): Promise<FreeReservation> {
    return this.freeReservations.load(call);
  }

  async chargeableMandate(ownerId: string, now: Date, rails: readonly string[]): Promise<ChargeableMandate | undefined> {
    const [mandate] = await this.sql.query<ChargeableMandate>(
      `SELECT id, rail, budget_cents, status, failure FROM payment_mandates WHERE owner_id = $1 AND status IN ('active', 'unfunded') AND valid_from <= $2 AND valid_until > $2 AND rail = ANY($3) ORDER BY created_at DESC LIMIT 1`,
      [ownerId, now, rails],
    );
    return mandate;
  }

  /**
   * Adds the charge to the mandate's spend for its period if it stays within `budgetCents` (one
   * conditional UPDATE, so concurrent calls never overspend) and writes its reserve entry; false
   * if it would not fit.
   */
  async reserveCharge(charge: Reservation & { mandateId: string }, budgetCents: number): Promise<boolean> {
    return this.dataSource.transaction(async (manager) => {
      await manager.query('INSERT INTO mandate_spend (mandate_id, period, budget_cents) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [
        charge.mandateId,
        charge.period,
        budgetCents,
      ]);
      const [updated] = (await manager.query(
        'UPDATE mandate_spend SET spent_cents = spent_cents + $3 WHERE mandate_id = $1 AND period = $2 AND spent_cents + $3 <= budget_cents RETURNING spent_cents',
        [charge.mandateId, charge.period, charge.amountCents],
      )) as [unknown[], number];
      if (updated.length === 0) return false;
      await manager.query(ledgerInsert('reserve'), [JSON.stringify([ledgerRecord(charge)])]);
      return true;
    });
  }

  /** Writes the call's commit entry (group-committed). */
  async commit(reservation: Reservation): Promise<void> {
    await this.commits.load(reservation);
  }

  /**
   * Writes the call's release entry and gives its units (or its charge) back, once: only if the
   * call has neither a commit nor a release (the unique (call_id, entry) index settles a race
   * between replicas). False if the call was already settled.
   */
  async release(reservation: Reservation): Promise<boolean> {
    return this.dataSource.transaction(async (manager) => {
      const written = (await manager.query(
        `INSERT INTO usage_ledger (entry, ${LEDGER_COLUMNS})
         SELECT 'release', $1, $2, $3, $4, $5, $6, $7, $8, $9, $10
          WHERE NOT EXISTS (SELECT 1 FROM usage_ledger WHERE call_id = $1 AND entry = 'commit')
         ON CONFLICT (call_id, entry) DO NOTHING RETURNING id`,
        [
          reservation.callId,
          reservation.accountId,
          reservation.ownerId,
          reservation.usageKey,
          reservation.period,
          reservation.units,
          reservation.funding,
          reservation.amountCents,
          reservation.toolName,
          reservation.mandateId ?? null,
        ],
      )) as unknown[];
      if (written.length === 0) return false;
      if (reservation.funding === 'charged') {
        await manager.query('UPDATE mandate_spend SET spent_cents = spent_cents - $3 WHERE mandate_id = $1 AND period = $2', [
          reservation.mandateId,
          reservation.period,
          reservation.amountCents,
        ]);
      } else {
        await manager.query('UPDATE quota_balances SET used = used - $4 WHERE owner_id = $1 AND usage_key = $2 AND period = $3', [
          reservation.ownerId,
          reservation.usageKey,
          reservation.period,
          reservation.units,
        ]);
      }
      return true;
    });
  }

  /**
   * The sweep's one full pass: reservations written before `before` with neither a commit nor a
   * release, oldest first, at most `limit`. It reads every reservation older than `before` (the
   * reservations of random, version 4 call ids lie anywhere in the (call_id, entry) index), so the
   * sweep runs it only until it has a watermark (MeteringService.releaseStale).
   */
  async unsettledReservationsBefore(before: Date, limit: number): Promise<Reservation[]> {
    const rows = await this.sql.query<LedgerRow>(
      `SELECT ${LEDGER_COLUMNS} FROM usage_ledger r
        WHERE r.entry = 'reserve' AND r.created_at < $1
          AND NOT EXISTS (SELECT 1 FROM usage_ledger settled WHERE settled.call_id = r.call_id AND settled.entry IN ('commit', 'release'))
        ORDER BY r.id LIMIT $2`,
      [before, limit],
    );
    return rows.map(reservationOf);
  }

  /**
   * Reservations with neither a commit nor a release whose call id lies in [`from`, `until`), in
   * call id order, at most `limit`: one range of the (call_id, entry) index, so with time-ordered
   * call ids a run reads the calls made since the previous one, not the whole ledger, and looks up
   * each one's settling entry by call id in the same index. (Repeating the range inside NOT EXISTS
   * looks safer but is not: PostgreSQL then scanned the whole range once per reservation.)
   */
  async unsettledReservationsBetween(from: string, until: string, limit: number): Promise<Reservation[]> {
    const rows = await this.sql.query<LedgerRow>(
      `SELECT ${LEDGER_COLUMNS} FROM usage_ledger r
        WHERE r.call_id >= $1 AND r.call_id < $2 AND r.entry = 'reserve'
          AND NOT EXISTS (SELECT 1 FROM usage_ledger settled WHERE settled.call_id = r.call_id AND settled.entry IN ('commit', 'release'))
        ORDER BY r.call_id LIMIT $3`,
      [from, until, limit],
    );
    return rows.map(reservationOf);
  }

  /** The call id below which the sweep `name` has looked at every reservation; undefined before its first full pass. */
  async sweepWatermark(name: string): Promise<string | undefined> {
    const [row] = await this.sql.query<{ swept_until: string }>('SELECT swept_until FROM ledger_sweep_watermarks WHERE name = $1', [name]);
    return row?.swept_until;
  }

  /**
   * Moves the sweep's watermark to `sweptUntil`, never back: replicas sweep at once, and one whose
   * run ended earlier (or whose clock is behind) must not undo another's progress.
   */
  async advanceSweepWatermark(name: string, sweptUntil: string): Promise<void> {
    await this.sql.query(
      `INSERT INTO ledger_sweep_watermarks (name, swept_until) VALUES ($1, $2)
       ON CONFLICT (name) DO UPDATE SET swept_until = GREATEST(ledger_sweep_watermarks.swept_until, EXCLUDED.swept_until), updated_at = now()`,
      [name, sweptUntil],
    );
  }
}

import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { DataSource, type EntityManager } from 'typeorm';
import { Clock } from '../common/clock.js';
import { ForbiddenException, PaymentRequiredException } from '../common/errors/app.exception.js';
import { USAGE_PLAN, type UsageKey } from './usage-plan.js';

/** The machine trial never resets; people's free amounts belong to a calendar month (UTC). */
export const TRIAL_PERIOD = 'trial';

/** Units held for one call until it succeeds (commit) or fails (release). */
export interface Reservation {
  callId: string;
  accountId: string;
  ownerId: string;
  usageKey: UsageKey;
  period: string;
  units: number;
  toolName: string;
}

export interface UsageSummary {
  accountId: string;
  kind: 'human' | 'machine';
  period: string;
  balances: { usageKey: UsageKey; unit: string; granted: number; used: number; remaining: number; priceCents: number }[];
  recent: { callId: string; usageKey: string; toolName: string; units: number; funding: string; amountCents: number; entry: string; at: string }[];
}

/**
 * Free quota and the usage ledger. A metered call reserves its units before it runs (a
 * conditional UPDATE, so concurrent calls never overdraw), and afterwards commits them or, if it
 * failed, releases them. Every step is a ledger entry; the ledger is never updated.
 */
@Injectable()
export class BillingService {
  private readonly kinds = new LRUCache<string, 'human' | 'machine'>({ max: 50_000 });

  constructor(
    private readonly dataSource: DataSource,
    private readonly clock: Clock,
  ) {}

  /** Called inside the machine registration's transaction: the trial exists exactly when the account does. */
  async seedMachineTrial(accountId: string, manager: EntityManager): Promise<Record<UsageKey, number>> {
    const trial = Object.entries(USAGE_PLAN).filter(([, entry]) => entry.machineTrialFree > 0) as [UsageKey, (typeof USAGE_PLAN)[UsageKey]][];
    for (const [usageKey, entry] of trial) {
      await manager.query('INSERT INTO quota_balances (owner_id, usage_key, period, granted) VALUES ($1, $2, $3, $4)', [accountId, usageKey, TRIAL_PERIOD, entry.machineTrialFree]);
    }
    return Object.fromEntries(trial.map(([usageKey, entry]) => [usageKey, entry.machineTrialFree])) as Record<UsageKey, number>;
  }

  async reserve(request: { accountId: string; usageKey: UsageKey; units: number; toolName: string }): Promise<Reservation> {
    const kind = await this.kindOf(request.accountId);
    const period = kind === 'machine' ? TRIAL_PERIOD : this.currentMonth();
    const entry = USAGE_PLAN[request.usageKey];
    const reservation: Reservation = { ...request, callId: randomUUID(), ownerId: request.accountId, period };
    const reserved = await this.dataSource.transaction(async (manager) => {
      if (kind === 'human') {
        await manager.query('INSERT INTO quota_balances (owner_id, usage_key, period, granted) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING', [reservation.ownerId, request.usageKey, period, entry.humanMonthlyFree]);
      }
      // The row lock makes concurrent reservations take turns; each sees the others' units.
      const [updated] = (await manager.query('UPDATE quota_balances SET used = used + $4 WHERE owner_id = $1 AND usage_key = $2 AND period = $3 AND used + $4 <= granted RETURNING used', [
        reservation.ownerId,
        request.usageKey,
        period,
        request.units,
      ])) as [unknown[], number];
      if (updated.length === 0) return false;
      await this.appendLedger(manager, reservation, 'reserve');
      return true;
    });
    if (!reserved) {
      const free = kind === 'machine' ? `the machine trial's free ${request.usageKey} amount` : `this month's free ${request.usageKey} amount`;
      throw new PaymentRequiredException(
        `${request.toolName} needs ${request.units} ${entry.unit === 'page' ? 'page(s)' : 'call(s)'} of ${request.usageKey} and ${free} is used up. ` +
          `Run the initiate_payment_setup tool to authorize a monthly budget ($${(entry.priceCents / 100).toFixed(2)} ${entry.unitLabel} beyond the free amount).`,
      );
    }
    return reservation;
  }

  async commit(reservation: Reservation): Promise<void> {
    await this.appendLedger(this.dataSource.manager, reservation, 'commit');
  }

  /** A failed call gives its units back. */
  async release(reservation: Reservation): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      await manager.query('UPDATE quota_balances SET used = used - $4 WHERE owner_id = $1 AND usage_key = $2 AND period = $3', [reservation.ownerId, reservation.usageKey, reservation.period, reservation.units]);
      await this.appendLedger(manager, reservation, 'release');
    });
  }

  async usage(accountId: string): Promise<UsageSummary> {
    const kind = await this.kindOf(accountId);
    const period = kind === 'machine' ? TRIAL_PERIOD : this.currentMonth();
    const rows = (await this.dataSource.query('SELECT usage_key, granted, used FROM quota_balances WHERE owner_id = $1 AND period = $2', [accountId, period])) as { usage_key: UsageKey; granted: number; used: number }[];
    const byKey = new Map(rows.map((row) => [row.usage_key, row]));
    const balances = (Object.keys(USAGE_PLAN) as UsageKey[]).map((usageKey) => {
      const entry = USAGE_PLAN[usageKey];
      const granted = byKey.get(usageKey)?.granted ?? (kind === 'human' ? entry.humanMonthlyFree : 0);
      const used = byKey.get(usageKey)?.used ?? 0;
      return { usageKey, unit: entry.unit, granted, used, remaining: granted - used, priceCents: entry.priceCents };
    });
    const recent = (await this.dataSource.query(
      'SELECT call_id, usage_key, tool_name, units, funding, amount_cents, entry, created_at FROM usage_ledger WHERE account_id = $1 ORDER BY id DESC LIMIT 50',
      [accountId],
    )) as { call_id: string; usage_key: string; tool_name: string; units: number; funding: string; amount_cents: number; entry: string; created_at: Date }[];
    return {
      accountId,
      kind,
      period,
      balances,
      recent: recent.map((row) => ({ callId: row.call_id, usageKey: row.usage_key, toolName: row.tool_name, units: row.units, funding: row.funding, amountCents: row.amount_cents, entry: row.entry, at: row.created_at.toISOString() })),
    };
  }

  private currentMonth(): string {
    return this.clock.now().toISOString().slice(0, 7);
  }

  private async kindOf(accountId: string): Promise<'human' | 'machine'> {
    const known = this.kinds.get(accountId);
    if (known) return known;
    const [row] = (await this.dataSource.query('SELECT kind FROM accounts WHERE id = $1', [accountId])) as { kind: 'human' | 'machine' }[];
    // A token of an external identity provider names no account of this service to bill.
    if (!row) throw new ForbiddenException('Metered tools need an account of this service: sign in here, or register a machine client.');
    this.kinds.set(accountId, row.kind);
    return row.kind;
  }

  private async appendLedger(manager: EntityManager, reservation: Reservation, entry: 'reserve' | 'commit' | 'release'): Promise<void> {
    await manager.query(
      'INSERT INTO usage_ledger (entry, call_id, account_id, owner_id, usage_key, period, units, funding, amount_cents, tool_name) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 0, $9)',
      [entry, reservation.callId, reservation.accountId, reservation.ownerId, reservation.usageKey, reservation.period, reservation.units, 'free', reservation.toolName],
    );
  }
}

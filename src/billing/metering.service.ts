import { chargedRails } from './charged-rails.js';
import { isUUID } from 'class-validator';
import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { Clock } from '../common/clock.js';
import { timeOrderedUuid, timeOrderedUuidLowerBound } from '../common/crypto/time-ordered-uuid.js';
import { PaymentRequiredException } from '../common/errors/app.exception.js';
import { AppConfig } from '../config/app-config.js';
import { noBillableAccount } from '../firms/firms.service.js';
import { PeriodicTasks } from '../jobs/periodic-tasks.js';
import { AUTHORIZATION_PERIOD, calendarMonth } from './billing-periods.js';
import { UsageLedgerRepository, type FreeCall, type Reservation } from './usage-ledger.repository.js';
import type { UsageKey, UsagePlan, UsagePlanEntry } from '../config/usage-plan.js';

/** Longer than any tool call runs: a reservation this old was left by a process that died. */
export const STALE_RESERVATION_MINUTES = 30;
/** Reservations one run of the stale sweep releases at most; the next run goes on from the last. */
export const STALE_SWEEP_LIMIT = 500;
/** The stale sweep's row in ledger_sweep_watermarks. */
export const STALE_SWEEP = 'stale reservations';

/**
 * Metering of tool calls against free quota and payment mandates. A metered call reserves its
 * units before it runs (free units first, then a charge within the mandate's budget, else 402),
 * and afterwards commits them or, if it failed, releases them. The SQL is the ledger repository's.
 */
@Injectable()
export class MeteringService implements OnApplicationBootstrap {
  private readonly plan: UsagePlan;
  /** Mandates of these rails are charged (chargedRails). */
  private readonly rails: readonly string[];

  constructor(
    private readonly ledger: UsageLedgerRepository,
    private readonly clock: Clock,
    config: AppConfig,
    private readonly periodicTasks: PeriodicTasks,
  ) {
    this.plan = config.usagePlan;
    this.rails = chargedRails(config);
  }

  onApplicationBootstrap(): void {
    this.periodicTasks.every({ name: 'release stale reservations', intervalMs: 60_000 }, () => this.releaseStale());
  }

  /** Called inside the machine registration's transaction: the trial exists exactly when the account does. */
  async seedMachineTrial(accountId: string, manager: EntityManager): Promise<Record<UsageKey, number>> {
    const grants = (Object.entries(this.plan) as [UsageKey, UsagePlanEntry][])
      .filter(([, entry]) => entry.machineTrialFree > 0)
      .map(([usageKey, entry]): [UsageKey, number] => [usageKey, entry.machineTrialFree]);
    await this.ledger.grantTrial(accountId, grants, manager);
    return Object.fromEntries(grants) as Record<UsageKey, number>;
  }

  async reserve(request: { accountId: string; usageKey: UsageKey; units: number; toolName: string }): Promise<Reservation> {
    if (!isUUID(request.accountId)) throw noBillableAccount();
    // Time-ordered call ids: the ledger's (call_id, entry) index grows at its end instead of at random
    // pages (measured on a ledger of 760 000 rows: 10-25 % less time for a batch of ledger rows).
    const call: FreeCall = { ...request, callId: timeOrderedUuid(), month: calendarMonth(this.clock.now()) };
    let free = await this.ledger.reserveFree(call);
    const kind = free.kind;
    if (!kind) throw noBillableAccount();
    const reservation: Reservation = { ...request, callId: call.callId, ownerId: free.ownerId, period: free.period, funding: 'free', amountCents: 0 };
    if (!free.reserved && kind === 'human') {
      // A person's balance for the month is created on first use, then reserved against.
      await this.ledger.openBalance(free.ownerId, request.usageKey, free.period, this.plan[request.usageKey].humanMonthlyFree);
      free = await this.ledger.reserveFree(call);
    }
    if (free.reserved) return reservation;
    // Beyond the free amount, the mandate is the firm's for a firm's members, machines included.
    return this.reserveCharge({ ...reservation, ownerId: free.firmId ?? request.accountId }, kind);
  }

  commit(reservation: Reservation): Promise<void> {
    return this.ledger.commit(reservation);
  }

  /** A failed call gives its units (or its charge) back, once; false if the call was already settled. */
  release(reservation: Reservation): Promise<boolean> {
    return this.ledger.release(reservation);
  }

  /**
   * Gives back the units of calls whose process died between reserve and commit/release: a
   * reservation older than STALE_RESERVATION_MINUTES with neither is released. The unique
   * (call_id, entry) index makes this safe to run on every replica at once.
   *
   * A run reads only the call ids made between the persisted watermark and the cutoff (the
   * smallest time-ordered id of `now - STALE_RESERVATION_MINUTES`), one range of the (call_id,
   * entry) index: its cost follows the calls made since the previous run, not the size of the
   * ledger. The call id carries the time the call began (timeOrderedUuid, from Date.now, which is
   * why `now` is Date.now and not the billing Clock that tests move across months); the 30 minutes
   * also absorb clocks of replicas that are apart by less than that. Until there is a watermark, a
   * run is the full pass the sweep always was, by created_at: reservations of the older, random
   * (version 4) call ids lie anywhere in the index.
   *
   * `now` and `limit` are the time and batch of this run (tests pass them; the schedule does not).
   */
  async releaseStale(now = Date.now(), limit = STALE_SWEEP_LIMIT): Promise<number> {
    const staleBefore = now - STALE_RESERVATION_MINUTES * 60_000;
    const cutoff = timeOrderedUuidLowerBound(staleBefore);
    const watermark = await this.ledger.sweepWatermark(STALE_SWEEP);
    const reservations =
      watermark === undefined
        ? await this.ledger.unsettledReservationsBefore(new Date(staleBefore), limit)
        : await this.ledger.unsettledReservationsBetween(watermark, cutoff, limit);
    let released = 0;
    for (const reservation of reservations) {
      if (await this.ledger.release(reservation)) released++;
    }
    // Moved only once every reservation read was released (a failed release throws, and the next
    // run reads the same range again), and never back (advanceSweepWatermark keeps the greater).
    if (reservations.length < limit) {
      // Everything below the cutoff has been looked at. After the full pass, which judged age by
      // created_at (the database's clock) rather than by the call id, the watermark stays one more
      // STALE_RESERVATION_MINUTES behind, so that a reservation whose id and created_at fall on
      // either side of the cutoff (clocks apart, a slow insert) is read by the next run, not skipped.
      await this.ledger.advanceSweepWatermark(
        STALE_SWEEP,
        watermark === undefined ? timeOrderedUuidLowerBound(staleBefore - STALE_RESERVATION_MINUTES * 60_000) : cutoff,
      );
    } else if (watermark !== undefined) {
      // The batch was full: the next run goes on after the last call id handled. A full pass that
      // is full sets none (its order is not the ids'): the next run is a full pass again, and finds
      // what this one released settled.
      await this.ledger.advanceSweepWatermark(STALE_SWEEP, reservations[reservations.length - 1].callId);
    }
    return released;
  }

  /** Beyond the free amount: a charge against the owner's active mandate, within its budget, else 402. */
  private async reserveCharge(request: Reservation, kind: 'human' | 'machine'): Promise<Reservation> {
    const entry = this.plan[request.usageKey];
    const now = this.clock.now();
    const mandate = await this.ledger.chargeableMandate(request.ownerId, now, this.rails);
    if (mandate?.status === 'unfunded') {
      throw new PaymentRequiredException(
        `${request.toolName} cannot be charged: ${mandate.failure ?? 'the payment mandate could not be settled.'} Run the initiate_payment_setup tool to authorize a new budget.`,
      );
    }
    if (mandate) {
      // A card's budget renews each calendar month; a wallet authorization moves its value once,
      // so everything charged against it, across months, stays within that one value.
      const period = mandate.rail === 'crypto' ? AUTHORIZATION_PERIOD : calendarMonth(now);
      const charge = { ...request, funding: 'charged' as const, amountCents: request.units * entry.priceCents, mandateId: mandate.id, period };
      if (await this.ledger.reserveCharge(charge, mandate.budget_cents)) return charge;
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
}

import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { DataSource } from 'typeorm';
import { MeteringService, STALE_SWEEP } from '../../src/billing/metering.service.js';
import { UsageLedgerRepository, type Reservation } from '../../src/billing/usage-ledger.repository.js';
import { timeOrderedUuidLowerBound } from '../../src/common/crypto/time-ordered-uuid.js';
import { FirmsModule } from '../../src/firms/firms.module.js';
import { PeriodicTasksModule } from '../../src/jobs/periodic-tasks.js';
import { cloneMigratedDatabase, insertAccount, startMediumModule, type MediumDatabase, type MediumModule } from '../support/medium-database.js';
import { TestClock } from '../support/metered-tools.module.js';

const MINUTE = 60_000;

/**
 * The stale-reservation sweep against real PostgreSQL: its one full pass, then runs that read only
 * the call ids between the watermark and the cutoff, on two replicas at once, in batches.
 */
describe('stale reservation sweep (medium)', () => {
  const clock = new TestClock();
  let database: MediumDatabase;
  let replicas: MediumModule[] = [];
  let metering: MeteringService;
  let ledger: UsageLedgerRepository;
  let dataSource: DataSource;
  // The sweep's time is Date.now (the time call ids carry): each test passes it explicitly.
  const now = Date.now();

  const startReplica = () => startMediumModule([PeriodicTasksModule, FirmsModule], { clock, database, providers: [MeteringService, UsageLedgerRepository] });

  /** A machine account with its trial: one free pitch_deck_precheck call. */
  async function machineAccount(): Promise<string> {
    const id = await insertAccount(dataSource, 'machine');
    await dataSource.transaction((manager) => metering.seedMachineTrial(id, manager));
    return id;
  }

  /** A call made at `at`: its id carries that time (timeOrderedUuid reads Date.now) and so does its created_at. */
  async function reserveAt(at: number): Promise<Reservation> {
    const accountId = await machineAccount();
    const clockAt = jest.spyOn(Date, 'now').mockReturnValue(at);
    const reserving = metering.reserve({ accountId, usageKey: 'pitch_deck_precheck', units: 1, toolName: 'pitch_deck_precheck' });
    clockAt.mockRestore();
    const reservation = await reserving;
    await dataSource.query('UPDATE usage_ledger SET created_at = $2 WHERE call_id = $1', [reservation.callId, new Date(at)]);
    return reservation;
  }

  /** A reservation as code before time-ordered ids left it: a random (version 4) call id, here one that sorts after every v7 id of this era. */
  async function reserveWithRandomId(at: number): Promise<Reservation> {
    const reservation = await reserveAt(now);
    const callId = `f${randomUUID().slice(1)}`;
    await dataSource.query('UPDATE usage_ledger SET call_id = $2, created_at = $3 WHERE call_id = $1', [reservation.callId, callId, new Date(at)]);
    return { ...reservation, callId };
  }

  const entries = async (callId: string) =>
    ((await dataSource.query('SELECT entry FROM usage_ledger WHERE call_id = $1 ORDER BY id', [callId])) as { entry: string }[]).map(({ entry }) => entry);
  const trialUsed = async (reservation: Reservation) =>
    (
      (await dataSource.query(`SELECT used FROM quota_balances WHERE owner_id = $1 AND usage_key = 'pitch_deck_precheck' AND period = 'trial'`, [
        reservation.accountId,
      ])) as { used: number }[]
    )[0].used;
  const watermark = () => ledger.sweepWatermark(STALE_SWEEP);

  beforeAll(async () => {
    clock.set('2026-11-15T12:00:00Z');
    database = await cloneMigratedDatabase();
    replicas = [await startReplica()];
    metering = replicas[0].get(MeteringService);
    ledger = replicas[0].get(UsageLedgerRepository);
    dataSource = replicas[0].get(DataSource);
  });
  afterAll(async () => {
    for (const replica of replicas) await replica.close();
    await database?.drop();
  });
  // Each test starts from its own watermark (none: the sweep's first run).
  beforeEach(() => dataSource.query('DELETE FROM ledger_sweep_watermarks'));

  it('releases on its first run, a full pass, a stale reservation of a random call id that no watermark range reaches', async () => {
    const randomOrphan = await reserveWithRandomId(now - 3 * 24 * 60 * MINUTE);
    const orphan = await reserveAt(now - 40 * MINUTE);
    const committed = await reserveAt(now - 40 * MINUTE);
    await metering.commit(committed);
    const running = await reserveAt(now - 5 * MINUTE);

    expect(await metering.releaseStale(now)).toBe(2);
    expect(await entries(randomOrphan.callId)).toEqual(['reserve', 'release']);
    expect(await entries(orphan.callId)).toEqual(['reserve', 'release']);
    expect(await entries(committed.callId)).toEqual(['reserve', 'commit']);
    expect(await entries(running.callId)).toEqual(['reserve']);
    expect(await Promise.all([randomOrphan, orphan, committed, running].map(trialUsed))).toEqual([0, 0, 1, 1]);
    // The full pass judged age by created_at: the watermark stays one more 30 minutes behind its cutoff.
    expect(await watermark()).toBe(timeOrderedUuidLowerBound(now - 60 * MINUTE));

    expect(await metering.releaseStale(now + MINUTE)).toBe(0);
    expect(await watermark()).toBe(timeOrderedUuidLowerBound(now + MINUTE - 30 * MINUTE));
  });

  it('then reads only the call ids between the watermark and the cutoff: a crashed call is released once, a settled one never', async () => {
    await ledger.advanceSweepWatermark(STALE_SWEEP, timeOrderedUuidLowerBound(now - 2 * 60 * MINUTE));
    // Outside the range: only the full pass reads the reservations of random call ids, and a run
    // does not read below the watermark (here a crashed call older than the one this test set by hand).
    const randomOrphan = await reserveWithRandomId(now - 3 * 24 * 60 * MINUTE);
    const belowWatermark = await reserveAt(now - 3 * 60 * MINUTE);
    const crashed = await reserveAt(now - 40 * MINUTE);
    const committed = await reserveAt(now - 40 * MINUTE);
    await metering.commit(committed);
    const failed = await reserveAt(now - 39 * MINUTE);
    expect(await metering.release(failed)).toBe(true);
    const running = await reserveAt(now - 10 * MINUTE);

    expect(await metering.releaseStale(now)).toBe(1);
    expect(await metering.releaseStale(now)).toBe(0);
    expect(await entries(crashed.callId)).toEqual(['reserve', 'release']);
    expect(await entries(committed.callId)).toEqual(['reserve', 'commit']);
    expect(await entries(failed.callId)).toEqual(['reserve', 'release']);
    expect(await entries(running.callId)).toEqual(['reserve']);
    expect(await entries(randomOrphan.callId)).toEqual(['reserve']);
    expect(await entries(belowWatermark.callId)).toEqual(['reserve']);
    expect(await Promise.all([crashed, committed, failed, running].map(trialUsed))).toEqual([0, 1, 0, 1]);
    expect(await watermark()).toBe(timeOrderedUuidLowerBound(now - 30 * MINUTE));

    // 21 minutes later the running call is 31 minutes old: its process died too.
    expect(await metering.releaseStale(now + 21 * MINUTE)).toBe(1);
    expect(await entries(running.callId)).toEqual(['reserve', 'release']);
    expect(await entries(committed.callId)).toEqual(['reserve', 'commit']);
    expect(await trialUsed(committed)).toBe(1);
    expect(await watermark()).toBe(timeOrderedUuidLowerBound(now - 9 * MINUTE));

    // Those two are left to a full pass (here: the database has no watermark again).
    await dataSource.query('DELETE FROM ledger_sweep_watermarks');
    expect(await metering.releaseStale(now + 21 * MINUTE)).toBe(2);
    expect(await entries(randomOrphan.callId)).toEqual(['reserve', 'release']);
    expect(await entries(belowWatermark.callId)).toEqual(['reserve', 'release']);
  });

  it('run on two replicas at once, releases each reservation once and leaves the watermark at the furthest point', async () => {
    replicas.push(await startReplica());
    const [one, two] = replicas.map((replica) => replica.get(MeteringService));
    await ledger.advanceSweepWatermark(STALE_SWEEP, timeOrderedUuidLowerBound(now - 2 * 60 * MINUTE));
    const crashed = await Promise.all(Array.from({ length: 8 }, (_, index) => reserveAt(now - (40 + index) * MINUTE)));

    // The second replica's clock is 5 s ahead: its cutoff is the further one.
    const released = await Promise.all([one.releaseStale(now), two.releaseStale(now + 5_000)]);
    expect(released[0] + released[1]).toBe(8);
    for (const reservation of crashed) expect(await entries(reservation.callId)).toEqual(['reserve', 'release']);
    expect(await Promise.all(crashed.map(trialUsed))).toEqual(crashed.map(() => 0));
    expect(await watermark()).toBe(timeOrderedUuidLowerBound(now + 5_000 - 30 * MINUTE));

    // A replica that runs later with a clock behind never moves it back.
    expect(await one.releaseStale(now - 10 * MINUTE)).toBe(0);
    expect(await watermark()).toBe(timeOrderedUuidLowerBound(now + 5_000 - 30 * MINUTE));
  });

  it('goes on, after a run that hit its limit, from the last call id that run handled', async () => {
    await ledger.advanceSweepWatermark(STALE_SWEEP, timeOrderedUuidLowerBound(now - 2 * 60 * MINUTE));
    const crashed: Reservation[] = [];
    for (let index = 0; index < 5; index++) crashed.push(await reserveAt(now - (50 - index) * MINUTE));
    const committed = await reserveAt(now - 47 * MINUTE - 1);
    await metering.commit(committed);
    const releasedOnes = async () => (await Promise.all(crashed.map(({ callId }) => entries(callId)))).map((found) => found.includes('release'));

    expect(await metering.releaseStale(now, 2)).toBe(2);
    expect(await releasedOnes()).toEqual([true, true, false, false, false]);
    expect(await watermark()).toBe(crashed[1].callId);

    expect(await metering.releaseStale(now, 2)).toBe(2);
    expect(await releasedOnes()).toEqual([true, true, true, true, false]);
    expect(await watermark()).toBe(crashed[3].callId);

    expect(await metering.releaseStale(now, 2)).toBe(1);
    expect(await releasedOnes()).toEqual([true, true, true, true, true]);
    expect(await watermark()).toBe(timeOrderedUuidLowerBound(now - 30 * MINUTE));

    expect(await metering.releaseStale(now, 2)).toBe(0);
    for (const reservation of crashed) expect(await entries(reservation.callId)).toEqual(['reserve', 'release']);
    expect(await entries(committed.callId)).toEqual(['reserve', 'commit']);
  });
});

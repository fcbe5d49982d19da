import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { MeteringService } from '../../src/billing/metering.service.js';
import { UsageLedgerRepository } from '../../src/billing/usage-ledger.repository.js';
import { PaymentRequiredException } from '../../src/common/errors/app.exception.js';
import { FirmsModule } from '../../src/firms/firms.module.js';
import { PeriodicTasksModule } from '../../src/jobs/periodic-tasks.js';
import { insertAccount, insertMandate, startMediumModule, type MediumModule } from '../support/medium-database.js';
import { TestClock } from '../support/metered-tools.module.js';

/** The usage ledger's settle-once rules and charges against real PostgreSQL (the medium tier). */
describe('usage ledger (medium)', () => {
  const clock = new TestClock();
  let medium: MediumModule;
  let metering: MeteringService;
  let dataSource: DataSource;
  const precheck = (accountId: string) => ({ accountId, usageKey: 'pitch_deck_precheck' as const, units: 1, toolName: 'pitch_deck_precheck' });

  async function machineAccount(): Promise<string> {
    const id = await insertAccount(dataSource, 'machine');
    await dataSource.transaction((manager) => metering.seedMachineTrial(id, manager));
    return id;
  }
  const entries = async (callId: string) =>
    ((await dataSource.query('SELECT entry FROM usage_ledger WHERE call_id = $1 ORDER BY id', [callId])) as { entry: string }[]).map(({ entry }) => entry);
  const trialUsed = async (accountId: string) =>
    (
      (await dataSource.query(`SELECT used FROM quota_balances WHERE owner_id = $1 AND usage_key = 'pitch_deck_precheck' AND period = 'trial'`, [
        accountId,
      ])) as { used: number }[]
    )[0].used;
  const spent = async (mandateId: string) =>
    ((await dataSource.query('SELECT spent_cents FROM mandate_spend WHERE mandate_id = $1', [mandateId])) as { spent_cents: number }[])[0]?.spent_cents;

  beforeAll(async () => {
    clock.set('2026-11-15T12:00:00Z');
    medium = await startMediumModule([PeriodicTasksModule, FirmsModule], { clock, providers: [MeteringService, UsageLedgerRepository] });
    metering = medium.get(MeteringService);
    dataSource = medium.get(DataSource);
  });
  afterAll(() => medium?.close());

  it('ignores a release after the commit: the units stay used and no release entry is written', async () => {
    const accountId = await machineAccount();
    const reservation = await metering.reserve(precheck(accountId));
    await metering.commit(reservation);
    expect(await metering.release(reservation)).toBe(false);
    expect(await entries(reservation.callId)).toEqual(['reserve', 'commit']);
    expect(await trialUsed(accountId)).toBe(1);
  });

  it('settles two racing releases of one reservation once, giving its units back once', async () => {
    const accountId = await machineAccount();
    const reservation = await metering.reserve(precheck(accountId));
    const outcomes = await Promise.all([metering.release(reservation), metering.release(reservation)]);
    expect(outcomes.sort()).toEqual([false, true]);
    expect(await entries(reservation.callId)).toEqual(['reserve', 'release']);
    expect(await trialUsed(accountId)).toBe(0);
  });

  it('releases, once, only the reservations left unsettled for 30 minutes', async () => {
    const [orphanAccount, committedAccount, recentAccount] = await Promise.all([machineAccount(), machineAccount(), machineAccount()]);
    const [orphan, committed, recent] = await Promise.all([
      metering.reserve(precheck(orphanAccount)),
      metering.reserve(precheck(committedAccount)),
      metering.reserve(precheck(recentAccount)),
    ]);
    await metering.commit(committed);
    await dataSource.query(`UPDATE usage_ledger SET created_at = now() - interval '31 minutes' WHERE call_id = ANY($1)`, [[orphan.callId, committed.callId]]);
    await metering.releaseStale();
    await metering.releaseStale();
    expect(await entries(orphan.callId)).toEqual(['reserve', 'release']);
    expect(await entries(committed.callId)).toEqual(['reserve', 'commit']);
    expect(await entries(recent.callId)).toEqual(['reserve']);
    expect([await trialUsed(orphanAccount), await trialUsed(committedAccount), await trialUsed(recentAccount)]).toEqual([0, 1, 1]);
  });

  it("charges beyond the free amount within the card mandate's monthly budget, refuses beyond it, and a release gives the charge back", async () => {
    const accountId = await machineAccount();
    const mandateId = await insertMandate(dataSource, accountId, accountId, { rail: 'fiat', budgetCents: 100, validFrom: new Date('2026-11-01T00:00:00Z') });
    await metering.reserve(precheck(accountId));
    const charges = [await metering.reserve(precheck(accountId)), await metering.reserve(precheck(accountId))];
    expect(charges.map(({ funding, amountCents, mandateId: charged, period }) => ({ funding, amountCents, charged, period }))).toEqual([
      { funding: 'charged', amountCents: 50, charged: mandateId, period: '2026-11' },
      { funding: 'charged', amountCents: 50, charged: mandateId, period: '2026-11' },
    ]);
    await expect(metering.reserve(precheck(accountId))).rejects.toThrow(/exceed this month's budget of \$1\.00/);
    expect(await spent(mandateId)).toBe(100);
    expect(await metering.release(charges[1])).toBe(true);
    expect(await metering.release(charges[1])).toBe(false);
    expect(await spent(mandateId)).toBe(50);
    await expect(metering.reserve(precheck(accountId))).resolves.toMatchObject({ funding: 'charged', mandateId });
  });

  it('refuses a charge with 402 to an account with neither free units nor a mandate', async () => {
    const accountId = await machineAccount();
    await metering.reserve(precheck(accountId));
    await expect(metering.reserve(precheck(accountId))).rejects.toBeInstanceOf(PaymentRequiredException);
  });
});

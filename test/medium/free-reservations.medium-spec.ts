import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { MeteringService } from '../../src/billing/metering.service.js';
import { UsageLedgerRepository } from '../../src/billing/usage-ledger.repository.js';
import { PaymentRequiredException } from '../../src/common/errors/app.exception.js';
import { FirmsModule } from '../../src/firms/firms.module.js';
import { PeriodicTasksModule } from '../../src/jobs/periodic-tasks.js';
import { insertAccount, startMediumModule, type MediumModule } from '../support/medium-database.js';

/** The metering's free reservations against real PostgreSQL, without HTTP (the medium tier). */
describe('free reservations (medium)', () => {
  let medium: MediumModule;
  let metering: MeteringService;
  let dataSource: DataSource;

  async function machineAccount(): Promise<string> {
    const id = await insertAccount(dataSource, 'machine');
    await dataSource.transaction((manager) => metering.seedMachineTrial(id, manager));
    return id;
  }

  beforeAll(async () => {
    medium = await startMediumModule([PeriodicTasksModule, FirmsModule], { providers: [MeteringService, UsageLedgerRepository] });
    metering = medium.get(MeteringService);
    dataSource = medium.get(DataSource);
  });
  afterAll(() => medium?.close());

  it('serves exactly the trial amount to concurrent calls and refuses the rest with 402', async () => {
    const accountId = await machineAccount();
    const outcomes = await Promise.allSettled(
      Array.from({ length: 12 }, () => metering.reserve({ accountId, usageKey: 'document_classification', units: 1, toolName: 'document_intelligence_agent' })),
    );
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(2);
    const refused = outcomes.filter((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
    expect(refused).toHaveLength(10);
    for (const { reason } of refused) expect(reason).toBeInstanceOf(PaymentRequiredException);
  });

  it("gives a released reservation's units back to the next call", async () => {
    const accountId = await machineAccount();
    const first = await metering.reserve({ accountId, usageKey: 'pitch_deck_precheck', units: 1, toolName: 'pitch_deck_precheck' });
    await expect(metering.reserve({ accountId, usageKey: 'pitch_deck_precheck', units: 1, toolName: 'pitch_deck_precheck' })).rejects.toBeInstanceOf(
      PaymentRequiredException,
    );
    expect(await metering.release(first)).toBe(true);
    await expect(metering.reserve({ accountId, usageKey: 'pitch_deck_precheck', units: 1, toolName: 'pitch_deck_precheck' })).resolves.toMatchObject({
      funding: 'free',
      ownerId: accountId,
      period: 'trial',
    });
  });

  it('takes the smaller calls of one batch first when the balance cannot hold them all', async () => {
    const accountId = await machineAccount();
    await dataSource.query(`UPDATE quota_balances SET granted = 5 WHERE owner_id = $1 AND usage_key = 'document_classification'`, [accountId]);
    const reserve = (units: number) => metering.reserve({ accountId, usageKey: 'document_classification', units, toolName: 'document_intelligence_agent' });
    // Called in one tick, the three calls share one batch: taken in the order they came, the 5-page
    // call would use up the balance; smallest first, two calls are served.
    const [five, one, two] = await Promise.allSettled([reserve(5), reserve(1), reserve(2)]);
    expect(five.status).toBe('rejected');
    expect(one).toMatchObject({ status: 'fulfilled', value: { units: 1, funding: 'free' } });
    expect(two).toMatchObject({ status: 'fulfilled', value: { units: 2, funding: 'free' } });
    const [balance] = (await dataSource.query(`SELECT used FROM quota_balances WHERE owner_id = $1 AND usage_key = 'document_classification'`, [
      accountId,
    ])) as { used: number }[];
    expect(balance.used).toBe(3);
  });

  it('keeps every balance equal to its reserve entries when many accounts reserve concurrently', async () => {
    const accounts = await Promise.all(Array.from({ length: 6 }, () => machineAccount()));
    await dataSource.query(`UPDATE quota_balances SET granted = 7 WHERE owner_id = ANY($1) AND usage_key = 'document_classification'`, [accounts]);
    const calls = accounts.flatMap((accountId) =>
      Array.from({ length: 10 }, (_, index) =>
        metering.reserve({ accountId, usageKey: 'document_classification', units: 1 + (index % 3), toolName: 'document_intelligence_agent' }),
      ),
    );
    const outcomes = await Promise.allSettled(calls);
    for (const outcome of outcomes) if (outcome.status === 'rejected') expect(outcome.reason).toBeInstanceOf(PaymentRequiredException);
    const rows = (await dataSource.query(
      `SELECT q.owner_id, q.used, (SELECT coalesce(sum(units), 0)::int FROM usage_ledger l WHERE l.owner_id = q.owner_id AND l.usage_key = q.usage_key AND l.entry = 'reserve') AS reserved
         FROM quota_balances q WHERE q.owner_id = ANY($1) AND q.usage_key = 'document_classification'`,
      [accounts],
    )) as { owner_id: string; used: number; reserved: number }[];
    expect(rows).toHaveLength(6);
    for (const row of rows) {
      expect(row.used).toBe(row.reserved);
      // A call is refused only when it is larger than what is left, and the calls come in 1, 2 and 3
      // units with more of them than 7 units hold: at most one unit can stay free.
      expect(row.used).toBeGreaterThanOrEqual(6);
      expect(row.used).toBeLessThanOrEqual(7);
    }
  });

  it('writes one commit entry per committed call', async () => {
    const accountId = await machineAccount();
    const reservation = await metering.reserve({ accountId, usageKey: 'quantitative_analysis', units: 1, toolName: 'quantitative_analysis_agent' });
    await metering.commit(reservation);
    const entries = (await dataSource.query(`SELECT entry, units FROM usage_ledger WHERE call_id = $1 ORDER BY id`, [reservation.callId])) as {
      entry: string;
      units: number;
    }[];
    expect(entries.map(({ entry }) => entry)).toEqual(['reserve', 'commit']);
  });
});

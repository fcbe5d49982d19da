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

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { BillingStatementsRepository } from '../../src/billing/billing-statements.repository.js';
import { BillingStatementsService } from '../../src/billing/billing-statements.service.js';
import { MeteringService } from '../../src/billing/metering.service.js';
import { UsageLedgerRepository } from '../../src/billing/usage-ledger.repository.js';
import { FirmsModule } from '../../src/firms/firms.module.js';
import { FirmsService } from '../../src/firms/firms.service.js';
import { PeriodicTasksModule } from '../../src/jobs/periodic-tasks.js';
import { insertAccount, insertMandate, startMediumModule, type MediumModule } from '../support/medium-database.js';
import { TestClock } from '../support/metered-tools.module.js';

/** The usage and invoice read models against real PostgreSQL (the medium tier). */
describe('billing statements (medium)', () => {
  const clock = new TestClock();
  let medium: MediumModule;
  let statements: BillingStatementsService;
  let metering: MeteringService;
  let dataSource: DataSource;

  beforeAll(async () => {
    clock.set('2026-11-15T12:00:00Z');
    medium = await startMediumModule([PeriodicTasksModule, FirmsModule], {
      clock,
      providers: [BillingStatementsService, BillingStatementsRepository, MeteringService, UsageLedgerRepository],
    });
    statements = medium.get(BillingStatementsService);
    metering = medium.get(MeteringService);
    dataSource = medium.get(DataSource);
  });
  afterAll(() => medium?.close());

  it("shows a firm member the firm's monthly balance and only their own ledger entries", async () => {
    const [creator, member] = await Promise.all([insertAccount(dataSource, 'human'), insertAccount(dataSource, 'human')]);
    const firms = medium.get(FirmsService);
    const { inviteCode, firmId } = await firms.create(creator, 'Medium Capital');
    await firms.join(member, inviteCode!);
    const reservation = await metering.reserve({ accountId: creator, usageKey: 'credit_memo_drafting', units: 1, toolName: 'professional_memo_agent' });
    await metering.commit(reservation);

    const usage = await statements.usage(member);
    expect(usage).toMatchObject({ accountId: member, firmId, kind: 'human', period: '2026-11', mandate: null, recent: [] });
    expect(usage.balances.find((balance) => balance.usageKey === 'credit_memo_drafting')).toEqual({
      usageKey: 'credit_memo_drafting',
      unit: 'call',
      granted: 3,
      used: 1,
      remaining: 2,
      priceCents: 499,
    });
    expect((await statements.usage(creator)).recent.map(({ callId, entry }) => ({ callId, entry }))).toEqual([
      { callId: reservation.callId, entry: 'commit' },
      { callId: reservation.callId, entry: 'reserve' },
    ]);
  });

  it("shows a wallet mandate's spend over its whole authorization", async () => {
    const accountId = await insertAccount(dataSource, 'human');
    const mandateId = await insertMandate(dataSource, accountId, accountId, { rail: 'crypto', budgetCents: 2000, validFrom: new Date('2026-10-01T00:00:00Z') });
    await dataSource.query(
      `INSERT INTO mandate_spend (mandate_id, period, budget_cents, spent_cents) VALUES ($1, 'authorization', 2000, 350), ($1, '2026-11', 2000, 999)`,
      [mandateId],
    );
    expect((await statements.usage(accountId)).mandate).toEqual({
      mandateId,
      rail: 'crypto',
      status: 'active',
      budgetCents: 2000,
      spentCents: 350,
      validUntil: '2027-10-01T00:00:00.000Z',
      failure: null,
    });
  });

  it('groups committed charges per mandate and month, closes past months with their card payment, and counts nothing else', async () => {
    const accountId = await insertAccount(dataSource, 'human');
    const mandateId = await insertMandate(dataSource, accountId, accountId, { rail: 'fiat', budgetCents: 5000, validFrom: new Date('2026-09-01T00:00:00Z') });
    const entry = (entry: string, funding: string, period: string, amountCents: number) => [
      entry,
      accountId,
      period,
      funding,
      amountCents,
      funding === 'charged' ? mandateId : null,
    ];
    for (const row of [
      entry('commit', 'charged', '2026-10', 50),
      entry('commit', 'charged', '2026-10', 499),
      entry('commit', 'charged', '2026-11', 150),
      entry('reserve', 'charged', '2026-11', 200),
      entry('commit', 'free', '2026-11', 0),
    ]) {
      await dataSource.query(
        `INSERT INTO usage_ledger (entry, call_id, account_id, owner_id, usage_key, period, units, funding, amount_cents, tool_name, mandate_id) VALUES ($1, gen_random_uuid(), $2, $2, 'pitch_deck_precheck', $3, 1, $4, $5, 'pitch_deck_precheck', $6)`,
        row,
      );
    }
    await dataSource.query(
      `INSERT INTO invoice_payments (mandate_id, period, amount_cents, status, stripe_payment_intent_id, attempts) VALUES ($1, '2026-10', 549, 'paid', 'pi_medium', 1)`,
      [mandateId],
    );

    expect(await statements.invoices(accountId)).toEqual([
      { mandateId, rail: 'fiat', period: '2026-11', status: 'open', charges: 1, amountCents: 150, budgetCents: 5000, payment: null },
      {
        mandateId,
        rail: 'fiat',
        period: '2026-10',
        status: 'closed',
        charges: 2,
        amountCents: 549,
        budgetCents: 5000,
        payment: { status: 'paid', stripePaymentIntentId: 'pi_medium', failure: null, attempts: 1, nextAttemptAt: null },
      },
    ]);
  });
});

import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Sql } from '../../src/database/sql.js';
import { InvoicePaymentRepository } from '../../src/billing/payments/invoice-payment.repository.js';
import { PaymentMandateRepository } from '../../src/billing/payments/payment-mandate.repository.js';
import { PaymentSetupSessionRepository } from '../../src/billing/payments/payment-setup-session.repository.js';
import { startMediumModule, type MediumModule } from '../support/medium-database.js';

/** The payments repositories' conditional statements against real PostgreSQL (the medium tier). */
describe('payments repositories (medium)', () => {
  let medium: MediumModule;
  let sql: Sql;
  let sessions: PaymentSetupSessionRepository;
  let mandates: PaymentMandateRepository;
  let invoices: InvoicePaymentRepository;
  const now = new Date('2026-12-02T08:00:00Z');

  beforeAll(async () => {
    medium = await startMediumModule([], { providers: [PaymentSetupSessionRepository, PaymentMandateRepository, InvoicePaymentRepository] });
    sql = medium.get(Sql);
    sessions = medium.get(PaymentSetupSessionRepository);
    mandates = medium.get(PaymentMandateRepository);
    invoices = medium.get(InvoicePaymentRepository);
  });
  afterAll(() => medium?.close());

  /** A machine account with a pending setup session; returns both ids. */
  async function accountWithSession(): Promise<{ accountId: string; sessionId: string }> {
    const [{ id: accountId }] = await sql.query<{ id: string }>(`INSERT INTO accounts (kind, display_name) VALUES ('machine', 'medium test') RETURNING id`);
    const pageTokenHash = randomUUID();
    await sessions.create({
      sessionTokenHash: randomUUID(),
      pageTokenHash,
      accountId,
      rail: 'fiat',
      budgetCents: 1000,
      expiresAt: new Date(now.getTime() + 600_000),
      createdAt: now,
    });
    return { accountId, sessionId: (await sessions.byPageToken(pageTokenHash))!.id };
  }

  const activate = (accountId: string, sessionId: string) =>
    mandates.activate({
      sessionId,
      accountId,
      ownerId: accountId,
      rail: 'fiat',
      budgetCents: 1000,
      validFrom: now,
      validUntil: new Date('2027-12-02T08:00:00Z'),
      authorization: { customer: 'cus_1', paymentMethod: 'pm_1' },
    });

  it('activates a session once: a second completion writes nothing and answers false', async () => {
    const { accountId, sessionId } = await accountWithSession();
    expect(await activate(accountId, sessionId)).toBe(true);
    expect(await activate(accountId, sessionId)).toBe(false);
    expect(await sql.query('SELECT status FROM payment_mandates WHERE account_id = $1', [accountId])).toEqual([{ status: 'active' }]);
  });

  it("ends the owner's earlier active mandate when a newer one is activated", async () => {
    const { accountId, sessionId } = await accountWithSession();
    await activate(accountId, sessionId);
    const pageTokenHash = randomUUID();
    await sessions.create({
      sessionTokenHash: randomUUID(),
      pageTokenHash,
      accountId,
      rail: 'fiat',
      budgetCents: 1000,
      expiresAt: new Date(now.getTime() + 600_000),
      createdAt: now,
    });
    await activate(accountId, (await sessions.byPageToken(pageTokenHash))!.id);
    expect(await sql.query('SELECT status FROM payment_mandates WHERE account_id = $1 ORDER BY status', [accountId])).toEqual([
      { status: 'active' },
      { status: 'revoked' },
    ]);
  });

  describe('invoice claims', () => {
    /** A card mandate with one committed charge of 50 cents in November 2026. */
    async function chargedCardMandate(): Promise<string> {
      const { accountId, sessionId } = await accountWithSession();
      await activate(accountId, sessionId);
      const [{ id: mandateId }] = await sql.query<{ id: string }>('SELECT id FROM payment_mandates WHERE account_id = $1', [accountId]);
      await sql.query(
        `INSERT INTO usage_ledger (entry, call_id, account_id, owner_id, usage_key, period, units, funding, amount_cents, tool_name, mandate_id)
         VALUES ('commit', $1, $2, $2, 'pitch_deck_precheck', '2026-11', 1, 'charged', 50, 'pitch_deck_precheck', $3)`,
        [randomUUID(), accountId, mandateId],
      );
      return mandateId;
    }
    const row = async (mandateId: string) =>
      (await sql.query<{ status: string; attempts: number }>('SELECT status, attempts FROM invoice_payments WHERE mandate_id = $1', [mandateId]))[0];

    it('claims a closed invoice once, and a released first attempt is claimed again as the first', async () => {
      const mandateId = await chargedCardMandate();
      const [claimed] = (await invoices.claimClosed('2026-12')).filter((invoice) => invoice.mandate_id === mandateId);
      expect(claimed).toMatchObject({ period: '2026-11', amount_cents: 50, attempts: 1, authorization: { customer: 'cus_1', paymentMethod: 'pm_1' } });
      expect((await invoices.claimClosed('2026-12')).filter((invoice) => invoice.mandate_id === mandateId)).toEqual([]);
      await invoices.releaseClaim(claimed);
      expect(await row(mandateId)).toBeUndefined();
      expect((await invoices.claimClosed('2026-12')).filter((invoice) => invoice.mandate_id === mandateId)).toEqual([expect.objectContaining({ attempts: 1 })]);
    });

    it('gives a released retry back as declined with its attempts and due time unchanged', async () => {
      const mandateId = await chargedCardMandate();
      const [first] = (await invoices.claimClosed('2026-12')).filter((invoice) => invoice.mandate_id === mandateId);
      await invoices.markDeclined(first, 'pi_1', 'Your card has insufficient funds.', new Date('2026-12-03T08:00:00Z'));
      expect((await invoices.claimDueRetries(new Date('2026-12-03T07:59:00Z'))).filter((invoice) => invoice.mandate_id === mandateId)).toEqual([]);
      const [retry] = (await invoices.claimDueRetries(new Date('2026-12-03T08:00:00Z'))).filter((invoice) => invoice.mandate_id === mandateId);
      expect(retry.attempts).toBe(2);
      await invoices.releaseClaim(retry);
      expect(await row(mandateId)).toEqual({ status: 'failed', attempts: 1 });
      expect((await invoices.claimDueRetries(new Date('2026-12-03T09:00:00Z'))).filter((invoice) => invoice.mandate_id === mandateId)).toEqual([
        expect.objectContaining({ attempts: 2 }),
      ]);
    });
  });
});

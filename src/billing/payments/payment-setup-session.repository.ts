import { Injectable } from '@nestjs/common';
import { Sql } from '../../database/sql.js';

/** What a session offers: a real rail or both, or the sandbox rail (development only). */
export type SessionRail = 'fiat' | 'crypto' | 'both' | 'sandbox';

export interface PaymentSetupSessionRow {
  id: string;
  account_id: string;
  rail: SessionRail;
  budget_cents: number;
  expires_at: Date;
  created_at: Date;
  mandate_id: string | null;
  stripe_setup_intent_id: string | null;
  stripe_customer_id: string | null;
}

/** Payment setup sessions, found by the digest of one of their two tokens (the tokens themselves are never stored). */
@Injectable()
export class PaymentSetupSessionRepository {
  constructor(private readonly sql: Sql) {}

  async create(session: {
    sessionTokenHash: string;
    pageTokenHash: string;
    accountId: string;
    rail: SessionRail;
    budgetCents: number;
    expiresAt: Date;
    createdAt: Date;
  }): Promise<void> {
    await this.sql.query(
      'INSERT INTO payment_setup_sessions (session_token_hash, page_token_hash, account_id, rail, budget_cents, expires_at, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)',
      [session.sessionTokenHash, session.pageTokenHash, session.accountId, session.rail, session.budgetCents, session.expiresAt, session.createdAt],
    );
  }

  async ofAccount(accountId: string, sessionTokenHash: string): Promise<PaymentSetupSessionRow | undefined> {
    return (
      await this.sql.query<PaymentSetupSessionRow>('SELECT * FROM payment_setup_sessions WHERE session_token_hash = $1 AND account_id = $2', [
        sessionTokenHash,
        accountId,
      ])
    )[0];
  }

  /** Who a session's mandate is for, as the payment page names them: the account, and its firm if any. */
  async payerOf(accountId: string): Promise<{ display_name: string; firm_name: string | null }> {
    const [payer] = await this.sql.query<{ display_name: string; firm_name: string | null }>(
      'SELECT a.display_name, f.name AS firm_name FROM accounts a LEFT JOIN firm_members m ON m.account_id = a.id LEFT JOIN firms f ON f.id = m.firm_id WHERE a.id = $1',
      [accountId],
    );
    return payer;
  }

  async byPageToken(pageTokenHash: string): Promise<PaymentSetupSessionRow | undefined> {
    return (await this.sql.query<PaymentSetupSessionRow>('SELECT * FROM payment_setup_sessions WHERE page_token_hash = $1', [pageTokenHash]))[0];
  }

  async bySetupIntent(setupIntentId: string): Promise<PaymentSetupSessionRow | undefined> {
    return (await this.sql.query<PaymentSetupSessionRow>('SELECT * FROM payment_setup_sessions WHERE stripe_setup_intent_id = $1', [setupIntentId]))[0];
  }

  async recordCardSetup(sessionId: string, setupIntentId: string, customerId: string): Promise<void> {
    await this.sql.query('UPDATE payment_setup_sessions SET stripe_setup_intent_id = $2, stripe_customer_id = $3 WHERE id = $1', [
      sessionId,
      setupIntentId,
      customerId,
    ]);
  }
}

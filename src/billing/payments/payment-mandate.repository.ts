import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Sql } from '../../database/sql.js';

export type MandateRail = 'fiat' | 'crypto' | 'sandbox';

export interface MandateRow {
  id: string;
  account_id: string;
  rail: MandateRail;
  budget_cents: number;
  valid_from: Date;
  valid_until: Date;
  status: 'active' | 'revoked' | 'unfunded';
}

/** Thrown inside the activation transaction to roll it back: the session was completed by someone else first. */
class SessionAlreadyCompleted extends Error {}

/** Payment mandates: created by a completed setup session, ended by a newer one, unfunded when their money does not come. */
@Injectable()
export class PaymentMandateRepository {
  constructor(
    private readonly dataSource: DataSource,
    private readonly sql: Sql,
  ) {}

  /**
   * In one transaction: the mandate, the end of the owner's earlier ones (one active authorization
   * per owner), and the session's completion, which is conditional, so that a page submitted twice
   * makes one mandate. False, with nothing written, when the session was already completed.
   */
  async activate(mandate: {
    sessionId: string;
    accountId: string;
    ownerId: string;
    rail: MandateRail;
    budgetCents: number;
    validFrom: Date;
    validUntil: Date;
    authorization: Record<string, unknown>;
  }): Promise<boolean> {
    try {
      await this.dataSource.transaction(async (manager) => {
        const [{ id }] = await manager.query<{ id: string }[]>(
          'INSERT INTO payment_mandates (account_id, owner_id, rail, budget_cents, valid_from, valid_until, "authorization") VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id',
          [mandate.accountId, mandate.ownerId, mandate.rail, mandate.budgetCents, mandate.validFrom, mandate.validUntil, JSON.stringify(mandate.authorization)],
        );
        await manager.query(`UPDATE payment_mandates SET status = 'revoked', revoked_at = $3 WHERE owner_id = $1 AND status = 'active' AND id <> $2`, [
          mandate.ownerId,
          id,
          mandate.validFrom,
        ]);
        const [, claimed] = await manager.query<[unknown, number]>('UPDATE payment_setup_sessions SET mandate_id = $2 WHERE id = $1 AND mandate_id IS NULL', [
          mandate.sessionId,
          id,
        ]);
        if (claimed !== 1) throw new SessionAlreadyCompleted();
      });
      return true;
    } catch (error) {
      if (error instanceof SessionAlreadyCompleted) return false;
      throw error;
    }
  }

  async find(mandateId: string): Promise<MandateRow> {
    const [mandate] = await this.sql.query<MandateRow>(
      'SELECT id, account_id, rail, budget_cents, valid_from, valid_until, status FROM payment_mandates WHERE id = $1',
      [mandateId],
    );
    return mandate;
  }

  /** The mandate's money will not come: it accepts no more charges, and says why. */
  async unfund(mandateId: string, reason: string): Promise<void> {
    await this.sql.query(`UPDATE payment_mandates SET status = 'unfunded', failure = $2 WHERE id = $1 AND status = 'active'`, [mandateId, reason]);
  }
}

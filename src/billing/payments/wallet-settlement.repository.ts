import { Injectable } from '@nestjs/common';
import type { Hex } from 'viem';
import { Sql } from '../../database/sql.js';
import type { SignedTransaction, StoredAuthorization } from './settlement-chain.js';

export interface SettlementRow {
  mandate_id: string;
  status: 'settling' | 'settled' | 'refunding';
  escrow_units: string;
  settlement_tx_hash: Hex | null;
  settlement_raw_tx: Hex | null;
  refund_tx_hash: Hex | null;
  refund_raw_tx: Hex | null;
  authorization: StoredAuthorization;
}

/** Settlements of wallet mandates (`wallet_settlements`, one per mandate), with each transaction stored before it is sent. */
@Injectable()
export class WalletSettlementRepository {
  constructor(private readonly sql: Sql) {}

  /** A settlement for each wallet mandate that has a committed charge and none yet. */
  async openForChargedMandates(): Promise<void> {
    await this.sql.query(
      `INSERT INTO wallet_settlements (mandate_id, status, escrow_units)
       SELECT m.id, 'settling', (m."authorization"->>'value')::numeric FROM payment_mandates m
        WHERE m.rail = 'crypto' AND NOT EXISTS (SELECT 1 FROM wallet_settlements s WHERE s.mandate_id = m.id)
          AND EXISTS (SELECT 1 FROM usage_ledger l WHERE l.mandate_id = m.id AND l.funding = 'charged' AND l.entry = 'commit')
       ON CONFLICT DO NOTHING`,
    );
  }

  /** Settlements with a step to take: unfinished ones, and settled ones whose mandate ended before `endedBefore`; oldest first. */
  async withStepsToTake(endedBefore: Date): Promise<SettlementRow[]> {
    return this.sql.query<SettlementRow>(
      `SELECT s.mandate_id, s.status, s.escrow_units::text, s.settlement_tx_hash, s.settlement_raw_tx, s.refund_tx_hash, s.refund_raw_tx, m."authorization"
         FROM wallet_settlements s JOIN payment_mandates m ON m.id = s.mandate_id
        WHERE s.status IN ('settling', 'refunding')
           OR (s.status = 'settled' AND (m.valid_until <= $1 OR m.revoked_at <= $1))
        ORDER BY s.created_at`,
      [endedBefore],
    );
  }

  /** What the mandate's committed charges add up to, in cents. */
  async spentCents(mandateId: string): Promise<bigint> {
    const [{ spent_cents: spent }] = await this.sql.query<{ spent_cents: string }>(
      `SELECT coalesce(sum(amount_cents), 0)::text AS spent_cents FROM usage_ledger WHERE mandate_id = $1 AND funding = 'charged' AND entry = 'commit'`,
      [mandateId],
    );
    return BigInt(spent);
  }

  async recordSettlementTransaction(mandateId: string, transaction: SignedTransaction): Promise<void> {
    await this.sql.query(`UPDATE wallet_settlements SET settlement_tx_hash = $2, settlement_raw_tx = $3, updated_at = now() WHERE mandate_id = $1`, [
      mandateId,
      transaction.hash,
      transaction.raw,
    ]);
  }

  async recordRefundTransaction(mandateId: string, units: bigint, transaction: SignedTransaction): Promise<void> {
    await this.sql.query(
      `UPDATE wallet_settlements SET status = 'refunding', refund_units = $2, refund_tx_hash = $3, refund_raw_tx = $4, updated_at = now() WHERE mandate_id = $1`,
      [mandateId, units.toString(), transaction.hash, transaction.raw],
    );
  }

  async markSettled(mandateId: string): Promise<void> {
    await this.sql.query(`UPDATE wallet_settlements SET status = 'settled', updated_at = now() WHERE mandate_id = $1`, [mandateId]);
  }

  /** Refunded: by its mined transaction, or with nothing to send back (`refund_units` 0). */
  async markRefunded(mandateId: string, nothingToRefund = false): Promise<void> {
    await this.sql.query(
      `UPDATE wallet_settlements SET status = 'refunded', refund_units = CASE WHEN $2 THEN 0 ELSE refund_units END, updated_at = now() WHERE mandate_id = $1`,
      [mandateId, nothingToRefund],
    );
  }

  async markFailed(mandateId: string, reason: string): Promise<void> {
    await this.sql.query(`UPDATE wallet_settlements SET status = 'failed', failure = $2, updated_at = now() WHERE mandate_id = $1`, [mandateId, reason]);
  }
}

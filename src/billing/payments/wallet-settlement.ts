import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { PeriodicTasks } from '../../jobs/periodic-tasks.js';
import type { Hex } from 'viem';
import { Clock } from '../../common/clock.js';
import { AppConfig } from '../../config/app-config.js';
import { Sql } from '../../database/sql.js';
import { STALE_RESERVATION_MINUTES } from '../metering.service.js';
import { UsdcSettlementChain, type SignedTransaction, type StoredAuthorization } from './usdc-settlement-chain.js';

/** pg advisory lock key of the settlement run: one replica at a time signs with the settlement wallet. */
const SETTLEMENT_LOCK = 0x5e771e;
/** One cent of USD is 10^4 units of USDC (6 decimals). */
const UNITS_PER_CENT = 10_000n;
const RECEIPT_WAIT_MS = 60_000;

interface SettlementRow {
  mandate_id: string;
  status: 'settling' | 'settled' | 'refunding';
  escrow_units: string;
  settlement_tx_hash: Hex | null;
  settlement_raw_tx: Hex | null;
  refund_tx_hash: Hex | null;
  refund_raw_tx: Hex | null;
  authorization: StoredAuthorization;
}

export interface SettlementRun {
  settled: number;
  refunded: number;
  failed: number;
}

/**
 * Settles the wallet rail. An EIP-3009 authorization moves its whole value, once, so per-call
 * settlement is impossible: after a mandate's first committed charge its authorization is
 * submitted (the budget moves to the settlement wallet, in escrow), and once the mandate has ended
 * (expired, or replaced by a newer one) and its last call is settled, what it did not spend is sent
 * back. Every transaction is signed and stored before it is sent, so a run that dies half-way
 * re-sends the same bytes and never pays twice; runs hold an advisory lock, so one replica signs
 * at a time. Without PAYMENT_RPC_URL nothing is settled.
 */
@Injectable()
export class WalletSettlement implements OnApplicationBootstrap {
  private readonly logger = new Logger(WalletSettlement.name);
  private readonly chain?: UsdcSettlementChain;

  constructor(
    private readonly sql: Sql,
    private readonly clock: Clock,
    config: AppConfig,
    private readonly periodicTasks: PeriodicTasks,
  ) {
    const wallet = config.payments.wallet;
    if (wallet?.settlement) this.chain = new UsdcSettlementChain({ ...wallet.settlement, chainId: wallet.chainId, usdc: wallet.usdc });
  }

  onApplicationBootstrap(): void {
    if (!this.chain) return;
    // run() takes the settlement lock itself (tests call it directly), so the task is not marked exclusive here.
    this.periodicTasks.every({ name: 'settle wallet authorizations', intervalMs: 300_000 }, () => this.run());
  }

  /** One pass: escrow what was charged, finish what a previous pass left, refund what has ended. Undefined when another replica is running one. */
  async run(): Promise<SettlementRun | undefined> {
    const chain = this.chain;
    if (!chain) return { settled: 0, refunded: 0, failed: 0 };
    return this.sql.exclusively(SETTLEMENT_LOCK, async () => {
      const outcome: SettlementRun = { settled: 0, refunded: 0, failed: 0 };
      await this.sql.query(
        `INSERT INTO wallet_settlements (mandate_id, status, escrow_units)
         SELECT m.id, 'settling', (m."authorization"->>'value')::numeric FROM payment_mandates m
          WHERE m.rail = 'crypto' AND NOT EXISTS (SELECT 1 FROM wallet_settlements s WHERE s.mandate_id = m.id)
            AND EXISTS (SELECT 1 FROM usage_ledger l WHERE l.mandate_id = m.id AND l.funding = 'charged' AND l.entry = 'commit')
         ON CONFLICT DO NOTHING`,
      );
      const endedBefore = new Date(this.clock.now().getTime() - STALE_RESERVATION_MINUTES * 60_000);
      const rows = await this.sql.query<SettlementRow>(
        `SELECT s.mandate_id, s.status, s.escrow_units::text, s.settlement_tx_hash, s.settlement_raw_tx, s.refund_tx_hash, s.refund_raw_tx, m."authorization"
           FROM wallet_settlements s JOIN payment_mandates m ON m.id = s.mandate_id
          WHERE s.status IN ('settling', 'refunding')
             OR (s.status = 'settled' AND (m.valid_until <= $1 OR m.revoked_at <= $1))
          ORDER BY s.created_at`,
        [endedBefore],
      );
      for (const row of rows) {
        const step = row.status === 'settling' ? await this.escrow(chain, row) : await this.refund(chain, row);
        if (step === 'pending') break; // a transaction of the settlement wallet is still unmined: later ones would queue behind its nonce
        if (step !== 'skipped') outcome[step]++;
      }
      return outcome;
    });
  }

  private async escrow(chain: UsdcSettlementChain, row: SettlementRow): Promise<'settled' | 'failed' | 'pending'> {
    let transaction: SignedTransaction | null = row.settlement_raw_tx ? { hash: row.settlement_tx_hash!, raw: row.settlement_raw_tx } : null;
    if (!transaction) {
      if (BigInt(row.authorization.validBefore) * 1000n <= BigInt(this.clock.now().getTime())) {
        return this.fail(row.mandate_id, 'The wallet authorization expired before it was settled.');
      }
      // Used already, but not by a transaction of ours: the payer cancelled it, or someone else submitted it. Either way this run moves nothing.
      if (await chain.authorizationUsed(row.authorization)) return this.fail(row.mandate_id, 'The wallet authorization was used or cancelled on chain before this service settled it.');
      transaction = await chain.signSettlement(row.authorization);
      await this.sql.query(`UPDATE wallet_settlements SET settlement_tx_hash = $2, settlement_raw_tx = $3, updated_at = now() WHERE mandate_id = $1`, [row.mandate_id, transaction.hash, transaction.raw]);
    }
    await chain.broadcast(transaction);
    const mined = await chain.waitForOutcome(transaction.hash, RECEIPT_WAIT_MS);
    if (mined === null) return 'pending';
    if (mined === 'reverted') return this.fail(row.mandate_id, `The settlement transaction ${transaction.hash} reverted: the payer's USDC balance is below the authorized budget, or the authorization was used.`);
    await this.sql.query(`UPDATE wallet_settlements SET status = 'settled', updated_at = now() WHERE mandate_id = $1`, [row.mandate_id]);
    this.logger.log(`wallet mandate ${row.mandate_id}: ${row.escrow_units} USDC units settled in ${transaction.hash}`);
    return 'settled';
  }

  private async refund(chain: UsdcSettlementChain, row: SettlementRow): Promise<'refunded' | 'failed' | 'pending' | 'skipped'> {
    let transaction: SignedTransaction | null = row.refund_raw_tx ? { hash: row.refund_tx_hash!, raw: row.refund_raw_tx } : null;
    if (!transaction) {
      const [{ spent_cents: spentCents }] = await this.sql.query<{ spent_cents: string }>(
        `SELECT coalesce(sum(amount_cents), 0)::text AS spent_cents FROM usage_ledger WHERE mandate_id = $1 AND funding = 'charged' AND entry = 'commit'`,
        [row.mandate_id],
      );
      const refundUnits = BigInt(row.escrow_units) - BigInt(spentCents) * UNITS_PER_CENT;
      if (refundUnits <= 0n) {
        await this.sql.query(`UPDATE wallet_settlements SET status = 'refunded', refund_units = 0, updated_at = now() WHERE mandate_id = $1`, [row.mandate_id]);
        return 'skipped';
      }
      transaction = await chain.signRefund(row.authorization.from, refundUnits);
      await this.sql.query(`UPDATE wallet_settlements SET status = 'refunding', refund_units = $2, refund_tx_hash = $3, refund_raw_tx = $4, updated_at = now() WHERE mandate_id = $1`, [
        row.mandate_id,
        refundUnits.toString(),
        transaction.hash,
        transaction.raw,
      ]);
    }
    await chain.broadcast(transaction);
    const mined = await chain.waitForOutcome(transaction.hash, RECEIPT_WAIT_MS);
    if (mined === null) return 'pending';
    if (mined === 'reverted') {
      await this.sql.query(`UPDATE wallet_settlements SET status = 'failed', failure = $2, updated_at = now() WHERE mandate_id = $1`, [row.mandate_id, `The refund transaction ${transaction.hash} reverted.`]);
      this.logger.error(`wallet mandate ${row.mandate_id}: refund ${transaction.hash} reverted; the settlement wallet owes the payer`);
      return 'failed';
    }
    await this.sql.query(`UPDATE wallet_settlements SET status = 'refunded', updated_at = now() WHERE mandate_id = $1`, [row.mandate_id]);
    return 'refunded';
  }

  /** The authorization will not pay: the mandate stops accepting charges, and says why. */
  private async fail(mandateId: string, reason: string): Promise<'failed'> {
    await this.sql.query(`UPDATE wallet_settlements SET status = 'failed', failure = $2, updated_at = now() WHERE mandate_id = $1`, [mandateId, reason]);
    await this.sql.query(`UPDATE payment_mandates SET status = 'unfunded', failure = $2 WHERE id = $1 AND status = 'active'`, [mandateId, reason]);
    this.logger.warn(`wallet mandate ${mandateId}: ${reason}`);
    return 'failed';
  }
}

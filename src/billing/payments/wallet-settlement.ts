import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { Clock } from '../../common/clock.js';
import { Sql } from '../../database/sql.js';
import { PeriodicTasks } from '../../jobs/periodic-tasks.js';
import { STALE_RESERVATION_MINUTES } from '../metering.service.js';
import { PaymentMandateRepository } from './payment-mandate.repository.js';
import { SettlementChain, type SignedTransaction } from './settlement-chain.js';
import { WalletSettlementRepository, type SettlementRow } from './wallet-settlement.repository.js';

/** pg advisory lock key of the settlement run: one replica at a time signs with the settlement wallet. */
const SETTLEMENT_LOCK = 0x5e771e;
/** One cent of USD is 10^4 units of USDC (6 decimals). */
const UNITS_PER_CENT = 10_000n;
const RECEIPT_WAIT_MS = 60_000;

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

  constructor(
    @Inject(SettlementChain) private readonly chain: SettlementChain | null,
    private readonly settlements: WalletSettlementRepository,
    private readonly mandates: PaymentMandateRepository,
    private readonly sql: Sql,
    private readonly clock: Clock,
    private readonly periodicTasks: PeriodicTasks,
  ) {}

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
      await this.settlements.openForChargedMandates();
      // Ended at least this long ago: no reservation against the mandate can still be open.
      const endedBefore = new Date(this.clock.now().getTime() - STALE_RESERVATION_MINUTES * 60_000);
      for (const row of await this.settlements.withStepsToTake(endedBefore)) {
        const step = row.status === 'settling' ? await this.escrow(chain, row) : await this.refund(chain, row);
        if (step === 'pending') break; // a transaction of the settlement wallet is still unmined: later ones would queue behind its nonce
        if (step !== 'skipped') outcome[step]++;
      }
      return outcome;
    });
  }

  private async escrow(chain: SettlementChain, row: SettlementRow): Promise<'settled' | 'failed' | 'pending'> {
    let transaction: SignedTransaction | null = row.settlement_raw_tx ? { hash: row.settlement_tx_hash!, raw: row.settlement_raw_tx } : null;
    if (!transaction) {
      if (BigInt(row.authorization.validBefore) * 1000n <= BigInt(this.clock.now().getTime())) {
        return this.fail(row.mandate_id, 'The wallet authorization expired before it was settled.');
      }
      // Used already, but not by a transaction of ours: the payer cancelled it, or someone else submitted it. Either way this run moves nothing.
      if (await chain.authorizationUsed(row.authorization))
        return this.fail(row.mandate_id, 'The wallet authorization was used or cancelled on chain before this service settled it.');
      transaction = await chain.signSettlement(row.authorization);
      await this.settlements.recordSettlementTransaction(row.mandate_id, transaction);
    }
    await chain.broadcast(transaction);
    const mined = await chain.waitForOutcome(transaction.hash, RECEIPT_WAIT_MS);
    if (mined === null) return 'pending';
    if (mined === 'reverted')
      return this.fail(
        row.mandate_id,
        `The settlement transaction ${transaction.hash} reverted: the payer's USDC balance is below the authorized budget, or the authorization was used.`,
      );
    await this.settlements.markSettled(row.mandate_id);
    this.logger.log(`wallet mandate ${row.mandate_id}: ${row.escrow_units} USDC units settled in ${transaction.hash}`);
    return 'settled';
  }

  private async refund(chain: SettlementChain, row: SettlementRow): Promise<'refunded' | 'failed' | 'pending' | 'skipped'> {
    let transaction: SignedTransaction | null = row.refund_raw_tx ? { hash: row.refund_tx_hash!, raw: row.refund_raw_tx } : null;
    if (!transaction) {
      const refundUnits = BigInt(row.escrow_units) - (await this.settlements.spentCents(row.mandate_id)) * UNITS_PER_CENT;
      if (refundUnits <= 0n) {
        await this.settlements.markRefunded(row.mandate_id, true);
        return 'skipped';
      }
      transaction = await chain.signRefund(row.authorization.from, refundUnits);
      await this.settlements.recordRefundTransaction(row.mandate_id, refundUnits, transaction);
    }
    await chain.broadcast(transaction);
    const mined = await chain.waitForOutcome(transaction.hash, RECEIPT_WAIT_MS);
    if (mined === null) return 'pending';
    if (mined === 'reverted') {
      await this.settlements.markFailed(row.mandate_id, `The refund transaction ${transaction.hash} reverted.`);
      this.logger.error(`wallet mandate ${row.mandate_id}: refund ${transaction.hash} reverted; the settlement wallet owes the payer`);
      return 'failed';
    }
    await this.settlements.markRefunded(row.mandate_id);
    return 'refunded';
  }

  /** The authorization will not pay: the mandate stops accepting charges, and says why. */
  private async fail(mandateId: string, reason: string): Promise<'failed'> {
    await this.settlements.markFailed(mandateId, reason);
    await this.mandates.unfund(mandateId, reason);
    this.logger.warn(`wallet mandate ${mandateId}: ${reason}`);
    return 'failed';
  }
}

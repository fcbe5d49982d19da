import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * How far the ledger's sweeps have gone, so that each run reads only what is new (docs/DECISIONS.md
 * "Balances and the ledger"): one row per sweep, `swept_until` a call id (time-ordered, UUID v7)
 * below which every reservation has been looked at. The stale-reservation sweep of
 * MeteringService.releaseStale is the first; it only ever moves its row forward (GREATEST).
 */
export class LedgerSweepWatermarks1795910000000 implements MigrationInterface {
  name = 'LedgerSweepWatermarks1795910000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "ledger_sweep_watermarks" ("name" text NOT NULL, "swept_until" uuid NOT NULL, "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_ledger_sweep_watermarks" PRIMARY KEY ("name"))`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "ledger_sweep_watermarks"`);
  }
}

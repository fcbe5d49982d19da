import type { MigrationInterface, QueryRunner } from 'typeorm';
import { BatchedFreeReservations1795470000000 } from './1795470000000-BatchedFreeReservations.js';

/**
 * The ledger statements of a metered call, made cheaper for PostgreSQL (issue 11; measured in
 * docs/DECISIONS.md "Metering benchmark"):
 * - Free reservations of a batch become one set-based statement of the ledger repository
 *   (UsageLedgerRepository), prepared once per connection, instead of the plpgsql loop
 *   `reserve_free_units` (one UPDATE and one INSERT per call), which goes.
 * - The ledger's foreign key to accounts goes: its check took a key-share lock on the account's row
 *   for every ledger row, so the concurrent batches of one busy account made PostgreSQL create
 *   multixacts on that row. Ledger rows are written only for the authenticated caller's account,
 *   no code path deletes accounts, and a billing record should outlive its account rather than be
 *   cascaded away with it.
 * - The (owner_id, created_at) index served no query, while the account's usage listing
 *   (`GET /billing/usage`: `WHERE account_id = $1 ORDER BY id DESC LIMIT n`) had none and read the
 *   whole ledger: the index is swapped for (account_id, id).
 */
export class LedgerHotPath1795900000000 implements MigrationInterface {
  name = 'LedgerHotPath1795900000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP FUNCTION reserve_free_units(jsonb)`);
    await queryRunner.query(`DROP INDEX "IDX_usage_ledger_owner"`);
    await queryRunner.query(`CREATE INDEX "IDX_usage_ledger_account" ON "usage_ledger" ("account_id", "id")`);
    await queryRunner.query(`ALTER TABLE "usage_ledger" DROP CONSTRAINT "FK_usage_ledger_account"`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "usage_ledger" ADD CONSTRAINT "FK_usage_ledger_account" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE`,
    );
    await queryRunner.query(`DROP INDEX "IDX_usage_ledger_account"`);
    await queryRunner.query(`CREATE INDEX "IDX_usage_ledger_owner" ON "usage_ledger" ("owner_id", "created_at")`);
    await new BatchedFreeReservations1795470000000().up(queryRunner);
  }
}

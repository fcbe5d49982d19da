import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Settlement of wallet authorizations (escrow, then refund of the unspent rest), the end of a
 * replaced mandate, and retries of declined card invoices.
 */
export class SettlementsAndRetries1795460000000 implements MigrationInterface {
  name = 'SettlementsAndRetries1795460000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "wallet_settlements" ("mandate_id" uuid NOT NULL, "status" text NOT NULL, "escrow_units" numeric(78, 0) NOT NULL, "settlement_tx_hash" text, "settlement_raw_tx" text, "refund_units" numeric(78, 0), "refund_tx_hash" text, "refund_raw_tx" text, "failure" text, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_wallet_settlements" PRIMARY KEY ("mandate_id"), CONSTRAINT "CHK_wallet_settlements_status" CHECK ("status" IN ('settling', 'settled', 'refunding', 'refunded', 'failed')), CONSTRAINT "FK_wallet_settlements_mandate" FOREIGN KEY ("mandate_id") REFERENCES "payment_mandates"("id") ON DELETE CASCADE)`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_usage_ledger_mandate" ON "usage_ledger" ("mandate_id") WHERE "mandate_id" IS NOT NULL`);
    await queryRunner.query(`ALTER TABLE "payment_mandates" ADD "revoked_at" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(`ALTER TABLE "payment_mandates" ADD "failure" text`);
    await queryRunner.query(`ALTER TABLE "payment_mandates" DROP CONSTRAINT "CHK_payment_mandates_status"`);
    await queryRunner.query(
      `ALTER TABLE "payment_mandates" ADD CONSTRAINT "CHK_payment_mandates_status" CHECK ("status" IN ('active', 'revoked', 'unfunded'))`,
    );
    await queryRunner.query(`ALTER TABLE "invoice_payments" ADD "attempts" integer NOT NULL DEFAULT 1`);
    await queryRunner.query(`ALTER TABLE "invoice_payments" ADD "next_attempt_at" TIMESTAMP WITH TIME ZONE`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "invoice_payments" DROP COLUMN "next_attempt_at"`);
    await queryRunner.query(`ALTER TABLE "invoice_payments" DROP COLUMN "attempts"`);
    await queryRunner.query(`UPDATE "payment_mandates" SET "status" = 'revoked' WHERE "status" = 'unfunded'`);
    await queryRunner.query(`ALTER TABLE "payment_mandates" DROP CONSTRAINT "CHK_payment_mandates_status"`);
    await queryRunner.query(`ALTER TABLE "payment_mandates" ADD CONSTRAINT "CHK_payment_mandates_status" CHECK ("status" IN ('active', 'revoked'))`);
    await queryRunner.query(`ALTER TABLE "payment_mandates" DROP COLUMN "failure"`);
    await queryRunner.query(`ALTER TABLE "payment_mandates" DROP COLUMN "revoked_at"`);
    await queryRunner.query(`DROP INDEX "IDX_usage_ledger_mandate"`);
    await queryRunner.query(`DROP TABLE "wallet_settlements"`);
  }
}

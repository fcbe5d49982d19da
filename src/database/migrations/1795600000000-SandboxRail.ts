import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The sandbox rail (development only, no money moves): sessions and mandates may name it. */
export class SandboxRail1795600000000 implements MigrationInterface {
  name = 'SandboxRail1795600000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "payment_mandates" DROP CONSTRAINT "CHK_payment_mandates_rail"`);
    await queryRunner.query(`ALTER TABLE "payment_mandates" ADD CONSTRAINT "CHK_payment_mandates_rail" CHECK ("rail" IN ('fiat', 'crypto', 'sandbox'))`);
    await queryRunner.query(`ALTER TABLE "payment_setup_sessions" DROP CONSTRAINT "CHK_payment_setup_sessions_rail"`);
    await queryRunner.query(
      `ALTER TABLE "payment_setup_sessions" ADD CONSTRAINT "CHK_payment_setup_sessions_rail" CHECK ("rail" IN ('fiat', 'crypto', 'both', 'sandbox'))`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    // Sandbox sessions and mandates moved no money: they go, with what refers to them.
    await queryRunner.query(
      `DELETE FROM "payment_setup_sessions" WHERE "rail" = 'sandbox' OR "mandate_id" IN (SELECT "id" FROM "payment_mandates" WHERE "rail" = 'sandbox')`,
    );
    await queryRunner.query(
      `UPDATE "usage_ledger" SET "mandate_id" = NULL WHERE "mandate_id" IN (SELECT "id" FROM "payment_mandates" WHERE "rail" = 'sandbox')`,
    );
    await queryRunner.query(`DELETE FROM "payment_mandates" WHERE "rail" = 'sandbox'`);
    await queryRunner.query(`ALTER TABLE "payment_setup_sessions" DROP CONSTRAINT "CHK_payment_setup_sessions_rail"`);
    await queryRunner.query(
      `ALTER TABLE "payment_setup_sessions" ADD CONSTRAINT "CHK_payment_setup_sessions_rail" CHECK ("rail" IN ('fiat', 'crypto', 'both'))`,
    );
    await queryRunner.query(`ALTER TABLE "payment_mandates" DROP CONSTRAINT "CHK_payment_mandates_rail"`);
    await queryRunner.query(`ALTER TABLE "payment_mandates" ADD CONSTRAINT "CHK_payment_mandates_rail" CHECK ("rail" IN ('fiat', 'crypto'))`);
  }
}

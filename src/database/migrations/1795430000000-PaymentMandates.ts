import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Payment setup sessions, the mandates they create, and the spend per mandate and month. */
export class PaymentMandates1795430000000 implements MigrationInterface {
  name = 'PaymentMandates1795430000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "payment_mandates" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "account_id" uuid NOT NULL, "rail" text NOT NULL, "budget_cents" integer NOT NULL, "status" text NOT NULL DEFAULT 'active', "valid_from" TIMESTAMP WITH TIME ZONE NOT NULL, "valid_until" TIMESTAMP WITH TIME ZONE NOT NULL, "authorization" jsonb NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_payment_mandates" PRIMARY KEY ("id"), CONSTRAINT "CHK_payment_mandates_rail" CHECK ("rail" IN ('fiat', 'crypto')), CONSTRAINT "CHK_payment_mandates_status" CHECK ("status" IN ('active', 'revoked')), CONSTRAINT "FK_payment_mandates_account" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE)`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_payment_mandates_account" ON "payment_mandates" ("account_id", "status")`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "IDX_payment_mandates_wallet_nonce" ON "payment_mandates" (("authorization"->>'nonce')) WHERE "rail" = 'crypto'`,
    );
    await queryRunner.query(
      `CREATE TABLE "payment_setup_sessions" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "session_token_hash" text NOT NULL, "page_token_hash" text NOT NULL, "account_id" uuid NOT NULL, "rail" text NOT NULL, "budget_cents" integer NOT NULL, "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, "mandate_id" uuid, "stripe_setup_intent_id" text, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_payment_setup_sessions" PRIMARY KEY ("id"), CONSTRAINT "CHK_payment_setup_sessions_rail" CHECK ("rail" IN ('fiat', 'crypto', 'both')), CONSTRAINT "FK_payment_setup_sessions_account" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE, CONSTRAINT "FK_payment_setup_sessions_mandate" FOREIGN KEY ("mandate_id") REFERENCES "payment_mandates"("id"))`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "IDX_payment_setup_sessions_session_token" ON "payment_setup_sessions" ("session_token_hash")`);
    await queryRunner.query(`CREATE UNIQUE INDEX "IDX_payment_setup_sessions_page_token" ON "payment_setup_sessions" ("page_token_hash")`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "IDX_payment_setup_sessions_setup_intent" ON "payment_setup_sessions" ("stripe_setup_intent_id") WHERE "stripe_setup_intent_id" IS NOT NULL`,
    );
    await queryRunner.query(
      `CREATE TABLE "mandate_spend" ("mandate_id" uuid NOT NULL, "period" text NOT NULL, "spent_cents" integer NOT NULL DEFAULT 0, "budget_cents" integer NOT NULL, CONSTRAINT "PK_mandate_spend" PRIMARY KEY ("mandate_id", "period"), CONSTRAINT "CHK_mandate_spend_budget" CHECK ("spent_cents" >= 0 AND "spent_cents" <= "budget_cents"), CONSTRAINT "FK_mandate_spend_mandate" FOREIGN KEY ("mandate_id") REFERENCES "payment_mandates"("id") ON DELETE CASCADE)`,
    );
    await queryRunner.query(`ALTER TABLE "usage_ledger" ADD "mandate_id" uuid`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "usage_ledger" DROP COLUMN "mandate_id"`);
    await queryRunner.query(`DROP TABLE "mandate_spend"`);
    await queryRunner.query(`DROP TABLE "payment_setup_sessions"`);
    await queryRunner.query(`DROP TABLE "payment_mandates"`);
  }
}

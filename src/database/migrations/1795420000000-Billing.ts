import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Metering: free-quota balances per owner, usage key and period; the append-only usage ledger;
 * the results of calls made with an idempotency key.
 */
export class Billing1795420000000 implements MigrationInterface {
  name = 'Billing1795420000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "quota_balances" ("owner_id" uuid NOT NULL, "usage_key" text NOT NULL, "period" text NOT NULL, "granted" integer NOT NULL, "used" integer NOT NULL DEFAULT 0, CONSTRAINT "PK_quota_balances" PRIMARY KEY ("owner_id", "usage_key", "period"), CONSTRAINT "CHK_quota_balances_used" CHECK ("used" >= 0 AND "used" <= "granted"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "usage_ledger" ("id" bigint GENERATED ALWAYS AS IDENTITY, "entry" text NOT NULL, "call_id" uuid NOT NULL, "account_id" uuid NOT NULL, "owner_id" uuid NOT NULL, "usage_key" text NOT NULL, "period" text, "units" integer NOT NULL, "funding" text NOT NULL, "amount_cents" integer NOT NULL DEFAULT 0, "tool_name" text NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_usage_ledger" PRIMARY KEY ("id"), CONSTRAINT "CHK_usage_ledger_entry" CHECK ("entry" IN ('reserve', 'commit', 'release')), CONSTRAINT "CHK_usage_ledger_funding" CHECK ("funding" IN ('free', 'charged')), CONSTRAINT "FK_usage_ledger_account" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE)`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_usage_ledger_owner" ON "usage_ledger" ("owner_id", "created_at")`);
    await queryRunner.query(`CREATE UNIQUE INDEX "IDX_usage_ledger_call_entry" ON "usage_ledger" ("call_id", "entry")`);
    await queryRunner.query(
      `CREATE TABLE "idempotent_tool_calls" ("account_id" uuid NOT NULL, "idempotency_key" text NOT NULL, "tool_name" text NOT NULL, "arguments_sha256" text NOT NULL, "status" text NOT NULL, "result" jsonb, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_idempotent_tool_calls" PRIMARY KEY ("account_id", "idempotency_key"), CONSTRAINT "CHK_idempotent_tool_calls_status" CHECK ("status" IN ('running', 'completed')), CONSTRAINT "FK_idempotent_tool_calls_account" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE)`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "idempotent_tool_calls"`);
    await queryRunner.query(`DROP TABLE "usage_ledger"`);
    await queryRunner.query(`DROP TABLE "quota_balances"`);
  }
}

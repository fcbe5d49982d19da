import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The callers' data-provider keys (configure_data_provider), sealed with AES-256-GCM; one per account and provider. */
export class ProviderKeys1795830000000 implements MigrationInterface {
  name = 'ProviderKeys1795830000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "provider_keys" ("account_id" uuid NOT NULL, "provider" text NOT NULL, "sealed_key" text NOT NULL, "key_hint" text NOT NULL, "verified" boolean, "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_provider_keys" PRIMARY KEY ("account_id", "provider"), CONSTRAINT "CHK_provider_keys_provider" CHECK ("provider" IN ('compliance_a', 'compliance_b', 'company_data', 'crm', 'portfolio_data', 'sharelink')), CONSTRAINT "FK_provider_keys_account" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE)`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "provider_keys"`);
  }
}

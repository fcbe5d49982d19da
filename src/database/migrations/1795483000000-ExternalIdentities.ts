import type { MigrationInterface, QueryRunner } from 'typeorm';

/** A person signed in at the configured external identity provider, and the account they have here. */
export class ExternalIdentities1795483000000 implements MigrationInterface {
  name = 'ExternalIdentities1795483000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "external_identities" ("issuer" text NOT NULL, "subject" text NOT NULL, "account_id" uuid NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "PK_external_identities" PRIMARY KEY ("issuer", "subject"),
        CONSTRAINT "FK_external_identities_account" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE)`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "external_identities"`);
  }
}

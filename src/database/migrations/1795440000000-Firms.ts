import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Firms: accounts that share the people's free tier, one payment mandate and their deal workspaces. */
export class Firms1795440000000 implements MigrationInterface {
  name = 'Firms1795440000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "firms" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "name" text NOT NULL, "invite_code_hash" text NOT NULL, "created_by" uuid NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_firms" PRIMARY KEY ("id"), CONSTRAINT "FK_firms_created_by" FOREIGN KEY ("created_by") REFERENCES "accounts"("id") ON DELETE CASCADE)`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "IDX_firms_invite_code" ON "firms" ("invite_code_hash")`);
    await queryRunner.query(
      `CREATE TABLE "firm_members" ("account_id" uuid NOT NULL, "firm_id" uuid NOT NULL, "joined_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_firm_members" PRIMARY KEY ("account_id"), CONSTRAINT "FK_firm_members_account" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE, CONSTRAINT "FK_firm_members_firm" FOREIGN KEY ("firm_id") REFERENCES "firms"("id") ON DELETE CASCADE)`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_firm_members_firm" ON "firm_members" ("firm_id")`);
    await queryRunner.query(`ALTER TABLE "payment_mandates" ADD "owner_id" uuid`);
    await queryRunner.query(`UPDATE "payment_mandates" SET "owner_id" = "account_id"`);
    await queryRunner.query(`ALTER TABLE "payment_mandates" ALTER COLUMN "owner_id" SET NOT NULL`);
    await queryRunner.query(`CREATE INDEX "IDX_payment_mandates_owner" ON "payment_mandates" ("owner_id", "status")`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "IDX_payment_mandates_owner"`);
    await queryRunner.query(`ALTER TABLE "payment_mandates" DROP COLUMN "owner_id"`);
    await queryRunner.query(`DROP TABLE "firm_members"`);
    await queryRunner.query(`DROP TABLE "firms"`);
  }
}

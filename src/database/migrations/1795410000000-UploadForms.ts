import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Short-lived links to the hosted upload page, bound to an account and optionally a workspace. */
export class UploadForms1795410000000 implements MigrationInterface {
  name = 'UploadForms1795410000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "upload_forms" ("token_hash" text NOT NULL, "account_id" uuid NOT NULL, "workspace_id" uuid, "document_type" text, "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_upload_forms" PRIMARY KEY ("token_hash"), CONSTRAINT "FK_upload_forms_account" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE, CONSTRAINT "FK_upload_forms_workspace" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE)`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "upload_forms"`);
  }
}

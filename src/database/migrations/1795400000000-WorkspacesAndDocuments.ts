import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Deal workspaces, the task outputs stored in them, and documents with their text per page. */
export class WorkspacesAndDocuments1795400000000 implements MigrationInterface {
  name = 'WorkspacesAndDocuments1795400000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "workspaces" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "account_id" uuid NOT NULL, "client_name" text NOT NULL, "status" text NOT NULL DEFAULT 'ACTIVE', "metadata" jsonb NOT NULL DEFAULT '{}', "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_workspaces" PRIMARY KEY ("id"), CONSTRAINT "FK_workspaces_account" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE)`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_workspaces_account" ON "workspaces" ("account_id", "created_at")`);
    await queryRunner.query(
      `CREATE TABLE "workspace_outputs" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "workspace_id" uuid NOT NULL, "task_type" text NOT NULL, "tool_name" text NOT NULL, "output" jsonb NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_workspace_outputs" PRIMARY KEY ("id"), CONSTRAINT "FK_workspace_outputs_workspace" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE)`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_workspace_outputs_workspace" ON "workspace_outputs" ("workspace_id", "created_at")`);
    await queryRunner.query(
      `CREATE TABLE "documents" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "account_id" uuid NOT NULL, "workspace_id" uuid, "status" text NOT NULL, "document_type" text, "file_name" text, "declared_mime_type" text, "mime_type" text, "size_bytes" integer, "sha256" text, "page_count" integer, "storage_key" text, "upload_token_hash" text, "upload_expires_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "ready_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_documents" PRIMARY KEY ("id"), CONSTRAINT "FK_documents_account" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE, CONSTRAINT "FK_documents_workspace" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE SET NULL, CONSTRAINT "CHK_documents_status" CHECK ("status" IN ('PENDING_UPLOAD', 'READY')))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_documents_account" ON "documents" ("account_id", "created_at")`);
    await queryRunner.query(`CREATE UNIQUE INDEX "IDX_documents_upload_token" ON "documents" ("upload_token_hash") WHERE "upload_token_hash" IS NOT NULL`);
    await queryRunner.query(
      `CREATE TABLE "document_pages" ("document_id" uuid NOT NULL, "page_number" integer NOT NULL, "text" text NOT NULL, CONSTRAINT "PK_document_pages" PRIMARY KEY ("document_id", "page_number"), CONSTRAINT "FK_document_pages_document" FOREIGN KEY ("document_id") REFERENCES "documents"("id") ON DELETE CASCADE)`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "document_pages"`);
    await queryRunner.query(`DROP TABLE "documents"`);
    await queryRunner.query(`DROP TABLE "workspace_outputs"`);
    await queryRunner.query(`DROP TABLE "workspaces"`);
  }
}

import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A READY document's processing state (the `document-processing` job), and what that job records
 * per page: its character count and whether it has a text layer at all.
 */
export class DocumentProcessing1795501000000 implements MigrationInterface {
  name = 'DocumentProcessing1795501000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "documents" ADD "processing_status" text, ADD "processed_at" TIMESTAMP WITH TIME ZONE, ADD "processing_failure" text,
      ADD CONSTRAINT "CHK_documents_processing_status" CHECK ("processing_status" IN ('queued', 'processing', 'processed', 'failed'))`);
    // Documents made READY before this migration get their processing job like any new one; the
    // workers' start-up sweep dispatches it.
    await queryRunner.query(`UPDATE "documents" SET "processing_status" = 'queued' WHERE "status" = 'READY'`);
    await queryRunner.query(`INSERT INTO "jobs" ("queue", "name", "idempotency_key", "payload", "max_attempts")
      SELECT 'document-processing', 'process', 'documents.process:' || "id", jsonb_build_object('documentId', "id"), 3 FROM "documents" WHERE "status" = 'READY'`);
    await queryRunner.query(`ALTER TABLE "document_pages" ADD "char_count" integer, ADD "kind" text,
      ADD CONSTRAINT "CHK_document_pages_kind" CHECK ("kind" IN ('text', 'image_only'))`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "document_pages" DROP CONSTRAINT "CHK_document_pages_kind", DROP COLUMN "kind", DROP COLUMN "char_count"`);
    await queryRunner.query(
      `ALTER TABLE "documents" DROP CONSTRAINT "CHK_documents_processing_status", DROP COLUMN "processing_failure", DROP COLUMN "processed_at", DROP COLUMN "processing_status"`,
    );
  }
}

import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What the `document-processing` job stores per page for the analysis tools: the layout (lines and
 * cells with positions), the page's kind among the analysis core's kinds, and whether OCR read it.
 * Documents processed before this migration are processed again, so that every processed document
 * has its layouts.
 */
export class PageLayouts1795800000000 implements MigrationInterface {
  name = 'PageLayouts1795800000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "document_pages" DROP CONSTRAINT "CHK_document_pages_kind"`);
    await queryRunner.query(`ALTER TABLE "document_pages" ADD "layout" jsonb, ADD "ocr" boolean,
      ADD CONSTRAINT "CHK_document_pages_kind" CHECK ("kind" IN ('income_statement', 'balance_sheet', 'cash_flow_statement', 'slide', 'transactions', 'form', 'text', 'image_only')),
      ADD CONSTRAINT "CHK_document_pages_laid_out" CHECK (("layout" IS NULL) = ("ocr" IS NULL))`);
    await queryRunner.query(`UPDATE "document_pages" SET "kind" = NULL, "char_count" = NULL`);
    await queryRunner.query(`UPDATE "documents" SET "processing_status" = 'queued', "processed_at" = NULL, "processing_failure" = NULL
      WHERE "status" = 'READY' AND "processing_status" IN ('processed', 'failed')`);
    await queryRunner.query(`UPDATE "jobs" SET "status" = 'queued', "attempts" = 0, "failure_reason" = NULL, "run_after" = now(), "finished_at" = NULL, "updated_at" = now()
      WHERE "queue" = 'document-processing' AND "status" IN ('done', 'failed')`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "document_pages" DROP CONSTRAINT "CHK_document_pages_laid_out", DROP CONSTRAINT "CHK_document_pages_kind", DROP COLUMN "ocr", DROP COLUMN "layout"`,
    );
    await queryRunner.query(`UPDATE "document_pages" SET "kind" = CASE WHEN "char_count" = 0 THEN 'image_only' ELSE 'text' END WHERE "kind" IS NOT NULL`);
    await queryRunner.query(`ALTER TABLE "document_pages" ADD CONSTRAINT "CHK_document_pages_kind" CHECK ("kind" IN ('text', 'image_only'))`);
  }
}

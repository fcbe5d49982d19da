import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Per document, the fingerprints of the transactions it lists, recorded when it is processed:
 * fraud_detection's duplicate check compares a document with the account's others without reading
 * their pages. (`IF NOT EXISTS`: an early copy of 1795800000000-PageLayouts added the column.)
 * Documents processed without them are processed again; their pages are already laid out, so the
 * run only records the fingerprints.
 */
export class TransactionFingerprints1795800000001 implements MigrationInterface {
  name = 'TransactionFingerprints1795800000001';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "documents" ADD COLUMN IF NOT EXISTS "transaction_fingerprints" text[]`);
    await queryRunner.query(`UPDATE "jobs" SET "status" = 'queued', "attempts" = 0, "failure_reason" = NULL, "run_after" = now(), "finished_at" = NULL, "updated_at" = now()
      WHERE "queue" = 'document-processing' AND "status" = 'done'
        AND "payload"->>'documentId' IN (SELECT "id"::text FROM "documents" WHERE "processing_status" = 'processed' AND "transaction_fingerprints" IS NULL)`);
    await queryRunner.query(`UPDATE "documents" SET "processing_status" = 'queued', "processed_at" = NULL
      WHERE "processing_status" = 'processed' AND "transaction_fingerprints" IS NULL`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "documents" DROP COLUMN "transaction_fingerprints"`);
  }
}

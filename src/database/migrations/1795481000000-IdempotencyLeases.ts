import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A running idempotent call belongs to the process running it for as long as that process renews
 * its lease; a call whose process died can be taken over by a retry once the lease has expired.
 * Rows left running before this migration have no owner and an expired lease.
 */
export class IdempotencyLeases1795481000000 implements MigrationInterface {
  name = 'IdempotencyLeases1795481000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "idempotent_tool_calls" ADD "owner" text, ADD "lease_expires_at" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(`UPDATE "idempotent_tool_calls" SET "lease_expires_at" = now() WHERE "status" = 'running'`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "idempotent_tool_calls" DROP COLUMN "lease_expires_at", DROP COLUMN "owner"`);
  }
}

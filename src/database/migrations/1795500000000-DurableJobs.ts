import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Durable jobs: the row is the truth (the queue only dispatches ids). A running job has an owner and
 * a lease; a job whose lease expired is taken over. One row per (queue, idempotency key).
 */
export class DurableJobs1795500000000 implements MigrationInterface {
  name = 'DurableJobs1795500000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "jobs" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "queue" text NOT NULL, "name" text NOT NULL, "idempotency_key" text, "payload" jsonb NOT NULL,
        "status" text NOT NULL DEFAULT 'queued', "owner" text, "lease_expires_at" TIMESTAMP WITH TIME ZONE, "attempts" integer NOT NULL DEFAULT 0, "max_attempts" integer NOT NULL,
        "failure_reason" text, "run_after" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "finished_at" TIMESTAMP WITH TIME ZONE,
        CONSTRAINT "PK_jobs" PRIMARY KEY ("id"),
        CONSTRAINT "CHK_jobs_status" CHECK ("status" IN ('queued', 'running', 'done', 'failed')),
        CONSTRAINT "CHK_jobs_running_has_lease" CHECK (("status" = 'running') = ("owner" IS NOT NULL AND "lease_expires_at" IS NOT NULL)),
        CONSTRAINT "CHK_jobs_attempts" CHECK ("max_attempts" >= 1 AND "attempts" >= 0))`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "UQ_jobs_idempotency_key" ON "jobs" ("queue", "idempotency_key") WHERE "idempotency_key" IS NOT NULL`);
    // The sweep's question: what is waiting, or held by a lease that may have expired.
    await queryRunner.query(`CREATE INDEX "IDX_jobs_unfinished" ON "jobs" ("queue", "created_at") WHERE "status" IN ('queued', 'running')`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "jobs"`);
  }
}

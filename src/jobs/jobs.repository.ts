import { Injectable } from '@nestjs/common';
import { Sql } from '../database/sql.js';

export type JobStatus = 'queued' | 'running' | 'done' | 'failed';

export interface JobRow {
  id: string;
  queue: string;
  name: string;
  idempotencyKey: string | null;
  payload: unknown;
  status: JobStatus;
  owner: string | null;
  leaseExpiresAt: Date | null;
  attempts: number;
  maxAttempts: number;
  failureReason: string | null;
  runAfter: Date;
  createdAt: Date;
  updatedAt: Date;
  finishedAt: Date | null;
}

/** Where a statement runs: the pool, or a caller's transaction (TypeORM's EntityManager answers `query` alike). */
export interface SqlExecutor {
  query(text: string, values: unknown[]): Promise<unknown>;
}

const COLUMNS = `id, queue, name, idempotency_key AS "idempotencyKey", payload, status, owner, lease_expires_at AS "leaseExpiresAt", attempts, max_attempts AS "maxAttempts",
  failure_reason AS "failureReason", run_after AS "runAfter", created_at AS "createdAt", updated_at AS "updatedAt", finished_at AS "finishedAt"`;

/**
 * Durable job rows. Every change of state is one conditional UPDATE, so that of two workers only
 * one claims a job, and only the owner of a running job can finish it.
 */
@Injectable()
export class JobsRepository {
  constructor(private readonly sql: Sql) {}

  /** A new queued job, or the existing one with the same idempotency key (`created` false). */
  async insert(
    job: { queue: string; name: string; idempotencyKey?: string; payload: unknown; maxAttempts: number },
    executor: SqlExecutor = this.sql,
  ): Promise<{ id: string; created: boolean }> {
    const [inserted] = (await executor.query(
      `INSERT INTO jobs (queue, name, idempotency_key, payload, max_attempts) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (queue, idempotency_key) WHERE idempotency_key IS NOT NULL DO NOTHING RETURNING id`,
      [job.queue, job.name, job.idempotencyKey ?? null, JSON.stringify(job.payload), job.maxAttempts],
    )) as { id: string }[];
    if (inserted) return { id: inserted.id, created: true };
    const [existing] = (await executor.query('SELECT id FROM jobs WHERE queue = $1 AND idempotency_key = $2', [job.queue, job.idempotencyKey])) as {
      id: string;
    }[];
    return { id: existing.id, created: false };
  }

  async find(id: string): Promise<JobRow | undefined> {
    const [row] = await this.sql.query<JobRow>(`SELECT ${COLUMNS} FROM jobs WHERE id = $1`, [id]);
    return row;
  }

  /**
   * Takes the job for `owner` if it is due (queued and past its retry delay) or its running
   * worker's lease expired, and it has attempts left; undefined if another worker has it, it is
   * finished, or it is not due yet.
   */
  async claim(id: string, owner: string, leaseMs: number): Promise<JobRow | undefined> {
    const [row] = await this.sql.query<JobRow>(
      `UPDATE jobs SET status = 'running', owner = $2, lease_expires_at = now() + make_interval(secs => $3::float8 / 1000), attempts = attempts + 1, updated_at = now()
       WHERE id = $1 AND attempts < max_attempts AND ((status = 'queued' AND run_after <= now()) OR (status = 'running' AND lease_expires_at < now()))
       RETURNING ${COLUMNS}`,
      [id, owner, leaseMs],
    );
    return row;
  }

  /** Extends the owner's lease; false once the job is no longer this owner's (taken over, finished). */
  async renewLease(id: string, owner: string, leaseMs: number): Promise<boolean> {
    const rows = await this.sql.query(
      `UPDATE jobs SET lease_expires_at = now() + make_interval(secs => $3::float8 / 1000), updated_at = now() WHERE id = $1 AND owner = $2 AND status = 'running' RETURNING id`,
      [id, owner, leaseMs],
    );
    return rows.length === 1;
  }

  /** Done, if `owner` still holds the job; false if its lease was taken over meanwhile. */
  async complete(id: string, owner: string): Promise<boolean> {
    const rows = await this.sql.query(
      `UPDATE jobs SET status = 'done', owner = NULL, lease_expires_at = NULL, failure_reason = NULL, finished_at = now(), updated_at = now()
       WHERE id = $1 AND owner = $2 AND status = 'running' RETURNING id`,
      [id, owner],
    );
    return rows.length === 1;
  }

  /**
   * An attempt failed: queued again after `retryDelayMs` while attempts are left, failed for good
   * otherwise; undefined if `owner` no longer holds the job.
   */
  async fail(id: string, owner: string, reason: string, retryDelayMs: number): Promise<JobRow | undefined> {
    const [row] = await this.sql.query<JobRow>(
      `UPDATE jobs SET status = CASE WHEN attempts < max_attempts THEN 'queued' ELSE 'failed' END, owner = NULL, lease_expires_at = NULL, failure_reason = $3,
         run_after = now() + make_interval(secs => $4::float8 / 1000), finished_at = CASE WHEN attempts < max_attempts THEN NULL ELSE now() END, updated_at = now()
       WHERE id = $1 AND owner = $2 AND status = 'running' RETURNING ${COLUMNS}`,
      [id, owner, reason, retryDelayMs],
    );
    return row;
  }

  /** Running jobs whose worker died on their last attempt: failed for good, with the reason. */
  async failAbandoned(queues: string[]): Promise<JobRow[]> {
    return this.sql.query<JobRow>(
      `UPDATE jobs SET status = 'failed', failure_reason = 'its worker stopped (lease expired) on attempt ' || attempts || ' of ' || max_attempts || ': ' || owner,
         owner = NULL, lease_expires_at = NULL, finished_at = now(), updated_at = now()
       WHERE queue = ANY($1) AND status = 'running' AND lease_expires_at < now() AND attempts >= max_attempts RETURNING ${COLUMNS}`,
      [queues],
    );
  }

  /** Jobs to dispatch again: due queued ones, and running ones whose lease expired (oldest first). */
  async due(queues: string[], limit: number): Promise<{ id: string; queue: string; attempts: number }[]> {
    return this.sql.query<{ id: string; queue: string; attempts: number }>(
      `SELECT id, queue, attempts FROM jobs WHERE queue = ANY($1) AND ((status = 'queued' AND run_after <= now()) OR (status = 'running' AND lease_expires_at < now()))
       ORDER BY created_at LIMIT $2`,
      [queues, limit],
    );
  }
}

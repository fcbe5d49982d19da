import { Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import { DataSource } from 'typeorm';
import { databaseOutage } from './database-outage.js';

/**
 * Plain SQL on the DataSource's own `pg` pool, for the statements that run on every tool call
 * (metering, workspace ownership): `DataSource.query` creates and releases a TypeORM query runner
 * per statement, which cost more than the statement itself. Same pool, same connections.
 */
@Injectable()
export class Sql {
  private readonly pool: Pool;

  constructor(dataSource: DataSource) {
    this.pool = (dataSource.driver as unknown as { master: Pool }).master;
    // The first connection made after an outage ends it (one line in the log).
    this.pool.on('connect', () => databaseOutage.reachable());
  }

  async query<Row>(text: string, values: unknown[] = []): Promise<Row[]> {
    return (await this.pool.query(text, values)).rows as Row[];
  }

  /**
   * A statement of the hot path as a named prepared statement: each connection parses and plans it
   * once and then only binds its values (a third of a metering batch's time was planning). `name`
   * must be unique to `text` in the process.
   */
  async prepared<Row>(name: string, text: string, values: unknown[]): Promise<Row[]> {
    return (await this.pool.query({ name, text, values })).rows as Row[];
  }

  /**
   * Runs `work` only if no other process holds the advisory lock `key` (a job that must run on one
   * replica at a time, and may take longer than a transaction should stay open); undefined if one does.
   */
  async exclusively<T>(key: number, work: () => Promise<T>): Promise<T | undefined> {
    const client = await this.pool.connect();
    try {
      const [{ locked }] = (await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1) AS locked', [key])).rows;
      if (!locked) return undefined;
      try {
        return await work();
      } finally {
        await client.query('SELECT pg_advisory_unlock($1)', [key]);
      }
    } finally {
      client.release();
    }
  }
}

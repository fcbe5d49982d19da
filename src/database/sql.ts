import { Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import { DataSource } from 'typeorm';

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
  }

  async query<Row>(text: string, values: unknown[] = []): Promise<Row[]> {
    return (await this.pool.query(text, values)).rows as Row[];
  }
}

import { Logger } from '@nestjs/common';
import type { DataSource } from 'typeorm';

// Any constant works; it only has to be the same for every replica.
const MIGRATION_LOCK_KEY = 7_240_501;

/**
 * Runs pending migrations, in one transaction, before anything else can use the DataSource
 * (DatabaseModule's dataSourceFactory calls it). Replicas starting together take a PostgreSQL
 * advisory lock first, so exactly one of them migrates and the others wait for it.
 */
export async function runPendingMigrations(dataSource: DataSource, logger = new Logger('DatabaseMigrator')): Promise<void> {
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  try {
    await runner.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    const applied = await dataSource.runMigrations({ transaction: 'all' });
    logger.log(applied.length > 0 ? `applied migrations: ${applied.map((migration) => migration.name).join(', ')}` : 'schema is up to date');
  } finally {
    await runner.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
    await runner.release();
  }
}

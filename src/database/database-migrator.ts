import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { DataSource } from 'typeorm';

// Any constant works; it only has to be the same for every replica.
const MIGRATION_LOCK_KEY = 7_240_501;

/**
 * Runs pending migrations before the service takes traffic. Replicas starting together take a
 * PostgreSQL advisory lock first, so exactly one of them migrates and the others wait for it.
 */
@Injectable()
export class DatabaseMigrator implements OnModuleInit {
  private readonly logger = new Logger(DatabaseMigrator.name);

  constructor(private readonly dataSource: DataSource) {}

  async onModuleInit(): Promise<void> {
    const runner = this.dataSource.createQueryRunner();
    await runner.connect();
    try {
      await runner.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
      const applied = await this.dataSource.runMigrations({ transaction: 'all' });
      this.logger.log(applied.length > 0 ? `applied migrations: ${applied.map((m) => m.name).join(', ')}` : 'schema is up to date');
    } finally {
      await runner.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
      await runner.release();
    }
  }
}

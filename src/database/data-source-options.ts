import type { DataSourceOptions } from 'typeorm';
import { ENTITIES } from './entities.js';
import { MIGRATIONS } from './migrations/index.js';

/** One definition for the running service, the tests and the TypeORM CLI (ormconfig.ts). */
export function dataSourceOptions(databaseUrl: string, poolSize = 10): DataSourceOptions {
  return {
    type: 'postgres',
    url: databaseUrl,
    entities: ENTITIES,
    migrations: MIGRATIONS,
    migrationsTableName: 'schema_migrations',
    // gen_random_uuid() is built into PostgreSQL 13+: no extension (and no superuser) needed.
    uuidExtension: 'pgcrypto',
    installExtensions: false,
    // The schema changes only through migrations, which runPendingMigrations applies at start-up.
    synchronize: false,
    migrationsRun: false,
    // Not 'error': TypeORM would print every failed query with its parameters (hashes, customer
    // data). A failure that matters reaches the exception filter, which logs it without them.
    logging: ['warn', 'migration'],
    // A connection that cannot be made in 5 s is an outage (503 with Retry-After), not a request
    // left waiting forever (pg's default).
    extra: { max: poolSize, application_name: 'underwriting-agent-service', connectionTimeoutMillis: 5000 },
  };
}

import { createHash, randomUUID } from 'node:crypto';
import type { DynamicModule, Type } from '@nestjs/common';
import { Test, type TestingModule } from '@nestjs/testing';
import pg from 'pg';
import { DataSource } from 'typeorm';
import { Clock, ClockModule } from '../../src/common/clock.js';
import { loadConfiguration, type AppConfig } from '../../src/config/app-config.js';
import { ConfigModule } from '../../src/config/config.module.js';
import { dataSourceOptions } from '../../src/database/data-source-options.js';
import { DatabaseModule } from '../../src/database/database.module.js';
import { runPendingMigrations } from '../../src/database/database-migrator.js';
import { MIGRATIONS } from '../../src/database/migrations/index.js';
import { TEST_DATABASE_URL, TEST_DOCUMENT_STORAGE_DIR, TEST_ENCRYPTION_KEYS, TEST_REDIS_URL } from './test-environment.js';

// Any constant: serialises the template's creation between suites and runs on one server.
const TEMPLATE_LOCK_KEY = 7_240_777;

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/**
 * The migrated template: named after the migrations it holds, so a new migration makes a new
 * template instead of testing against a stale schema. Built once per server.
 */
async function migratedTemplate(admin: pg.Client): Promise<string> {
  const name = `uw_template_${createHash('sha256')
    .update(MIGRATIONS.map((migration) => migration.name).join(','))
    .digest('hex')
    .slice(0, 12)}`;
  await admin.query('SELECT pg_advisory_lock($1)', [TEMPLATE_LOCK_KEY]);
  try {
    const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1 AND datistemplate', [name]);
    if (rowCount) return name;
    await admin.query(`DROP DATABASE IF EXISTS ${name}`);
    await admin.query(`CREATE DATABASE ${name}`);
    const dataSource = await new DataSource(dataSourceOptions(withDatabase(TEST_DATABASE_URL(), name), 2)).initialize();
    try {
      await runPendingMigrations(dataSource, { log: () => undefined } as never);
    } finally {
      await dataSource.destroy();
    }
    await admin.query(`ALTER DATABASE ${name} WITH is_template true`);
    return name;
  } finally {
    await admin.query('SELECT pg_advisory_unlock($1)', [TEMPLATE_LOCK_KEY]);
  }
}

export interface MediumDatabase {
  url: string;
  drop(): Promise<void>;
}

/**
 * A database of the suite's own, cloned from the migrated template: the medium tier's tests run
 * services and repositories against real PostgreSQL without migrating (or sharing rows) per suite.
 */
export async function cloneMigratedDatabase(): Promise<MediumDatabase> {
  const admin = new pg.Client({ connectionString: withDatabase(TEST_DATABASE_URL(), 'postgres') });
  await admin.connect();
  try {
    const template = await migratedTemplate(admin);
    const name = `uw_medium_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
    return {
      url: withDatabase(TEST_DATABASE_URL(), name),
      drop: async () => {
        const dropper = new pg.Client({ connectionString: withDatabase(TEST_DATABASE_URL(), 'postgres') });
        await dropper.connect();
        await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).finally(() => dropper.end());
      },
    };
  } finally {
    await admin.end();
  }
}

export interface MediumModule {
  module: TestingModule;
  config: AppConfig;
  get<T>(type: Type<T> | string | symbol): T;
  close(): Promise<void>;
}

/**
 * The named modules on a cloned database, with configuration and the clock as the app has them,
 * but no HTTP server: for logic that does not need HTTP (STYLE.md 7, the medium tier).
 */
export async function startMediumModule(
  imports: (Type | DynamicModule)[],
  options: {
    env?: Record<string, string>;
    clock?: Clock;
    providers?: Type[];
    /** Shared with other modules (replicas, a restart): not dropped on close. */ database?: MediumDatabase;
  } = {},
): Promise<MediumModule> {
  const database = options.database ?? (await cloneMigratedDatabase());
  const config = loadConfiguration({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATABASE_URL: database.url,
    REDIS_URL: TEST_REDIS_URL(),
    REDIS_KEY_PREFIX: `test-${randomUUID()}`,
    ENCRYPTION_KEYS: TEST_ENCRYPTION_KEYS,
    DOCUMENT_STORAGE_DIR: TEST_DOCUMENT_STORAGE_DIR,
    ...options.env,
  });
  const module = await Test.createTestingModule({
    imports: [ConfigModule.forRoot(config), ClockModule.forRoot(options.clock), DatabaseModule, ...imports],
    providers: options.providers ?? [],
  }).compile();
  module.useLogger(false);
  await module.init();
  return {
    module,
    config,
    get: <T>(type: Type<T> | string | symbol) => module.get<T>(type, { strict: false }),
    close: async () => {
      await module.close();
      if (!options.database) await database.drop();
    },
  };
}

/** An account row of `kind`, as sign-up or machine registration would leave it (without their other rows). */
export async function insertAccount(dataSource: DataSource, kind: 'human' | 'machine'): Promise<string> {
  const [{ id }] = (await dataSource.query('INSERT INTO accounts (kind, display_name) VALUES ($1, $2) RETURNING id', [kind, `medium ${kind}`])) as {
    id: string;
  }[];
  return id;
}

/** A payment mandate of `ownerId` (an account or a firm) on `rail`, valid from `validFrom` for a year. */
export async function insertMandate(
  dataSource: DataSource,
  ownerId: string,
  accountId: string,
  options: { rail: 'fiat' | 'crypto'; budgetCents: number; validFrom: Date },
): Promise<string> {
  const validUntil = new Date(options.validFrom.getTime() + 365 * 24 * 3600 * 1000);
  const [{ id }] = (await dataSource.query(
    `INSERT INTO payment_mandates (account_id, owner_id, rail, budget_cents, valid_from, valid_until, "authorization") VALUES ($1, $2, $3, $4, $5, $6, '{}') RETURNING id`,
    [accountId, ownerId, options.rail, options.budgetCents, options.validFrom, validUntil],
  )) as { id: string }[];
  return id;
}

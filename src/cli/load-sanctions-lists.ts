import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { createRootLogger, loggableError, NestPinoLogger } from '../common/logging/logger.js';
import { ConfigurationError, loadConfiguration } from '../config/app-config.js';
import { dataSourceOptions } from '../database/data-source-options.js';
import { runPendingMigrations } from '../database/database-migrator.js';
import { embeddedDatabaseUrl } from '../database/embedded-postgres.js';
import { SanctionsListLoader } from '../compliance/lists/sanctions-list.loader.js';
import { SanctionsListsRepository } from '../compliance/lists/sanctions-lists.repository.js';

/**
 * `npm run sanctions:load`: loads the lists SANCTIONS_LISTS names once, now, into the database the
 * service uses (each list replaced in one transaction; an unchanged list is left as it is). Running
 * replicas pick the new versions up on their next screening.
 */
async function main(): Promise<void> {
  const config = loadConfiguration(process.env);
  const logger = createRootLogger(config.logLevel).child({ command: 'sanctions:load' });
  Logger.overrideLogger(new NestPinoLogger(logger));
  if (config.screening.lists.length === 0) {
    process.stderr.write('SANCTIONS_LISTS is not set: name the lists to load, for example ofac-csv:https://www.treasury.gov/ofac/downloads/sdn.csv\n');
    process.exit(78);
  }
  const dataSource = await new DataSource(dataSourceOptions(config.databaseUrl ?? embeddedDatabaseUrl(config.embeddedPostgres), 2)).initialize();
  try {
    await runPendingMigrations(dataSource);
    const outcomes = await new SanctionsListLoader(config, new SanctionsListsRepository(dataSource)).loadConfigured();
    for (const outcome of outcomes) {
      process.stdout.write(
        `${outcome.name}: ${outcome.entryCount} entries, version ${outcome.version}, ${outcome.changed ? 'loaded' : 'unchanged'} in ${outcome.durationMs} ms\n`,
      );
    }
  } catch (error) {
    logger.error({ err: loggableError(error) }, 'sanctions list load failed');
    process.stderr.write(`Sanctions list load failed: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  } finally {
    await dataSource.destroy();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(
    `${error instanceof ConfigurationError ? error.message : `Sanctions list load failed: ${error instanceof Error ? error.message : String(error)}`}\n`,
  );
  process.exit(error instanceof ConfigurationError ? 78 : 1);
});

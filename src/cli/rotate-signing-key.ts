import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { developmentEncryptionKeys, SecretBox } from '../common/crypto/secret-box.js';
import { Logger } from '@nestjs/common';
import { createRootLogger, loggableError, NestPinoLogger, type RootLogger } from '../common/logging/logger.js';
import { ConfigurationError, loadConfiguration, type AppConfig } from '../config/app-config.js';
import { dataSourceOptions } from '../database/data-source-options.js';
import { runPendingMigrations } from '../database/database-migrator.js';
import { embeddedDatabaseUrl } from '../database/embedded-postgres.js';
import { SigningKeyRepository } from '../oauth/tokens/signing-key.repository.js';

/**
 * `npm run keys:rotate`: retires the access-token signing key and creates its successor. The
 * retired key stays in the JWKS until every token it signed has expired; running replicas start
 * signing with the new key within a minute (they reload their keys every 60 s).
 */
async function main(): Promise<void> {
  const config = loadConfiguration(process.env);
  const logger = createRootLogger(config.logLevel).child({ command: 'keys:rotate' });
  // The migrator speaks through Nest's Logger: the same JSON lines, not Nest's coloured console.
  Logger.overrideLogger(new NestPinoLogger(logger));
  try {
    await rotate(config.encryptionKeys ? config : config.withEncryptionKeys(await developmentEncryptionKeys()), logger);
  } catch (error) {
    logger.error({ err: loggableError(error) }, 'signing key rotation failed');
    await new Promise((resolve) => logger.flush(resolve));
    process.exit(1);
  }
}

/** Logs like the service: JSON lines on stdout (pino), the outcome as one `signing key rotated` line. */
async function rotate(config: AppConfig, logger: RootLogger): Promise<void> {
  const dataSource = await new DataSource(dataSourceOptions(config.databaseUrl ?? embeddedDatabaseUrl(config.embeddedPostgres), 2)).initialize();
  try {
    await runPendingMigrations(dataSource);
    const { retired, created } = await new SigningKeyRepository(dataSource, new SecretBox(config)).rotate();
    logger.info({ created, retired }, 'signing key rotated');
  } finally {
    await dataSource.destroy();
  }
}

main().catch((error: unknown) => {
  // Only a bad configuration gets here (the logger's level is part of it): said as the service says it.
  process.stderr.write(
    `${error instanceof ConfigurationError ? error.message : `Key rotation failed: ${error instanceof Error ? error.message : String(error)}`}\n`,
  );
  process.exit(error instanceof ConfigurationError ? 78 : 1);
});

import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { developmentEncryptionKeys, SecretBox } from '../common/crypto/secret-box.js';
import { ConfigurationError, loadConfiguration } from '../config/app-config.js';
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
  let config = loadConfiguration(process.env);
  if (!config.encryptionKeys) config = config.withEncryptionKeys(await developmentEncryptionKeys());
  const dataSource = await new DataSource(dataSourceOptions(config.databaseUrl ?? embeddedDatabaseUrl(config.embeddedPostgres), 2)).initialize();
  try {
    await runPendingMigrations(dataSource);
    const { retired, created } = await new SigningKeyRepository(dataSource, new SecretBox(config)).rotate();
    process.stdout.write(`${JSON.stringify({ created, retired })}\n`);
  } finally {
    await dataSource.destroy();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof ConfigurationError ? error.message : `Key rotation failed: ${error instanceof Error ? error.message : String(error)}`}\n`);
  process.exit(error instanceof ConfigurationError ? 78 : 1);
});

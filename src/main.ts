import 'reflect-metadata';
import { createApp } from './app.factory.js';
import { developmentEncryptionKeys } from './common/crypto/secret-box.js';
import { createRootLogger } from './common/logging/logger.js';
import { ConfigurationError, loadConfiguration, type AppConfig } from './config/app-config.js';
import { SERVICE_NAME } from './config/public-urls.js';
import { EmbeddedDatabase } from './database/embedded-postgres.js';

async function main(): Promise<void> {
  let config: AppConfig;
  try {
    config = loadConfiguration(process.env);
  } catch (error) {
    if (error instanceof ConfigurationError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(78); // EX_CONFIG
    }
    throw error;
  }
  const logger = createRootLogger(config.logLevel);

  if (!config.encryptionKeys) {
    config = config.withEncryptionKeys(await developmentEncryptionKeys());
    logger.warn('ENCRYPTION_KEYS unset: using the development key in ./.data/encryption-keys (production requires ENCRYPTION_KEYS)');
  }

  let embedded: EmbeddedDatabase | undefined;
  if (!config.databaseUrl) {
    embedded = await EmbeddedDatabase.start(config.embeddedPostgres, {
      info: (message) => logger.info(message),
      warn: (message) => logger.warn(message),
      debug: (message) => logger.debug(message),
    });
    config = config.withDatabaseUrl(embedded.url);
  }

  const app = await createApp(config, { logger }).catch(async (error: unknown) => {
    await embedded?.stop();
    throw error;
  });
  if (config.role === 'worker') {
    // A worker runs jobs and periodic tasks and listens on no port: orchestrators watch the process
    // (it exits non-zero when it cannot work), and its jobs' leases tell the other workers it is alive.
    logger.info({ role: config.role }, 'worker running jobs; no HTTP server');
    process.stderr.write(`${SERVICE_NAME} worker running jobs (ROLE=worker; no HTTP server)\n`);
  } else {
    await app.listen({ port: config.port, host: config.host });
    logger.info({ url: await app.getUrl(), baseUrl: config.baseUrl, agentsUrl: config.agentsUrl, role: config.role }, 'service listening');
    // One line for the person at the terminal, on stderr so that stdout stays JSON for log collectors.
    process.stderr.write(`${SERVICE_NAME} on ${config.baseUrl} — docs at /docs\n`);
  }

  // Shutdown order: stop accepting and finish in-flight requests and jobs (app.close closes the HTTP
  // server, the job queues, then the pools), then the embedded PostgreSQL they used.
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    const deadline = setTimeout(() => {
      logger.error('shutdown grace period over; exiting with requests still open');
      process.exit(1);
    }, config.shutdownGraceMs);
    deadline.unref();
    try {
      await app.close();
      await embedded?.stop();
      logger.info('stopped');
      logger.flush(() => process.exit(0));
    } catch (error) {
      logger.error({ err: error }, 'shutdown failed');
      logger.flush(() => process.exit(1));
    }
  };
  // SIGHUP: the terminal that started it closed. Each stops everything in order, once.
  for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) process.once(signal, () => void shutdown(signal));
}

main().catch((error: unknown) => {
  process.stderr.write(`Start-up failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});

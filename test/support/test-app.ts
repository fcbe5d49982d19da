import { randomUUID } from 'node:crypto';
import type { Type } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createApp } from '../../src/app.factory.js';
import { generateEncryptionKeyEntry } from '../../src/common/crypto/secret-box.js';
import type { RootLogger } from '../../src/common/logging/logger.js';
import { loadConfiguration, type AppConfig } from '../../src/config/app-config.js';
import { TEST_DATABASE_URL, TEST_REDIS_URL } from './test-environment.js';

export interface RunningApp {
  app: NestFastifyApplication;
  /** Where the test reaches the server: a loopback port. */
  url: string;
  config: AppConfig;
  close(): Promise<void>;
}

/**
 * Public URLs deliberately differ from the loopback address the tests call, which proves every
 * emitted URL comes from configuration and never from the request's Host header.
 */
export const TEST_BASE_URL = 'https://underwriting.example.test';
export const TEST_AGENTS_URL = 'https://agents.underwriting.example.test';

/** Fixed for the whole run, so that several app instances can open what another sealed. */
const TEST_ENCRYPTION_KEYS = generateEncryptionKeyEntry('test');

export interface StartAppOptions {
  env?: Record<string, string | undefined>;
  additionalModules?: Type[];
  logger?: RootLogger;
}

/** Starts the whole service on a free loopback port against real PostgreSQL and Redis. */
export async function startApp(options: StartAppOptions = {}): Promise<RunningApp> {
  const config = loadConfiguration({
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    HOST: '127.0.0.1',
    PORT: '0',
    BASE_URL: TEST_BASE_URL,
    AGENTS_URL: TEST_AGENTS_URL,
    DATABASE_URL: TEST_DATABASE_URL(),
    REDIS_URL: TEST_REDIS_URL(),
    // Fresh counters per test app unless a test shares them on purpose.
    REDIS_KEY_PREFIX: `test-${randomUUID()}`,
    ENCRYPTION_KEYS: TEST_ENCRYPTION_KEYS,
    ...options.env,
  });
  const app = await createApp(config, { additionalModules: options.additionalModules, logger: options.logger });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.getHttpServer().address();
  if (typeof address !== 'object' || address === null) throw new Error('server has no address');
  return { app, url: `http://127.0.0.1:${address.port}`, config, close: () => app.close() };
}

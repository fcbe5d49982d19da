import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll } from '@jest/globals';
import type { Type } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createApp } from '../../src/app.factory.js';
import type { Clock } from '../../src/common/clock.js';
import type { RootLogger } from '../../src/common/logging/logger.js';
import { loadConfiguration, type AppConfig } from '../../src/config/app-config.js';
import { freePort } from './service-process.js';
import { TEST_DATABASE_URL, TEST_DOCUMENT_STORAGE_DIR, TEST_ENCRYPTION_KEYS, TEST_REDIS_URL } from './test-environment.js';

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

export interface StartAppOptions {
  env?: Record<string, string | undefined>;
  additionalModules?: Type[];
  logger?: RootLogger;
  /**
   * Make BASE_URL and AGENTS_URL the loopback address the server really listens on, for clients
   * that follow the URLs in the discovery documents (OAuth and MCP clients).
   */
  reachablePublicUrls?: boolean;
  /** The clock the service reads (default: the system clock). */
  clock?: Clock;
}

/** Starts the whole service on a free loopback port against real PostgreSQL and Redis. */
export async function startApp(options: StartAppOptions = {}): Promise<RunningApp> {
  const port = options.reachablePublicUrls ? await freePort() : 0;
  const publicUrl = `http://127.0.0.1:${port}`;
  const config = loadConfiguration({
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    HOST: '127.0.0.1',
    PORT: String(port),
    BASE_URL: options.reachablePublicUrls ? publicUrl : TEST_BASE_URL,
    AGENTS_URL: options.reachablePublicUrls ? publicUrl : TEST_AGENTS_URL,
    DATABASE_URL: TEST_DATABASE_URL(),
    REDIS_URL: TEST_REDIS_URL(),
    // Fresh counters per test app unless a test shares them on purpose.
    REDIS_KEY_PREFIX: `test-${randomUUID()}`,
    ENCRYPTION_KEYS: TEST_ENCRYPTION_KEYS,
    DOCUMENT_STORAGE_DIR: TEST_DOCUMENT_STORAGE_DIR,
    // OCR takes seconds a page: only the suites about scans turn it on (OCR_ENABLED: 'true').
    OCR_ENABLED: 'false',
    ...options.env,
  });
  const app = await createApp(config, { additionalModules: options.additionalModules, logger: options.logger, clock: options.clock });
  await app.listen({ port, host: '127.0.0.1' });
  const address = app.getHttpServer().address();
  if (typeof address !== 'object' || address === null) throw new Error('server has no address');
  return { app, url: `http://127.0.0.1:${address.port}`, config, close: () => app.close() };
}

/**
 * The app of a whole suite: started before its first test (before the suite's own `beforeAll`s
 * declared after this call) and closed after its last. Read `url`, `app` and `config` in hooks and
 * tests, not while the suite is being declared.
 */
export function appForSuite(options: StartAppOptions = {}): Omit<RunningApp, 'close'> {
  let running: RunningApp | undefined;
  beforeAll(async () => {
    running = await startApp(options);
  });
  afterAll(async () => {
    await running?.close();
  });
  const started = (): RunningApp => {
    if (!running) throw new Error("the suite's app starts in beforeAll: read it inside a hook or test");
    return running;
  };
  return {
    get app() {
      return started().app;
    },
    get url() {
      return started().url;
    },
    get config() {
      return started().config;
    },
  };
}

import { tmpdir } from 'node:os';
import { join } from 'node:path';
/**
 * Where the end-to-end tests find PostgreSQL and Redis. Both are real servers: the machine's own
 * (defaults below), or with TEST_DATABASE=embedded the embedded PostgreSQL that `npm start` uses,
 * started once by global-setup.ts. Redis is required: a suite never silently skips it.
 */
export const TEST_DATABASE_URL = () => process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export const TEST_REDIS_URL = () => process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
export const EMBEDDED_TEST_DATABASE = {
  dataDirectory: './.data/test-postgres',
  port: 54330,
};

/**
 * Fixed, so that every app instance of every run can open what another sealed in the shared test
 * database (signing keys). A test value only: never used outside the tests.
 */
export const TEST_ENCRYPTION_KEYS = `test:${Buffer.alloc(32, 7).toString('base64')}`;

/** Document bytes written by the tests' service instances. */
export const TEST_DOCUMENT_STORAGE_DIR = join(tmpdir(), 'underwriting-test-documents');

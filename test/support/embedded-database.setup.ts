import { afterAll, beforeAll } from '@jest/globals';
import { EmbeddedDatabase } from '../../src/database/embedded-postgres.js';
import { EMBEDDED_TEST_DATABASE } from './test-environment.js';

/**
 * With TEST_DATABASE=embedded each suite runs against the embedded PostgreSQL that `npm start`
 * uses without DATABASE_URL, so that the default a new user meets is tested (.ci/run does it once).
 */
if (process.env.TEST_DATABASE === 'embedded') {
  let database: EmbeddedDatabase | undefined;
  beforeAll(async () => {
    database = await EmbeddedDatabase.start(EMBEDDED_TEST_DATABASE, { info: () => undefined, debug: () => undefined, warn: console.warn });
    process.env.TEST_DATABASE_URL = database.url;
  }, 120_000);
  afterAll(async () => {
    await database?.stop();
  });
}

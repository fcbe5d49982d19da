import { chmod, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { spawnService, waitForOk, type ServiceProcess } from './support/service-process.js';
import { TEST_DATABASE_URL } from './support/test-environment.js';

/** The service as `npm start` runs it: the compiled main.js in its own process. */
describe('the service process', () => {
  it('refuses to start with a bad configuration, naming every bad variable (exit 78)', async () => {
    const service = await spawnService({ PORT: 'eighty', BASE_URL: 'not a url', RATE_LIMIT_MCP: 'lots' });
    const { code } = await service.exited;
    expect(code).toBe(78);
    expect(service.output()).toContain('Invalid configuration');
    for (const variable of ['PORT', 'BASE_URL', 'RATE_LIMIT_MCP']) expect(service.output()).toMatch(new RegExp(`- ${variable}: `));
  });

  it('refuses to start when Redis is unreachable, naming REDIS_URL', async () => {
    const service = await spawnService({ DATABASE_URL: TEST_DATABASE_URL(), REDIS_URL: 'redis://127.0.0.1:1' });
    const { code } = await service.exited;
    expect(code).toBe(1);
    expect(service.output()).toMatch(/Redis at redis:\/\/127\.0\.0\.1:1\/? is unreachable \(REDIS_URL\)/);
  });
});

describe('the embedded PostgreSQL (no DATABASE_URL)', () => {
  let workDirectory: string;
  let env: Record<string, string>;
  let service: ServiceProcess | undefined;

  beforeAll(async () => {
    workDirectory = await mkdtemp(join(tmpdir(), 'uw-embedded-'));
    // PostgreSQL runs as the `postgres` user when the tests run as root: it must reach the folder.
    await chmod(workDirectory, 0o755);
    env = { EMBEDDED_POSTGRES_DIR: join(workDirectory, 'postgres'), EMBEDDED_POSTGRES_PORT: '54331', LOG_LEVEL: 'info' };
  });
  afterAll(async () => {
    if (service && service.child.exitCode === null) {
      service.child.kill('SIGTERM');
      await service.exited;
    }
    await rm(workDirectory, { recursive: true, force: true });
  });

  async function query(sql: string): Promise<pg.QueryResult> {
    const password = (await readFile(`${env.EMBEDDED_POSTGRES_DIR}.password`, 'utf8')).trim();
    const client = new pg.Client({ host: '127.0.0.1', port: 54331, user: 'postgres', password, database: 'underwriting' });
    await client.connect();
    try {
      return await client.query(sql);
    } finally {
      await client.end();
    }
  }

  it('starts, logs where its data lives and answers /health/ready', async () => {
    service = await spawnService(env);
    await waitForOk(service, '/health/ready', 90_000);
    expect(service.output()).toContain(`data in ${env.EMBEDDED_POSTGRES_DIR}`);
    expect(await fetch(`${service.url}/health/ready`).then((response) => response.json())).toEqual({ status: 'ok', checks: { database: 'up' } });
    expect((await fetch(`${service.url}/.well-known/mcp`)).status).toBe(200);
    await query('CREATE TABLE restart_marker (survived boolean); INSERT INTO restart_marker VALUES (true)');
  }, 120_000);

  it('restarts cleanly after kill -9 and keeps its data', async () => {
    service!.child.kill('SIGKILL');
    await service!.exited;
    service = await spawnService(env);
    await waitForOk(service, '/health/ready', 90_000);
    expect(service.output()).toMatch(/left running by a previous run|removing stale/);
    expect((await query('SELECT survived FROM restart_marker')).rows).toEqual([{ survived: true }]);
  }, 120_000);

  it('shuts down on SIGTERM with exit code 0 and stops its PostgreSQL', async () => {
    service!.child.kill('SIGTERM');
    const { code } = await service!.exited;
    expect(code).toBe(0);
    await expect(query('SELECT 1')).rejects.toThrow();
  }, 60_000);
});

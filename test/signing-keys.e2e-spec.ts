import { spawn } from 'node:child_process';
import { describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { TEST_DATABASE_URL, TEST_ENCRYPTION_KEYS } from './support/test-environment.js';
import { startApp } from './support/test-app.js';

function run(command: string, env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [command], { env: { PATH: process.env.PATH ?? '', ...env } });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

describe('signing keys', () => {
  it('are created once when two replicas start together against an empty key table', async () => {
    const first = await startApp();
    const dataSource = first.app.get(DataSource);
    await dataSource.query('DELETE FROM signing_keys');
    await first.close();
    const replicas = await Promise.all([startApp(), startApp()]);
    try {
      const [{ count }] = await replicas[0].app.get(DataSource).query('SELECT count(*)::int AS count FROM signing_keys WHERE retired_at IS NULL');
      expect(count).toBe(1);
    } finally {
      await Promise.all(replicas.map((replica) => replica.close()));
    }
  });

  it('are rotated by `npm run keys:rotate`, the old key staying published for an hour and five minutes', async () => {
    const service = await startApp();
    try {
      const dataSource = service.app.get(DataSource);
      const [{ kid: before }] = await dataSource.query('SELECT kid FROM signing_keys WHERE retired_at IS NULL');
      const { code, output } = await run('dist/src/cli/rotate-signing-key.js', {
        DATABASE_URL: TEST_DATABASE_URL(),
        ENCRYPTION_KEYS: TEST_ENCRYPTION_KEYS,
        LOG_LEVEL: 'info',
      });
      expect(code).toBe(0);
      // Logged as the service logs: every line JSON, the outcome in one of them.
      const lines = output
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as Record<string, unknown>);
      const outcome = lines.find((line) => line.msg === 'signing key rotated')!;
      expect(outcome).toMatchObject({ level: 30, command: 'keys:rotate', retired: [before], created: expect.any(String) });
      const created = outcome.created as string;
      const rows = await dataSource.query(
        `SELECT kid, retired_at IS NOT NULL AS retired, round(extract(epoch FROM published_until - retired_at)) AS published_seconds FROM signing_keys WHERE kid = ANY($1)`,
        [[before, created]],
      );
      expect(rows).toEqual(
        expect.arrayContaining([
          { kid: before, retired: true, published_seconds: '3900' },
          { kid: created, retired: false, published_seconds: null },
        ]),
      );
    } finally {
      await service.close();
    }
  });
});

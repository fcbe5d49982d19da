import { spawn, execFileSync } from 'node:child_process';
import { cp, mkdir } from 'node:fs/promises';
import { chmod, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, it } from '@jest/globals';
import { freePort, type ServiceProcess, waitForOk } from './support/service-process.js';

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function gone(pids: number[], timeoutMs: number): Promise<number[]> {
  const deadline = Date.now() + timeoutMs;
  while (pids.some(alive) && Date.now() < deadline) await sleep(100);
  return pids.filter(alive);
}

/**
 * `npm start` as a process manager or a closing terminal meets it: one signal to the process it
 * started (npm) must stop the service and its embedded PostgreSQL, in order, leaving nothing behind.
 * `--ignore-scripts` skips the prestart build (`npm test` built dist/ already) and nothing else.
 */
describe('npm start and signals', () => {
  const folders: string[] = [];
  afterAll(async () => {
    for (const folder of folders) await rm(folder, { recursive: true, force: true });
  });

  // A process manager signals the process it started; a closing terminal sends SIGHUP to the
  // whole foreground process group (npm does not pass SIGHUP on).
  it.each([
    ['SIGTERM', 'npm'],
    ['SIGINT', 'npm'],
    ['SIGHUP', 'its process group'],
  ] as const)(
    'stops node and the embedded PostgreSQL when %s reaches %s',
    async (signal, target) => {
      const folder = await mkdtemp(join(tmpdir(), 'uw-npm-start-'));
      folders.push(folder);
      // PostgreSQL runs as the `postgres` user when the tests run as root: it must reach the folder.
      await chmod(folder, 0o755);
      const port = await freePort();
      const dataDirectory = join(folder, 'postgres');
      const npm = spawn('npm', ['start', '--ignore-scripts', '--silent'], {
        env: {
          PATH: process.env.PATH ?? '',
          HOME: process.env.HOME ?? folder,
          HOST: '127.0.0.1',
          PORT: String(port),
          EMBEDDED_POSTGRES_DIR: dataDirectory,
          EMBEDDED_POSTGRES_PORT: String(55000 + (port % 1000)),
          LOG_LEVEL: 'warn',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
        // A process group of its own, as a terminal's foreground job has.
        detached: true,
      });
      let output = '';
      npm.stdout.on('data', (chunk) => (output += chunk));
      npm.stderr.on('data', (chunk) => (output += chunk));
      const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
        npm.once('exit', (code, by) => resolve({ code, signal: by })),
      );
      const service: ServiceProcess = { child: npm, url: `http://127.0.0.1:${port}`, output: () => output, exited };
      await waitForOk(service, '/health/ready', 90_000);

      const children = execFileSync('ps', ['-o', 'pid=', '--ppid', String(npm.pid)], { encoding: 'utf8' })
        .split('\n')
        .map(Number)
        .filter(Boolean);
      const postgres = Number((await readFile(join(dataDirectory, 'postmaster.pid'), 'utf8')).split('\n')[0]);
      expect(children.length).toBeGreaterThan(0);
      expect(alive(postgres)).toBe(true);

      if (target === 'npm') npm.kill(signal);
      else process.kill(-npm.pid!, signal);
      await exited;
      expect(await gone([...children, postgres], 30_000)).toEqual([]);
      expect(
        await fetch(`${service.url}/health/live`).then(
          () => 'answered',
          () => 'closed',
        ),
      ).toBe('closed');
    },
    150_000,
  );
});

/**
 * Root in a container often starts the service from a private folder (/root, or a mode-700
 * `mktemp -d`) that the `postgres` user, which PostgreSQL runs as under root, cannot enter.
 */
describe('npm start as root from a private folder', () => {
  const isRoot = process.getuid?.() === 0;
  let folder: string | undefined;
  let clusterFolder: string | undefined;
  afterAll(async () => {
    if (folder) await rm(folder, { recursive: true, force: true });
    if (clusterFolder) await rm(dirname(clusterFolder), { recursive: true, force: true });
  });

  (isRoot ? it : it.skip)(
    'runs the embedded PostgreSQL where its user can reach it, and stops it on SIGTERM',
    async () => {
      folder = await mkdtemp(join(tmpdir(), 'uw-private-'));
      await chmod(folder, 0o700);
      const checkout = join(folder, 'app');
      await mkdir(checkout);
      // A checkout of its own: the built service and a hard-linked node_modules, all under the private folder.
      await cp('dist', join(checkout, 'dist'), { recursive: true });
      await cp('package.json', join(checkout, 'package.json'));
      execFileSync('cp', ['-al', 'node_modules', join(checkout, 'node_modules')]);
      const port = await freePort();
      const node = spawn('npm', ['start', '--ignore-scripts', '--silent'], {
        cwd: checkout,
        env: {
          PATH: process.env.PATH ?? '',
          HOME: process.env.HOME ?? folder,
          HOST: '127.0.0.1',
          PORT: String(port),
          EMBEDDED_POSTGRES_PORT: String(56000 + (port % 1000)),
          LOG_LEVEL: 'info',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      node.stdout.on('data', (chunk) => (output += chunk));
      node.stderr.on('data', (chunk) => (output += chunk));
      const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
        node.once('exit', (code, by) => resolve({ code, signal: by })),
      );
      await waitForOk({ child: node, url: `http://127.0.0.1:${port}`, output: () => output, exited }, '/health/ready', 120_000);
      clusterFolder = /the cluster lives in ([^"]+)"/.exec(output)?.[1];
      expect(clusterFolder).toMatch(/^\/var\/lib\/underwriting-agent-service\/data\/[0-9a-f]{16}\/postgres$/);
      const postgres = Number((await readFile(join(clusterFolder!, 'postmaster.pid'), 'utf8')).split('\n')[0]);

      node.kill('SIGTERM');
      expect((await exited).code).toBe(0);
      expect(await gone([postgres], 30_000)).toEqual([]);
    },
    180_000,
  );
});

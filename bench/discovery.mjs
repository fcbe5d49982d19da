// GET /.well-known/mcp through the whole service (Nest + Fastify, hooks, helmet, CORS, rate-limit
// guard, request logging) against a bare Fastify route serving the same body, in the same run.
//
// Both servers run in child processes; autocannon runs here, so the load generator never shares an
// event loop with a server. Build first: `npm run bench:discovery` (= npm run build && node bench/discovery.mjs).
// Knobs: see bench/README.md. Exit code: 0 whatever the ratio (a measurement, not a test), 1 when
// any request errored, timed out or got a non-2xx answer, 2 when the bench could not run.
import { existsSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import {
  CORES,
  benchDatabaseUrl,
  fail,
  freePort,
  measureAlternating,
  number,
  redacted,
  ROOT,
  runBench,
  serviceEnvironment,
  settings,
  slim,
  startChild,
  summarise,
  table,
  waitForOk,
  workDir,
} from './support/harness.mjs';

const SERVICE_MAIN = join(ROOT, 'dist/src/main.js');
const BARE_SERVER = join(ROOT, 'bench/support/bare-fastify.mjs');
const PATH = '/.well-known/mcp';
const TARGET_RATIO = 0.6;
const DISCOVERY_LIMIT = '100000000/60';

async function main() {
  if (!existsSync(SERVICE_MAIN)) fail(`${SERVICE_MAIN} is missing: build first (npx nest build, or npm run bench:discovery)`);
  const directory = workDir('discovery');
  const [servicePort, barePort, databaseUrl] = await Promise.all([freePort(), freePort(), benchDatabaseUrl()]);
  const serviceUrl = `http://127.0.0.1:${servicePort}`;
  const bareUrl = `http://127.0.0.1:${barePort}`;

  // --- The service, production-like, with the limiter counting every request but never refusing.
  const serviceLog = join(directory, 'service.log');
  const service = startChild(
    'service',
    [...settings.serviceNodeArgs, SERVICE_MAIN],
    serviceEnvironment(servicePort, databaseUrl, { RATE_LIMIT_DISCOVERY: DISCOVERY_LIMIT }),
    serviceLog,
  );
  await waitForOk(service, `${serviceUrl}/health/ready`, settings.startupTimeoutMs);

  // The real manifest, fetched once: the bare server answers with the same body.
  const manifestResponse = await fetch(`${serviceUrl}${PATH}`);
  const manifest = await manifestResponse.text();
  if (manifestResponse.status !== 200) throw new Error(`service: GET ${PATH} answered ${manifestResponse.status}: ${manifest.slice(0, 500)}`);
  const rateLimitBefore = manifestResponse.headers.get('ratelimit');
  const bodyFile = join(directory, 'manifest.json');
  writeFileSync(bodyFile, manifest);

  // --- The baseline.
  const bare = startChild(
    'bare fastify',
    [...settings.bareNodeArgs, BARE_SERVER],
    { PATH: process.env.PATH ?? '', NODE_ENV: 'production', PORT: String(barePort), HOST: '127.0.0.1', BODY_FILE: bodyFile },
    join(directory, 'bare-fastify.log'),
  );
  await waitForOk(bare, `${bareUrl}${PATH}`, 15_000);
  const bareBody = await fetch(`${bareUrl}${PATH}`).then((response) => response.text());
  if (bareBody !== manifest) throw new Error('bare fastify does not answer the same body as the service');

  const targets = [
    { label: 'bare fastify', url: `${bareUrl}${PATH}`, record: bare, rounds: [] },
    { label: 'service', url: `${serviceUrl}${PATH}`, record: service, rounds: [] },
  ];

  console.log(`GET ${PATH}: service vs bare Fastify`);
  console.log(`  node ${process.version}, ${CORES} cores (${(cpus()[0]?.model ?? 'unknown CPU').trim()}), loopback`);
  console.log(
    `  autocannon: ${settings.connections} connections, pipelining ${settings.pipelining}, warm-up ${settings.warmupSeconds} s each, then ${settings.rounds} rounds of ${settings.durationSeconds} s per target (alternating)`,
  );
  console.log(
    `  service: NODE_ENV=production, LOG_LEVEL=${settings.logLevel} (log: ${serviceLog}), database ${redacted(databaseUrl)}, ${settings.redisUrl ? `Redis ${redacted(settings.redisUrl)}` : 'BENCH_REDIS=off (in-process counters)'}`,
  );
  console.log(
    rateLimitBefore
      ? `  rate limiter active: RATE_LIMIT_DISCOVERY=${DISCOVERY_LIMIT} (counts every request, never refuses); first answer: RateLimit: ${rateLimitBefore}`
      : `  WARNING: the answer carries no RateLimit header: the rate limiter is NOT active on ${PATH}`,
  );
  console.log(`  body: ${Buffer.byteLength(manifest)} bytes, identical on both`);
  console.log('');

  const { notes, warmupProblems } = await measureAlternating(targets);
  const [bareSummary, serviceSummary] = targets.map((target) => summarise(target.rounds));
  const ratio = serviceSummary.reqPerSec / bareSummary.reqPerSec;
  console.log('');
  console.log(`mean of ${settings.rounds} rounds per target:`);
  console.log(table(targets.map((target, index) => ({ label: target.label, ...[bareSummary, serviceSummary][index] }))));
  console.log(
    `service latency overhead: p50 +${number(serviceSummary.p50 - bareSummary.p50, 2)} ms, p99 +${number(serviceSummary.p99 - bareSummary.p99, 2)} ms`,
  );
  if (warmupProblems > 0) console.log(`warm-up: ${warmupProblems} errors/non-2xx`);
  for (const note of notes) console.log(`note: ${note}`);
  if (settings.json) {
    console.log(
      JSON.stringify({
        path: PATH,
        node: process.version,
        cores: CORES,
        summary: { bare: bareSummary, service: serviceSummary },
        ratio,
        targetRatio: TARGET_RATIO,
        rounds: targets.map((target) => target.rounds.map(slim)),
      }),
    );
  }

  console.log(`discovery ratio (service / bare fastify): ${ratio.toFixed(2)} (target >= ${TARGET_RATIO})`);
  const problems = bareSummary.errors + bareSummary.non2xx + serviceSummary.errors + serviceSummary.non2xx + warmupProblems;
  return problems > 0 ? 1 : 0;
}

await runBench(main);

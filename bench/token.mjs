// Token issuance and bearer authentication against a bare Fastify route, in the same run:
//   - bare fastify:   GET /bench/noop on a bare Fastify 5 server answering {"ok":true}
//   - guarded no-op:  GET /bench/noop on the service, behind the real bearer guard, with a valid token
//   - issuance:       POST /oauth/token, grant_type=client_credentials with HTTP Basic credentials
// Targets: guarded no-op >= 0.5x and issuance >= 0.10x of the bare route.
//
// Build first: `npm run bench:token` (= npm run build && node bench/token.mjs). Knobs: bench/README.md.
// Exit code: 0 whatever the ratios, 1 when any request failed, 2 when the bench could not run.
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

const GUARDED_SERVICE = join(ROOT, 'bench/support/guarded-service.mjs');
const BARE_SERVER = join(ROOT, 'bench/support/bare-fastify.mjs');
const PATH = '/bench/noop';
const TARGETS = { guarded: 0.5, issuance: 0.1 };
const UNLIMITED = '100000000/60';

async function main() {
  if (!existsSync(join(ROOT, 'dist/src/app.factory.js'))) fail('dist/ is missing: build first (npm run bench:token)');
  const directory = workDir('token');
  const [servicePort, barePort, databaseUrl] = await Promise.all([freePort(), freePort(), benchDatabaseUrl()]);
  const serviceUrl = `http://127.0.0.1:${servicePort}`;
  const bareUrl = `http://127.0.0.1:${barePort}`;

  const serviceLog = join(directory, 'service.log');
  const service = startChild(
    'service',
    [...settings.serviceNodeArgs, GUARDED_SERVICE],
    // The token limiter counts every request but never refuses one.
    serviceEnvironment(servicePort, databaseUrl, { RATE_LIMIT_TOKEN: UNLIMITED }),
    serviceLog,
  );
  await waitForOk(service, `${serviceUrl}/health/ready`, settings.startupTimeoutMs);

  // A machine client and one access token, the way a pipeline gets them.
  const registration = await fetch(`${serviceUrl}/oauth/m2m/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ client_name: 'bench' }),
  });
  if (registration.status !== 200) throw new Error(`machine registration answered ${registration.status}: ${await registration.text()}`);
  const { client_id: clientId, client_secret: clientSecret, scope } = await registration.json();
  const tokenRequest = {
    method: 'POST',
    headers: { authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'client_credentials', scope }).toString(),
  };
  const issued = await fetch(`${serviceUrl}/oauth/token`, tokenRequest);
  if (issued.status !== 200) throw new Error(`token request answered ${issued.status}: ${await issued.text()}`);
  const { access_token: accessToken } = await issued.json();
  const guarded = await fetch(`${serviceUrl}${PATH}`, { headers: { authorization: `Bearer ${accessToken}` } });
  const guardedBody = await guarded.text();
  if (guarded.status !== 200) throw new Error(`GET ${PATH} with the token answered ${guarded.status}: ${guardedBody}`);
  const refused = await fetch(`${serviceUrl}${PATH}`);
  if (refused.status !== 401) throw new Error(`GET ${PATH} without a token answered ${refused.status}: the route is not guarded`);

  const bodyFile = join(directory, 'body.json');
  writeFileSync(bodyFile, guardedBody);
  const bare = startChild(
    'bare fastify',
    [...settings.bareNodeArgs, BARE_SERVER],
    { PATH: process.env.PATH ?? '', NODE_ENV: 'production', PORT: String(barePort), HOST: '127.0.0.1', BODY_FILE: bodyFile, ROUTE_PATH: PATH },
    join(directory, 'bare-fastify.log'),
  );
  await waitForOk(bare, `${bareUrl}${PATH}`, 15_000);

  const targets = [
    { label: 'bare fastify', url: `${bareUrl}${PATH}`, record: bare, rounds: [] },
    { label: 'guarded no-op', url: `${serviceUrl}${PATH}`, record: service, rounds: [], request: { headers: { authorization: `Bearer ${accessToken}` } } },
    { label: 'token issuance', url: `${serviceUrl}/oauth/token`, record: service, rounds: [], request: tokenRequest },
  ];

  console.log('Bearer-guarded route and client_credentials issuance vs bare Fastify');
  console.log(`  node ${process.version}, ${CORES} cores (${(cpus()[0]?.model ?? 'unknown CPU').trim()}), loopback`);
  console.log(
    `  autocannon: ${settings.connections} connections, warm-up ${settings.warmupSeconds} s each, then ${settings.rounds} rounds of ${settings.durationSeconds} s per target (alternating)`,
  );
  console.log(
    `  service: NODE_ENV=production, LOG_LEVEL=${settings.logLevel} (log: ${serviceLog}), database ${redacted(databaseUrl)}, ${settings.redisUrl ? `Redis ${redacted(settings.redisUrl)}` : 'BENCH_REDIS=off'}; RATE_LIMIT_TOKEN=${UNLIMITED}`,
  );
  console.log('');

  const { notes, warmupProblems } = await measureAlternating(targets);
  const summaries = targets.map((target) => summarise(target.rounds));
  const [bareSummary, guardedSummary, issuanceSummary] = summaries;
  console.log('');
  console.log(`mean of ${settings.rounds} rounds per target:`);
  console.log(table(targets.map((target, index) => ({ label: target.label, ...summaries[index] }))));
  for (const note of notes) console.log(`note: ${note}`);
  if (warmupProblems > 0) console.log(`warm-up: ${warmupProblems} errors/non-2xx`);
  const ratios = { guarded: guardedSummary.reqPerSec / bareSummary.reqPerSec, issuance: issuanceSummary.reqPerSec / bareSummary.reqPerSec };
  if (settings.json) {
    console.log(
      JSON.stringify({
        node: process.version,
        cores: CORES,
        summaries,
        ratios,
        targets: TARGETS,
        rounds: targets.map((target) => target.rounds.map(slim)),
      }),
    );
  }
  console.log(
    `guarded no-op ratio (service / bare fastify): ${ratios.guarded.toFixed(2)} (target >= ${TARGETS.guarded}); server CPU per request ${number(guardedSummary.serverCpuMicrosPerRequest ?? NaN, 1)} µs`,
  );
  console.log(
    `token issuance ratio (service / bare fastify): ${ratios.issuance.toFixed(2)} (target >= ${TARGETS.issuance}); server CPU per request ${number(issuanceSummary.serverCpuMicrosPerRequest ?? NaN, 1)} µs`,
  );
  const problems = summaries.reduce((sum, summary) => sum + summary.errors + summary.non2xx, warmupProblems);
  return problems > 0 ? 1 : 0;
}

await runBench(main);

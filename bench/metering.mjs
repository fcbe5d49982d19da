// What metering costs: a tool call metered on one contended account, the same spread over many
// accounts, and the same tool unmetered, in the same run; then an over-serve check (a burst
// against a finite quota must serve exactly that quota).
// Target: metered on one contended account >= 0.5x unmetered, 0 over-serves.
//
// Build first: `npm run bench:metering` (= npm run build && node bench/metering.mjs). Knobs: bench/README.md.
// Exit code: 0 whatever the ratio, 1 when a request failed or the quota was over-served, 2 when the bench could not run.
import { existsSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import {
  CORES,
  benchDatabaseUrl,
  fail,
  freePort,
  machineToken,
  measureAlternating,
  number,
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

const METERED_SERVICE = join(ROOT, 'bench/support/metered-service.mjs');
const TARGET_RATIO = 0.5;
const UNLIMITED = '100000000/60';
const BURST_QUOTA = 1000;

async function machineAccount(serviceUrl) {
  const token = await machineToken(serviceUrl);
  const account = await fetch(`${serviceUrl}/account`, { headers: { authorization: `Bearer ${token}` } }).then((response) => response.json());
  return { token, accountId: account.accountId };
}

const call = (name) => JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: {} } });
const headersFor = (token) => ({ authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' });

async function main() {
  if (!existsSync(join(ROOT, 'dist/src/app.factory.js'))) fail('dist/ is missing: build first (npm run bench:metering)');
  const directory = workDir('metering');
  const [port, databaseUrl] = await Promise.all([freePort(), benchDatabaseUrl()]);
  const serviceUrl = `http://127.0.0.1:${port}`;
  const service = startChild(
    'service',
    [...settings.serviceNodeArgs, METERED_SERVICE],
    serviceEnvironment(port, databaseUrl, {
      RATE_LIMIT_MCP: UNLIMITED,
      M2M_REGISTRATION_LIMIT: '1000',
      RATE_LIMIT_REGISTRATION: UNLIMITED,
      RATE_LIMIT_TOKEN: UNLIMITED,
    }),
    join(directory, 'service.log'),
  );
  await waitForOk(service, `${serviceUrl}/health/ready`, settings.startupTimeoutMs);

  // One contended account and one account per connection, each with a quota the runs cannot use up.
  const contended = await machineAccount(serviceUrl);
  const spread = await Promise.all(Array.from({ length: settings.connections }, () => machineAccount(serviceUrl)));
  const database = new pg.Client({ connectionString: databaseUrl });
  await database.connect();
  await database.query(`UPDATE quota_balances SET granted = 1000000000 WHERE usage_key = 'pitch_deck_precheck' AND owner_id = ANY($1)`, [
    [contended.accountId, ...spread.map((account) => account.accountId)],
  ]);

  const mcp = `${serviceUrl}/mcp`;
  for (const name of ['bench_metered', 'bench_unmetered']) {
    const answer = await fetch(mcp, { method: 'POST', headers: headersFor(contended.token), body: call(name) }).then((response) => response.json());
    if (!answer.result || answer.result.isError) throw new Error(`${name} failed: ${JSON.stringify(answer).slice(0, 400)}`);
  }
  let next = 0;
  const targets = [
    {
      label: 'unmetered, one account',
      url: mcp,
      record: service,
      rounds: [],
      request: { method: 'POST', headers: headersFor(contended.token), body: call('bench_unmetered') },
    },
    {
      label: 'metered, one account',
      url: mcp,
      record: service,
      rounds: [],
      request: { method: 'POST', headers: headersFor(contended.token), body: call('bench_metered') },
    },
    {
      label: `metered, ${spread.length} accounts`,
      url: mcp,
      record: service,
      rounds: [],
      request: {
        method: 'POST',
        headers: headersFor(spread[0].token),
        body: call('bench_metered'),
        setupClient: (client) => client.setHeaders(headersFor(spread[next++ % spread.length].token)),
      },
    },
  ];
  console.log('Metering: the same tool metered (one contended account, many accounts) and unmetered');
  console.log(
    `  node ${process.version}, ${CORES} cores (${(cpus()[0]?.model ?? 'unknown CPU').trim()}), loopback; ${settings.connections} connections, ${settings.rounds} rounds of ${settings.durationSeconds} s`,
  );
  console.log('');
  const { notes, warmupProblems } = await measureAlternating(targets);
  const summaries = targets.map((target) => summarise(target.rounds));
  console.log('');
  console.log(table(targets.map((target, index) => ({ label: target.label, ...summaries[index] }))));
  for (const note of notes) console.log(`note: ${note}`);

  // Over-serve check: a burst at a quota of BURST_QUOTA must serve exactly that many.
  const burst = await machineAccount(serviceUrl);
  await database.query(`UPDATE quota_balances SET granted = $2, used = 0 WHERE usage_key = 'pitch_deck_precheck' AND owner_id = $1`, [
    burst.accountId,
    BURST_QUOTA,
  ]);
  const burstResult = await autocannon({
    url: mcp,
    method: 'POST',
    headers: headersFor(burst.token),
    body: call('bench_metered'),
    connections: settings.connections,
    amount: BURST_QUOTA * 3,
  });
  const served = burstResult.statusCodeStats['200']?.count ?? 0;
  const refused = burstResult.statusCodeStats['402']?.count ?? 0;
  const [{ commits }] = (
    await database.query(`SELECT count(*)::int AS commits FROM usage_ledger WHERE account_id = $1 AND entry = 'commit'`, [burst.accountId])
  ).rows;
  await database.end();
  const overServed = Math.max(0, served - BURST_QUOTA) + Math.max(0, commits - BURST_QUOTA);
  console.log(
    `\nburst: ${BURST_QUOTA * 3} calls against a quota of ${BURST_QUOTA}: ${served} served (ledger commits ${commits}), ${refused} answered 402; over-served: ${overServed}`,
  );

  const ratio = summaries[1].reqPerSec / summaries[0].reqPerSec;
  if (settings.json)
    console.log(
      JSON.stringify({ summaries, ratio, burst: { served, refused, commits, overServed }, rounds: targets.map((target) => target.rounds.map(slim)) }),
    );
  console.log(
    `metered on one contended account / unmetered: ${ratio.toFixed(2)} (target >= ${TARGET_RATIO}); spread over ${spread.length} accounts / unmetered: ${(summaries[2].reqPerSec / summaries[0].reqPerSec).toFixed(2)}`,
  );
  console.log(
    `metering cost per call (server CPU): +${number((summaries[1].serverCpuMicrosPerRequest ?? NaN) - (summaries[0].serverCpuMicrosPerRequest ?? NaN), 1)} µs`,
  );
  const problems = summaries.reduce((sum, summary) => sum + summary.errors + summary.non2xx, warmupProblems) + overServed;
  return problems > 0 ? 1 : 0;
}

await runBench(main);

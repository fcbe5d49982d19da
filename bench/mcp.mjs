// POST /mcp through the whole service (authentication hook with an RS256 machine token, rate limit,
// the SDK server behind the in-process bridge, the tool registry, a PostgreSQL read) against its
// anchor, in the same run (issue 11):
//   - anchor: bare fastify + pg:     POST /mcp running get_deal_workspace's SQL through `pg` on the
//                                    same database and answering the same JSON-RPC result (no auth,
//                                    no MCP, no validation, no rate limit; support/bare-sql.mjs)
//   - bare fastify echo:             POST /mcp answering the body it got (the HTTP floor)
//   - tools/call get_deal_workspace: a workspace with one stored output, read from PostgreSQL
//   - tools/list
//   - the same two on the service with BENCH_EXTRA_TOOLS (500) more tools (support/many-tools-service.mjs)
//   - a 1 MB base64 argument, refused by validation, against a bare Fastify parse of the same body
// Servers on core 0, the load generator on the last core (taskset; BENCH_PIN=off to disable).
// Then a soak: tools/call for BENCH_SOAK_SECONDS (default 300) while the service's RSS is sampled.
// Targets: tools/call >= 0.6x the anchor, p99 <= 5x p50, the same CPU per call with more tools, RSS flat over the soak.
//
// Build first: `npm run bench:mcp` (= npm run build && node bench/mcp.mjs). Knobs: bench/README.md.
// Exit code: 0 whatever the numbers, 1 when any request failed, 2 when the bench could not run.
import { existsSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon from 'autocannon';
import pg from 'pg';
import {
  CORES,
  benchDatabaseUrl,
  fail,
  freePort,
  machineToken,
  pinningDescription,
  measureAlternating,
  number,
  positiveInteger,
  processRssMiB,
  redacted,
  ROOT,
  rpc,
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
const MANY_TOOLS_SERVICE = join(ROOT, 'bench/support/many-tools-service.mjs');
const EXTRA_TOOLS = positiveInteger('BENCH_EXTRA_TOOLS', 500);
// A base64 argument of 1 MB (the body stays under the default HTTP_BODY_LIMIT_BYTES of 1 MiB),
// made invalid by its last character, so that the call is parsed and validated, then refused.
const LARGE_ARGUMENT = `${'QUJD'.repeat(249_999)}QUJ!`;
const BARE_SERVER = join(ROOT, 'bench/support/bare-fastify.mjs');
const ANCHOR_SERVER = join(ROOT, 'bench/support/bare-sql.mjs');
const TARGETS = { toolsCall: 0.6, p99OverP50: 5 };
const UNLIMITED = '100000000/60';
const soakSeconds = process.env.BENCH_SOAK_SECONDS === '0' ? 0 : positiveInteger('BENCH_SOAK_SECONDS', 300);

/** The account that owns the workspace: the anchor answers for it as the service does for its token. */
async function accountOfWorkspace(databaseUrl, workspaceId) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query('SELECT account_id FROM workspaces WHERE id = $1', [workspaceId]);
    return rows[0].account_id;
  } finally {
    await client.end();
  }
}

async function main() {
  if (!existsSync(SERVICE_MAIN)) fail(`${SERVICE_MAIN} is missing: build first (npm run bench:mcp)`);
  const directory = workDir('mcp');
  const [servicePort, manyToolsPort, barePort, anchorPort, databaseUrl] = await Promise.all([
    freePort(),
    freePort(),
    freePort(),
    freePort(),
    benchDatabaseUrl(),
  ]);
  const serviceUrl = `http://127.0.0.1:${servicePort}`;
  const bareUrl = `http://127.0.0.1:${barePort}`;
  const serviceLog = join(directory, 'service.log');
  // BASE_URL and AGENTS_URL are set so that the service with extra tools (another port, same database and keys) is the same issuer and audience.
  const environment = serviceEnvironment(servicePort, databaseUrl, { RATE_LIMIT_MCP: UNLIMITED, BASE_URL: serviceUrl, AGENTS_URL: serviceUrl });
  const service = startChild('service', [...settings.serviceNodeArgs, SERVICE_MAIN], environment, serviceLog);
  await waitForOk(service, `${serviceUrl}/health/ready`, settings.startupTimeoutMs);

  // A machine client, its token, and a workspace holding one stored output: what a pipeline has.
  const token = await machineToken(serviceUrl);
  const mcp = `${serviceUrl}/mcp`;
  const workspace = (
    await rpc(mcp, token, 'tools/call', { name: 'create_deal_workspace', arguments: { clientName: 'Bench Robotics', metadata: { sector: 'robotics' } } })
  ).structuredContent;
  await rpc(mcp, token, 'tools/call', {
    name: 'submit_documents',
    arguments: { workspaceId: workspace.workspaceId, fileName: 'notes.txt', content: Buffer.from('Revenue grew 40% year on year.').toString('base64') },
  });
  const callBody = JSON.stringify({
    jsonrpc: '2.0',
    id: 1,
    method: 'tools/call',
    params: { name: 'get_deal_workspace', arguments: { workspaceId: workspace.workspaceId } },
  });
  const listBody = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
  const largeBody = JSON.stringify({
    jsonrpc: '2.0',
    id: 1,
    method: 'tools/call',
    params: { name: 'submit_documents', arguments: { fileName: 'large.pdf', content: LARGE_ARGUMENT } },
  });
  const refused = await rpc(mcp, token, 'tools/call', JSON.parse(largeBody).params).catch((error) => error.message);
  if (!String(refused).includes('INVALID_INPUT')) throw new Error(`the 1 MB argument was not refused by validation: ${String(refused).slice(0, 300)}`);
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' };

  const bodyFile = join(directory, 'unused.json');
  writeFileSync(bodyFile, '{}');
  const bare = startChild(
    'bare fastify',
    [...settings.bareNodeArgs, BARE_SERVER],
    {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      PORT: String(barePort),
      HOST: '127.0.0.1',
      BODY_FILE: bodyFile,
      ROUTE_PATH: '/mcp',
      ECHO: '1',
      SINK: '1',
    },
    join(directory, 'bare.log'),
  );
  // The same service with EXTRA_TOOLS more tools registered, on the same database (the token and the workspace are valid there).
  const manyTools = startChild(
    'service with extra tools',
    [...settings.serviceNodeArgs, MANY_TOOLS_SERVICE],
    { ...environment, PORT: String(manyToolsPort), BENCH_EXTRA_TOOLS: String(EXTRA_TOOLS) },
    join(directory, 'many-tools.log'),
  );
  const manyToolsMcp = `http://127.0.0.1:${manyToolsPort}/mcp`;
  await waitForOk(manyTools, `http://127.0.0.1:${manyToolsPort}/health/ready`, settings.startupTimeoutMs);
  await waitForOk(bare, `${bareUrl}/mcp`, 15_000);
  const accountId = await accountOfWorkspace(databaseUrl, workspace.workspaceId);
  const anchor = startChild(
    'anchor',
    [...settings.bareNodeArgs, ANCHOR_SERVER],
    { PATH: process.env.PATH ?? '', NODE_ENV: 'production', PORT: String(anchorPort), HOST: '127.0.0.1', DATABASE_URL: databaseUrl, ACCOUNT_ID: accountId },
    join(directory, 'anchor.log'),
  );
  const anchorUrl = `http://127.0.0.1:${anchorPort}`;
  await waitForOk(anchor, `${anchorUrl}/ready`, 15_000);

  const allTargets = [
    { label: 'anchor: bare fastify + pg', url: `${anchorUrl}/mcp`, record: anchor, rounds: [], request: { method: 'POST', headers, body: callBody } },
    { label: 'bare fastify echo', url: `${bareUrl}/mcp`, record: bare, rounds: [], request: { method: 'POST', headers, body: callBody } },
    { label: 'tools/call get_deal_workspace', url: mcp, record: service, rounds: [], request: { method: 'POST', headers, body: callBody } },
    { label: 'tools/list', url: mcp, record: service, rounds: [], request: { method: 'POST', headers, body: listBody } },
    {
      label: `tools/call get_deal_workspace, +${EXTRA_TOOLS} tools`,
      url: manyToolsMcp,
      record: manyTools,
      rounds: [],
      request: { method: 'POST', headers, body: callBody },
    },
    { label: `tools/list, +${EXTRA_TOOLS} tools`, url: manyToolsMcp, record: manyTools, rounds: [], request: { method: 'POST', headers, body: listBody } },
    { label: 'bare fastify: 1 MB JSON body parsed', url: `${bareUrl}/sink`, record: bare, rounds: [], request: { method: 'POST', headers, body: largeBody } },
    { label: 'tools/call with a 1 MB argument, refused', url: mcp, record: service, rounds: [], request: { method: 'POST', headers, body: largeBody } },
  ];
  // BENCH_TARGETS=tools/call: only the targets whose label contains one of the comma-separated
  // words (e.g. to profile one call with BENCH_SERVICE_NODE_ARGS=--cpu-prof); the ratios need all.
  const only = (process.env.BENCH_TARGETS ?? '').split(',').filter(Boolean);
  const targets = only.length === 0 ? allTargets : allTargets.filter((target) => only.some((word) => target.label.includes(word)));
  console.log('POST /mcp (authenticated JSON-RPC) vs its anchor (bare Fastify + pg, same SQL) and a bare Fastify echo route');
  console.log(`  node ${process.version}, ${CORES} cores (${(cpus()[0]?.model ?? 'unknown CPU').trim()}), loopback; ${pinningDescription()}`);
  console.log(
    `  autocannon: ${settings.connections} connections, warm-up ${settings.warmupSeconds} s each, then ${settings.rounds} rounds of ${settings.durationSeconds} s per target (alternating); soak ${soakSeconds} s`,
  );
  console.log(
    `  service: NODE_ENV=production, LOG_LEVEL=${settings.logLevel} (log: ${serviceLog}), database ${redacted(databaseUrl)}, ${settings.redisUrl ? `Redis ${redacted(settings.redisUrl)}` : 'BENCH_REDIS=off'}; RATE_LIMIT_MCP=${UNLIMITED}`,
  );
  console.log('');

  const { notes, warmupProblems } = await measureAlternating(targets);
  const summaries = targets.map((target) => summarise(target.rounds));
  console.log('');
  console.log(`mean of ${settings.rounds} rounds per target:`);
  console.log(table(targets.map((target, index) => ({ label: target.label, ...summaries[index] }))));
  for (const note of notes) console.log(`note: ${note}`);
  if (only.length > 0) return summaries.some((summary) => summary.errors + summary.non2xx > 0) || warmupProblems > 0 ? 1 : 0;
  const [anchorSummary, bareSummary, callSummary, listSummary, manyCallSummary, manyListSummary, sinkSummary, largeSummary] = summaries;

  let soak = null;
  if (soakSeconds > 0) {
    process.stdout.write(`\nsoak: tools/call for ${soakSeconds} s, sampling the service's RSS every 5 s... `);
    const samples = [];
    let running = true;
    const sampler = (async () => {
      while (running) {
        const rss = processRssMiB(service.child.pid);
        if (rss !== null) samples.push({ atSeconds: samples.length * 5, rss });
        await sleep(5000);
      }
    })();
    const result = await autocannon({ url: mcp, ...targets[2].request, connections: settings.connections, duration: soakSeconds });
    running = false;
    await sampler;
    const window = Math.max(1, Math.floor(samples.length / 5));
    const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
    const first = median(samples.slice(0, window).map((sample) => sample.rss));
    const last = median(samples.slice(-window).map((sample) => sample.rss));
    soak = {
      requests: result.requests.total,
      reqPerSec: result.requests.average,
      problems: result.errors + result.timeouts + result.non2xx,
      rssFirstMiB: first,
      rssLastMiB: last,
      rssMaxMiB: Math.max(...samples.map((sample) => sample.rss)),
      samples,
    };
    console.log(`${number(result.requests.average)} req/s`);
    console.log(
      `soak RSS: first fifth median ${number(first, 1)} MiB, last fifth median ${number(last, 1)} MiB (${last >= first ? '+' : ''}${number(last - first, 1)} MiB), max ${number(soak.rssMaxMiB, 1)} MiB over ${samples.length} samples`,
    );
  }

  const ratio = callSummary.reqPerSec / anchorSummary.reqPerSec;
  if (settings.json)
    console.log(JSON.stringify({ node: process.version, summaries, ratio, soak, targets: TARGETS, rounds: targets.map((target) => target.rounds.map(slim)) }));
  const cpuRatio =
    anchorSummary.serverCpuMicrosPerRequest && callSummary.serverCpuMicrosPerRequest
      ? ` (server CPU per request: anchor / service ${(anchorSummary.serverCpuMicrosPerRequest / callSummary.serverCpuMicrosPerRequest).toFixed(2)})`
      : '';
  console.log(
    `tools/call ratio (service / anchor): ${ratio.toFixed(2)} (target >= ${TARGETS.toolsCall})${cpuRatio}; p99/p50 ${number(callSummary.p99 / Math.max(callSummary.p50, 1), 1)} (target <= ${TARGETS.p99OverP50})`,
  );
  console.log(`tools/call ratio (service / bare echo): ${(callSummary.reqPerSec / bareSummary.reqPerSec).toFixed(2)}`);
  console.log(
    `tools/list ratio (service / anchor): ${(listSummary.reqPerSec / anchorSummary.reqPerSec).toFixed(2)}; p99/p50 ${number(listSummary.p99 / Math.max(listSummary.p50, 1), 1)}`,
  );
  const cpuRatio2 = (a, b) =>
    a.serverCpuMicrosPerRequest && b.serverCpuMicrosPerRequest ? (a.serverCpuMicrosPerRequest / b.serverCpuMicrosPerRequest).toFixed(2) : 'n/a';
  console.log(
    `with ${EXTRA_TOOLS} more tools, server CPU per request (more tools / as shipped): tools/call ${cpuRatio2(manyCallSummary, callSummary)} (target: 1, the cost does not grow), tools/list ${cpuRatio2(manyListSummary, listSummary)} (its answer lists them all)`,
  );
  if (sinkSummary.serverCpuMicrosPerRequest && largeSummary.serverCpuMicrosPerRequest && callSummary.serverCpuMicrosPerRequest) {
    const added = largeSummary.serverCpuMicrosPerRequest - listSummary.serverCpuMicrosPerRequest;
    console.log(
      `1 MB argument: the service spends ${number(added)} µs per call beyond a tools/list (parse, validation, refusal); a bare JSON parse of the same body costs ${number(sinkSummary.serverCpuMicrosPerRequest)} µs: ${(added / sinkSummary.serverCpuMicrosPerRequest).toFixed(2)}x (one parse and one validation pass: about 1-2x)`,
    );
  }
  const problems = summaries.reduce((sum, summary) => sum + summary.errors + summary.non2xx, warmupProblems + (soak?.problems ?? 0));
  return problems > 0 ? 1 : 0;
}

await runBench(main);

// Hostile documents against the running service (issue 30): each file of the generated corpus
// (bench/support/hostile-documents.mjs: decompression bombs, lying ZIP headers, deep nesting,
// images that decode huge, text at the size limit) is uploaded through an upload URL, one at a
// time, while a prober asks GET /health/live every 50 ms and the service's resident memory is read
// every 50 ms. For each file: how the upload answered and how long it took, the document's end
// (refused at upload, FAILED with its reason, or processed), the time to that end, the service's
// peak memory above its memory before the file, and /health/live's slowest answer. The files the
// limits accept (the largest CSV and text) are then analysed by data_extraction_agent while the
// prober runs. The baseline, measured in the same run: /health/live with nothing to do.
//
//   npm run build && node bench/hostile-documents.mjs
//
// Knobs: BENCH_HOSTILE_SCALE (default 1: the sizes of the issue), BENCH_HOSTILE_ONLY (names, comma
// separated), BENCH_REDIS_URL / BENCH_DATABASE_URL as every bench (bench/README.md). The service
// is not pinned: it has every core, as in production, since its document threads are the point.
process.env.BENCH_PIN = 'off';
const { cpus } = await import('node:os');
const { join } = await import('node:path');
const { setTimeout: sleep } = await import('node:timers/promises');
const { Worker } = await import('node:worker_threads');
const { default: pg } = await import('pg');
const harness = await import('./support/harness.mjs');
const { hostileDocuments } = await import('./support/hostile-documents.mjs');
const {
  benchDatabaseUrl,
  fail,
  freePort,
  machineToken,
  processRssMiB,
  rpc,
  serviceEnvironment,
  settings,
  startChild,
  stopAll,
  tail,
  waitForOk,
  workDir,
  ROOT,
} = harness;

const scale = Number(process.env.BENCH_HOSTILE_SCALE ?? 1);
if (!(scale > 0)) fail('BENCH_HOSTILE_SCALE must be a positive number');
const only = process.env.BENCH_HOSTILE_ONLY?.split(',').map((name) => name.trim());
const OUTCOME_TIMEOUT_MS = 600_000;
const PROBE_MS = 50;

const directory = workDir('hostile');
const [port, databaseUrl] = await Promise.all([freePort(), benchDatabaseUrl('uw_bench_hostile')]);
const serviceUrl = `http://127.0.0.1:${port}`;
const serviceLog = join(directory, 'service.log');
const service = startChild(
  'service',
  [...settings.serviceNodeArgs, join(ROOT, 'dist/src/main.js')],
  serviceEnvironment(port, databaseUrl, {
    RATE_LIMIT_MCP: '100000000/60',
    USAGE_PLAN_OVERRIDES: JSON.stringify({ financial_data_extraction: { machineTrialFree: 100_000_000 } }),
    DOCUMENT_STORAGE_DIR: join(directory, 'documents'),
  }),
  serviceLog,
);
const database = new pg.Client({ connectionString: databaseUrl });

/**
 * The prober runs in a thread of its own: this process also sends 20 MB uploads, and its own event
 * loop would otherwise delay the probes and be counted against the service.
 */
const PROBER = `
const { parentPort, workerData } = require('node:worker_threads');
let stopped = false;
const latencies = [];
let failures = 0;
parentPort.on('message', () => (stopped = true));
(async () => {
  // The thread's first request loads its HTTP client: not a measure of the service.
  await fetch(workerData.url).catch(() => undefined);
  parentPort.postMessage('ready');
  while (!stopped) {
    const start = performance.now();
    const ok = await fetch(workerData.url, { signal: AbortSignal.timeout(30000) }).then((response) => response.status === 200, () => false);
    latencies.push(performance.now() - start);
    if (!ok) failures++;
    await new Promise((resolve) => setTimeout(resolve, workerData.intervalMs));
  }
  parentPort.postMessage({ latencies, failures });
})();
`;

/** Starts sampling /health/live latencies and the service's memory; resolves to the function that stops and reports. */
async function watch() {
  const prober = new Worker(PROBER, { eval: true, workerData: { url: `${serviceUrl}/health/live`, intervalMs: PROBE_MS } });
  const messages = [];
  const waiters = [];
  prober.on('message', (message) => (waiters.length > 0 ? waiters.shift()(message) : messages.push(message)));
  const next = () => (messages.length > 0 ? Promise.resolve(messages.shift()) : new Promise((resolve) => waiters.push(resolve)));
  await next(); // ready
  let peakRss = processRssMiB(service.child.pid) ?? 0;
  const sampling = setInterval(() => (peakRss = Math.max(peakRss, processRssMiB(service.child.pid) ?? 0)), PROBE_MS);
  return async () => {
    clearInterval(sampling);
    prober.postMessage('stop');
    const { latencies, failures } = await next();
    await prober.terminate();
    const sorted = [...latencies].sort((a, b) => a - b);
    return { maxMs: sorted.at(-1) ?? 0, p50Ms: sorted[Math.floor(sorted.length / 2)] ?? 0, probes: sorted.length, failures, peakRss };
  };
}

async function outcomeOf(documentId) {
  const deadline = Date.now() + OUTCOME_TIMEOUT_MS;
  for (;;) {
    const [row] = (
      await database.query('SELECT status, processing_status AS processing, processing_failure AS failure, page_count AS pages FROM documents WHERE id = $1', [
        documentId,
      ])
    ).rows;
    if (!row || row.status === 'PENDING_UPLOAD') return { end: 'refused at upload' };
    if (row.processing === 'failed') return { end: 'FAILED', reason: row.failure };
    if (row.processing === 'processed') return { end: `processed (${row.pages} pages)` };
    if (Date.now() > deadline) return { end: `still ${row.processing} after ${OUTCOME_TIMEOUT_MS / 1000} s` };
    await sleep(50);
  }
}

const short = (text, length = 110) => (text && text.length > length ? `${text.slice(0, length - 1)}…` : (text ?? ''));
const fixed = (value, digits = 0) => value.toFixed(digits);

try {
  await waitForOk(service, `${serviceUrl}/health/ready`, settings.startupTimeoutMs);
  await database.connect();
  const mcp = `${serviceUrl}/mcp`;
  const token = await machineToken(serviceUrl);

  // The baseline: /health/live with nothing to do, 3 s.
  const idle = await watch();
  await sleep(3000);
  const atRest = await idle();

  const generated = Date.now();
  const corpus = hostileDocuments({ scale }).filter((document) => !only || only.includes(document.name));
  console.log(
    `machine: ${cpus()[0]?.model ?? 'unknown CPU'}, ${cpus().length} cores, Node ${process.version}; corpus of ${corpus.length} files at scale ${scale}, generated in ${Date.now() - generated} ms`,
  );
  console.log(
    `baseline /health/live at rest: p50 ${fixed(atRest.p50Ms, 1)} ms, max ${fixed(atRest.maxMs, 1)} ms (${atRest.probes} probes); service RSS ${fixed(atRest.peakRss)} MiB\n`,
  );
  console.log('| file | bytes | upload answer | end | time to end | peak RSS above before | /health/live max (x at rest) | reason |');
  console.log('|---|---|---|---|---|---|---|---|');

  const accepted = [];
  for (const document of corpus) {
    const { documentId, uploadUrl } = (await rpc(mcp, token, 'tools/call', { name: 'submit_documents', arguments: { fileName: document.fileName } }))
      .structuredContent;
    const rssBefore = processRssMiB(service.child.pid) ?? 0;
    const stop = await watch();
    const started = performance.now();
    const upload = await fetch(uploadUrl.replace(/^https?:\/\/[^/]+/, serviceUrl), {
      method: 'PUT',
      headers: { 'content-type': document.mimeType },
      body: document.bytes,
      signal: AbortSignal.timeout(OUTCOME_TIMEOUT_MS),
    }).then(
      async (response) => ({ status: response.status, body: await response.json().catch(() => ({})), ms: performance.now() - started }),
      (error) => ({ status: 0, body: { detail: String(error) }, ms: performance.now() - started }),
    );
    const outcome = upload.status === 200 ? await outcomeOf(documentId) : { end: `refused at upload (${upload.status})`, reason: upload.body.detail };
    const endMs = performance.now() - started;
    const seen = await stop();
    if (outcome.end.startsWith('processed')) accepted.push({ document, documentId });
    console.log(
      `| ${document.name} | ${document.bytes.length.toLocaleString('en-US')} | ${upload.status} in ${fixed(upload.ms)} ms | ${outcome.end} | ${fixed(endMs)} ms | ${fixed(seen.peakRss - rssBefore)} MiB | ${fixed(seen.maxMs)} ms (${fixed(seen.maxMs / Math.max(0.1, atRest.maxMs), 1)}x)${seen.failures ? `, ${seen.failures} failed` : ''} | ${short(outcome.reason)} |`,
    );
    if (service.exited) fail(`the service exited on ${document.name}:\n${tail(serviceLog)}`);
  }

  if (accepted.length > 0) {
    console.log('\nAccepted files analysed (data_extraction_agent) while /health/live is probed:\n');
    console.log('| file | pages | tool answer in | /health/live max (x at rest) |');
    console.log('|---|---|---|---|');
    for (const { document, documentId } of accepted) {
      const stop = await watch();
      const started = performance.now();
      const answer = await fetch(mcp, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'data_extraction_agent', arguments: { documentId } } }),
      }).then((response) => response.json());
      const ms = performance.now() - started;
      const seen = await stop();
      const pages = (await database.query('SELECT page_count FROM documents WHERE id = $1', [documentId])).rows[0]?.page_count;
      const result = answer.result?.isError ? `error: ${short(answer.result.structuredContent?.error?.message ?? '', 80)}` : 'answered';
      console.log(
        `| ${document.name} | ${pages} | ${fixed(ms)} ms (${result}) | ${fixed(seen.maxMs)} ms (${fixed(seen.maxMs / Math.max(0.1, atRest.maxMs), 1)}x) |`,
      );
    }
  }
  console.log(`\nservice RSS at the end: ${fixed(processRssMiB(service.child.pid) ?? 0)} MiB; its log: ${serviceLog}`);
} catch (error) {
  console.error(tail(serviceLog));
  fail(error instanceof Error ? error.message : String(error));
} finally {
  await database.end().catch(() => undefined);
  await stopAll();
}

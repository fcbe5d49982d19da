// Speed of document analysis (issue 16, section 5). In this process, on one core: text-PDF layout
// against unpdf's plain text extraction (what the document reader already does when a document is
// submitted), OCR of scanned pages against rasterising them alone, and the engine's classification
// and extraction latencies. Then the tools themselves through the running service
// (support/analysis-tools.mjs): document_intelligence_agent on a 20-page document and
// data_extraction_agent on a 3-page statement as sequential tools/call requests, against
// get_deal_workspace and the engine alone on the same stored pages.
// Run after `npm run build`: node bench/analysis.mjs (knobs: bench/README.md).
import { execFileSync } from 'node:child_process';
import { availableParallelism, cpus } from 'node:os';
import { extractText, getDocumentProxy } from 'unpdf';
import { measureAnalysisTools } from './support/analysis-tools.mjs';
import { fail, number, positiveInteger, settings, stopAll } from './support/harness.mjs';
import { generateCorpus } from './quality/generate.mjs';
import { randomSource } from './quality/random.mjs';
import { scannedVersion } from './quality/scan.mjs';

const { readPdfLayout } = await import('../dist/src/analysis/layout/pdf-layout.js');
const { classifyDocument, extractFinancialData } = await import('../dist/src/analysis/builtin-engine.js');
const { renderPdfPage } = await import('../dist/src/analysis/ocr/page-raster.js');
const { TesseractOcr } = await import('../dist/src/analysis/ocr/tesseract-ocr.js');

const ocrPages = positiveInteger('BENCH_OCR_PAGES', 8);
const latencyRuns = positiveInteger('BENCH_LATENCY_RUNS', 30);
const renderScale = Number(process.env.OCR_RENDER_SCALE ?? 3);
const toolCalls = positiveInteger('BENCH_TOOL_CALLS', 200);
const toolWarmup = positiveInteger('BENCH_TOOL_WARMUP', 10);
/** `on` (default): engine, then the tools through the service; `off`: engine only; `only`: the tools only. */
const toolsMode = process.env.BENCH_TOOLS ?? 'on';
if (!['on', 'off', 'only'].includes(toolsMode)) fail(`BENCH_TOOLS must be on, off or only (got "${toolsMode}")`);

const cores = availableParallelism();
// One core: this process and every thread it starts (pdf.js runs in it, Tesseract in a worker thread).
let pinned = 'not pinned (BENCH_PIN=off, one core, or no taskset)';
if (settings.pin && cores >= 2) {
  const core = String(cores - 1);
  try {
    execFileSync('taskset', ['-a', '-p', '-c', core, String(process.pid)], { stdio: 'ignore' });
    pinned = `pinned to core ${core} (taskset; BENCH_PIN=off to disable)`;
  } catch {
    // no taskset: unpinned
  }
}

const seconds = (start) => Number(process.hrtime.bigint() - start) / 1e9;
const percentile = (values, p) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))];

console.log(`machine: ${cpus()[0]?.model ?? 'unknown CPU'}, ${cores} cores, Node ${process.version}; ${pinned}`);
const corpus = await generateCorpus({ seed: 1, statements: 40, perKind: 6 });
const documents = corpus.map((document) => new Uint8Array(document.bytes));
const layouts = await Promise.all(documents.map((bytes) => readPdfLayout(bytes)));
const textPages = layouts.reduce((sum, pages) => sum + pages.length, 0);

// The documents of the latencies, in this process and through the service: the first 20 pages of
// the generated statements as one PDF, and the first generated statement of exactly 3 pages (its
// statements of operations, financial position and cash flows together).
const statements = corpus.filter((document) => document.label.documentType === 'financial_statement');
const twentyPages = await firstPages(statements, 20);
const twentyLayout = await readPdfLayout(twentyPages);
const threePages = corpus.find((document, index) => document.label.documentType === 'financial_statement' && layouts[index].length === 3);
const threePageStatement = threePages ? new Uint8Array(threePages.bytes) : await firstPages(statements, 3);
const threePageName = threePages ? `${threePages.name} (seed ${threePages.seed})` : 'the first 3 statement pages (no 3-page statement in the corpus)';
console.log(`latency documents: the first 20 pages of the generated statements as one PDF; the 3-page statement ${threePageName}`);

if (toolsMode !== 'only') await engineBench();
if (toolsMode !== 'off') {
  try {
    await measureAnalysisTools({
      twentyPages,
      threePageStatement,
      calls: toolCalls,
      warmup: toolWarmup,
      engine: { classifyDocument, extractFinancialData },
    });
  } catch (error) {
    await stopAll();
    fail(`tools through the service: ${error instanceof Error ? error.message : String(error)}`);
  }
}

async function engineBench() {
  console.log(`text corpus: ${documents.length} generated PDFs, ${textPages} pages (bench/quality); ${settings.rounds} rounds, alternating\n`);

  /** Reads every document once; returns pages per second. */
  async function throughput(read) {
    const start = process.hrtime.bigint();
    let pages = 0;
    for (const bytes of documents) pages += await read(bytes);
    return pages / seconds(start);
  }
  const targets = [
    {
      label: 'baseline: unpdf extractText (the reader at submit)',
      read: async (bytes) => {
        const pdf = await getDocumentProxy(new Uint8Array(bytes), { verbosity: 0 });
        const { totalPages } = await extractText(pdf, { mergePages: false });
        await pdf.destroy();
        return totalPages;
      },
    },
    { label: 'layout (readPdfLayout: lines, cells, x positions)', read: async (bytes) => (await readPdfLayout(bytes)).length },
    {
      label: 'layout + classify + extract',
      read: async (bytes) => {
        const pages = await readPdfLayout(bytes);
        const { documentType } = classifyDocument('bench', pages);
        extractFinancialData('bench', pages, documentType);
        return pages.length;
      },
    },
  ].map((target) => ({ ...target, rounds: [] }));
  await throughput(targets[1].read); // warm-up: pdf.js, the engine's code paths
  for (let round = 1; round <= settings.rounds; round++) {
    for (const target of targets) {
      const rate = await throughput(target.read);
      target.rounds.push(rate);
      console.log(`round ${round}/${settings.rounds} ${target.label}: ${number(rate, 1)} pages/s`);
    }
  }
  const mean = (values) => values.reduce((sum, value) => sum + value, 0) / values.length;
  const [baseline, layout, full] = targets.map((target) => mean(target.rounds));

  // Latencies of the engine behind document_intelligence_agent (a 20-page document) and
  // data_extraction_agent (a 3-page statement), from the stored bytes.
  const latencies = { classifyFromLayout: [], classifyFromBytes: [], extractFromBytes: [] };
  for (let run = 0; run < latencyRuns; run++) {
    let start = process.hrtime.bigint();
    classifyDocument('bench', twentyLayout);
    latencies.classifyFromLayout.push(seconds(start) * 1000);
    start = process.hrtime.bigint();
    classifyDocument('bench', await readPdfLayout(twentyPages));
    latencies.classifyFromBytes.push(seconds(start) * 1000);
    start = process.hrtime.bigint();
    extractFinancialData('bench', await readPdfLayout(threePageStatement), 'financial_statement');
    latencies.extractFromBytes.push(seconds(start) * 1000);
  }

  // OCR: scanned statements (200 dpi, as bench/quality scans them), rasterised alone (the baseline)
  // and rasterised + recognised by the adapter with one warm Tesseract worker.
  const scans = [];
  let scannedPages = 0;
  for (const document of statements) {
    if (scannedPages >= ocrPages) break;
    const scan = await scannedVersion(document.bytes, randomSource(document.seed));
    const pageCount = (await readPdfLayout(scan)).length;
    scans.push({ scan, pageCount });
    scannedPages += pageCount;
  }
  const ocr = new TesseractOcr({ maxPages: 1000, renderScale });
  let rasterRate;
  let ocrRate;
  const confidences = [];
  try {
    await ocr.recognizePdfPage(scans[0].scan, 1); // starts the worker and loads the model (about a second), outside the measure
    let start = process.hrtime.bigint();
    for (const { scan, pageCount } of scans) for (let page = 1; page <= pageCount; page++) await renderPdfPage(scan, page, renderScale);
    rasterRate = scannedPages / seconds(start);
    start = process.hrtime.bigint();
    for (const { scan } of scans) confidences.push(...(await readPdfLayout(scan, { ocr })).map((page) => page.ocrConfidence));
    ocrRate = scannedPages / seconds(start);
  } finally {
    await ocr.onModuleDestroy();
  }

  console.log(`\n| measure | value | target |\n|---|---|---|`);
  console.log(`| unpdf extractText (baseline) | ${number(baseline, 1)} pages/s | |`);
  console.log(`| text-PDF layout | ${number(layout, 1)} pages/s (${number(layout / baseline, 2)}x the baseline) | >= 50 pages/s on one core |`);
  console.log(`| layout + classify + extract | ${number(full, 1)} pages/s (${number(full / baseline, 2)}x the baseline) | |`);
  console.log(
    `| classify a 20-page document, from its layout | p50 ${number(percentile(latencies.classifyFromLayout, 0.5), 1)} ms, p90 ${number(percentile(latencies.classifyFromLayout, 0.9), 1)} ms | |`,
  );
  console.log(
    `| classify a 20-page document, from its bytes | p50 ${number(percentile(latencies.classifyFromBytes, 0.5), 1)} ms, p90 ${number(percentile(latencies.classifyFromBytes, 0.9), 1)} ms | tool p50 < 300 ms |`,
  );
  console.log(
    `| extract a 3-page statement, from its bytes | p50 ${number(percentile(latencies.extractFromBytes, 0.5), 1)} ms, p90 ${number(percentile(latencies.extractFromBytes, 0.9), 1)} ms | tool p50 < 500 ms |`,
  );
  console.log(`| rasterise scanned pages (baseline, scale <= ${renderScale}) | ${number(rasterRate, 2)} pages/s | |`);
  console.log(
    `| OCR scanned pages (rasterise + tesseract.js) | ${number(ocrRate, 2)} pages/s = ${number(1 / ocrRate, 2)} s/page (rasterising is ${number((100 * ocrRate) / rasterRate)} % of it) | reported |`,
  );
  console.log(`| OCR confidence on those pages | mean ${number(mean(confidences), 3)}, min ${number(Math.min(...confidences), 3)} | |`);
  if (layout < 50) console.log('\nnote: text-PDF layout is under 50 pages/s on this run');
  if (!Number.isFinite(layout)) fail('no layout measured');
}

/** One PDF of the first `count` pages of the given documents, in order. */
async function firstPages(parts, count) {
  const { PDFDocument } = await import('pdf-lib');
  const merged = await PDFDocument.create();
  for (const part of parts) {
    const source = await PDFDocument.load(part.bytes);
    const indices = source.getPageIndices().slice(0, count - merged.getPageCount());
    for (const page of await merged.copyPages(source, indices)) merged.addPage(page);
    if (merged.getPageCount() >= count) break;
  }
  return new Uint8Array(await merged.save());
}

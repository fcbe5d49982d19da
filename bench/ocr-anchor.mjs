// OCR seconds per page of the service's reader (tesseract.js in the WorkPool's threads) beside the
// native `tesseract` command (Debian tesseract-ocr) on the same page images: the anchor the
// issue asks for. The pages are the image-only scans of test/fixtures/real-documents, rendered once
// by the service's own rasteriser (page-raster.ts) and given to both as PNG files.
// Run after `npm run build`: node bench/ocr-anchor.mjs [--pages N]
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readLabelledSet } from './support/labelled-documents.mjs';

const { renderPdfPage } = await import('../dist/src/analysis/ocr/page-raster.js');
const { TesseractOcr } = await import('../dist/src/analysis/ocr/tesseract-ocr.js');
const { getDocumentProxy } = await import('unpdf');

const limit = Number(process.argv[process.argv.indexOf('--pages') + 1] || 0) || Infinity;
const native = spawnSync('tesseract', ['--version'], { encoding: 'utf8' });
if (native.status !== 0) {
  console.log('native tesseract is not installed (apt-get install tesseract-ocr): nothing to compare with');
  process.exit(0);
}
const scans = readLabelledSet(new URL('../test/fixtures/real-documents', import.meta.url).pathname).filter((document) => document.label.scanned);
const directory = mkdtempSync(join(tmpdir(), 'ocr-anchor-'));
const ocr = new TesseractOcr({ maxPages: 1000, renderScale: 2 });
const seconds = (started) => Number(process.hrtime.bigint() - started) / 1e9;
let pages = 0;
let ours = 0;
let theirs = 0;
try {
  // One page first, untimed: both load their language data once.
  for (const document of scans) {
    const pdf = await getDocumentProxy(new Uint8Array(document.bytes), { verbosity: 0 });
    const count = pdf.numPages;
    await pdf.destroy();
    for (let page = 1; page <= count && pages < limit; page++) {
      const { png } = await renderPdfPage(document.bytes, page, 2);
      const file = join(directory, `${document.id}-${page}.png`);
      writeFileSync(file, png);
      if (pages === 0) {
        await ocr.recognizeImage(png);
        execFileSync('tesseract', [file, 'stdout'], { stdio: 'ignore' });
      }
      let started = process.hrtime.bigint();
      await ocr.recognizeImage(png);
      ours += seconds(started);
      started = process.hrtime.bigint();
      execFileSync('tesseract', [file, 'stdout'], { stdio: 'ignore', env: { ...process.env, OMP_THREAD_LIMIT: '1' } });
      theirs += seconds(started);
      pages++;
    }
  }
} finally {
  await ocr.onModuleDestroy();
  rmSync(directory, { recursive: true, force: true });
}
console.log(`${native.stdout.split('\n')[0]}; ${pages} pages of ${scans.map((document) => document.id).join(', ')}`);
console.log('\n| reader | seconds a page | ratio to native |\n|---|---|---|');
console.log(`| native tesseract (one thread) | ${(theirs / pages).toFixed(2)} | 1.00 |`);
console.log(`| the service (tesseract.js) | ${(ours / pages).toFixed(2)} | ${(ours / theirs).toFixed(2)} |`);

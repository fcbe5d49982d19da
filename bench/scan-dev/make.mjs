// A degraded-scan development set, made reproducibly (fixed seeds) from documents the team already
// has: the ten text filings of test/fixtures/real-documents (their statement pages only) and a few
// generated statements (bench/quality/generate.mjs). Each is rasterised (pdf.js), degraded the way
// office scanners and fax paths degrade paper (skew, grey noise, blur, off-white and uneven paper,
// JPEG, 1-bit threshold with impulse noise, coarse resolution) and wrapped as an image-only PDF; its
// labels are copied (pages renumbered, "scanned": true). Written to bench/scan-dev/set/ (gitignored),
// in the layout of a labelled set (docs/, labels/), scored by bench/scan-dev/score.mjs.
// Run after `npm run build`: node bench/scan-dev/make.mjs
// This is a development set: the reader may be tuned on it. It shares its documents with the real
// filings (as text), never with a blind set.
import { createCanvas } from '@napi-rs/canvas';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { getDocumentProxy } from 'unpdf';
import { randomSource } from '../quality/random.mjs';
import { generateCorpus } from '../quality/generate.mjs';

const { renderPdfPage } = await import('../../dist/src/analysis/ocr/page-raster.js');
const { loadImage } = await import('@napi-rs/canvas');

const here = new URL('.', import.meta.url).pathname;
const real = new URL('../../test/fixtures/real-documents/', import.meta.url).pathname;
const out = join(here, 'set');

/**
 * Degradation profiles. dpi: rasterisation; skew: degrees (sign from the seed); noise: gaussian
 * sigma (grey levels); blur: gaussian sigma in pixels; paper: paper grey level and how much it
 * varies across the page (uneven lighting); jpeg: quality, or 0 for a lossless PNG; bilevel: a
 * 1-bit threshold; impulse: share of pixels flipped (salt and pepper).
 */
const PROFILES = {
  grey300: { dpi: 300, skew: 0.9, noise: 10, blur: 0.8, paper: [238, 10], jpeg: 72 },
  grey200: { dpi: 200, skew: 1.1, noise: 12, blur: 0.9, paper: [232, 18], jpeg: 70 },
  grey250rot: { dpi: 250, skew: 1.5, noise: 8, blur: 0.7, paper: [242, 6], jpeg: 75 },
  fax200: { dpi: 200, skew: 0.7, noise: 14, blur: 0.6, paper: [240, 0], bilevel: 150, impulse: 0.004 },
  grey150: { dpi: 150, skew: 0.3, noise: 6, blur: 0.5, paper: [236, 8], jpeg: 75 },
};

/** Which real filings, under which profile (each profile used at least twice). */
const REAL = [
  ['boeing-2022-10k-statements', 'grey300'],
  ['pfizer-2021-10k-statements', 'fax200'],
  ['verizon-2022-10k-statements', 'grey200'],
  ['americanwater-2021-10k-statements', 'grey150'],
  ['mgmresorts-2022-10k-statements', 'grey250rot'],
  ['amcor-2023-10k-statements', 'grey200'],
  ['amd-2015-10k-statements', 'fax200'],
  ['apple-2023q3-10q', 'grey300'],
  ['pepsico-2023q1-earnings-release', 'grey250rot'],
  ['sudbury-2023-municipal-statements', 'grey150'],
];
/** Generated statements (seed 7 corpus), as [index among its statements, profile]. */
const GENERATED = [
  [0, 'fax200'],
  [1, 'grey200'],
  [2, 'grey150'],
  [3, 'grey250rot'],
];

function gaussian(random) {
  const u = Math.max(1e-12, random.next());
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random.next());
}

function blurGrey(grey, width, height, sigma) {
  if (!sigma) return grey;
  const radius = Math.ceil(2.5 * sigma);
  const kernel = Array.from({ length: 2 * radius + 1 }, (_, i) => Math.exp(-((i - radius) ** 2) / (2 * sigma * sigma)));
  const total = kernel.reduce((a, b) => a + b, 0);
  const pass = (source, horizontal) => {
    const target = new Float32Array(source.length);
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++) {
        let sum = 0;
        for (let k = -radius; k <= radius; k++) {
          const xx = horizontal ? Math.min(width - 1, Math.max(0, x + k)) : x;
          const yy = horizontal ? y : Math.min(height - 1, Math.max(0, y + k));
          sum += source[yy * width + xx] * kernel[k + radius];
        }
        target[y * width + x] = sum / total;
      }
    return target;
  };
  return pass(pass(grey, true), false);
}

/** One page, degraded: returns the image bytes and whether they are JPEG. */
async function degradePage(pdfBytes, pageNumber, profile, random) {
  const { png } = await renderPdfPage(pdfBytes, pageNumber, profile.dpi / 72);
  const image = await loadImage(Buffer.from(png));
  const { width, height } = image;
  const canvas = createCanvas(width, height);
  const context = canvas.getContext('2d');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, width, height);
  const skew = (random.chance(0.5) ? 1 : -1) * profile.skew * (0.85 + 0.3 * random.next());
  context.translate(width / 2, height / 2);
  context.rotate((skew * Math.PI) / 180);
  context.drawImage(image, -width / 2, -height / 2);
  const data = context.getImageData(0, 0, width, height);
  let grey = new Float32Array(width * height);
  for (let i = 0; i < grey.length; i++) grey[i] = 0.299 * data.data[4 * i] + 0.587 * data.data[4 * i + 1] + 0.114 * data.data[4 * i + 2];
  grey = blurGrey(grey, width, height, profile.blur);
  const [paper, unevenness] = profile.paper;
  const gx = random.next() * 2 - 1;
  const gy = random.next() * 2 - 1;
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      const light = paper + unevenness * (gx * (x / width - 0.5) + gy * (y / height - 0.5)) * 2;
      grey[i] = (grey[i] / 255) * light + profile.noise * gaussian(random);
    }
  if (profile.bilevel) {
    for (let i = 0; i < grey.length; i++) {
      grey[i] = grey[i] < profile.bilevel ? 0 : 255;
      if (random.next() < profile.impulse) grey[i] = random.chance(0.5) ? 0 : 255;
    }
  }
  const output = context.createImageData(width, height);
  for (let i = 0; i < grey.length; i++) {
    const value = Math.max(0, Math.min(255, Math.round(grey[i])));
    output.data[4 * i] = output.data[4 * i + 1] = output.data[4 * i + 2] = value;
    output.data[4 * i + 3] = 255;
  }
  const plain = createCanvas(width, height);
  plain.getContext('2d').putImageData(output, 0, 0);
  return profile.jpeg ? { bytes: await plain.encode('jpeg', profile.jpeg), jpeg: true } : { bytes: await plain.encode('png'), jpeg: false };
}

async function imageOnlyPdf(pdfBytes, pages, profile, random) {
  const source = await getDocumentProxy(new Uint8Array(pdfBytes), { verbosity: 0 });
  const sizes = [];
  for (const page of pages) {
    const { width, height } = (await source.getPage(page)).getViewport({ scale: 1 });
    sizes.push([width, height]);
  }
  await source.destroy();
  const scan = await PDFDocument.create();
  scan.setProducer('Scanner (bench/scan-dev/make.mjs)');
  for (const [index, page] of pages.entries()) {
    const { bytes, jpeg } = await degradePage(new Uint8Array(pdfBytes), page, profile, random);
    const [width, height] = sizes[index];
    const embedded = jpeg ? await scan.embedJpg(bytes) : await scan.embedPng(bytes);
    scan.addPage([width, height]).drawImage(embedded, { x: 0, y: 0, width, height });
  }
  return new Uint8Array(await scan.save());
}

rmSync(out, { recursive: true, force: true });
mkdirSync(join(out, 'docs'), { recursive: true });
mkdirSync(join(out, 'labels'), { recursive: true });

let seed = 1;
for (const [id, profileName] of REAL) {
  const label = JSON.parse(readFileSync(join(real, 'labels', `${id}.json`), 'utf8'));
  const bytes = readFileSync(join(real, 'docs', label.file));
  // Statement pages only: every page a labelled fact is on, in order.
  const entries = [...label.facts, ...(label.neutral ?? []), ...(label.derived ?? [])];
  const pages = [...new Set(label.facts.flatMap((fact) => fact.pages ?? []))].sort((a, b) => a - b);
  const renumber = new Map(pages.map((page, index) => [page, index + 1]));
  for (const entry of entries) entry.pages = (entry.pages ?? []).filter((page) => renumber.has(page)).map((page) => renumber.get(page));
  const name = `${id}-${profileName}`;
  const pdf = await imageOnlyPdf(bytes, pages, PROFILES[profileName], randomSource(seed++ * 7919));
  writeFileSync(join(out, 'docs', `${name}.pdf`), pdf);
  writeFileSync(
    join(out, 'labels', `${name}.json`),
    JSON.stringify({ ...label, id: name, file: `${name}.pdf`, scanned: true, profile: profileName, sourcePages: pages }, null, 1),
  );
  console.log(`${name}: pages ${pages.join(',')} (${(pdf.length / 1024).toFixed(0)} KB)`);
}

const corpus = await generateCorpus({ seed: 7, statements: GENERATED.length, perKind: 0 });
for (const [index, profileName] of GENERATED) {
  const document = corpus[index];
  const source = await PDFDocument.load(document.bytes);
  const pages = source.getPageIndices().map((page) => page + 1);
  const name = `generated-${index + 1}-${profileName}`;
  const pdf = await imageOnlyPdf(document.bytes, pages, PROFILES[profileName], randomSource(seed++ * 7919));
  // Generated labels name a period by its end only (no length): scored without months (score.mjs).
  const facts = document.label.facts.map((fact) => ({ concept: fact.concept, periodEnd: fact.end, value: fact.value }));
  const label = { id: name, file: `${name}.pdf`, documentType: 'financial_statement', facts, scanned: true, ignoreMonths: true, profile: profileName };
  writeFileSync(join(out, 'docs', `${name}.pdf`), pdf);
  writeFileSync(join(out, 'labels', `${name}.json`), JSON.stringify(label, null, 1));
  writeFileSync(join(out, 'docs', `${name}-text.pdf`), document.bytes);
  console.log(`${name}: ${pages.length} pages (${(pdf.length / 1024).toFixed(0)} KB)`);
}

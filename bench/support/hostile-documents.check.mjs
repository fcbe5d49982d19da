// Checks, without the service, that each file of the hostile corpus is what its entry claims:
// PDFs open in pdf.js with the expected page count, Office files are ZIPs whose central directory
// holds the parts of their format and that file-type takes for that format, images declare the
// dimensions their attack names, text files stay under the upload limit. It never renders, extracts
// text or inflates a bomb in full: that is what the service has to survive, not this script.
//
//   node bench/support/hostile-documents.check.mjs [scale]     (default 0.05)
//
// Prints one line per file and exits 1 if any file is not what it claims.
import { Buffer } from 'node:buffer';
import { Worker } from 'node:worker_threads';
import { inflateRawSync } from 'node:zlib';
import { loadImage } from '@napi-rs/canvas';
import { fileTypeFromBuffer } from 'file-type';
import JSZip from 'jszip';
import { hostileDocuments } from './hostile-documents.mjs';

const scale = Number(process.argv[2] ?? 0.05);
const maxBytes = 25 * 1024 * 1024;
const PDF_TIMEOUT_MS = 10_000;

/** Pages pdf.js should report; 1 unless listed. The cycle's /Count says 2 and pdf.js believes it. */
const PDF_PAGES = { 'pdf-shared-content-pages': 10_000, 'pdf-page-tree-cycle': 2 };

const OFFICE_PARTS = {
  docx: ['[Content_Types].xml', '_rels/.rels', 'word/document.xml'],
  xlsx: ['[Content_Types].xml', '_rels/.rels', 'xl/workbook.xml', 'xl/worksheets/sheet1.xml'],
  pptx: ['[Content_Types].xml', '_rels/.rels', 'ppt/presentation.xml', 'ppt/slides/slide1.xml'],
};
const MAIN_PART = { docx: 'word/document.xml', xlsx: 'xl/worksheets/sheet1.xml', pptx: 'ppt/slides/slide1.xml' };

const MIME_BY_EXTENSION = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  png: 'image/png',
  jpg: 'image/jpeg',
  csv: 'text/csv',
  txt: 'text/plain',
};

class NotAsClaimed extends Error {}

function claim(condition, message) {
  if (!condition) throw new NotAsClaimed(message);
}

/**
 * numPages from pdf.js in a worker thread: a worker can be terminated even while pdf.js keeps the
 * CPU busy, which a timer in this thread could not interrupt.
 */
function pdfPageCount(bytes) {
  const source = `
    const { parentPort, workerData } = require('node:worker_threads');
    import(workerData.unpdf)
      .then(({ getDocumentProxy }) => getDocumentProxy(workerData.bytes, { verbosity: 0 }))
      .then((pdf) => parentPort.postMessage({ pages: pdf.numPages }))
      .catch((error) => parentPort.postMessage({ error: String(error?.message ?? error) }));`;
  return new Promise((resolve) => {
    const worker = new Worker(source, { eval: true, workerData: { unpdf: import.meta.resolve('unpdf'), bytes: new Uint8Array(bytes) } });
    const finish = (answer) => {
      clearTimeout(timer);
      void worker.terminate();
      resolve(answer);
    };
    const timer = setTimeout(() => finish({ error: `pdf.js did not open it within ${PDF_TIMEOUT_MS / 1000} s` }), PDF_TIMEOUT_MS);
    worker.once('message', finish);
    worker.once('error', (error) => finish({ error: error.message }));
  });
}

/** The "W x H" an attack sentence names. */
function claimedDimensions(attack) {
  const match = /(\d+) x (\d+)/.exec(attack);
  claim(match, 'the attack names no dimensions');
  return [Number(match[1]), Number(match[2])];
}

function pngDimensions(bytes) {
  claim(bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])), 'no PNG signature');
  claim(bytes.toString('latin1', 12, 16) === 'IHDR', 'first chunk is not IHDR');
  return [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];
}

/** Width and height from the first SOF0 (baseline) frame header. */
function jpegDimensions(bytes) {
  claim(bytes[0] === 0xff && bytes[1] === 0xd8, 'no JPEG start-of-image marker');
  let at = 2;
  while (at + 4 <= bytes.length && bytes[at] === 0xff) {
    const marker = bytes[at + 1];
    if (marker === 0xc0) return [bytes.readUInt16BE(at + 7), bytes.readUInt16BE(at + 5)];
    claim(marker !== 0xda, 'scan starts before any SOF0 frame');
    at += 2 + bytes.readUInt16BE(at + 2);
  }
  throw new NotAsClaimed('no SOF0 frame');
}

/**
 * Checks that every cross-reference entry points at its object. pdf.js quietly rebuilds a broken
 * table by scanning the file, so opening in pdf.js alone would not show a wrong offset.
 */
function checkCrossReferences(bytes) {
  const text = bytes.toString('latin1');
  const start = Number(/startxref\s+(\d+)\s+%%EOF\s*$/.exec(text)?.[1]);
  claim(Number.isInteger(start), 'no startxref before the final %%EOF');
  const objectAt = (offset, num) => text.startsWith(`${num} 0 obj`, offset);
  if (text.startsWith('xref', start)) {
    const header = /^xref\s+0 (\d+)\r?\n/.exec(text.slice(start, start + 40));
    claim(header, 'xref table does not start with one subsection from 0');
    const size = Number(header[1]);
    for (let num = 0, at = start + header[0].length; num < size; num++, at += 20) {
      const entry = text.slice(at, at + 20);
      claim(/^\d{10} \d{5} [nf]( \n| \r|\r\n)$/.test(entry), `xref entry ${num} is not 20 bytes of the usual form`);
      if (entry[17] === 'n') claim(objectAt(Number(entry.slice(0, 10)), num), `xref entry ${num} does not point at "${num} 0 obj"`);
    }
    claim(/^trailer\s*<<[^]*\/Root \d+ 0 R/.test(text.slice(start + header[0].length + size * 20)), 'no trailer with /Root after the table');
    return `xref table of ${size} entries`;
  }
  const head = /^(\d+) 0 obj\s*<<(.*?)>>\s*stream\r?\n/s.exec(text.slice(start, start + 1000));
  claim(head && /\/Type \/XRef/.test(head[2]), 'startxref points at neither an xref table nor an xref stream');
  claim(!/\/Filter/.test(head[2]), 'xref stream is filtered (this check reads unfiltered ones only)');
  const number = (key) => Number(new RegExp(`/${key} (\\d+)`).exec(head[2])?.[1]);
  const widths = /\/W \[(\d+) (\d+) (\d+)\]/.exec(head[2])?.slice(1).map(Number);
  const size = number('Size');
  claim(widths && Number.isInteger(size), 'xref stream without /W or /Size');
  claim(new RegExp(`/Index \\[0 ${size}\\]`).test(head[2]) || !/\/Index/.test(head[2]), 'xref stream /Index is not [0 Size]');
  const rowLength = widths[0] + widths[1] + widths[2];
  const table = bytes.subarray(start + head[0].length, start + head[0].length + number('Length'));
  claim(table.length === size * rowLength, `xref stream holds ${table.length} bytes for ${size} rows of ${rowLength}`);
  const field = (row, index) => {
    let value = 0;
    for (let i = 0, at = row * rowLength + widths.slice(0, index).reduce((a, b) => a + b, 0); i < widths[index]; i++) value = value * 256 + table[at + i];
    return value;
  };
  const rows = Array.from({ length: size }, (_, row) => [field(row, 0), field(row, 1), field(row, 2)]);
  rows.forEach(([type, second, third], num) => {
    if (type === 1) claim(objectAt(second, num), `xref stream row ${num} does not point at "${num} 0 obj"`);
    if (type === 2) {
      const [containerType, containerOffset] = rows[second] ?? [];
      claim(
        containerType === 1 && /^\d+ 0 obj\s*<<[^>]*\/Type \/ObjStm/.test(text.slice(containerOffset, containerOffset + 300)),
        `row ${num}: object ${second} is no object stream`,
      );
      const count = Number(/\/N (\d+)/.exec(text.slice(containerOffset, containerOffset + 300))?.[1]);
      claim(third < count, `row ${num}: index ${third} beyond the object stream's ${count} objects`);
    }
  });
  return `xref stream of ${size} rows, ${rows.filter(([type]) => type === 2).length} in an object stream`;
}

async function checkPdf(doc) {
  claim(doc.bytes.subarray(0, 5).toString() === '%PDF-', 'no %PDF- header');
  const crossReferences = checkCrossReferences(doc.bytes);
  const answer = await pdfPageCount(doc.bytes);
  claim(answer.error === undefined, `pdf.js refused to open it: ${answer.error}`);
  const expected = PDF_PAGES[doc.name] ?? 1;
  claim(answer.pages === expected, `pdf.js reports ${answer.pages} pages, expected ${expected}`);
  return `${crossReferences}, pdf.js opens it, numPages ${answer.pages}`;
}

async function checkOffice(doc, format) {
  // loadAsync reads the central directory and the local headers; contents are inflated only on
  // request, and CRC checks (which would inflate everything) stay off.
  const zip = await JSZip.loadAsync(doc.bytes);
  for (const part of OFFICE_PARTS[format]) claim(zip.file(part), `no ${part}`);
  const files = Object.values(zip.files).filter((file) => !file.dir);
  const main = zip.file(MAIN_PART[format]);
  // JSZip keeps each entry's declared sizes and compressed bytes in _data.
  const declared = main._data.uncompressedSize;
  const compressed = main._data.compressedContent;
  const notes = [`${files.length} entries`, `${MAIN_PART[format]} declares ${declared} bytes from ${compressed.length}`];
  if (doc.name.endsWith('-huge-entry') || doc.name.endsWith('-deep')) claim(declared > 100 * compressed.length, 'main part is no bomb');
  if (doc.name.endsWith('-wide')) claim(files.length >= 1000, 'fewer than 1,000 entries');
  if (doc.name.endsWith('-lying-sizes')) {
    // Inflating one byte more than declared must be refused, or the data is no bigger than declared.
    let exceeds = false;
    try {
      inflateRawSync(compressed, { maxOutputLength: declared + 1 });
    } catch (error) {
      exceeds = error.code === 'ERR_BUFFER_TOO_LARGE';
    }
    claim(exceeds, 'data does not exceed its declared size');
    notes.push('data exceeds it');
  }
  if (doc.name === 'xlsx-huge-shared-strings') {
    const strings = zip.file('xl/sharedStrings.xml');
    claim(strings && strings._data.uncompressedSize > 100 * strings._data.compressedContent.length, 'sharedStrings.xml is no bomb');
  }
  if (doc.name === 'xlsx-merge-whole-sheet') claim(/<mergeCell ref="A1:XFD\d+"\/>/.test(await main.async('string')), 'no whole-width merge');
  if (doc.name === 'docx-one-page-huge-text')
    claim(/<Pages>1<\/Pages>/.test(await zip.file('docProps/app.xml').async('string')), 'app.xml does not say one page');
  return notes.join(', ');
}

async function checkImage(doc, extension) {
  const [width, height] = extension === 'png' ? pngDimensions(doc.bytes) : jpegDimensions(doc.bytes);
  const [claimedWidth, claimedHeight] = claimedDimensions(doc.attack);
  claim(width === claimedWidth && height === claimedHeight, `header declares ${width} x ${height}, the attack says ${claimedWidth} x ${claimedHeight}`);
  // At this scale decoding is cheap, and it proves the bytes are a real image, not just a header.
  const image = await loadImage(doc.bytes);
  claim(image.width === width && image.height === height, `decodes to ${image.width} x ${image.height}`);
  return `header declares ${width} x ${height}, decodes`;
}

function checkText(doc) {
  claim(doc.bytes.length <= maxBytes, `larger than ${maxBytes} bytes`);
  const text = doc.bytes.toString('utf8');
  claim(Buffer.byteLength(text) === doc.bytes.length && !text.includes('\uFFFD'), 'not valid UTF-8');
  const lines = text.split('\n').length - 1;
  if (doc.name === 'csv-unclosed-quote') {
    claim(text.split('"').length - 1 === 1, 'not exactly one (unclosed) quote');
    return `${lines} lines, one unclosed quote`;
  }
  return `${lines} lines`;
}

async function check(doc) {
  claim(/^[a-z0-9]+(-[a-z0-9]+)*$/.test(doc.name), 'name is not kebab-case');
  claim(Buffer.isBuffer(doc.bytes) && doc.bytes.length > 0, 'bytes is not a non-empty Buffer');
  claim(doc.expect === 'refused' || doc.expect === 'accepted-large', `unknown expect ${doc.expect}`);
  claim(typeof doc.attack === 'string' && doc.attack.length > 20, 'no attack sentence');
  const extension = doc.fileName.split('.').pop();
  claim(MIME_BY_EXTENSION[extension] === doc.mimeType, `mimeType ${doc.mimeType} does not match .${extension}`);
  if (extension !== 'csv' && extension !== 'txt') {
    // The same sniffer the service's dependencies include, so the file passes a type check by content.
    const sniffed = await fileTypeFromBuffer(doc.bytes);
    claim(sniffed?.mime === doc.mimeType, `file-type takes it for ${sniffed?.mime ?? 'nothing'}`);
  }
  if (extension === 'pdf') return checkPdf(doc);
  if (extension in OFFICE_PARTS) return checkOffice(doc, extension);
  if (extension === 'png' || extension === 'jpg') return checkImage(doc, extension);
  return checkText(doc);
}

const started = performance.now();
const corpus = hostileDocuments({ scale, maxBytes });
const generatedMs = Math.round(performance.now() - started);
const names = new Set();
let failures = 0;
for (const doc of corpus) {
  let result;
  try {
    claim(!names.has(doc.name), 'duplicate name');
    names.add(doc.name);
    result = `ok: ${await check(doc)}`;
  } catch (error) {
    failures++;
    result = `FAIL: ${error instanceof NotAsClaimed ? error.message : error.stack}`;
  }
  console.log(`${doc.name.padEnd(28)} ${String(doc.bytes.length).padStart(9)} B  ${result}`);
}
console.log(`${corpus.length} files at scale ${scale}, generated in ${generatedMs} ms; ${failures === 0 ? 'all as claimed' : `${failures} not as claimed`}`);
process.exitCode = failures === 0 ? 0 : 1;

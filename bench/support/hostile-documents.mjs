// Hostile uploads for the document readers (pdf.js through unpdf, mammoth, exceljs, JSZip,
// tesseract.js, @napi-rs/canvas): decompression bombs, lying ZIP headers, nesting that overflows
// recursive code, images that decode to hundreds of megabytes, and text at the size limit. The
// bench and the end-to-end test upload each file and check that it is refused or ends FAILED
// without stalling the server.
//
// Everything is built in memory from Node built-ins, so that no binary file is committed and the
// sizes follow `options.scale`. The large bombs are cheap to make because their content repeats:
// one chunk of the repeated text is deflated once and its compressed bytes are written many times
// (see deflateRepeated), and the CRC-32 / Adler-32 of the repetition are combined arithmetically
// instead of being computed over gigabytes.
import { Buffer } from 'node:buffer';
import { constants as zlibConstants, deflateRawSync } from 'node:zlib';
import { randomSource } from '../quality/random.mjs';

const KB = 1000;
const MB = 1000 * KB;
const GB = 1000 * MB;
/** ZIP sizes and offsets are 32-bit without ZIP64; staying under keeps every reader on the plain format. */
const ZIP32_LIMIT = 0xffff_0000;
/** Without ZIP64 an archive holds at most 65,535 entries. */
const ZIP_ENTRY_LIMIT = 65_000;

// ---------------------------------------------------------------------------------------------
// Checksums. CRC-32 (ZIP, PNG) and Adler-32 (zlib streams in PDF and PNG) of a repetition are
// combined from the checksum of one repeat, the way zlib's crc32_combine and adler32_combine do.

const CRC_TABLE = new Int32Array(256);
for (let n = 0; n < 256; n++) {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  CRC_TABLE[n] = c;
}

function crc32(bytes, crc = 0) {
  let c = ~crc;
  for (let i = 0; i < bytes.length; i++) c = CRC_TABLE[(c ^ bytes[i]) & 0xff] ^ (c >>> 8);
  return ~c >>> 0;
}

// crc32Combine works on 32x32 matrices over GF(2) that advance a CRC over runs of zero bits.
function gf2Times(matrix, vector) {
  let sum = 0;
  for (let i = 0; vector !== 0; i++, vector >>>= 1) if (vector & 1) sum ^= matrix[i];
  return sum >>> 0;
}

function gf2Square(matrix) {
  const square = new Array(32);
  for (let n = 0; n < 32; n++) square[n] = gf2Times(matrix, matrix[n]);
  return square;
}

/** CRC-32 of A followed by B, from crc(A), crc(B) and B's length. */
function crc32Combine(crcA, crcB, lengthB) {
  if (lengthB <= 0) return crcA;
  // The operator for one zero bit, then squared into the operators for 2 and 4 zero bits.
  let odd = [0xedb88320];
  for (let n = 1, row = 1; n < 32; n++, row <<= 1) odd[n] = row >>> 0;
  let even = gf2Square(odd);
  odd = gf2Square(even);
  let crc = crcA;
  let remaining = lengthB;
  // Each round squares the operator (one byte's worth of zeros, then 2, 4, ... bytes) and applies
  // it when the matching bit of the length is set.
  for (;;) {
    even = gf2Square(odd);
    if (remaining % 2 === 1) crc = gf2Times(even, crc);
    remaining = Math.floor(remaining / 2);
    if (remaining === 0) break;
    odd = gf2Square(even);
    if (remaining % 2 === 1) crc = gf2Times(odd, crc);
    remaining = Math.floor(remaining / 2);
    if (remaining === 0) break;
  }
  return (crc ^ crcB) >>> 0;
}

const ADLER_BASE = 65521;

function adler32(bytes, adler = 1) {
  let a = adler & 0xffff;
  let b = adler >>> 16;
  // Reducing every 3,800 bytes instead of every byte keeps a and b exact small integers (zlib
  // reduces every 5,552 bytes for 32-bit sums).
  for (let i = 0; i < bytes.length;) {
    const end = Math.min(i + 3800, bytes.length);
    for (; i < end; i++) {
      a += bytes[i];
      b += a;
    }
    a %= ADLER_BASE;
    b %= ADLER_BASE;
  }
  return ((b << 16) | a) >>> 0;
}

/** Adler-32 of A followed by B, from adler(A), adler(B) and B's length. */
function adler32Combine(adlerA, adlerB, lengthB) {
  const remainder = lengthB % ADLER_BASE;
  const a1 = adlerA & 0xffff;
  const b1 = adlerA >>> 16;
  const a2 = adlerB & 0xffff;
  const b2 = adlerB >>> 16;
  const a = (a1 + a2 + ADLER_BASE - 1) % ADLER_BASE;
  const b = (((remainder * a1) % ADLER_BASE) + b1 + b2 + ADLER_BASE - remainder) % ADLER_BASE;
  return ((b << 16) | a) >>> 0;
}

/** Checksum of `count` repeats of a block, by doubling: O(log count) combines. */
function repeatedChecksum(blockChecksum, blockLength, count, combine, emptyChecksum) {
  let result = emptyChecksum;
  let power = blockChecksum;
  let powerLength = blockLength;
  for (let remaining = count; remaining > 0; remaining = Math.floor(remaining / 2)) {
    if (remaining % 2 === 1) result = combine(result, power, powerLength);
    power = combine(power, power, powerLength);
    powerLength *= 2;
  }
  return result;
}

// ---------------------------------------------------------------------------------------------
// Deflate of repeated content.
//
// A piece is { bytes, count }: `bytes` written `count` times. Each chunk is deflated on its own
// with a full flush, which ends it on a byte boundary without a final block and with no reference
// to earlier data, so the compressed chunks can be concatenated; one empty final block closes the
// stream. Deflate caps out near 1032:1 (a 258-byte match in two bits), reached when the repeat
// distance is at most 4 bytes; longer periods cost extra distance bits (14 bytes: about 500:1).

const CHUNK_BYTES = 1 << 20;
const FINAL_EMPTY_BLOCK = Buffer.from([0x03, 0x00]);

function fullFlushDeflate(bytes) {
  return deflateRawSync(bytes, { level: 9, finishFlush: zlibConstants.Z_FULL_FLUSH });
}

function asBytes(value) {
  return Buffer.isBuffer(value) ? value : Buffer.from(value, 'utf8');
}

/**
 * Raw deflate of the pieces, with the inflated size and both checksums.
 * @returns {{ raw: Buffer, size: number, crc: number, adler: number }}
 */
function deflateRepeated(pieces) {
  // First the blocks and how often each is written, then their compression: the last block, when
  // written once, is compressed as the final block itself, which saves the empty one.
  const blocks = [];
  for (const piece of pieces) {
    const unit = asBytes(piece.bytes);
    const count = piece.count ?? 1;
    if (count === 0 || unit.length === 0) continue;
    // Chunks hold whole units, so that the concatenation repeats the unit exactly.
    const unitsPerChunk = Math.max(1, Math.floor(CHUNK_BYTES / unit.length));
    if (count <= unitsPerChunk) {
      blocks.push({ block: count === 1 ? unit : Buffer.alloc(unit.length * count, unit), times: 1 });
      continue;
    }
    blocks.push({ block: Buffer.alloc(unit.length * unitsPerChunk, unit), times: Math.floor(count / unitsPerChunk) });
    const rest = count % unitsPerChunk;
    if (rest > 0) blocks.push({ block: Buffer.alloc(unit.length * rest, unit), times: 1 });
  }
  const parts = [];
  let size = 0;
  let crc = 0;
  let adler = 1;
  blocks.forEach(({ block, times }, index) => {
    const final = index === blocks.length - 1 && times === 1;
    const compressed = final ? deflateRawSync(block, { level: 9 }) : fullFlushDeflate(block);
    for (let i = 0; i < times; i++) parts.push(compressed);
    const total = block.length * times;
    crc = crc32Combine(crc, repeatedChecksum(crc32(block), block.length, times, crc32Combine, 0), total);
    adler = adler32Combine(adler, repeatedChecksum(adler32(block), block.length, times, adler32Combine, 1), total);
    size += total;
  });
  if (blocks.length === 0 || blocks.at(-1).times > 1) parts.push(FINAL_EMPTY_BLOCK);
  return { raw: Buffer.concat(parts), size, crc, adler };
}

/** The zlib wrapping (RFC 1950) that PDF FlateDecode and PNG IDAT expect around raw deflate. */
function zlibWrapped(deflated) {
  const trailer = Buffer.alloc(4);
  trailer.writeUInt32BE(deflated.adler);
  return Buffer.concat([Buffer.from([0x78, 0xda]), deflated.raw, trailer]);
}

/** How many units of `unitLength` bytes make about `bytes` bytes (at least one). */
function unitsFor(bytes, unitLength) {
  return Math.max(1, Math.round(bytes / unitLength));
}

// ---------------------------------------------------------------------------------------------
// ZIP, written by hand so that the declared sizes and the number of entries are ours to choose.

// 2024-01-01 00:00: a fixed timestamp keeps the output byte-identical between runs.
const DOS_TIME = 0;
const DOS_DATE = ((2024 - 1980) << 9) | (1 << 5) | 1;

/**
 * An entry from pieces, deflated; `declaredSize` replaces the true uncompressed size in both
 * headers (a lie that a reader trusting the central directory does not see through).
 */
function zipEntry(name, pieces, { declaredSize } = {}) {
  const deflated = deflateRepeated(typeof pieces === 'string' ? [{ bytes: pieces }] : pieces);
  if (deflated.size > ZIP32_LIMIT || deflated.raw.length > ZIP32_LIMIT) throw new RangeError(`${name}: too large for a ZIP without ZIP64`);
  return {
    name: Buffer.from(name, 'utf8'),
    data: deflated.raw,
    crc: deflated.crc,
    size: deflated.size,
    declaredSize: declaredSize ?? deflated.size,
  };
}

function zipArchive(entries) {
  if (entries.length > 0xffff) throw new RangeError('too many entries for a ZIP without ZIP64');
  let total = 22;
  for (const entry of entries) total += 30 + 46 + 2 * entry.name.length + entry.data.length;
  const out = Buffer.alloc(total);
  let at = 0;
  const offsets = [];
  // Local headers and data first, then the central directory: the order every writer uses.
  for (const entry of entries) {
    offsets.push(at);
    at = out.writeUInt32LE(0x04034b50, at);
    at = out.writeUInt16LE(20, at); // version needed: 2.0 (deflate)
    at = out.writeUInt16LE(0x0800, at); // flags: UTF-8 names
    at = out.writeUInt16LE(8, at); // method: deflate
    at = out.writeUInt16LE(DOS_TIME, at);
    at = out.writeUInt16LE(DOS_DATE, at);
    at = out.writeUInt32LE(entry.crc, at);
    at = out.writeUInt32LE(entry.data.length, at);
    at = out.writeUInt32LE(entry.declaredSize, at);
    at = out.writeUInt16LE(entry.name.length, at);
    at = out.writeUInt16LE(0, at); // extra field length
    at += entry.name.copy(out, at);
    at += entry.data.copy(out, at);
  }
  const directoryStart = at;
  entries.forEach((entry, index) => {
    at = out.writeUInt32LE(0x02014b50, at);
    at = out.writeUInt16LE(0x0314, at); // made by: Unix, 2.0
    at = out.writeUInt16LE(20, at);
    at = out.writeUInt16LE(0x0800, at);
    at = out.writeUInt16LE(8, at);
    at = out.writeUInt16LE(DOS_TIME, at);
    at = out.writeUInt16LE(DOS_DATE, at);
    at = out.writeUInt32LE(entry.crc, at);
    at = out.writeUInt32LE(entry.data.length, at);
    at = out.writeUInt32LE(entry.declaredSize, at);
    at = out.writeUInt16LE(entry.name.length, at);
    at = out.writeUInt16LE(0, at); // extra field length
    at = out.writeUInt16LE(0, at); // comment length
    at = out.writeUInt16LE(0, at); // disk number
    at = out.writeUInt16LE(0, at); // internal attributes
    at = out.writeUInt32LE((0o100644 << 16) >>> 0, at); // external attributes: a regular file
    at = out.writeUInt32LE(offsets[index], at);
    at += entry.name.copy(out, at);
  });
  const directorySize = at - directoryStart;
  at = out.writeUInt32LE(0x06054b50, at);
  at = out.writeUInt16LE(0, at);
  at = out.writeUInt16LE(0, at);
  at = out.writeUInt16LE(entries.length, at);
  at = out.writeUInt16LE(entries.length, at);
  at = out.writeUInt32LE(directorySize, at);
  at = out.writeUInt32LE(directoryStart, at);
  out.writeUInt16LE(0, at); // comment length
  return out;
}

// ---------------------------------------------------------------------------------------------
// Office Open XML packages: [Content_Types].xml first (file-type reads it to tell DOCX from XLSX
// from PPTX), _rels/.rels, the parts a reader opens, then the attacked part.

const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const RELATIONSHIPS_NS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const OFFICE_RELATIONSHIP = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const W_NS = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
const S_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const P_NS = 'http://schemas.openxmlformats.org/presentationml/2006/main';
const A_NS = 'http://schemas.openxmlformats.org/drawingml/2006/main';

function contentTypes(overrides) {
  const parts = Object.entries(overrides).map(([part, type]) => `<Override PartName="/${part}" ContentType="${type}"/>`);
  return (
    `${XML_DECLARATION}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
    '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
    `<Default Extension="xml" ContentType="application/xml"/>${parts.join('')}</Types>`
  );
}

function relationships(targets) {
  const rels = targets.map(([type, target], i) => `<Relationship Id="rId${i + 1}" Type="${OFFICE_RELATIONSHIP}/${type}" Target="${target}"/>`);
  return `${XML_DECLARATION}<Relationships xmlns="${RELATIONSHIPS_NS}">${rels.join('')}</Relationships>`;
}

const OFFICE_TYPE = 'application/vnd.openxmlformats-officedocument';
const APP_PROPERTIES = (pages) =>
  `${XML_DECLARATION}<Properties xmlns="${OFFICE_RELATIONSHIP.replace('relationships', 'extended-properties')}">` +
  `<Application>Microsoft Office Word</Application><Pages>${pages}</Pages><Words>250</Words></Properties>`;

/**
 * Per format: the declared MIME type, the attacked part, the text around its body, and how a body
 * is made huge or deep in that format's own vocabulary.
 */
const OFFICE = {
  docx: {
    mimeType: `${OFFICE_TYPE}.wordprocessingml.document`,
    mainPart: 'word/document.xml',
    head: `${XML_DECLARATION}<w:document xmlns:w="${W_NS}"><w:body>`,
    tail: '<w:sectPr><w:pgSz w:w="12240" w:h="15840"/></w:sectPr></w:body></w:document>',
    staticParts: () => [
      [
        '[Content_Types].xml',
        contentTypes({
          'word/document.xml': `${OFFICE_TYPE}.wordprocessingml.document.main+xml`,
          'docProps/app.xml': `${OFFICE_TYPE}.extended-properties+xml`,
        }),
      ],
      [
        '_rels/.rels',
        relationships([
          ['officeDocument', 'word/document.xml'],
          ['extended-properties', 'docProps/app.xml'],
        ]),
      ],
      ['docProps/app.xml', APP_PROPERTIES(1)],
    ],
    // Paragraphs of "a a a ...": a repeat period of 2 bytes inside each paragraph deflates near 1000:1.
    hugeBody: (bytes) => {
      const paragraph = `<w:p><w:r><w:t xml:space="preserve">${'a '.repeat(8000)}</w:t></w:r></w:p>`;
      return { pieces: [{ bytes: paragraph, count: unitsFor(bytes, paragraph.length) }], what: 'paragraphs of 16,000 characters' };
    },
    // Block-level content controls may contain block-level content controls: schema-valid nesting.
    deep: { open: '<w:sdt><w:sdtContent>', close: '</w:sdtContent></w:sdt>', elementsPerLevel: 2, inner: '<w:p><w:r><w:t>deep</w:t></w:r></w:p>' },
  },
  xlsx: {
    mimeType: `${OFFICE_TYPE}.spreadsheetml.sheet`,
    mainPart: 'xl/worksheets/sheet1.xml',
    head: `${XML_DECLARATION}<worksheet xmlns="${S_NS}"><sheetData>`,
    tail: '</sheetData></worksheet>',
    staticParts: (withSharedStrings = false) => [
      [
        '[Content_Types].xml',
        contentTypes({
          'xl/workbook.xml': `${OFFICE_TYPE}.spreadsheetml.sheet.main+xml`,
          'xl/worksheets/sheet1.xml': `${OFFICE_TYPE}.spreadsheetml.worksheet+xml`,
          ...(withSharedStrings ? { 'xl/sharedStrings.xml': `${OFFICE_TYPE}.spreadsheetml.sharedStrings+xml` } : {}),
        }),
      ],
      ['_rels/.rels', relationships([['officeDocument', 'xl/workbook.xml']])],
      [
        'xl/workbook.xml',
        `${XML_DECLARATION}<workbook xmlns="${S_NS}" xmlns:r="${OFFICE_RELATIONSHIP}"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>`,
      ],
      [
        'xl/_rels/workbook.xml.rels',
        relationships([['worksheet', 'worksheets/sheet1.xml'], ...(withSharedStrings ? [['sharedStrings', 'sharedStrings.xml']] : [])]),
      ],
    ],
    // One cell whose inline string is the whole size: beyond V8's longest string (~512 MB) at scale 1.
    hugeBody: (bytes) => ({
      pieces: [
        { bytes: '<row r="1"><c r="A1" t="inlineStr"><is><t xml:space="preserve">' },
        { bytes: 'a ', count: unitsFor(bytes, 2) },
        { bytes: '</t></is></c></row>' },
      ],
      what: 'one cell holding a single inline string',
    }),
    deep: { open: '<row r="1">', close: '</row>', elementsPerLevel: 1, inner: '<c r="A1" t="inlineStr"><is><t>deep</t></is></c>' },
  },
  pptx: {
    mimeType: `${OFFICE_TYPE}.presentationml.presentation`,
    mainPart: 'ppt/slides/slide1.xml',
    head:
      `${XML_DECLARATION}<p:sld xmlns:a="${A_NS}" xmlns:r="${OFFICE_RELATIONSHIP}" xmlns:p="${P_NS}"><p:cSld><p:spTree>` +
      '<p:nvGrpSpPr><p:cNvPr id="1" name=""/><p:cNvGrpSpPr/><p:nvPr/></p:nvGrpSpPr><p:grpSpPr/>' +
      '<p:sp><p:nvSpPr><p:cNvPr id="2" name="Text"/><p:cNvSpPr/><p:nvPr/></p:nvSpPr><p:spPr/><p:txBody><a:bodyPr/><a:lstStyle/>',
    tail: '</p:txBody></p:sp></p:spTree></p:cSld></p:sld>',
    staticParts: () => [
      [
        '[Content_Types].xml',
        contentTypes({
          'ppt/presentation.xml': `${OFFICE_TYPE}.presentationml.presentation.main+xml`,
          'ppt/slides/slide1.xml': `${OFFICE_TYPE}.presentationml.slide+xml`,
        }),
      ],
      ['_rels/.rels', relationships([['officeDocument', 'ppt/presentation.xml']])],
      [
        'ppt/presentation.xml',
        `${XML_DECLARATION}<p:presentation xmlns:a="${A_NS}" xmlns:r="${OFFICE_RELATIONSHIP}" xmlns:p="${P_NS}">` +
          '<p:sldIdLst><p:sldId id="256" r:id="rId1"/></p:sldIdLst><p:sldSz cx="9144000" cy="6858000"/><p:notesSz cx="6858000" cy="9144000"/></p:presentation>',
      ],
      ['ppt/_rels/presentation.xml.rels', relationships([['slide', 'slides/slide1.xml']])],
    ],
    hugeBody: (bytes) => {
      const paragraph = `<a:p><a:r><a:rPr lang="en-US"/><a:t>${'a '.repeat(8000)}</a:t></a:r></a:p>`;
      return { pieces: [{ bytes: paragraph, count: unitsFor(bytes, paragraph.length) }], what: 'text paragraphs of 16,000 characters' };
    },
    // Group shapes may contain group shapes: schema-valid nesting.
    deep: { open: '<p:grpSp>', close: '</p:grpSp>', elementsPerLevel: 1, inner: '<a:p><a:r><a:t>deep</a:t></a:r></a:p>' },
  },
};

/** An Office package: the format's static parts, optional extra entries, then the attacked part. */
function officePackage(format, bodyPieces, { declaredSize, extraEntries = [], staticParts } = {}) {
  const spec = OFFICE[format];
  const entries = (staticParts ?? spec.staticParts()).map(([name, xml]) => zipEntry(name, xml));
  entries.push(...extraEntries);
  const main = zipEntry(spec.mainPart, [{ bytes: spec.head }, ...bodyPieces, { bytes: spec.tail }], { declaredSize });
  entries.push(main);
  return { bytes: zipArchive(entries), main };
}

// ---------------------------------------------------------------------------------------------
// PDF, written as text and streams with exact byte offsets in the cross-reference table, so that
// pdf.js reads it as written instead of repairing it.

const PDF_HEADER = Buffer.concat([Buffer.from('%PDF-1.7\n%'), Buffer.from([0xe2, 0xe3, 0xcf, 0xd3]), Buffer.from('\n')]);

/** A stream object: `dict` is the dictionary's inside without /Length, which is added here. */
function pdfStream(num, dict, data) {
  return { num, head: `${num} 0 obj\n<< ${dict} /Length ${data.length} >>\nstream\n`, data, foot: '\nendstream\nendobj\n' };
}

function pdfObject(num, body) {
  return { num, head: `${num} 0 obj\n${body}\nendobj\n` };
}

/** A Flate-compressed stream object whose content is the pieces. */
function pdfFlateStream(num, dict, pieces) {
  const deflated = deflateRepeated(pieces);
  return { object: pdfStream(num, `${dict} /Filter /FlateDecode`.trim(), zlibWrapped(deflated)), inflatedSize: deflated.size };
}

/**
 * A whole PDF. Objects are written in order; `compressed` lists objects stored inside object
 * streams ({ num, container, index }), which only a cross-reference stream can locate, so their
 * presence switches the file to a PDF 1.5 /Type /XRef stream.
 */
function pdfFile(objects, { compressed = [], root = 1 } = {}) {
  const parts = [PDF_HEADER];
  let at = PDF_HEADER.length;
  const offsets = new Map();
  for (const object of objects) {
    offsets.set(object.num, at);
    for (const part of [object.head, object.data, object.foot]) {
      if (part === undefined) continue;
      const bytes = asBytes(part);
      parts.push(bytes);
      at += bytes.length;
    }
  }
  const highest = Math.max(...objects.map((o) => o.num), ...compressed.map((o) => o.num));
  if (compressed.length === 0) {
    const size = highest + 1;
    const lines = [`xref\n0 ${size}\n0000000000 65535 f \n`];
    for (let num = 1; num < size; num++) {
      const offset = offsets.get(num);
      // Every entry is exactly 20 bytes, the end of line included.
      lines.push(offset === undefined ? '0000000000 65535 f \n' : `${String(offset).padStart(10, '0')} 00000 n \n`);
    }
    lines.push(`trailer\n<< /Size ${size} /Root ${root} 0 R >>\nstartxref\n${at}\n%%EOF\n`);
    parts.push(Buffer.from(lines.join('')));
    return Buffer.concat(parts);
  }
  // Cross-reference stream, /W [1 4 2]: type, then offset (type 1) or object stream number (type
  // 2), then generation (type 1) or index inside the object stream (type 2).
  const xrefNum = highest + 1;
  const size = xrefNum + 1;
  offsets.set(xrefNum, at);
  const inside = new Map(compressed.map((o) => [o.num, o]));
  const table = Buffer.alloc(size * 7);
  for (let num = 0; num < size; num++) {
    const row = num * 7;
    if (offsets.has(num)) {
      table.writeUInt8(1, row);
      table.writeUInt32BE(offsets.get(num), row + 1);
    } else if (inside.has(num)) {
      table.writeUInt8(2, row);
      table.writeUInt32BE(inside.get(num).container, row + 1);
      table.writeUInt16BE(inside.get(num).index, row + 5);
    } else {
      table.writeUInt16BE(num === 0 ? 0xffff : 0, row + 5); // type 0: free
    }
  }
  const xref = pdfStream(xrefNum, `/Type /XRef /Size ${size} /W [1 4 2] /Index [0 ${size}] /Root ${root} 0 R`, table);
  parts.push(Buffer.from(xref.head), table, Buffer.from(xref.foot), Buffer.from(`startxref\n${at}\n%%EOF\n`));
  return Buffer.concat(parts);
}

const LETTER = '/MediaBox [0 0 612 792]';
const HELVETICA = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>';

/** The usual catalog, one-page tree and page, with the page's dictionary extended by `page`. */
function onePage({ page = '', contents = 4, resources = '<< /Font << /F1 5 0 R >> >>' } = {}) {
  return [
    pdfObject(1, '<< /Type /Catalog /Pages 2 0 R >>'),
    pdfObject(2, `<< /Type /Pages /Kids [3 0 R] /Count 1 ${LETTER} >>`),
    pdfObject(3, `<< /Type /Page /Parent 2 0 R /Resources ${resources} /Contents ${contents} 0 R ${page}>>`),
  ];
}

// Text shown with the ' operator (next line, then show). "(x)'" is 4 bytes, so the content repeats
// every 4 bytes, deflates at about 1000:1, and every 4 bytes is one text item for pdf.js. A leading
// (TL) of 0 keeps every glyph at the same place on the page: pdf.js leaves out text that falls off
// the page, which would otherwise stop the items after the first 54 lines.
const TEXT_BOMB_HEAD = 'BT /F1 12 Tf 0 TL 72 400 Td\n';
const TEXT_BOMB_UNIT = "(x)'";
const TEXT_BOMB_TAIL = '\nET\n';

/** The text bomb's pieces, and how many text-showing operators they hold. */
function textBomb(bytes) {
  const operators = unitsFor(bytes, TEXT_BOMB_UNIT.length);
  return { pieces: [{ bytes: TEXT_BOMB_HEAD }, { bytes: TEXT_BOMB_UNIT, count: operators }, { bytes: TEXT_BOMB_TAIL }], operators };
}

// ---------------------------------------------------------------------------------------------
// Images.

/** PNG chunk: length, type, data, CRC over type and data. */
function pngChunk(type, data) {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(data, crc32(head.subarray(4))));
  return Buffer.concat([head, data, crc]);
}

/** A black 8-bit RGB PNG: each row is filter byte 0 and zeros, so the whole IDAT inflates from zeros. */
function blackPng(width, height) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, RGB, deflate, adaptive filtering, no interlace
  const deflated = deflateRepeated([{ bytes: Buffer.alloc(1), count: height * (1 + 3 * width) }]);
  const bytes = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', zlibWrapped(deflated)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
  return { bytes, inflatedSize: deflated.size };
}

/**
 * A baseline JPEG, one grey component, flat mid-grey. Both Huffman tables hold a single one-bit
 * code (DC difference 0, AC end-of-block), so each 8x8 block costs 2 bits and the scan is all zero
 * bits: a 7000 x 7000 image in about 190 KB, made in milliseconds instead of encoding a 49-megapixel
 * canvas.
 */
function flatJpeg(width, height) {
  const segment = (marker, body) => {
    const head = Buffer.from([0xff, marker, 0, 0]);
    head.writeUInt16BE(body.length + 2, 2);
    return Buffer.concat([head, body]);
  };
  const jfif = segment(0xe0, Buffer.from([0x4a, 0x46, 0x49, 0x46, 0x00, 1, 1, 0, 0, 1, 0, 1, 0, 0]));
  const quantization = segment(0xdb, Buffer.concat([Buffer.from([0x00]), Buffer.alloc(64, 1)]));
  const frame = Buffer.from([8, 0, 0, 0, 0, 1, 1, 0x11, 0]);
  frame.writeUInt16BE(height, 1);
  frame.writeUInt16BE(width, 3);
  const oneCodeTable = (tableClass) => Buffer.concat([Buffer.from([tableClass << 4]), Buffer.from([1, ...new Array(15).fill(0)]), Buffer.from([0x00])]);
  const scanHeader = segment(0xda, Buffer.from([1, 1, 0x00, 0, 63, 0]));
  const blocks = Math.ceil(width / 8) * Math.ceil(height / 8);
  const bits = blocks * 2;
  const scan = Buffer.alloc(Math.ceil(bits / 8));
  // Pad the last byte with 1 bits, as the standard asks; it cannot become 0xFF since the block bits are 0.
  if (bits % 8 !== 0) scan[scan.length - 1] = (1 << (8 - (bits % 8))) - 1;
  return Buffer.concat([
    Buffer.from([0xff, 0xd8]),
    jfif,
    quantization,
    segment(0xc0, frame),
    segment(0xc4, oneCodeTable(0)),
    segment(0xc4, oneCodeTable(1)),
    scanHeader,
    scan,
    Buffer.from([0xff, 0xd9]),
  ]);
}

// ---------------------------------------------------------------------------------------------
// Plain words, from a seeded generator so that every run writes the same bytes.

const WORDS = (
  'the policy covers property damage liability premium insured claim period renewal broker underwriter ' +
  'risk limit deductible exposure vessel cargo warehouse inventory payroll revenue contract clause ' +
  'schedule endorsement exclusion loss history report inspection building sprinkler tenant lease ' +
  'annual quarterly statement balance account customer supplier region office manager review'
).split(' ');

function wordSource(seed) {
  // The quality corpus's seeded generator: text that does not repeat byte for byte, the same each run.
  const { next } = randomSource(seed);
  const word = () => WORDS[Math.floor(next() * WORDS.length)];
  // Lines are cut from one pool of 1 MB of words at random places: building 20 MB word by word
  // takes over a second, slicing takes milliseconds, and no two lines are the same.
  const poolWords = [];
  for (let length = 0; length < 1 << 20;) {
    const w = next() < 1 / 12 ? `${word()},` : word();
    poolWords.push(w);
    length += w.length + 1;
  }
  const pool = poolWords.join(' ');
  return {
    word,
    number: (below) => Math.floor(next() * below),
    /** Words (some followed by a comma) separated by spaces, exactly `length` characters. */
    line(length) {
      if (length > pool.length / 2) throw new RangeError('line longer than the word pool allows');
      const from = pool.indexOf(' ', Math.floor(next() * (pool.length - length - 64))) + 1;
      return pool.slice(from, from + length);
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Descriptions.

function formatBytes(bytes) {
  const [value, unit] = bytes >= GB ? [bytes / GB, 'GB'] : bytes >= MB ? [bytes / MB, 'MB'] : bytes >= KB ? [bytes / KB, 'KB'] : [bytes, 'bytes'];
  return `${value >= 10 || unit === 'bytes' ? Math.round(value) : Number(value.toFixed(1))} ${unit}`;
}

const formatCount = (n) => n.toLocaleString('en-US');

// ---------------------------------------------------------------------------------------------
// The corpus.

/**
 * @param {{ scale?: number, maxBytes?: number }} [options]
 *   scale: multiplies the inflated sizes (and the depths, entry counts and pixel counts that stand
 *   for size); 0.1 for a quick test, 1 for the bench.
 *   maxBytes: the upload limit; the files meant to be accepted stay under it.
 * @returns {Array<{ name: string, fileName: string, mimeType: string, bytes: Buffer, attack: string, expect: 'refused' | 'accepted-large' }>}
 */
export function hostileDocuments(options = {}) {
  const scale = options.scale ?? 1;
  const maxBytes = options.maxBytes ?? 25 * 1024 * 1024;
  if (!(scale > 0)) throw new RangeError(`scale must be a positive number (got ${scale})`);
  if (!(maxBytes > 0)) throw new RangeError(`maxBytes must be a positive number (got ${maxBytes})`);
  const scaled = (amount) => Math.max(1, Math.round(amount * scale));
  // Node's default stack (about 1 MB) holds on the order of 10,000 frames of a recursive parser;
  // pdf.js and mammoth overflow at 20,000 levels already, so the depth never goes below that.
  const scaledDepth = (depth) => Math.max(20_000, Math.round(depth * scale));
  // Pixel counts follow the scale, so each side follows its square root.
  const scaledSide = (side) => Math.max(8, Math.round(side * Math.sqrt(scale)));
  const zipSize = (bytes) => Math.min(ZIP32_LIMIT - 16 * MB, scaled(bytes));

  const corpus = [];
  const add = (name, fileName, mimeType, bytes, attack, expect = 'refused') => corpus.push({ name, fileName, mimeType, bytes, attack, expect });

  // 1. Content stream bombs.
  {
    const bomb = textBomb(scaled(20 * MB));
    const { object, inflatedSize } = pdfFlateStream(4, '', bomb.pieces);
    const bytes = pdfFile([...onePage(), object, pdfObject(5, HELVETICA)]);
    add(
      'pdf-flate-bomb-text',
      'flate-bomb-text.pdf',
      'application/pdf',
      bytes,
      `one-page PDF whose content stream is a ${formatBytes(inflatedSize)} Flate bomb of ${formatCount(bomb.operators)} text-showing operators in a ${formatBytes(bytes.length)} file`,
    );
  }
  {
    // No text at all, so a reader that finds none rasterises the page for OCR: one path of
    // millions of segments, repeating every 6 bytes.
    const pieces = [{ bytes: '1 w 0 0 m' }, { bytes: ' 1 1 l', count: unitsFor(scaled(200 * MB), 6) }, { bytes: ' S\n' }];
    const { object, inflatedSize } = pdfFlateStream(4, '', pieces);
    const bytes = pdfFile([...onePage({ resources: '<< >>' }), object]);
    add(
      'pdf-flate-bomb-paths-large',
      'flate-bomb-paths-large.pdf',
      'application/pdf',
      bytes,
      `one-page PDF without text whose content stream is a ${formatBytes(inflatedSize)} Flate bomb, one path of ${formatCount(pieces[1].count)} line segments, in a ${formatBytes(bytes.length)} file`,
    );
  }

  // 2. A Flate bomb inside an object stream. pdf.js parses every object of an object stream when
  // it fetches any of them, so storing the catalog there makes opening the file inflate the
  // stream and parse the huge array that shares it.
  {
    const head = [
      [1, '<< /Type /Catalog /Pages 2 0 R >>'],
      [2, `<< /Type /Pages /Kids [3 0 R] /Count 1 ${LETTER} >>`],
      [3, '<< /Type /Page /Parent 2 0 R /Resources << /Font << /F1 7 0 R >> >> /Contents 4 0 R /Annots 6 0 R >>'],
      [7, HELVETICA],
    ];
    let body = '';
    const offsets = [];
    for (const [num, text] of head) {
      offsets.push(`${num} ${body.length}`);
      body += `${text}\n`;
    }
    offsets.push(`6 ${body.length}`);
    const index = `${offsets.join(' ')}\n`;
    // The padded object: an array of zeros, "0 " repeating every 2 bytes.
    const zeros = unitsFor(scaled(20 * MB), 2);
    const { object: objectStream, inflatedSize } = pdfFlateStream(5, `/Type /ObjStm /N ${head.length + 1} /First ${index.length}`, [
      { bytes: index + body + '[' },
      { bytes: '0 ', count: zeros },
      { bytes: ']\n' },
    ]);
    const content = pdfStream(4, '', Buffer.from('BT /F1 12 Tf 72 700 Td (Object stream) Tj ET\n'));
    const compressed = [1, 2, 3, 7, 6].map((num, i) => ({ num, container: 5, index: i }));
    const bytes = pdfFile([content, objectStream], { compressed });
    add(
      'pdf-object-stream-bomb',
      'object-stream-bomb.pdf',
      'application/pdf',
      bytes,
      `PDF 1.5 whose catalog, page tree and page sit in an object stream that inflates to ${formatBytes(inflatedSize)}, mostly an array of ${formatCount(zeros)} zeros parsed on open, in a ${formatBytes(bytes.length)} file`,
    );
  }

  // 3. An image XObject bomb on a page without text, so the page goes to rasterisation and OCR.
  {
    const side = scaledSide(20_000);
    const { object, inflatedSize } = pdfFlateStream(
      5,
      `/Type /XObject /Subtype /Image /Width ${side} /Height ${side} /ColorSpace /DeviceRGB /BitsPerComponent 8`,
      [{ bytes: Buffer.alloc(1), count: side * side * 3 }],
    );
    const content = pdfStream(4, '', Buffer.from('q 612 0 0 792 0 0 cm /Im1 Do Q\n'));
    const bytes = pdfFile([...onePage({ resources: '<< /XObject << /Im1 5 0 R >> >>' }), content, object]);
    add(
      'pdf-image-bomb',
      'image-bomb.pdf',
      'application/pdf',
      bytes,
      `one-page PDF without text that draws a ${side} x ${side} RGB image whose Flate data inflates to ${formatBytes(inflatedSize)} from a ${formatBytes(bytes.length)} file`,
    );
  }

  // 4. Nesting and cycles for recursive code.
  {
    // The resources dictionary holds arrays nested 100,000 deep; pdf.js parses arrays
    // recursively, so fetching the resources (text extraction, rendering) overflows the stack.
    const depth = scaledDepth(100_000);
    const resources = `<< /Font << /F1 5 0 R >> /ProcSet ${'['.repeat(depth)}/PDF${']'.repeat(depth)} >>`;
    const content = pdfStream(4, '', Buffer.from('BT /F1 12 Tf 72 700 Td (Nested) Tj ET\n'));
    const bytes = pdfFile([...onePage({ resources: '6 0 R' }), content, pdfObject(5, HELVETICA), pdfObject(6, resources)]);
    add(
      'pdf-nested-arrays',
      'nested-arrays.pdf',
      'application/pdf',
      bytes,
      `one-page PDF whose page resources hold arrays nested ${formatCount(depth)} deep, ${formatBytes(bytes.length)}`,
    );
  }
  {
    // The root's second kid is an intermediate node whose only kid is the root: a walker that does
    // not remember visited nodes never ends. Its resources also refer to themselves.
    const bytes = pdfFile([
      pdfObject(1, '<< /Type /Catalog /Pages 2 0 R >>'),
      pdfObject(2, `<< /Type /Pages /Kids [3 0 R 4 0 R] /Count 2 ${LETTER} >>`),
      pdfObject(3, '<< /Type /Page /Parent 2 0 R /Resources 6 0 R /Contents 5 0 R >>'),
      pdfObject(4, '<< /Type /Pages /Parent 2 0 R /Kids [2 0 R] /Count 1 >>'),
      pdfStream(5, '', Buffer.from('BT /F1 12 Tf 72 700 Td (Cycle) Tj ET\n')),
      pdfObject(6, `<< /Font << /F1 7 0 R >> /Properties << /Self 6 0 R >> >>`),
      pdfObject(7, HELVETICA),
    ]);
    add(
      'pdf-page-tree-cycle',
      'page-tree-cycle.pdf',
      'application/pdf',
      bytes,
      `PDF whose page tree loops back to its root through an intermediate /Pages node and whose resources refer to themselves, ${formatBytes(bytes.length)}`,
    );
  }

  // 5. A DOCX that says it has one page and holds 60 MB of text.
  {
    const text = wordSource(5);
    let block = '';
    for (let i = 0; i < 8; i++) {
      const sentence = text.line(480);
      block += `<w:p><w:r><w:t xml:space="preserve">${sentence[0].toUpperCase()}${sentence.slice(1).replace(/,?\s*$/, '')}.</w:t></w:r></w:p>`;
    }
    const count = unitsFor(scaled(60 * MB), block.length);
    const { bytes, main } = officePackage('docx', [{ bytes: block, count }]);
    add(
      'docx-one-page-huge-text',
      'one-page-huge-text.docx',
      OFFICE.docx.mimeType,
      bytes,
      `DOCX whose docProps/app.xml says <Pages>1</Pages> while word/document.xml holds ${formatCount(count * 8)} paragraphs of real words, ${formatBytes(main.size)} inflated from a ${formatBytes(bytes.length)} file`,
    );
  }

  // 6. ZIP bombs in each Office format.
  for (const format of ['docx', 'xlsx', 'pptx']) {
    const spec = OFFICE[format];
    const upper = format.toUpperCase();
    {
      const huge = spec.hugeBody(zipSize(1 * GB));
      const { bytes, main } = officePackage(format, huge.pieces);
      add(
        `${format}-zip-bomb-huge-entry`,
        `zip-bomb-huge-entry.${format}`,
        spec.mimeType,
        bytes,
        `${upper} whose ${spec.mainPart} (${huge.what}) inflates to ${formatBytes(main.size)} from a ${formatBytes(bytes.length)} file`,
      );
    }
    {
      // Tens of thousands of small entries ahead of the main part: every reader that lists or
      // inflates all entries pays for each, and a streaming reader meets them before the main part.
      const count = Math.min(ZIP_ENTRY_LIMIT, scaled(20_000));
      const filler = zipEntry('f/0.xml', `<x>${' '.repeat(1016)}</x>`);
      const fillers = [];
      for (let i = 0; i < count; i++) fillers.push({ ...filler, name: Buffer.from(`f/${i}.xml`) });
      const huge = spec.hugeBody(1 * KB);
      const { bytes } = officePackage(format, huge.pieces, { extraEntries: fillers });
      add(
        `${format}-zip-bomb-wide`,
        `zip-bomb-wide.${format}`,
        spec.mimeType,
        bytes,
        `${upper} with ${formatCount(count)} extra 1 KB entries (${formatBytes(count * filler.size)} inflated) before its main part, ${formatBytes(bytes.length)}`,
      );
    }
    {
      const depth = scaledDepth(1_000_000);
      const levels = Math.round(depth / spec.deep.elementsPerLevel);
      const { bytes, main } = officePackage(format, [
        { bytes: spec.deep.open, count: levels },
        { bytes: spec.deep.inner },
        { bytes: spec.deep.close, count: levels },
      ]);
      add(
        `${format}-zip-bomb-deep`,
        `zip-bomb-deep.${format}`,
        spec.mimeType,
        bytes,
        `${upper} whose ${spec.mainPart} nests elements ${formatCount(levels * spec.deep.elementsPerLevel)} deep (${spec.deep.open} repeated), ${formatBytes(main.size)} inflated from a ${formatBytes(bytes.length)} file`,
      );
    }
    {
      const declaredSize = 4096;
      const huge = spec.hugeBody(zipSize(1 * GB));
      const { bytes, main } = officePackage(format, huge.pieces, { declaredSize });
      add(
        `${format}-zip-lying-sizes`,
        `zip-lying-sizes.${format}`,
        spec.mimeType,
        bytes,
        `${upper} whose local and central headers declare ${spec.mainPart} as ${formatCount(declaredSize)} bytes while it inflates to ${formatBytes(main.size)}, in a ${formatBytes(bytes.length)} file`,
      );
    }
  }

  // 7. An XLSX with millions of shared strings behind a small sheet.
  {
    const strings = scaled(5_000_000);
    const sharedStrings = [
      { bytes: `${XML_DECLARATION}<sst xmlns="${S_NS}" count="${strings}" uniqueCount="${strings}">` },
      { bytes: '<si><t>s</t></si>', count: strings },
      { bytes: '</sst>' },
    ];
    const rows = [0, 1, strings - 1].map((index, i) => `<row r="${i + 1}"><c r="A${i + 1}" t="s"><v>${index}</v></c></row>`).join('');
    const { bytes } = officePackage('xlsx', [{ bytes: rows }], {
      staticParts: OFFICE.xlsx.staticParts(true),
      extraEntries: [zipEntry('xl/sharedStrings.xml', sharedStrings)],
    });
    add(
      'xlsx-huge-shared-strings',
      'huge-shared-strings.xlsx',
      OFFICE.xlsx.mimeType,
      bytes,
      `XLSX whose xl/sharedStrings.xml lists ${formatCount(strings)} strings (${formatBytes(inflatedSizeOf(sharedStrings))} inflated) for a sheet of 3 cells, in a ${formatBytes(bytes.length)} file`,
    );
  }

  // 8. Images. All three are within a 50-megapixel limit: what they test is that decoding and OCR
  // of a huge image stay inside a worker thread's limits, so a service may accept them.
  {
    const side = scaledSide(2000);
    const { bytes, inflatedSize } = blackPng(side, side);
    add(
      'png-honest-blank',
      'honest-blank.png',
      'image/png',
      bytes,
      `honest ${side} x ${side} black RGB PNG (${formatBytes(side * side * 4)} as RGBA, IDAT ${formatBytes(inflatedSize)} inflated) without text, ${formatBytes(bytes.length)}`,
      'accepted-large',
    );
  }
  {
    const side = scaledSide(7000);
    const { bytes, inflatedSize } = blackPng(side, side);
    add(
      'png-decompression-bomb',
      'decompression-bomb.png',
      'image/png',
      bytes,
      `${side} x ${side} PNG (${formatCount(side * side)} pixels) of zeros that decodes to ${formatBytes(side * side * 4)} of RGBA, IDAT ${formatBytes(inflatedSize)} inflated from a ${formatBytes(bytes.length)} file`,
      'accepted-large',
    );
  }
  {
    const side = scaledSide(7000) & ~7;
    const bytes = flatJpeg(side, side);
    add(
      'jpeg-large-dimensions',
      'large-dimensions.jpg',
      'image/jpeg',
      bytes,
      `baseline JPEG whose SOF0 frame declares ${side} x ${side} (${formatCount(side * side)} pixels, ${formatBytes(side * side * 4)} as RGBA) of flat grey, in a ${formatBytes(bytes.length)} file`,
      'accepted-large',
    );
  }

  // 9. Text at the size limit: large but legitimate.
  {
    const text = wordSource(9);
    const wanted = scaled(20_000);
    const header = 'policy_id,insured_name,region,description,premium,effective_date\n';
    const rows = [header];
    let total = header.length;
    for (let i = 1; i <= wanted; i++) {
      const description = text.line(340).trim();
      const row = `P-${String(i).padStart(6, '0')},${text.word()} ${text.word()} Ltd,${text.word()},"${description}",${1000 + text.number(90_000)}.${String(text.number(100)).padStart(2, '0')},2024-${String(1 + text.number(12)).padStart(2, '0')}-${String(1 + text.number(28)).padStart(2, '0')}\n`;
      if (total + row.length > maxBytes) break;
      rows.push(row);
      total += row.length;
    }
    const bytes = Buffer.from(rows.join(''));
    add(
      'csv-large',
      'large.csv',
      'text/csv',
      bytes,
      `CSV of ${formatCount(rows.length - 1)} rows with quoted 340-character cells, ${formatBytes(bytes.length)}`,
      'accepted-large',
    );
  }
  {
    const text = wordSource(10);
    const lines = Math.min(scaled(20_000), Math.floor(maxBytes / 1001));
    const out = [];
    for (let i = 0; i < lines; i++) out.push(`${text.line(1000)}\n`);
    const bytes = Buffer.from(out.join(''));
    add(
      'txt-large',
      'large.txt',
      'text/plain',
      bytes,
      `plain text of ${formatCount(lines)} lines of 1,000 characters, ${formatBytes(bytes.length)}`,
      'accepted-large',
    );
  }

  // 10. Three more that target these readers specifically.
  {
    // Every page shares one content stream: the file stays small while extracting text from all
    // pages parses the inflated stream once per page.
    const pages = 10_000;
    const bomb = textBomb(scaled(2 * MB));
    const { object, inflatedSize } = pdfFlateStream(3, '', bomb.pieces);
    const kids = [];
    const pageObjects = [];
    for (let i = 0; i < pages; i++) {
      kids.push(`${5 + i} 0 R`);
      pageObjects.push(pdfObject(5 + i, '<< /Type /Page /Parent 2 0 R /Contents 3 0 R >>'));
    }
    const bytes = pdfFile([
      pdfObject(1, '<< /Type /Catalog /Pages 2 0 R >>'),
      pdfObject(2, `<< /Type /Pages /Kids [${kids.join(' ')}] /Count ${pages} ${LETTER} /Resources << /Font << /F1 4 0 R >> >> >>`),
      object,
      pdfObject(4, HELVETICA),
      ...pageObjects,
    ]);
    add(
      'pdf-shared-content-pages',
      'shared-content-pages.pdf',
      'application/pdf',
      bytes,
      `PDF of ${formatCount(pages)} pages that all draw the same ${formatBytes(inflatedSize)} content stream of ${formatCount(bomb.operators)} text-showing operators (${formatBytes(inflatedSize * pages)} of content to parse) in a ${formatBytes(bytes.length)} file`,
    );
  }
  {
    // exceljs applies a merge by creating a cell object for every cell in its range, so one
    // <mergeCell> over the whole sheet asks it for billions of objects from a 1 KB file.
    const lastRow = Math.min(1_048_576, scaled(1_048_576));
    const cells = 16_384 * lastRow;
    const mergedSheet =
      `${XML_DECLARATION}<worksheet xmlns="${S_NS}"><dimension ref="A1:XFD${lastRow}"/><sheetData>` +
      '<row r="1"><c r="A1" t="inlineStr"><is><t>merged</t></is></c></row></sheetData>' +
      `<mergeCells count="1"><mergeCell ref="A1:XFD${lastRow}"/></mergeCells></worksheet>`;
    const entries = OFFICE.xlsx.staticParts().map(([name, xml]) => zipEntry(name, xml));
    entries.push(zipEntry(OFFICE.xlsx.mainPart, mergedSheet));
    const archive = zipArchive(entries);
    add(
      'xlsx-merge-whole-sheet',
      'merge-whole-sheet.xlsx',
      OFFICE.xlsx.mimeType,
      archive,
      `XLSX whose one merged range A1:XFD${lastRow} covers ${formatCount(cells)} cells, each of which exceljs creates on load, in a ${formatBytes(archive.length)} file`,
    );
  }
  {
    // A quote that never closes: a CSV parser buffers the rest of the file as one field, then fails.
    const text = wordSource(11);
    const target = Math.min(scaled(20 * MB), maxBytes);
    const parts = ['policy_id,insured_name,notes\nP-000001,Example Ltd,"'];
    let total = parts[0].length;
    while (total < target) {
      const line = `${text.line(Math.min(999, target - total - 1))}\n`;
      parts.push(line);
      total += line.length;
    }
    const bytes = Buffer.from(parts.join('')).subarray(0, target);
    add(
      'csv-unclosed-quote',
      'unclosed-quote.csv',
      'text/csv',
      bytes,
      `CSV whose second row opens a quoted field that never closes, so its one field is the remaining ${formatBytes(bytes.length)} of the file`,
    );
  }

  return corpus;
}

/** Inflated size of pieces without deflating them. */
function inflatedSizeOf(pieces) {
  return pieces.reduce((sum, piece) => sum + asBytes(piece.bytes).length * (piece.count ?? 1), 0);
}

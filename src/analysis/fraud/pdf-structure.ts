import { inflateSync } from 'node:zlib';

/** What the raw bytes of a PDF say about how it was made and changed: read from the file itself, not through a renderer. */
export interface PdfStructure {
  isPdf: boolean;
  /** `%%EOF` markers: one per save, so more than one (two for a linearized file) means incremental updates. */
  eofMarkers: number;
  startxrefs: number;
  linearized: boolean;
  encrypted: boolean;
  /** Names found in the file's objects (object streams included), `#xx` escapes decoded. */
  javascript: boolean;
  /** `/AA` (additional actions) or an `/OpenAction` that is not a plain page destination. */
  autoActions: string[];
  embeddedFiles: boolean;
  info: DocumentInfo;
  /** The XMP packet's fields, or null when there is none (or it could not be read). */
  xmp: DocumentInfo | null;
}

export interface DocumentInfo {
  producer?: string;
  creator?: string;
  /** ISO 8601, UTC. */
  creationDate?: string;
  modDate?: string;
}

interface PdfObject {
  number: number;
  body: string;
}

/**
 * Parses the structure of a PDF from its bytes: markers of each save, the objects (those packed in
 * compressed object streams too), the document information dictionary the last trailer points at,
 * and the XMP metadata stream. Deterministic and tolerant: what cannot be read is left out.
 */
export function readPdfStructure(bytes: Uint8Array): PdfStructure {
  const raw = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  const encrypted = /\/Encrypt\s/.test(tail(raw));
  const objects = readObjects(raw, bytes, encrypted);
  const byNumber = new Map(objects.map((object) => [object.number, object.body]));
  const names = decodeNames(objects.map((object) => object.body).join('\n') + '\n' + trailers(raw));
  const infoRef = [...raw.matchAll(/\/Info\s+(\d+)\s+\d+\s+R/g)].at(-1);
  const infoBody = infoRef ? byNumber.get(Number(infoRef[1])) : undefined;
  const xmpPacket = objects
    .map((object) => /<x:xmpmeta[\s\S]*?<\/x:xmpmeta>/.exec(object.body)?.[0])
    .filter((packet) => packet !== undefined)
    .at(-1);
  return {
    isPdf: raw.slice(0, 1024).includes('%PDF-'),
    eofMarkers: count(raw, /%%EOF/g),
    startxrefs: count(raw, /\bstartxref\b/g),
    linearized: /\/Linearized\b/.test(raw.slice(0, 2048)),
    encrypted,
    javascript: /\/(?:JavaScript|JS)\b/.test(names),
    autoActions: [...new Set([...names.matchAll(/\/AA\b|\/OpenAction(?!\s*\[)/g)].map((match) => match[0].trim()))],
    embeddedFiles: /\/EmbeddedFiles?\b/.test(names),
    info: infoBody && !encrypted ? infoFrom(infoBody) : {},
    xmp: xmpPacket && !encrypted ? xmpFrom(xmpPacket) : null,
  };
}

function count(text: string, pattern: RegExp): number {
  return [...text.matchAll(pattern)].length;
}

function tail(raw: string): string {
  return raw.slice(Math.max(0, raw.lastIndexOf('startxref') - 4096));
}

/** Trailer dictionaries of classic cross-reference tables (xref streams are objects already). */
function trailers(raw: string): string {
  return [...raw.matchAll(/trailer\s*(<<[\s\S]*?>>)\s*startxref/g)].map((match) => match[1]).join('\n');
}

/** `/J#61vaScript` is `/JavaScript`: names may hide behind hex escapes. */
function decodeNames(text: string): string {
  return text.replace(/\/[^\s/<>[\]()]*#[0-9A-Fa-f]{2}[^\s/<>[\]()]*/g, (name) =>
    name.replace(/#([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
  );
}

/**
 * Every `n g obj … endobj` in file order (a later definition, from an incremental update, comes
 * after the one it replaces), with the objects of compressed object streams expanded in place.
 * Stream contents are kept only for object streams and metadata: fonts and images are not text.
 */
function readObjects(raw: string, bytes: Uint8Array, encrypted: boolean): PdfObject[] {
  const objects: PdfObject[] = [];
  for (const match of raw.matchAll(/(\d+)\s+\d+\s+obj\b([\s\S]*?)\bendobj\b/g)) {
    const number = Number(match[1]);
    const body = match[2];
    const streamAt = body.search(/\bstream\r?\n/);
    if (streamAt < 0) {
      objects.push({ number, body });
      continue;
    }
    const dictionary = body.slice(0, streamAt);
    objects.push({ number, body: dictionary });
    const isObjectStream = /\/Type\s*\/ObjStm\b/.test(dictionary);
    const isMetadata = /\/Type\s*\/Metadata\b/.test(dictionary);
    if (encrypted || (!isObjectStream && !isMetadata)) continue;
    const bodyStart = match.index + match[0].length - 'endobj'.length - body.length;
    const start = bodyStart + streamAt + /\bstream\r?\n/.exec(body.slice(streamAt))![0].length;
    const end = raw.indexOf('endstream', start);
    if (end < 0) continue;
    const content = streamContent(bytes.subarray(start, end), dictionary);
    if (content === null) continue;
    if (isMetadata) objects.push({ number, body: content });
    else objects.push(...objectStreamMembers(content, dictionary));
  }
  return objects;
}

function streamContent(data: Uint8Array, dictionary: string): string | null {
  if (!/\/Filter\s*(?:\[\s*)?\/FlateDecode\b/.test(dictionary)) return /\/Filter\b/.test(dictionary) ? null : Buffer.from(data).toString('latin1');
  try {
    return inflateSync(data, { finishFlush: 2 /* Z_SYNC_FLUSH: tolerate the end-of-line before endstream */ }).toString('latin1');
  } catch {
    return null;
  }
}

function objectStreamMembers(content: string, dictionary: string): PdfObject[] {
  const first = Number(/\/First\s+(\d+)/.exec(dictionary)?.[1] ?? NaN);
  const n = Number(/\/N\s+(\d+)/.exec(dictionary)?.[1] ?? NaN);
  if (!Number.isFinite(first) || !Number.isFinite(n)) return [];
  const header = content.slice(0, first).trim().split(/\s+/).map(Number);
  const members: PdfObject[] = [];
  for (let index = 0; index < n && index * 2 + 1 < header.length; index++) {
    const from = first + header[index * 2 + 1];
    const to = index + 1 < n && index * 2 + 3 < header.length ? first + header[index * 2 + 3] : content.length;
    members.push({ number: header[index * 2], body: content.slice(from, to) });
  }
  return members;
}

function infoFrom(dictionary: string): DocumentInfo {
  const field = (key: string) => {
    const at = new RegExp(`/${key}\\s*([(<])`).exec(dictionary);
    if (!at) return undefined;
    const start = at.index + at[0].length - 1;
    return at[1] === '(' ? literalString(dictionary, start) : hexString(dictionary, start);
  };
  return definedOnly({
    producer: field('Producer'),
    creator: field('Creator'),
    creationDate: pdfDate(field('CreationDate')),
    modDate: pdfDate(field('ModDate')),
  });
}

/** A PDF literal string from its opening parenthesis: balanced parentheses, backslash escapes, octal codes. */
function literalString(text: string, open: number): string {
  let depth = 0;
  let out = '';
  for (let index = open; index < text.length; index++) {
    const char = text[index];
    if (char === '\\') {
      const next = text[++index];
      const octal = /^[0-7]{1,3}/.exec(text.slice(index, index + 3));
      if (octal) {
        out += String.fromCharCode(parseInt(octal[0], 8));
        index += octal[0].length - 1;
      } else out += { n: '\n', r: '\r', t: '\t', b: '\b', f: '\f' }[next] ?? (next === '\n' || next === '\r' ? '' : next);
      continue;
    }
    if (char === '(' && depth++ === 0) continue;
    if (char === ')' && --depth === 0) break;
    out += char;
  }
  return decodeText(out);
}

function hexString(text: string, open: number): string {
  const hex = text.slice(open + 1, text.indexOf('>', open)).replace(/\s/g, '');
  const padded = hex.length % 2 ? `${hex}0` : hex;
  return decodeText(Buffer.from(padded, 'hex').toString('latin1'));
}

/** Text strings are PDFDocEncoding (read as Latin-1 here) or UTF-16BE with a byte-order mark. */
function decodeText(latin1: string): string {
  if (!latin1.startsWith('\u00fe\u00ff')) return latin1;
  const units = Buffer.from(latin1.slice(2), 'latin1');
  let out = '';
  for (let index = 0; index + 1 < units.length; index += 2) out += String.fromCharCode((units[index] << 8) | units[index + 1]);
  return out;
}

/** `D:YYYYMMDDHHmmSSOHH'mm'` (every part after the year optional) → ISO 8601 in UTC, or undefined. */
export function pdfDate(value: string | undefined): string | undefined {
  const match = value && /^(?:D:)?(\d{4})(\d{2})?(\d{2})?(\d{2})?(\d{2})?(\d{2})?\s*([Zz+-])?\s*(\d{2})?'?(\d{2})?'?/.exec(value.trim());
  if (!match) return undefined;
  const [, year, month = '01', day = '01', hour = '00', minute = '00', second = '00', sign, offsetHours = '00', offsetMinutes = '00'] = match;
  const utc = Date.UTC(Number(year), Number(month) - 1, Number(day), Number(hour), Number(minute), Number(second));
  const offset = (sign === '+' ? 1 : sign === '-' ? -1 : 0) * (Number(offsetHours) * 60 + Number(offsetMinutes)) * 60_000;
  const time = utc - offset;
  return Number.isNaN(time) ? undefined : new Date(time).toISOString();
}

function xmpFrom(packet: string): DocumentInfo {
  const field = (name: string) => {
    const element = new RegExp(`<${name}>\\s*(?:<rdf:Alt>\\s*<rdf:li[^>]*>)?([^<]*)<`).exec(packet);
    const attribute = new RegExp(`${name}="([^"]*)"`).exec(packet);
    const value = (element?.[1] ?? attribute?.[1])?.trim();
    return value ? value.replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>') : undefined;
  };
  const isoDate = (value: string | undefined) => (value && !Number.isNaN(Date.parse(value)) ? new Date(Date.parse(value)).toISOString() : undefined);
  return definedOnly({
    producer: field('pdf:Producer'),
    creator: field('xmp:CreatorTool'),
    creationDate: isoDate(field('xmp:CreateDate')),
    modDate: isoDate(field('xmp:ModifyDate')),
  });
}

function definedOnly(info: DocumentInfo): DocumentInfo {
  return Object.fromEntries(Object.entries(info).filter(([, value]) => value !== undefined));
}

import { deflateSync, inflateSync } from 'node:zlib';

/**
 * How documents are tampered with, reproduced for the tests and the quality bench (never called by
 * the service): an editor's incremental save that rewrites the metadata, and a printed figure
 * changed inside a page's content stream.
 */

/** A PDF date string `D:YYYYMMDDHHmmSSZ`. */
export function pdfDateString(date: Date): string {
  const iso = date.toISOString();
  return `D:${iso.slice(0, 4)}${iso.slice(5, 7)}${iso.slice(8, 10)}${iso.slice(11, 13)}${iso.slice(14, 16)}${iso.slice(17, 19)}Z`;
}

/**
 * Appends an incremental update as an editor saves one: a new document information dictionary,
 * a cross-reference section for it, and a trailer pointing back at the previous one.
 */
export function appendInfoUpdate(bytes: Uint8Array, info: Record<string, string>): Uint8Array {
  const raw = Buffer.from(bytes).toString('latin1');
  const previousXref = Number(/startxref\s+(\d+)\s+%%EOF\s*$/.exec(raw)?.[1] ?? NaN);
  const size = Math.max(...[...raw.matchAll(/\/Size\s+(\d+)/g)].map((match) => Number(match[1])));
  const root = [...raw.matchAll(/\/Root\s+(\d+\s+\d+\s+R)/g)].at(-1)?.[1];
  if (!Number.isFinite(previousXref) || !Number.isFinite(size) || !root) throw new Error('not a PDF this helper can update');
  const entries = Object.entries(info)
    .map(([key, value]) => `/${key} (${value.replace(/([()\\])/g, '\\$1')})`)
    .join(' ');
  const objectAt = bytes.length + 1;
  const object = `\n${size} 0 obj\n<< ${entries} >>\nendobj\n`;
  const xrefAt = bytes.length + object.length;
  const update = `${object}xref\n0 1\n0000000000 65535 f \n${size} 1\n${String(objectAt).padStart(10, '0')} 00000 n \ntrailer\n<< /Size ${size + 1} /Root ${root} /Info ${size} 0 R /Prev ${previousXref} >>\nstartxref\n${xrefAt}\n%%EOF\n`;
  return new Uint8Array(Buffer.concat([Buffer.from(bytes), Buffer.from(update, 'latin1')]));
}

/** A printed amount found in a page content stream, and the stream's place in the file. */
interface FoundAmount {
  /** `n g` of the stream object. */
  object: string;
  /** Where the object's dictionary starts (after `obj`) and where its stream data ends (`endstream`). */
  dictionaryAt: number;
  end: number;
  dictionary: string;
  edited: Buffer;
  from: string;
  to: string;
}

/** Where the chosen figure's `<hex> Tj` is in the inflated content stream, and the figure before and after the edit. */
interface ChosenFigure {
  at: number;
  length: number;
  from: string;
  to: string;
}
type Rewrite = (content: string, chosen: ChosenFigure) => string;

const hexOf = (text: string) => Buffer.from(text, 'latin1').toString('hex').toUpperCase();

/** The figure with its first significant digit changed. */
function otherFigure(from: string): string {
  const digit = from.search(/[1-9]/);
  return from.slice(0, digit) + String((Number(from[digit]) % 9) + 1) + from.slice(digit + 1);
}

/** The figure's text replaced in place: what an editor that rewrites the text does. */
const changeDigit: Rewrite = (content, chosen) => content.slice(0, chosen.at) + `<${hexOf(chosen.to)}> Tj` + content.slice(chosen.at + chosen.length);

/**
 * The figure left in the stream, a white rectangle painted over it at the end of the page's
 * content, and the new figure written on top at the same place in the same font: a "white-out"
 * edit, as online editors make it. The position is the text matrix of the figure's text object.
 */
const whiteOut: Rewrite = (content, chosen) => {
  const before = content.slice(0, chosen.at);
  const font = [...before.matchAll(/(\/[^\s/]+)\s+([\d.]+)\s+Tf/g)].at(-1);
  const matrix = [...before.matchAll(/([-\d.]+)\s+([-\d.]+)\s+([-\d.]+)\s+([-\d.]+)\s+([-\d.]+)\s+([-\d.]+)\s+Tm/g)].at(-1);
  if (!font || !matrix) return changeDigit(content, chosen);
  const size = Number(font[2]);
  const [x, y] = [Number(matrix[5]), Number(matrix[6])];
  const width = size * 0.6 * chosen.from.length + 2;
  return (
    content +
    `\nq\n1 1 1 rg\n${(x - 1).toFixed(2)} ${(y - size * 0.25).toFixed(2)} ${width.toFixed(2)} ${(size * 1.15).toFixed(2)} re\nf\nQ\n` +
    `q\nBT\n0 0 0 rg\n${font[1]} ${size} Tf\n1 0 0 1 ${x} ${y} Tm\n<${hexOf(chosen.to)}> Tj\nET\nQ\n`
  );
};

/**
 * The figure changed and set in another font of the page (the first other font resource the
 * stream uses, as an editor that picks the nearest font does) or, with one font only, 15 % larger.
 */
const restyle: Rewrite = (content, chosen) => {
  const before = content.slice(0, chosen.at);
  const font = [...before.matchAll(/(\/[^\s/]+)\s+([\d.]+)\s+Tf/g)].at(-1);
  if (!font) return changeDigit(content, chosen);
  const family = (name: string) => name.replace(/-\d+$/, '');
  const other = /bold/i.test(font[1])
    ? undefined
    : [...content.matchAll(/(\/[^\s/]+)\s+[\d.]+\s+Tf/g)].map((match) => match[1]).find((name) => family(name) !== family(font[1]));
  const size = Number(font[2]);
  const style = other ? `${other} ${size} Tf ` : `${font[1]} ${(size * 1.15).toFixed(2)} Tf `;
  return content.slice(0, chosen.at) + style + `<${hexOf(chosen.to)}> Tj ${font[1]} ${size} Tf` + content.slice(chosen.at + chosen.length);
};

/**
 * Finds the first page content stream that holds a printed amount and changes `pick`'s choice
 * among them: the streams are Flate-compressed and pdf-lib writes standard-font text as hex
 * strings, so the edit inflates, swaps one digit of the chosen figure and deflates again.
 */
function editPrintedAmount(bytes: Uint8Array, pick: (count: number) => number, rewrite: Rewrite = changeDigit): FoundAmount | null {
  const raw = Buffer.from(bytes).toString('latin1');
  for (const match of raw.matchAll(/(\d+\s+\d+)\s+obj\s*<<((?:(?!endobj)[^])*?)>>\s*stream\r?\n/g)) {
    if (!/\/FlateDecode/.test(match[2]) || /\/Type\s*\/(?:ObjStm|XRef|Metadata)|\/Subtype|\/Length1/.test(match[2])) continue;
    const start = match.index + match[0].length;
    const end = raw.indexOf('endstream', start);
    let content: string;
    try {
      content = inflateSync(bytes.subarray(start, end), { finishFlush: 2 }).toString('latin1');
    } catch {
      continue;
    }
    const amounts = [...content.matchAll(/<([0-9A-Fa-f]+)> Tj/g)].filter((hit) =>
      /^\d{1,3}(?:,\d{3})*\.\d{2}$|^\d{1,3}(?:,\d{3})+$/.test(Buffer.from(hit[1], 'hex').toString('latin1')),
    );
    if (amounts.length === 0) continue;
    const chosen = amounts[pick(amounts.length)];
    const from = Buffer.from(chosen[1], 'hex').toString('latin1');
    const to = otherFigure(from);
    const edited = rewrite(content, { at: chosen.index, length: chosen[0].length, from, to });
    const dictionaryAt = match.index + match[0].indexOf('obj') + 'obj'.length;
    return { object: match[1].replace(/\s+/, ' '), dictionaryAt, end, dictionary: match[2], edited: deflateSync(Buffer.from(edited, 'latin1')), from, to };
  }
  return null;
}

/**
 * Changes one printed amount in the first page content stream that holds `pick`'s choice (the
 * file is otherwise the same bytes): in place, by a white rectangle and a new figure drawn over the
 * old one (`white-out`), or in place and set in another font or size (`restyle`). Returns null when
 * no amount was found.
 */
export function changePrintedAmount(
  bytes: Uint8Array,
  pick: (count: number) => number,
  how: 'in place' | 'white-out' | 'restyle' = 'in place',
): { bytes: Uint8Array; from: string; to: string } | null {
  const found = editPrintedAmount(bytes, pick, how === 'white-out' ? whiteOut : how === 'restyle' ? restyle : changeDigit);
  if (!found) return null;
  const raw = Buffer.from(bytes).toString('latin1');
  const dictionary = found.dictionary.replace(/\/Length\s+\d+/, `/Length ${found.edited.length}`);
  const head = raw.slice(0, found.dictionaryAt) + `\n<<${dictionary}>>\nstream\n`;
  // Offsets after the stream move: load and save the result with pdf-lib to rebuild the cross-reference table.
  const out = Buffer.concat([Buffer.from(head, 'latin1'), found.edited, Buffer.from('\n' + raw.slice(found.end), 'latin1')]);
  return { bytes: new Uint8Array(out), from: found.from, to: found.to };
}

/**
 * Changes one printed amount as an editor's incremental save does: the original bytes stay, and
 * an update appended after them redefines the page's content stream with the edited figure (the
 * metadata is left as it was). The bytes before the update are the original file.
 */
export function appendFigureRevision(bytes: Uint8Array, pick: (count: number) => number): { bytes: Uint8Array; from: string; to: string } | null {
  const found = editPrintedAmount(bytes, pick);
  if (!found) return null;
  const dictionary = found.dictionary.replace(/\/Length\s+\d+/, `/Length ${found.edited.length}`);
  const object = Buffer.concat([
    Buffer.from(`${found.object} obj\n<<${dictionary}>>\nstream\n`, 'latin1'),
    found.edited,
    Buffer.from('\nendstream\nendobj\n', 'latin1'),
  ]);
  return { bytes: appendObjects(bytes, [object]), from: found.from, to: found.to };
}

/**
 * Saves `edited` as an incremental update of `original`, as signing and form-filling tools do: the
 * objects whose text differs (or are new) are appended with a cross-reference section and a
 * trailer pointing back at the original's. Both files must hold their objects at the top level
 * (pdf-lib's `useObjectStreams: false`), with the same numbers for the same objects (pdf-lib keeps
 * them when it loads and saves a file).
 */
export function incrementalSave(original: Uint8Array, edited: Uint8Array): Uint8Array {
  const before = topLevelObjects(original);
  const changed = [...topLevelObjects(edited)].filter(([number, body]) => !before.get(number)?.equals(body)).map(([, body]) => body);
  return appendObjects(original, changed);
}

/** The last definition of each top-level object (`n g obj … endobj`), by object number. */
function topLevelObjects(bytes: Uint8Array): Map<number, Buffer> {
  const raw = Buffer.from(bytes).toString('latin1');
  const objects = new Map<number, Buffer>();
  for (const match of raw.matchAll(/(?<=^|[\r\n])(\d+)\s+\d+\s+obj\b/g)) {
    const streamAt = raw.indexOf('stream', match.index);
    const endAt = raw.indexOf('endobj', match.index);
    const end = streamAt >= 0 && streamAt < endAt ? raw.indexOf('endobj', raw.indexOf('endstream', streamAt)) : endAt;
    if (end < 0) continue;
    objects.set(Number(match[1]), Buffer.from(raw.slice(match.index, end + 'endobj'.length) + '\n', 'latin1'));
  }
  return objects;
}

/** Appends whole objects (`n g obj … endobj`) as an incremental update: one cross-reference subsection each, a trailer with /Prev. */
function appendObjects(bytes: Uint8Array, objects: Buffer[]): Uint8Array {
  const raw = Buffer.from(bytes).toString('latin1');
  const previousXref = Number(/startxref\s+(\d+)\s+%%EOF\s*$/.exec(raw)?.[1] ?? NaN);
  const numbers = objects.map((object) => Number(/^\s*(\d+)/.exec(object.toString('latin1'))?.[1] ?? NaN));
  const size = Math.max(...[...raw.matchAll(/\/Size\s+(\d+)/g)].map((match) => Number(match[1])), ...numbers.map((number) => number + 1));
  const root = [...raw.matchAll(/\/Root\s+(\d+\s+\d+\s+R)/g)].at(-1)?.[1];
  const info = [...raw.matchAll(/\/Info\s+(\d+\s+\d+\s+R)/g)].at(-1)?.[1];
  if (!Number.isFinite(previousXref) || !Number.isFinite(size) || !root || numbers.some((number) => !Number.isFinite(number)))
    throw new Error('not a PDF this helper can update');
  const parts: Buffer[] = [Buffer.from(bytes), Buffer.from('\n', 'latin1')];
  let offset = bytes.length + 1;
  const entries: string[] = [];
  objects.forEach((object, index) => {
    entries.push(`${numbers[index]} 1\n${String(offset).padStart(10, '0')} 00000 n \n`);
    parts.push(object);
    offset += object.length;
  });
  const trailer = `xref\n0 1\n0000000000 65535 f \n${entries.join('')}trailer\n<< /Size ${size} /Root ${root}${info ? ` /Info ${info}` : ''} /Prev ${previousXref} >>\nstartxref\n${offset}\n%%EOF\n`;
  parts.push(Buffer.from(trailer, 'latin1'));
  return new Uint8Array(Buffer.concat(parts));
}

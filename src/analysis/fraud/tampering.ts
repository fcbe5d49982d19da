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

/**
 * Changes one printed amount in the first page content stream that holds `pick`'s choice: the
 * streams are Flate-compressed and pdf-lib writes standard-font text as hex strings, so the edit
 * inflates, swaps one digit of the chosen figure and deflates again (the file is otherwise the
 * same bytes). Returns null when no amount was found. `pick` chooses among the amounts found.
 */
export function changePrintedAmount(bytes: Uint8Array, pick: (count: number) => number): { bytes: Uint8Array; from: string; to: string } | null {
  const raw = Buffer.from(bytes).toString('latin1');
  for (const match of raw.matchAll(/\bobj\s*<<((?:(?!endobj)[^])*?)>>\s*stream\r?\n/g)) {
    if (!/\/FlateDecode/.test(match[1]) || /\/Type\s*\/(?:ObjStm|XRef|Metadata)|\/Subtype|\/Length1/.test(match[1])) continue;
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
    const digit = from.search(/[1-9]/);
    const to = from.slice(0, digit) + String((Number(from[digit]) % 9) + 1) + from.slice(digit + 1);
    const edited =
      content.slice(0, chosen.index) + `<${Buffer.from(to, 'latin1').toString('hex').toUpperCase()}> Tj` + content.slice(chosen.index + chosen[0].length);
    const stream = deflateSync(Buffer.from(edited, 'latin1'));
    const dictionary = match[1].replace(/\/Length\s+\d+/, `/Length ${stream.length}`);
    const head = raw.slice(0, match.index) + `obj\n<<${dictionary}>>\nstream\n`;
    // Offsets after the stream move: load and save the result with pdf-lib to rebuild the cross-reference table.
    const out = Buffer.concat([Buffer.from(head, 'latin1'), stream, Buffer.from('\n' + raw.slice(end), 'latin1')]);
    return { bytes: new Uint8Array(out), from, to };
  }
  return null;
}

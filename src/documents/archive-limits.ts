import type { DocumentLimits } from '../config/document-limits.js';
import { InflationBudget, MIB, WorkRefusal } from './inflation-budget.js';

const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const ZIP64_END_LOCATOR = 0x07064b50;
const CENTRAL_ENTRY = 0x02014b50;
const LOCAL_ENTRY = 0x04034b50;
const STORED = 0;
const DEFLATED = 8;
/** The end record is 22 bytes plus a comment of at most 65,535. */
const END_SEARCH_WINDOW = 22 + 65_535;

/**
 * Checks the ZIP package of a DOCX, XLSX or PPTX before any Office reader opens it: the entry
 * count, and each entry's real inflated size (inflated once, up to the limit, whatever its header
 * declares), its ratio to its compressed size, and the package's total. A reader trusts declared
 * sizes and inflates whole entries into memory; these limits are what keeps a 3 MB bomb from taking
 * gigabytes. Throws a WorkRefusal naming the entry; returns quietly for a package within them.
 */
export function checkArchive(bytes: Buffer, limits: DocumentLimits): void {
  const end = bytes.subarray(Math.max(0, bytes.length - END_SEARCH_WINDOW)).lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0) throw new WorkRefusal('the package is not a complete ZIP file (no end of central directory)');
  const endAt = Math.max(0, bytes.length - END_SEARCH_WINDOW) + end;
  if (bytes.readUInt32LE(endAt) !== END_OF_CENTRAL_DIRECTORY || endAt + 22 > bytes.length) throw new WorkRefusal('the package is not a complete ZIP file');
  if (endAt >= 20 && bytes.readUInt32LE(endAt - 20) === ZIP64_END_LOCATOR)
    throw new WorkRefusal('the package is a ZIP64 archive, which Office documents of accepted sizes never need');
  const entries = bytes.readUInt16LE(endAt + 10);
  if (entries > limits.maxArchiveEntries)
    throw new WorkRefusal(
      `the package holds ${entries.toLocaleString('en-US')} entries; at most ${limits.maxArchiveEntries.toLocaleString('en-US')} are accepted`,
    );
  const budget = new InflationBudget(limits.maxInflatedTotalBytes);
  let at = bytes.readUInt32LE(endAt + 16);
  for (let index = 0; index < entries; index++) {
    if (at + 46 > bytes.length || bytes.readUInt32LE(at) !== CENTRAL_ENTRY) throw new WorkRefusal("the package's central directory is corrupt");
    const method = bytes.readUInt16LE(at + 10);
    const compressedSize = bytes.readUInt32LE(at + 20);
    const declaredSize = bytes.readUInt32LE(at + 24);
    const nameLength = bytes.readUInt16LE(at + 28);
    const extraLength = bytes.readUInt16LE(at + 30);
    const commentLength = bytes.readUInt16LE(at + 32);
    const localAt = bytes.readUInt32LE(at + 42);
    const name = bytes.toString('utf8', at + 46, at + 46 + nameLength);
    at += 46 + nameLength + extraLength + commentLength;
    const part = `the package's entry ${name}`;
    if (localAt + 30 > bytes.length || bytes.readUInt32LE(localAt) !== LOCAL_ENTRY) throw new WorkRefusal(`${part} is missing or corrupt`);
    const dataAt = localAt + 30 + bytes.readUInt16LE(localAt + 26) + bytes.readUInt16LE(localAt + 28);
    const data = bytes.subarray(dataAt, dataAt + compressedSize);
    if (data.length < compressedSize) throw new WorkRefusal(`${part} runs past the end of the file`);
    let size: number;
    if (method === STORED) size = compressedSize;
    else if (method === DEFLATED) {
      const inflated = budget.inflatedSize(data, 'raw', limits.maxInflatedBytes, part);
      if (inflated === null) throw new WorkRefusal(`${part} is corrupt (its compressed data cannot be inflated)`);
      size = inflated;
    } else throw new WorkRefusal(`${part} uses compression method ${method}; Office documents use DEFLATE`);
    if (size !== declaredSize)
      throw new WorkRefusal(`${part} declares ${declaredSize.toLocaleString('en-US')} bytes but inflates to ${size.toLocaleString('en-US')}`);
    if (size > MIB && size > limits.maxCompressionRatio * Math.max(1, compressedSize))
      throw new WorkRefusal(
        `${part} inflates ${Math.round(size / Math.max(1, compressedSize))} times its compressed size; at most ${limits.maxCompressionRatio} is accepted`,
      );
  }
}

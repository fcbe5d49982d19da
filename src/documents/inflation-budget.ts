import { constants, inflateRawSync, inflateSync } from 'node:zlib';

/** An error a document-work task raises about its input: the worker returns it to the caller as a refusal (work-pool.worker.ts). */
export class WorkRefusal extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WorkRefusal';
  }
}

export const MIB = 1_048_576;

export function megabytes(bytes: number): string {
  return `${Math.round((bytes / MIB) * 10) / 10} MB`;
}

/**
 * The inflated bytes one document may produce, part by part and in all: each compressed part is
 * inflated once here with zlib's `maxOutputLength`, so that a bomb stops at the limit instead of
 * filling memory, before any parser sees it.
 */
export class InflationBudget {
  private total = 0;

  constructor(private readonly maxTotalBytes: number) {}

  /**
   * The size `data` inflates to (raw DEFLATE for ZIP entries, zlib-wrapped for PDF streams), or
   * null when it is not valid compressed data (left to the parser, which refuses it or repairs it
   * as it always has). Throws a WorkRefusal naming `part` past `maxBytes` or the document's total.
   * A stream cut short still counts what it inflates to: a bomb cannot hide behind a bad ending.
   */
  inflatedSize(data: Uint8Array, format: 'raw' | 'zlib', maxBytes: number, part: string): number | null {
    const inflate = format === 'raw' ? inflateRawSync : inflateSync;
    const room = Math.min(maxBytes, this.maxTotalBytes - this.total);
    let size: number;
    try {
      size = inflate(data, { maxOutputLength: room + 1, finishFlush: constants.Z_SYNC_FLUSH }).length;
    } catch (error) {
      if ((error as { code?: string }).code !== 'ERR_BUFFER_TOO_LARGE') return null;
      size = room + 1;
    }
    if (size > maxBytes) throw new WorkRefusal(`${part} inflates beyond ${megabytes(maxBytes)}`);
    this.total += size;
    if (this.total > this.maxTotalBytes) throw new WorkRefusal(`its compressed parts inflate beyond ${megabytes(this.maxTotalBytes)} in all`);
    return size;
  }
}

/** An image's size in pixels, read from its header (nothing is decoded). */
export interface ImageSize {
  width: number;
  height: number;
}

/** PNG: the IHDR chunk is always first, right after the 8-byte signature. */
export function pngSize(bytes: Buffer): ImageSize | undefined {
  if (bytes.length < 24 || bytes.toString('latin1', 12, 16) !== 'IHDR') return undefined;
  return positive(bytes.readUInt32BE(16), bytes.readUInt32BE(20));
}

/**
 * JPEG: the size is in the first start-of-frame segment (SOF0–SOF15 except DHT, JPG and DAC),
 * found by walking the segments from the start; a file cut before it has no size.
 */
export function jpegSize(bytes: Buffer): ImageSize | undefined {
  let offset = 2;
  while (offset + 4 <= bytes.length) {
    if (bytes[offset] !== 0xff) return undefined;
    const marker = bytes[offset + 1];
    if (marker === 0xff) {
      offset += 1; // fill byte
      continue;
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      offset += 2; // markers without a length
      continue;
    }
    const length = bytes.readUInt16BE(offset + 2);
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      if (offset + 9 > bytes.length) return undefined;
      return positive(bytes.readUInt16BE(offset + 7), bytes.readUInt16BE(offset + 5));
    }
    if (marker === 0xd9 || marker === 0xda || length < 2) return undefined; // end of image or scan data before any frame
    offset += 2 + length;
  }
  return undefined;
}

function positive(width: number, height: number): ImageSize | undefined {
  return width > 0 && height > 0 ? { width, height } : undefined;
}

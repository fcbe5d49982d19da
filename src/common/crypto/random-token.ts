import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** 256 random bits, URL-safe: client ids and secrets, codes, refresh tokens, session ids. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** Tokens are stored by this digest only, so a database leak reveals no usable credential. */
export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('base64url');
}

/** Compares in time independent of where the strings differ. */
export function constantTimeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

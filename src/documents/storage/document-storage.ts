/**
 * Where document bytes live: a port with a local-disk adapter (the default). Keys are opaque
 * and chosen by the caller; a write is complete or absent, never partial.
 */
export abstract class DocumentStorage {
  abstract put(key: string, bytes: Buffer): Promise<void>;
  abstract get(key: string): Promise<Buffer>;
  abstract delete(key: string): Promise<void>;
}

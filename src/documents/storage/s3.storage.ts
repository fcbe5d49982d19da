import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client, type S3ClientConfig } from '@aws-sdk/client-s3';
import { DocumentStorage } from './document-storage.js';

export interface S3StorageSettings {
  bucket: string;
  region: string;
  /** An S3-compatible endpoint (MinIO, R2, ...); unset: AWS. */
  endpoint?: string;
  forcePathStyle: boolean;
  /** Unset: the AWS SDK's default chain (environment, profile, instance role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

/** Objects in one bucket of S3 or an S3-compatible store; an object is written whole or not at all. */
export class S3Storage extends DocumentStorage {
  private readonly client: S3Client;

  constructor(private readonly settings: S3StorageSettings) {
    super();
    const config: S3ClientConfig = {
      region: settings.region,
      forcePathStyle: settings.forcePathStyle,
      maxAttempts: 3,
      // The SDK's default CRC32 trailers (aws-chunked uploads) are not understood by every
      // S3-compatible store; checksums are sent only where an operation requires them.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    };
    if (settings.endpoint) config.endpoint = settings.endpoint;
    if (settings.credentials) config.credentials = settings.credentials;
    this.client = new S3Client(config);
  }

  async put(key: string, bytes: Buffer): Promise<void> {
    await this.client.send(new PutObjectCommand({ Bucket: this.settings.bucket, Key: key, Body: bytes, ContentLength: bytes.length }));
  }

  async get(key: string): Promise<Buffer> {
    const object = await this.client.send(new GetObjectCommand({ Bucket: this.settings.bucket, Key: key }));
    return Buffer.from(await object.Body!.transformToByteArray());
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: key }));
  }

  /** Nest calls this at shutdown: the client's keep-alive sockets would hold the process open. */
  onApplicationShutdown(): void {
    this.client.destroy();
  }
}

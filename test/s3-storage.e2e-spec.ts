import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { DataSource } from 'typeorm';
import { pdfBytes } from './support/document-fixtures.js';
import { connectMcpClient, machineToken, structured } from './support/mcp-helpers.js';
import { startApp, type RunningApp } from './support/test-app.js';

/**
 * A local stand-in for S3 speaking its REST wire format (path-style PutObject, GetObject,
 * DeleteObject). It records what arrives, and can be told to fail, like a store having an outage.
 */
class FakeS3 {
  readonly objects = new Map<string, Buffer>();
  readonly requests: { method: string; path: string; authorization?: string }[] = [];
  failing = false;
  private server?: Server;
  url = '';

  async start(): Promise<void> {
    this.server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const path = decodeURIComponent(request.url!.split('?')[0]);
        this.requests.push({ method: request.method!, path, authorization: request.headers.authorization });
        if (this.failing)
          return void response
            .writeHead(503, { 'content-type': 'application/xml' })
            .end('<?xml version="1.0"?><Error><Code>SlowDown</Code><Message>Reduce your request rate.</Message></Error>');
        if (request.method === 'PUT') {
          this.objects.set(path, Buffer.concat(chunks));
          return void response.writeHead(200, { etag: '"fake"' }).end();
        }
        if (request.method === 'GET') {
          const object = this.objects.get(path);
          if (!object)
            return void response
              .writeHead(404, { 'content-type': 'application/xml' })
              .end('<?xml version="1.0"?><Error><Code>NoSuchKey</Code><Message>missing</Message></Error>');
          return void response.writeHead(200, { 'content-length': object.length }).end(object);
        }
        if (request.method === 'DELETE') {
          this.objects.delete(path);
          return void response.writeHead(204).end();
        }
        response.writeHead(405).end();
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise((resolve) => this.server?.close(resolve));
  }
}

describe('documents on S3-compatible storage', () => {
  const s3 = new FakeS3();
  let service: RunningApp;
  let client: Client;

  beforeAll(async () => {
    await s3.start();
    service = await startApp({
      env: {
        M2M_REGISTRATION_LIMIT: '100',
        S3_BUCKET: 'deal-documents',
        S3_ENDPOINT: s3.url,
        S3_FORCE_PATH_STYLE: 'true',
        S3_REGION: 'eu-west-1',
        S3_ACCESS_KEY_ID: 'test-key',
        S3_SECRET_ACCESS_KEY: 'test-secret',
      },
    });
    client = await connectMcpClient(service.url, await machineToken(service.url));
  });
  afterAll(async () => {
    await client?.close();
    await service?.close();
    await s3.stop();
  });

  it('puts the bytes in the bucket under the stored key, with a SigV4 signature', async () => {
    const bytes = await pdfBytes(2);
    const document = structured<{ documentId: string; status: string }>(
      await client.callTool({ name: 'submit_documents', arguments: { fileName: 'deck.pdf', content: bytes.toString('base64') } }),
    );
    expect(document.status).toBe('READY');
    const [row] = await service.app.get(DataSource).query('SELECT storage_key FROM documents WHERE id = $1', [document.documentId]);
    expect(s3.objects.get(`/deal-documents/${row.storage_key}`)).toEqual(bytes);
    // Stored (PUT), then read back by the processing job (GET), both signed.
    const signed = { authorization: expect.stringMatching(/^AWS4-HMAC-SHA256 Credential=test-key\/\d{8}\/eu-west-1\/s3\/aws4_request/) };
    // (The suite's database may hold other suites' queued jobs, which this app's sweep picks up: only this key's requests count.)
    const ours = s3.requests.filter((request) => request.path === `/deal-documents/${row.storage_key}`);
    expect(ours.map((request) => request.method)).toEqual(['PUT', 'GET']);
    expect(ours).toMatchObject([signed, signed]);
  });

  it('stores nothing when the bucket refuses the bytes', async () => {
    s3.failing = true;
    try {
      const result = await client
        .callTool({ name: 'submit_documents', arguments: { fileName: 'outage.txt', content: Buffer.from('revenue grew').toString('base64') } })
        .catch((error: Error) => error);
      expect(result).toBeInstanceOf(Error);
      expect((result as Error).message).toContain('Internal error');
      const [{ count }] = await service.app.get(DataSource).query("SELECT count(*) FROM documents WHERE file_name = 'outage.txt'");
      expect(Number(count)).toBe(0);
    } finally {
      s3.failing = false;
    }
  });
});

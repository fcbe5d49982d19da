import { Injectable, Module } from '@nestjs/common';
import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { IsString, MaxLength } from 'class-validator';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { McpTool } from '../src/mcp/tools/mcp-tool.decorator.js';
import { ProviderHttpModule } from '../src/providers/http/provider-http.module.js';
import { ProviderHttpClients } from '../src/providers/http/provider-http-clients.js';
import { capturingLogger } from './support/log-capture.js';
import { connectMcpClient, machineToken, structured, toolError } from './support/mcp-helpers.js';
import { startApp, type RunningApp } from './support/test-app.js';

const PROVIDER_KEY = 'planted-provider-key-9f3e1c';

/** OpenSanctions' /entities/{id} as its documentation shows it, and its error body. */
const provider = { url: '', status: 200 };
const standIn: Server = createServer((request, response) => {
  if (request.headers.authorization !== `ApiKey ${PROVIDER_KEY}` || provider.status === 401) {
    response.writeHead(401, { 'content-type': 'application/json' });
    return void response.end(JSON.stringify({ detail: `Invalid API key: ${request.headers.authorization ?? ''}` }));
  }
  if (request.url === '/entities/Q0') {
    response.writeHead(404, { 'content-type': 'application/json' });
    return void response.end(JSON.stringify({ detail: 'Entity not found.' }));
  }
  response.writeHead(200, { 'content-type': 'application/json' });
  response.end(JSON.stringify({ id: request.url!.split('/').pop(), schema: 'Person', caption: 'Jane Example', datasets: ['us_ofac_sdn'] }));
});

@ApiSchema({ name: 'TestProviderLookupInput' })
class TestProviderLookupInput {
  @ApiProperty() @IsString() @MaxLength(64) entityId: string;
}

@ApiSchema({ name: 'TestProviderLookupResult' })
class TestProviderLookupResult {
  @ApiProperty() caption: string;
  @ApiProperty() datasets: string[];
}

/** A provider adapter reduced to one call: what the compliance and data adapters are built like. */
@Injectable()
class TestProviderTools {
  constructor(private readonly clients: ProviderHttpClients) {}

  @McpTool({
    name: 'test_provider_lookup',
    description: 'Test tool calling a provider stand-in.',
    input: TestProviderLookupInput,
    output: TestProviderLookupResult,
  })
  async lookup({ entityId }: TestProviderLookupInput): Promise<TestProviderLookupResult> {
    const client = this.clients.client({
      provider: 'compliance_b',
      displayName: 'OpenSanctions',
      baseUrl: provider.url,
      credentialsHint: "Configure a valid key with configure_data_provider {provider: 'compliance_b', apiKey}.",
      initialBackoffMs: 1,
      maxBackoffMs: 5,
    });
    const { body } = await client.getJson<{ caption: string; datasets: string[] }>(`/entities/${encodeURIComponent(entityId)}`, {
      headers: { authorization: `ApiKey ${provider.status === 401 ? `${PROVIDER_KEY}-revoked` : PROVIDER_KEY}` },
      notFound: 'entity with that id',
    });
    return { caption: body.caption, datasets: body.datasets };
  }
}

@Module({ imports: [ProviderHttpModule], providers: [TestProviderTools] })
class TestProviderToolsModule {}

describe('provider HTTP client inside a tool call', () => {
  let service: RunningApp;
  let client: Client;
  const logs = capturingLogger();

  beforeAll(async () => {
    await new Promise<void>((resolve) => standIn.listen(0, '127.0.0.1', resolve));
    provider.url = `http://127.0.0.1:${(standIn.address() as AddressInfo).port}`;
    service = await startApp({ additionalModules: [TestProviderToolsModule], logger: logs.logger });
    client = await connectMcpClient(service.url, await machineToken(service.url));
  });

  afterAll(async () => {
    await client?.close();
    await service?.close();
    await new Promise((resolve) => standIn.close(resolve));
  });

  it('returns what the provider answered', async () => {
    provider.status = 200;
    const result = await client.callTool({ name: 'test_provider_lookup', arguments: { entityId: 'Q7747' } });
    expect(structured(result)).toEqual({ caption: 'Jane Example', datasets: ['us_ofac_sdn'] });
  });

  it('answers a rejected provider key as a tool error naming the provider and what to do, without the key', async () => {
    provider.status = 401;
    const result = await client.callTool({ name: 'test_provider_lookup', arguments: { entityId: 'Q7747' } });
    expect(toolError(result)).toEqual({
      error: { code: 'UNAUTHORIZED', message: 'OpenSanctions rejected the credentials configured for it (HTTP 401).' },
      hint: "Configure a valid key with configure_data_provider {provider: 'compliance_b', apiKey}.",
    });
    expect(JSON.stringify(result)).not.toContain(PROVIDER_KEY);
    expect(JSON.stringify(logs.lines())).not.toContain(PROVIDER_KEY);
  });

  it("answers a provider 404 as NOT_FOUND in the adapter's words", async () => {
    provider.status = 200;
    const result = await client.callTool({ name: 'test_provider_lookup', arguments: { entityId: 'Q0' } });
    expect(toolError(result).error).toEqual({ code: 'NOT_FOUND', message: 'OpenSanctions has no entity with that id.' });
  });
});

import { Injectable, Logger } from '@nestjs/common';
import { ProviderHttpClient, type ProviderHttpClientOptions } from './provider-http-client.js';

/**
 * Hands each provider adapter its HTTP client. One client per provider and base URL in a process,
 * so that every adapter calling the same provider shares one circuit breaker.
 */
@Injectable()
export class ProviderHttpClients {
  private readonly logger = new Logger(ProviderHttpClient.name);
  private readonly clients = new Map<string, ProviderHttpClient>();

  client(options: ProviderHttpClientOptions): ProviderHttpClient {
    const key = `${options.provider} ${options.baseUrl}`;
    let client = this.clients.get(key);
    if (!client) {
      client = new ProviderHttpClient(options, this.logger);
      this.clients.set(key, client);
    }
    return client;
  }
}

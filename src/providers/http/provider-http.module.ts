import { Module } from '@nestjs/common';
import { ProviderHttpClients } from './provider-http-clients.js';

/** The one way the service calls a third party's HTTP API; adapters import this module. */
@Module({ providers: [ProviderHttpClients], exports: [ProviderHttpClients] })
export class ProviderHttpModule {}

import { Module } from '@nestjs/common';
import { OutboundFetcher } from './outbound-fetch.service.js';

/** Fetching URLs that callers give us (share links), SSRF-safe: see OutboundFetcher. */
@Module({ providers: [OutboundFetcher], exports: [OutboundFetcher] })
export class OutboundModule {}

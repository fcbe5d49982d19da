import { Module } from '@nestjs/common';
import { DataProvidersModule } from '../data-providers/data-providers.module.js';
import { DocumentsModule } from '../documents/documents.module.js';
import { OutboundModule } from '../outbound/outbound.module.js';
import { ProviderHttpModule } from '../providers/http/provider-http.module.js';
import { PapermarkClient } from './papermark-client.js';
import { SharelinkDocumentsService } from './sharelink-documents.service.js';
import { SharelinkTools } from './sharelink.tools.js';

/** Decks behind share links (fetch_sharelink_document): the sharelink provider (Papermark) and direct links. */
@Module({
  imports: [DataProvidersModule, DocumentsModule, OutboundModule, ProviderHttpModule],
  providers: [PapermarkClient, SharelinkDocumentsService, SharelinkTools],
})
export class SharelinksModule {}

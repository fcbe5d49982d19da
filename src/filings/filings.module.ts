import { Module } from '@nestjs/common';
import { ProviderHttpModule } from '../providers/http/provider-http.module.js';
import { EdgarClient } from './edgar-client.js';
import { FilingsTools } from './filings.tools.js';
import { PublicFilingsService } from './public-filings.service.js';

/** Public regulatory filings: SEC EDGAR (fetch_public_filings). */
@Module({
  imports: [ProviderHttpModule],
  providers: [EdgarClient, PublicFilingsService, FilingsTools],
  exports: [PublicFilingsService],
})
export class FilingsModule {}

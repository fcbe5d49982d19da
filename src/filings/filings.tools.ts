import { Injectable } from '@nestjs/common';
import { McpTool } from '../mcp/tools/mcp-tool.decorator.js';
import { FetchPublicFilingsInput, PublicFilingsResult } from './dto/fetch-public-filings.dto.js';
import { PublicFilingsService } from './public-filings.service.js';

@Injectable()
export class FilingsTools {
  constructor(private readonly filings: PublicFilingsService) {}

  @McpTool({
    name: 'fetch_public_filings',
    title: 'Fetch public filings (SEC EDGAR)',
    description:
      "A US-listed or SEC-registered company's public filings from SEC EDGAR, free and without a key: the company (name, CIK, tickers, industry), " +
      'its latest 10-K, 10-Q, 8-K, S-1, F-1, 20-F, 40-F and 6-K filings with links to their documents, and its XBRL financial facts (last 5 fiscal years and 8 quarters) ' +
      'in the same concepts as data_extraction_agent (Revenues, NetIncomeLoss, Assets, ...), each with the filing that stated it. ' +
      'Name the company by cik, ticker or companyName. With workspaceId the result is stored for quantitative_analysis_agent.',
    input: FetchPublicFilingsInput,
    output: PublicFilingsResult,
    annotations: { readOnlyHint: true, openWorldHint: true, idempotentHint: true },
    workspace: { argument: 'workspaceId' },
  })
  fetch(input: FetchPublicFilingsInput): Promise<PublicFilingsResult> {
    return this.filings.fetch(input);
  }
}

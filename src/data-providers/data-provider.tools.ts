import { Injectable } from '@nestjs/common';
import { Clock } from '../common/clock.js';
import { McpTool } from '../mcp/tools/mcp-tool.decorator.js';
import type { ToolContext } from '../mcp/tools/tool-call.js';
import { DataProviderLookupsService } from './data-provider-lookups.service.js';
import { CompanyIntelligenceResult, FetchCompanyIntelligenceInput } from './dto/company-intelligence.dto.js';
import { ConfigureDataProviderInput, ConfiguredDataProviderResult } from './dto/configure-data-provider.dto.js';
import { CrmContextResult, FetchCrmContextInput } from './dto/crm-context.dto.js';
import { FetchPortfolioMetricsInput, PortfolioMetricsResult } from './dto/portfolio-metrics.dto.js';
import { ProviderKeyChecks } from './provider-key-checks.service.js';
import { ProviderKeysService } from './provider-keys.service.js';

/** Reads the caller's data at a third party; storing the result in a named workspace replaces nothing. */
const PROVIDER_LOOKUP = { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: true } as const;

@Injectable()
export class DataProviderTools {
  constructor(
    private readonly keys: ProviderKeysService,
    private readonly checks: ProviderKeyChecks,
    private readonly lookups: DataProviderLookupsService,
    private readonly clock: Clock,
  ) {}

  @McpTool({
    name: 'configure_data_provider',
    title: 'Configure a data provider key',
    description:
      "Stores your own API key for a provider, encrypted (AES-256-GCM), for your later calls of that provider's tools: " +
      'compliance_a and compliance_b (entity_compliance_agent), company_data (fetch_company_intelligence), crm (fetch_crm_context), ' +
      'portfolio_data (fetch_portfolio_metrics), sharelink (fetch_sharelink_document). Calling again replaces the key; apiKey "" removes it. ' +
      "Where the provider offers a cheap authenticated call the key is checked first, and a key it rejects is not stored. Firm members without a key of their own use the firm owner's key.",
    input: ConfigureDataProviderInput,
    output: ConfiguredDataProviderResult,
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: true },
  })
  async configure({ provider, apiKey }: ConfigureDataProviderInput, context: ToolContext): Promise<ConfiguredDataProviderResult> {
    if (apiKey === '') return this.keys.remove(context.accountId, provider, this.clock.now());
    const verified = await this.checks.verify(provider, apiKey);
    return this.keys.store(context.accountId, provider, apiKey, verified);
  }

  @McpTool({
    name: 'fetch_company_intelligence',
    title: 'Company profile from your company-data provider',
    description:
      'Looks a company up by domain and/or name with your own company_data key (People Data Labs Company Enrichment) and returns its profile: name, domain, founding year, headcount, industry, headquarters, funding (total raised, latest round). ' +
      'Without a configured key the error says how to configure one (configure_data_provider). With workspaceId the result is also stored in that workspace.',
    input: FetchCompanyIntelligenceInput,
    output: CompanyIntelligenceResult,
    annotations: PROVIDER_LOOKUP,
    workspace: { argument: 'workspaceId' },
  })
  fetchCompanyIntelligence(input: FetchCompanyIntelligenceInput, context: ToolContext): Promise<CompanyIntelligenceResult> {
    return this.lookups.companyIntelligence(context.accountId, input);
  }

  @McpTool({
    name: 'fetch_crm_context',
    title: 'Relationship context from your CRM',
    description:
      'Finds the organization in your CRM with your own crm key (Affinity) and returns what your team knows: the organization, its people, key interaction dates (first and last email, last and next meeting), ' +
      'the lists (pipelines) it is on with its stage in each, and the latest notes. Without a configured key the error says how to configure one (configure_data_provider). With workspaceId the result is also stored in that workspace.',
    input: FetchCrmContextInput,
    output: CrmContextResult,
    annotations: PROVIDER_LOOKUP,
    workspace: { argument: 'workspaceId' },
  })
  fetchCrmContext({ companyName }: FetchCrmContextInput, context: ToolContext): Promise<CrmContextResult> {
    return this.lookups.crmContext(context.accountId, companyName);
  }

  @McpTool({
    name: 'fetch_portfolio_metrics',
    title: 'Reported metrics of a portfolio company',
    description:
      "Reads a portfolio company's reported metrics by period with your own portfolio_data key (Standard Metrics: client_id:client_secret): revenue, ARR, burn, runway, cash, headcount and custom metrics, " +
      'and the financial ones again as facts in the same vocabulary as data_extraction_agent (Revenues, NetIncomeLoss, CashAndCashEquivalentsAtCarryingValue, ...). Without companyName it lists your portfolio companies. ' +
      'Without a configured key the error says how to configure one (configure_data_provider). With workspaceId the result is also stored in that workspace.',
    input: FetchPortfolioMetricsInput,
    output: PortfolioMetricsResult,
    annotations: PROVIDER_LOOKUP,
    workspace: { argument: 'workspaceId' },
  })
  fetchPortfolioMetrics({ companyName }: FetchPortfolioMetricsInput, context: ToolContext): Promise<PortfolioMetricsResult> {
    return this.lookups.portfolioMetrics(context.accountId, companyName);
  }
}

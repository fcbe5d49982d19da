import { Injectable } from '@nestjs/common';
import { Clock } from '../common/clock.js';
import { InvalidInputException } from '../common/errors/app.exception.js';
import { AffinityAdapter } from './adapters/affinity.adapter.js';
import { PeopleDataLabsAdapter } from './adapters/people-data-labs.adapter.js';
import { STANDARD_METRICS_KEY, StandardMetricsAdapter } from './adapters/standard-metrics.adapter.js';
import { ProviderNotConfiguredException } from './data-provider.exceptions.js';
import type { CompanyIntelligenceResult, FetchCompanyIntelligenceInput } from './dto/company-intelligence.dto.js';
import type { CrmContextResult } from './dto/crm-context.dto.js';
import type { PortfolioMetricsResult } from './dto/portfolio-metrics.dto.js';
import type { ProviderName } from './dto/provider-name.dto.js';
import { ProviderKeysService } from './provider-keys.service.js';

/**
 * fetch_company_intelligence, fetch_crm_context and fetch_portfolio_metrics: the caller's key for
 * the provider (ProviderKeysService.keyFor: own, else the firm owner's), the adapter's call, and
 * the result envelope of DOMAIN.md 3 (`{provider, fetchedAt, data}`, plus `source`, the provider's
 * name). Nothing is metered: SERVICE-SPEC 8.2 makes provider-key data tools free.
 */
@Injectable()
export class DataProviderLookupsService {
  constructor(
    private readonly keys: ProviderKeysService,
    private readonly companyData: PeopleDataLabsAdapter,
    private readonly crm: AffinityAdapter,
    private readonly portfolioData: StandardMetricsAdapter,
    private readonly clock: Clock,
  ) {}

  async companyIntelligence(accountId: string, { domain, companyName }: FetchCompanyIntelligenceInput): Promise<CompanyIntelligenceResult> {
    if (domain === undefined && companyName === undefined) throw new InvalidInputException('Give domain, companyName, or both.');
    const apiKey = await this.keyOf(accountId, 'company_data', this.companyData.displayName);
    const data = await this.companyData.enrichCompany(apiKey, { domain: domain && bareDomain(domain), companyName: companyName?.trim() });
    return { provider: 'company_data', source: this.companyData.displayName, fetchedAt: this.now(), data };
  }

  async crmContext(accountId: string, companyName: string): Promise<CrmContextResult> {
    const apiKey = await this.keyOf(accountId, 'crm', this.crm.displayName);
    const data = await this.crm.organizationContext(apiKey, companyName.trim());
    return { provider: 'crm', source: this.crm.displayName, fetchedAt: this.now(), data };
  }

  async portfolioMetrics(accountId: string, companyName: string | undefined): Promise<PortfolioMetricsResult> {
    const apiKey = await this.keyOf(accountId, 'portfolio_data', this.portfolioData.displayName, STANDARD_METRICS_KEY);
    const data = await this.portfolioData.portfolio(apiKey, companyName?.trim());
    return { provider: 'portfolio_data', source: this.portfolioData.displayName, fetchedAt: this.now(), data };
  }

  private async keyOf(accountId: string, provider: ProviderName, displayName: string, keyDescription?: string): Promise<string> {
    const apiKey = await this.keys.keyFor(accountId, provider);
    if (apiKey === null) throw new ProviderNotConfiguredException(provider, displayName, keyDescription);
    return apiKey;
  }

  private now(): string {
    return this.clock.now().toISOString();
  }
}

/** `https://www.Acme.com/` → `acme.com`: the form the providers match websites on. */
export function bareDomain(domain: string): string {
  return domain
    .trim()
    .toLowerCase()
    .replace(/^https?:\/\//, '')
    .replace(/\/$/, '')
    .replace(/^www\./, '');
}

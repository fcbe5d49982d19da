import { Injectable } from '@nestjs/common';
import { AppConfig } from '../../config/app-config.js';
import { ProviderHttpClients } from '../../providers/http/provider-http-clients.js';
import type { ProviderHttpClient } from '../../providers/http/provider-http-client.js';
import { ProviderAnswerShapeException } from '../data-provider.exceptions.js';
import type { CompanyProfile } from '../dto/company-intelligence.dto.js';
import { dataProviderClient } from './data-provider-client.js';
import type { ProviderKeyCheck } from '../provider-key-checks.service.js';
import { integerOf, isRecord, numberOf, textOf, textsOf, type JsonRecord } from './json-reading.js';

export const PEOPLE_DATA_LABS = 'People Data Labs';

/** What the company is looked up by: its website's domain, its name, or both (PDL matches on all given). */
export interface CompanyLookup {
  domain?: string;
  companyName?: string;
}

/**
 * `company_data`: the People Data Labs Company Enrichment API (v5). One GET per call:
 * `/v5/company/enrich?website=…&name=…` with the key in `X-Api-Key`; the profile's fields sit at
 * the top level of the answer beside `status` and `likelihood`. A 404 (`not_found`) means no
 * company matched; PDL does not charge for it. The key check is `/v5/autocomplete`, which every
 * active key may call free of credits.
 */
@Injectable()
export class PeopleDataLabsAdapter implements ProviderKeyCheck {
  readonly provider = 'company_data' as const;
  readonly displayName = PEOPLE_DATA_LABS;
  private readonly client: ProviderHttpClient;

  constructor(clients: ProviderHttpClients, config: AppConfig) {
    this.client = dataProviderClient(clients, config, { provider: this.provider, displayName: PEOPLE_DATA_LABS, baseUrl: 'companyDataUrl' });
  }

  async checkKey(apiKey: string): Promise<void> {
    await this.client.getJson('/v5/autocomplete', { headers: { 'x-api-key': apiKey }, query: { field: 'company', text: 'a', size: 1 } });
  }

  async enrichCompany(apiKey: string, lookup: CompanyLookup): Promise<CompanyProfile> {
    const { body } = await this.client.getJson<unknown>('/v5/company/enrich', {
      headers: { 'x-api-key': apiKey },
      query: { website: lookup.domain, name: lookup.companyName },
      notFound: `company matching ${describe(lookup)}`,
    });
    if (!isRecord(body) || textOf(body.name) === null) throw new ProviderAnswerShapeException(PEOPLE_DATA_LABS, 'a company profile');
    return companyProfile(body);
  }
}

function describe(lookup: CompanyLookup): string {
  return [lookup.domain && `the domain ${lookup.domain}`, lookup.companyName && `the name "${lookup.companyName}"`].filter(Boolean).join(' and ');
}

/** PDL's company record (Company Schema, base fields) in the stable shape of fetch_company_intelligence. */
export function companyProfile(record: JsonRecord): CompanyProfile {
  const location = isRecord(record.location) ? record.location : {};
  return {
    providerId: textOf(record.id),
    name: textOf(record.display_name) ?? textOf(record.name)!,
    domain: textOf(record.website),
    founded: integerOf(record.founded),
    employees: { count: integerOf(record.employee_count), range: textOf(record.size) },
    industry: textOf(record.industry),
    type: textOf(record.type),
    summary: textOf(record.summary),
    location: {
      name: textOf(location.name),
      locality: textOf(location.locality),
      region: textOf(location.region),
      country: textOf(location.country),
    },
    funding: {
      totalRaisedUsd: numberOf(record.total_funding_raised),
      latestStage: textOf(record.latest_funding_stage),
      lastRoundDate: textOf(record.last_funding_date),
      rounds: integerOf(record.number_funding_rounds),
    },
    linkedinUrl: textOf(record.linkedin_url),
    ticker: textOf(record.ticker),
    tags: textsOf(record.tags),
    matchLikelihood: integerOf(record.likelihood),
  };
}

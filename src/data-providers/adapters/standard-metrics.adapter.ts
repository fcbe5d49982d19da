import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { Clock } from '../../common/clock.js';
import { InvalidInputException } from '../../common/errors/app.exception.js';
import { AppConfig } from '../../config/app-config.js';
import { ProviderHttpClients } from '../../providers/http/provider-http-clients.js';
import type { ProviderHttpClient, ProviderRequest } from '../../providers/http/provider-http-client.js';
import { ProviderCredentialsRejectedException } from '../../providers/http/provider.exceptions.js';
import { ProviderAnswerShapeException } from '../data-provider.exceptions.js';
import type { PortfolioData } from '../dto/portfolio-metrics.dto.js';
import { dataProviderClient } from './data-provider-client.js';
import type { ProviderKeyCheck } from '../provider-key-checks.service.js';
import { integerOf, isRecord, recordsOf, textOf } from './json-reading.js';
import { pickByName } from './name-matching.js';
import { byPeriod, financialFacts, isDatumPage, portfolioCompany, portfolioMetric } from './standard-metrics.mapping.js';

export const STANDARD_METRICS = 'Standard Metrics';
export const STANDARD_METRICS_KEY = 'Standard Metrics client id and secret, as client_id:client_secret';

/** Pages of metrics read for one company (500 data points each): years of monthly reporting. */
const MAX_METRIC_PAGES = 5;
const METRICS_PAGE_SIZE = 500;
/** A token is not used in its last minute, so that it does not expire in flight. */
const TOKEN_MARGIN_MS = 60_000;

/**
 * `portfolio_data`: the Standard Metrics API. Its credentials are an OAuth client: the key a
 * caller configures is `client_id:client_secret`, exchanged at `POST /o/token/` (HTTP Basic,
 * `grant_type=client_credentials`) for a bearer token (3600 s), kept in memory until its last
 * minute under a hash of the key. Then `GET /v1/companies/?name=` and `GET /v1/metrics/?company_id=`
 * (paged, archived excluded). The key check is the token exchange itself.
 */
@Injectable()
export class StandardMetricsAdapter implements ProviderKeyCheck {
  readonly provider = 'portfolio_data' as const;
  readonly displayName = STANDARD_METRICS;
  private readonly client: ProviderHttpClient;
  private readonly tokens = new Map<string, { token: string; expiresAt: number }>();

  constructor(
    clients: ProviderHttpClients,
    private readonly config: AppConfig,
    private readonly clock: Clock,
  ) {
    this.client = dataProviderClient(clients, config, {
      provider: this.provider,
      displayName: STANDARD_METRICS,
      baseUrl: 'portfolioDataUrl',
      keyDescription: STANDARD_METRICS_KEY,
    });
  }

  async checkKey(apiKey: string): Promise<void> {
    await this.freshToken(apiKey);
  }

  async portfolio(apiKey: string, companyName: string | undefined): Promise<PortfolioData> {
    const page = await this.get(apiKey, '/v1/companies/', { query: { name: companyName, page_size: 100 } });
    if (!isRecord(page) || !Array.isArray(page.results)) throw new ProviderAnswerShapeException(STANDARD_METRICS, 'a list of companies');
    const companies = recordsOf(page.results)
      .map(portfolioCompany)
      .filter((company) => company !== null);
    if (companyName === undefined) return { companies, metrics: [], facts: [] };

    const chosen = pickByName(
      companies.map((company) => ({ id: company.id, name: company.name, aliases: company.slug ? [company.slug] : [] })),
      companyName,
      STANDARD_METRICS,
      'portfolio company',
    );
    const company = companies.find((candidate) => candidate.id === chosen.id)!;
    const metrics = (await this.metrics(apiKey, company.id)).sort(byPeriod);
    const evidenceUrl = `${this.config.dataProviders.portfolioDataUrl}/v1/metrics/?company_id=${encodeURIComponent(company.id)}`;
    return { companies: [company], metrics, facts: financialFacts(metrics, evidenceUrl) };
  }

  private async metrics(apiKey: string, companyId: string) {
    const metrics = [];
    for (let page = 1; page <= MAX_METRIC_PAGES; page += 1) {
      const body = await this.get(apiKey, '/v1/metrics/', {
        query: { company_id: companyId, page, page_size: METRICS_PAGE_SIZE, include_archived: '0' },
        notFound: `portfolio company with id ${companyId}`,
      });
      if (!isDatumPage(body)) throw new ProviderAnswerShapeException(STANDARD_METRICS, 'a page of metrics');
      metrics.push(...recordsOf(body.results).flatMap((datum) => portfolioMetric(datum) ?? []));
      if (!textOf(body.next)) break;
    }
    return metrics;
  }

  /** A GET with the key's bearer token; a token the API no longer accepts is exchanged once for a new one. */
  private async get(apiKey: string, path: string, request: Omit<ProviderRequest, 'path' | 'headers'>): Promise<unknown> {
    const send = async (token: string) =>
      (await this.client.getJson<unknown>(path, { ...request, headers: { authorization: `Bearer ${token}` }, secrets: [apiKey] })).body;
    const cached = this.cachedToken(apiKey);
    if (!cached) return send(await this.freshToken(apiKey));
    try {
      return await send(cached);
    } catch (error) {
      if (!(error instanceof ProviderCredentialsRejectedException)) throw error;
      this.tokens.delete(tokenKey(apiKey));
      return send(await this.freshToken(apiKey));
    }
  }

  private cachedToken(apiKey: string): string | undefined {
    const cached = this.tokens.get(tokenKey(apiKey));
    return cached && cached.expiresAt > this.clock.now().getTime() ? cached.token : undefined;
  }

  private async freshToken(apiKey: string): Promise<string> {
    const { clientId, clientSecret } = clientCredentials(apiKey);
    const { body } = await this.client.request<unknown>({
      method: 'POST',
      path: '/o/token/',
      form: { grant_type: 'client_credentials' },
      headers: { authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}` },
      secrets: [apiKey, clientSecret],
      // Asking for a token twice is harmless.
      idempotent: true,
    });
    const token = isRecord(body) ? textOf(body.access_token) : null;
    if (!token) throw new ProviderAnswerShapeException(STANDARD_METRICS, 'an access token');
    const lifetimeSeconds = (isRecord(body) && integerOf(body.expires_in)) || 3600;
    this.tokens.set(tokenKey(apiKey), { token, expiresAt: this.clock.now().getTime() + lifetimeSeconds * 1000 - TOKEN_MARGIN_MS });
    return token;
  }
}

/** The configured key split into the OAuth client it stands for; anything else is refused before any request. */
export function clientCredentials(apiKey: string): { clientId: string; clientSecret: string } {
  const separator = apiKey.indexOf(':');
  if (separator <= 0 || separator === apiKey.length - 1) {
    throw new InvalidInputException(
      `A ${STANDARD_METRICS} key is the API client's id and secret joined by a colon (client_id:client_secret); this one has no colon between two parts. Configure it again with configure_data_provider {provider: 'portfolio_data', apiKey}.`,
    );
  }
  return { clientId: apiKey.slice(0, separator), clientSecret: apiKey.slice(separator + 1) };
}

/** Tokens are filed under a hash of the key, so the key itself is kept nowhere in memory but the call. */
function tokenKey(apiKey: string): string {
  return createHash('sha256').update(apiKey).digest('hex');
}

import { Inject, Injectable, Logger } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { RateLimiterMemory, RateLimiterQueue, RateLimiterRedis } from 'rate-limiter-flexible';
import { AppException } from '../common/errors/app.exception.js';
import { AppConfig } from '../config/app-config.js';
import { ProviderHttpClients } from '../providers/http/provider-http-clients.js';
import type { ProviderHttpClient } from '../providers/http/provider-http-client.js';
import { ProviderResourceNotFoundException } from '../providers/http/provider.exceptions.js';
import { SHARED_STATE, type SharedState } from '../redis/redis.module.js';
import { CompanyDirectory, type CompanyTickersDocument } from './company-tickers.js';
import { factsFromCompanyFacts, type CompanyFactsDocument, type EdgarFact } from './edgar-company-facts.js';
import {
  companyFromSubmissions,
  filingIndexUrl,
  filingsFromSubmissions,
  paddedCik,
  type PublicCompany,
  type PublicFiling,
  type SubmissionsDocument,
} from './edgar-submissions.js';

const DISPLAY_NAME = 'SEC EDGAR';
/** The tickers file changes a few times a day at most. */
const TICKERS_FRESH_SECONDS = 86_400;
/** companyfacts of a large filer is tens of megabytes. */
const EDGAR_TIMEOUT_MS = 30_000;

export class EdgarNotConfiguredException extends AppException {
  constructor() {
    super({
      status: 503,
      code: 'INTERNAL_ERROR',
      detail:
        'fetch_public_filings is not available on this service: the SEC requires a User-Agent naming the operator and a contact e-mail, and SEC_USER_AGENT is not set.',
      hint: "Ask the service's operator to set SEC_USER_AGENT (for example 'Acme Capital ops@acme.example').",
    });
  }
}

interface Cached<T> {
  value: T;
  etag: string | null;
  lastModified: string | null;
  fetchedAt: number;
}

export interface CompanySubmissions {
  company: PublicCompany;
  filings: PublicFiling[];
}

/**
 * SEC EDGAR's JSON files: the company tickers file (www.sec.gov/files/company_tickers.json), a
 * company's submissions (data.sec.gov/submissions/CIK##########.json) and its XBRL company facts
 * (data.sec.gov/api/xbrl/companyfacts/CIK##########.json).
 *
 * The SEC's fair-access rules: every request carries the operator's User-Agent (name and e-mail;
 * without SEC_USER_AGENT the adapter does not start), and all replicas together send at most
 * SEC_MAX_REQUESTS_PER_SECOND (≤ 10) in any sliding second: a rate-limiter-flexible counter in
 * Redis when REDIS_URL is set, else in the process; a request waits its turn in a queue rather than
 * being refused. Answers are kept (as
 * their mapped values, which are small) with their ETag / Last-Modified, used as they are for
 * SEC_CACHE_SECONDS, then revalidated with If-None-Match / If-Modified-Since: a 304 costs a
 * request but no download.
 */
@Injectable()
export class EdgarClient {
  private readonly logger = new Logger(EdgarClient.name);
  private readonly data?: ProviderHttpClient;
  private readonly www?: ProviderHttpClient;
  private readonly queue: RateLimiterQueue;
  private readonly cache = new LRUCache<string, Cached<unknown>>({ max: 500 });
  private readonly freshMs: number;
  private readonly wwwUrl: string;

  constructor(config: AppConfig, clients: ProviderHttpClients, @Inject(SHARED_STATE) sharedState: SharedState) {
    const { edgar } = config;
    this.freshMs = edgar.cacheSeconds * 1000;
    this.wwwUrl = edgar.wwwUrl;
    // Fixed one-second windows let a burst at the end of one window meet a burst at the start of the
    // next: windows holding half the allowance keep every sliding second within it.
    const bucket = { keyPrefix: `${config.redisKeyPrefix}:edgar-requests`, points: Math.max(1, Math.floor(edgar.maxRequestsPerSecond / 2)), duration: 1 };
    const limiter =
      sharedState.kind === 'redis'
        ? new RateLimiterRedis({ ...bucket, storeClient: sharedState.client, insuranceLimiter: new RateLimiterMemory(bucket) })
        : new RateLimiterMemory(bucket);
    this.queue = new RateLimiterQueue(limiter, { maxQueueSize: 10_000 });
    if (!edgar.userAgent) {
      this.logger.warn(
        'SEC EDGAR adapter not started: SEC_USER_AGENT is unset (the SEC requires a name and a contact e-mail); fetch_public_filings answers an error',
      );
      return;
    }
    const common = {
      displayName: DISPLAY_NAME,
      credentialsHint: "EDGAR refused the service's requests: the operator should check SEC_USER_AGENT (a name and a contact e-mail) and the request rate.",
      userAgent: edgar.userAgent,
      timeoutMs: EDGAR_TIMEOUT_MS,
    };
    this.data = clients.client({ ...common, provider: 'edgar', baseUrl: edgar.dataUrl });
    this.www = clients.client({ ...common, provider: 'edgar-www', baseUrl: edgar.wwwUrl });
  }

  async companyDirectory(): Promise<CompanyDirectory> {
    return this.cached(this.www, '/files/company_tickers.json', TICKERS_FRESH_SECONDS * 1000, 'company tickers file', (body: CompanyTickersDocument) => {
      if (!body || typeof body !== 'object') throw malformed('company tickers file');
      return new CompanyDirectory(body);
    });
  }

  async submissions(cik: string): Promise<CompanySubmissions> {
    const padded = paddedCik(cik);
    return this.cached(this.data, `/submissions/CIK${padded}.json`, this.freshMs, `company with CIK ${padded}`, (body: SubmissionsDocument) => {
      if (!body?.filings?.recent || !Array.isArray(body.filings.recent.accessionNumber) || typeof body.name !== 'string') {
        throw malformed('submissions file');
      }
      return { company: companyFromSubmissions(body), filings: filingsFromSubmissions(body, this.wwwUrl) };
    });
  }

  /** A registrant that never filed XBRL (most funds, many foreign issuers) has no company facts: none. */
  async companyFacts(cik: string): Promise<EdgarFact[]> {
    const padded = paddedCik(cik);
    try {
      return await this.cached(
        this.data,
        `/api/xbrl/companyfacts/CIK${padded}.json`,
        this.freshMs,
        `XBRL company facts for CIK ${padded}`,
        (body: CompanyFactsDocument) => {
          if (!body?.facts || typeof body.facts !== 'object') throw malformed('company facts file');
          return factsFromCompanyFacts(body, (accession) => filingIndexUrl(this.wwwUrl, padded, accession));
        },
      );
    } catch (error) {
      if (error instanceof ProviderResourceNotFoundException) return [];
      throw error;
    }
  }

  private async cached<Body, T>(client: ProviderHttpClient | undefined, path: string, freshMs: number, what: string, map: (body: Body) => T): Promise<T> {
    if (!client) throw new EdgarNotConfiguredException();
    const key = `${client.provider} ${path}`;
    const entry = this.cache.get(key) as Cached<T> | undefined;
    if (entry && Date.now() - entry.fetchedAt < freshMs) return entry.value;
    const headers: Record<string, string> = {};
    if (entry?.etag) headers['if-none-match'] = entry.etag;
    if (entry?.lastModified) headers['if-modified-since'] = entry.lastModified;
    await this.queue.removeTokens(1);
    const response = await client.getJson<Body>(path, { headers, notFound: what });
    if (response.status === 304 && entry) {
      entry.fetchedAt = Date.now();
      return entry.value;
    }
    const value = map(response.body);
    this.cache.set(key, { value, etag: response.headers.get('etag'), lastModified: response.headers.get('last-modified'), fetchedAt: Date.now() });
    return value;
  }
}

function malformed(what: string): AppException {
  return new AppException({
    status: 503,
    code: 'INTERNAL_ERROR',
    detail: `${DISPLAY_NAME} is unavailable: its ${what} did not have the expected shape.`,
    hint: 'The fault is on the SEC side; call again later.',
  });
}

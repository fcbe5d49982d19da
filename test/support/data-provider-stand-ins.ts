import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Local HTTP servers that play People Data Labs, Affinity and Standard Metrics, answering with the
 * response shapes and error bodies their public documentation gives (recorded below, trimmed to
 * the fields the service reads plus a few it ignores). A test scripts faults ahead of the normal
 * answers: a status with the provider's own error body, a hang (to time out), a reset connection
 * (the provider down) or a body that is not JSON.
 */
export type Fault = { status: number; body?: unknown; headers?: Record<string, string> } | { kind: 'hang' } | { kind: 'reset' } | { kind: 'malformed' };

export interface SeenRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  body: string;
  at: number;
}

type Route = (request: SeenRequest) => { status: number; body: unknown; headers?: Record<string, string> };

export class ProviderStandIn {
  readonly seen: SeenRequest[] = [];
  private faults: Fault[] = [];
  /** While set, every request gets this fault (the provider down, or always slow). */
  private persistent?: Fault;
  private readonly server: Server;
  private readonly hanging: ServerResponse[] = [];
  url = '';

  constructor(private readonly route: Route) {
    this.server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        const url = new URL(request.url!, 'http://stand-in');
        const seen = { method: request.method!, path: url.pathname, query: url.searchParams, headers: request.headers, body, at: Date.now() };
        this.seen.push(seen);
        const fault = this.faults.shift() ?? this.persistent;
        if (fault) return this.fail(fault, request, response);
        const answer = this.route(seen);
        response.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
        response.end(JSON.stringify(answer.body));
      });
    });
  }

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  /** The next requests get these faults, one each, then the normal answers again. */
  script(...faults: Fault[]): void {
    this.faults = faults;
  }

  always(fault: Fault | undefined): void {
    this.persistent = fault;
  }

  requestsTo(path: string): SeenRequest[] {
    return this.seen.filter((request) => request.path === path);
  }

  async stop(): Promise<void> {
    for (const response of this.hanging) response.destroy();
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }

  private fail(fault: Fault, request: IncomingMessage, response: ServerResponse): void {
    if ('status' in fault) {
      response.writeHead(fault.status, { 'content-type': 'application/json', ...fault.headers });
      return void response.end(fault.body === undefined ? '' : JSON.stringify(fault.body));
    }
    if (fault.kind === 'hang') return void this.hanging.push(response);
    if (fault.kind === 'reset') return void request.socket.destroy();
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end('{"status": 200, "name": "acme robotics", "employee_count": 14');
  }
}

// --- People Data Labs (docs.peopledatalabs.com: Company Enrichment API, Errors & Status Codes) ---

export const PDL_KEY = 'pdl_PLANTED_company_data_key_5c2e';

/** PDL's error envelope: `{status, error: {type, message}}`. */
export const pdlError = (status: number, type: string, message: string) => ({ status, error: { type, message } });

/** A company record as the Company Enrichment API returns it: profile fields at the top level, beside status and likelihood. */
export const PDL_ACME = {
  status: 200,
  name: 'acme robotics',
  display_name: 'Acme Robotics',
  size: '51-200',
  employee_count: 142,
  id: 'tnHcNHbCv8MKeLh92946LAkX6PKg',
  founded: 2017,
  industry: 'industrial automation',
  naics: [{ naics_code: '333998', sector: 'manufacturing' }],
  location: {
    name: 'pittsburgh, pennsylvania, united states',
    locality: 'pittsburgh',
    region: 'pennsylvania',
    metro: 'pittsburgh, pennsylvania',
    country: 'united states',
    continent: 'north america',
    street_address: '100 robot way',
    postal_code: '15213',
    geo: '40.44,-79.99',
  },
  linkedin_id: '18170482',
  linkedin_url: 'linkedin.com/company/acme-robotics',
  linkedin_slug: 'acme-robotics',
  facebook_url: null,
  twitter_url: null,
  profiles: ['linkedin.com/company/acme-robotics'],
  website: 'acme-robotics.com',
  ticker: null,
  type: 'private',
  summary: 'acme robotics builds warehouse picking robots.',
  tags: ['robotics', 'warehouse automation'],
  headline: 'Robots that pick',
  alternative_names: ['acme robotics inc'],
  alternative_domains: [],
  affiliated_profiles: [],
  total_funding_raised: 42500000,
  latest_funding_stage: 'series_b',
  last_funding_date: '2025-11-04',
  number_funding_rounds: 4,
  funding_stages: ['seed', 'series_a', 'series_b'],
  employee_count_by_country: { 'united states': 130, canada: 12 },
  dataset_version: '29.2',
  likelihood: 8,
};

export function peopleDataLabs(): ProviderStandIn {
  return new ProviderStandIn((request) => {
    if (request.headers['x-api-key'] !== PDL_KEY)
      return { status: 401, body: pdlError(401, 'authentication_error', 'Request contained a missing or invalid key') };
    if (request.path === '/v5/autocomplete') return { status: 200, body: { status: 200, data: [{ name: 'acme robotics', count: 142 }], fields: ['company'] } };
    if (request.path === '/v5/company/enrich') {
      const website = request.query.get('website');
      const name = request.query.get('name')?.toLowerCase();
      if (website === PDL_ACME.website || name === 'acme robotics') return { status: 200, body: PDL_ACME };
      return { status: 404, body: pdlError(404, 'not_found', 'No records were found matching your request') };
    }
    return { status: 404, body: pdlError(404, 'not_found', 'Not found') };
  });
}

// --- Affinity API v1 (api-docs.affinity.co; shapes as its v1 fixtures record them) ---

export const AFFINITY_KEY = 'aff_PLANTED_crm_key_91b0';

/** Affinity's error envelope (the `errors` array of its API documentation). */
export const affinityError = (code: string, message: string) => ({ errors: [{ code, message }] });

const AFFINITY_ORGANIZATIONS = [
  { id: 64779194, name: 'Acme Robotics', domain: 'acme-robotics.com', domains: ['acme-robotics.com'], global: false },
  { id: 1513682, name: 'Acme Robotics Holdings', domain: 'acmeholdings.com', domains: ['acmeholdings.com'], global: true },
  { id: 7001, name: 'Globex Energy', domain: 'globex.com', domains: ['globex.com'], global: false },
  { id: 7002, name: 'Globex Labs', domain: 'globexlabs.com', domains: ['globexlabs.com'], global: false },
];

const AFFINITY_ACME = {
  ...AFFINITY_ORGANIZATIONS[0],
  crunchbase_uuid: null,
  person_ids: [89734, 117270],
  opportunity_ids: [4],
  list_entries: [{ id: 389, list_id: 26, creator_id: 38603, entity_id: 64779194, entity_type: 1, created_at: '2026-03-11T02:26:56.537-08:00' }],
  interaction_dates: {
    first_email_date: '2025-11-23T08:12:45.328-08:00',
    last_email_date: '2026-10-04T05:06:07.890-07:00',
    last_event_date: '2026-09-11T02:26:56.537-07:00',
    last_chat_message_date: null,
    last_interaction_date: '2026-10-04T05:06:07.890-07:00',
    next_event_date: '2026-12-03T17:00:00.000-08:00',
    first_event_date: '2026-01-10T08:18:00.329-08:00',
  },
  interactions: {
    first_email: { date: '2025-11-23T08:12:45.328-08:00', person_ids: [89734] },
    last_email: { date: '2026-10-04T05:06:07.890-07:00', person_ids: [89734, 38603] },
    last_event: { date: '2026-09-11T02:26:56.537-07:00', person_ids: [117270] },
    last_chat_message: null,
    last_interaction: { date: '2026-10-04T05:06:07.890-07:00', person_ids: [89734, 38603] },
    next_event: { date: '2026-12-03T17:00:00.000-08:00', person_ids: [89734, 117270] },
    first_event: { date: '2026-01-10T08:18:00.329-08:00', person_ids: [89734] },
  },
};

const AFFINITY_PERSONS: Record<number, unknown> = {
  89734: {
    id: 89734,
    type: 0,
    first_name: 'Dana',
    last_name: 'Okafor',
    primary_email: 'dana@acme-robotics.com',
    emails: ['dana@acme-robotics.com'],
    organization_ids: [64779194],
  },
  117270: {
    id: 117270,
    type: 1,
    first_name: 'Sam',
    last_name: 'Reyes',
    primary_email: 'sam@ourfund.vc',
    emails: ['sam@ourfund.vc'],
    organization_ids: [64779194],
  },
};

const AFFINITY_DEAL_FLOW = {
  id: 26,
  type: 1,
  name: 'Deal Flow',
  public: true,
  owner_id: 38603,
  creator_id: 38603,
  list_size: 412,
  fields: [
    { id: 1625, name: 'Status', value_type: 7, allows_multiple: false, dropdown_options: [{ id: 886, text: 'Diligence', rank: 3, color: 2 }] },
    { id: 1626, name: 'Owners', value_type: 0, allows_multiple: true, dropdown_options: [] },
  ],
};

const AFFINITY_NOTES = [
  {
    id: 20421454,
    creator_id: 38603,
    person_ids: [89734],
    associated_person_ids: [89734],
    interaction_person_ids: [],
    interaction_id: null,
    interaction_type: null,
    is_meeting: false,
    mentioned_person_ids: [],
    organization_ids: [64779194],
    opportunity_ids: [],
    parent_id: null,
    content: 'First call: 40% of revenue from two customers.',
    type: 0,
    created_at: '2026-09-12T10:00:00.000-07:00',
    updated_at: null,
  },
  {
    id: 20421456,
    creator_id: 38603,
    person_ids: [],
    associated_person_ids: [],
    interaction_person_ids: [],
    interaction_id: null,
    interaction_type: null,
    is_meeting: true,
    mentioned_person_ids: [],
    organization_ids: [64779194],
    opportunity_ids: [],
    parent_id: null,
    content: 'Partner meeting: move to diligence.',
    type: 0,
    created_at: '2026-10-05T09:30:00.000-07:00',
    updated_at: null,
  },
];

export function affinity(): ProviderStandIn {
  return new ProviderStandIn((request) => {
    if (request.headers.authorization !== `Basic ${Buffer.from(`:${AFFINITY_KEY}`).toString('base64')}`)
      return { status: 401, body: affinityError('authentication', 'Authentication failed: the API key is not valid.') };
    const notFound = { status: 404, body: affinityError('not-found', 'Resource not found.') };
    if (request.path === '/auth/whoami')
      return {
        status: 200,
        body: {
          grant: { createdAt: '2026-01-01T00:00:00.000Z', scope: 'external_api', type: 'api_key' },
          tenant: { id: 12345, name: 'Our Fund', subdomain: 'ourfund' },
          user: { email: 'sam@ourfund.vc', firstName: 'Sam', id: 117270, lastName: 'Reyes' },
        },
      };
    if (request.path === '/organizations') {
      const term = (request.query.get('term') ?? '').toLowerCase();
      const organizations = AFFINITY_ORGANIZATIONS.filter(
        (organization) => organization.name.toLowerCase().includes(term) || organization.domain.includes(term),
      );
      return { status: 200, body: { organizations, next_page_token: null } };
    }
    if (request.path === `/organizations/${AFFINITY_ACME.id}`) return { status: 200, body: AFFINITY_ACME };
    const person = /^\/persons\/(\d+)$/.exec(request.path);
    if (person) return AFFINITY_PERSONS[Number(person[1])] ? { status: 200, body: AFFINITY_PERSONS[Number(person[1])] } : notFound;
    if (request.path === '/lists/26') return { status: 200, body: AFFINITY_DEAL_FLOW };
    if (request.path === '/field-values' && request.query.get('list_entry_id') === '389')
      return {
        status: 200,
        body: [
          {
            id: 250616,
            field_id: 1625,
            list_entry_id: 389,
            entity_type: 1,
            value_type: 7,
            entity_id: 64779194,
            value: { id: 886, text: 'Diligence', rank: 3, color: 2 },
          },
          { id: 250617, field_id: 1626, list_entry_id: 389, entity_type: 1, value_type: 0, entity_id: 64779194, value: 117270 },
        ],
      };
    if (request.path === '/notes' && request.query.get('organization_id') === String(AFFINITY_ACME.id))
      return { status: 200, body: { notes: AFFINITY_NOTES, next_page_token: null } };
    return notFound;
  });
}

// --- Standard Metrics (api.standardmetrics.io: OAuth token, companies, metrics) ---

export const STANDARD_METRICS_CLIENT_ID = 'sm_client_4f1a';
export const STANDARD_METRICS_SECRET = 'sm_PLANTED_portfolio_secret_0d77';
export const STANDARD_METRICS_KEY = `${STANDARD_METRICS_CLIENT_ID}:${STANDARD_METRICS_SECRET}`;
export const STANDARD_METRICS_TOKEN = 'sm-access-token-7Q2b';

const SM_COMPANIES = [
  {
    id: 'RjX8',
    name: 'Acme Robotics',
    slug: 'acme-robotics',
    city: 'Pittsburgh',
    description: 'Warehouse picking robots',
    sector: 'Hardware',
    firm_sector: 'Robotics',
    fiscal_year_end: '12/31',
    invested_fund_ids: ['fund1'],
    investment_lead_id: null,
    logo_url: 'https://cdn.example/acme.png',
    reporting_currency: 'USD',
    status: 'online',
    unique_ref: 'acme-1',
    website: 'https://acme-robotics.com',
  },
  {
    id: 'Qp3z',
    name: 'Globex Energy',
    slug: 'globex-energy',
    city: 'Austin',
    description: '',
    sector: 'Sustainability',
    firm_sector: 'Energy',
    fiscal_year_end: '06/30',
    invested_fund_ids: [],
    investment_lead_id: null,
    logo_url: 'https://cdn.example/globex.png',
    reporting_currency: 'EUR',
    status: 'offline',
    unique_ref: 'globex-1',
    website: '',
  },
];

const datum = (id: string, category: string, value: string | null, date: string, cadence: string, extra: Record<string, unknown> = {}) => ({
  id,
  value,
  currency: 'USD',
  converted_value: value,
  preferred_currency: 'USD',
  date,
  category,
  category_type: 'Money',
  category_id: `cat-${category}`,
  cadence,
  is_budget_metric: false,
  budget_id: null,
  custom_metric: null,
  fx_rate: null,
  detailed_source: 'Financial statements upload',
  updated_at: '2026-10-15T12:00:00Z',
  created_at: '2026-10-15T12:00:00Z',
  company_id: 'RjX8',
  deleted_at: null,
  archived: false,
  ...extra,
});

export const SM_ACME_METRICS = [
  datum('d1', 'revenue', '1250000', '2026-09-30', 'quarter'),
  datum('d2', 'cost_of_goods_sold', '-500000', '2026-09-30', 'quarter'),
  datum('d3', 'cash_in_bank', '8400000', '2026-09-30', 'point_in_time'),
  datum('d4', 'arr', '5200000', '2026-09-30', 'point_in_time'),
  datum('d5', 'runway', '26', '2026-09-30', 'point_in_time', { currency: null, category_type: 'Decimal' }),
  datum('d6', 'revenue', '1100000', '2026-06-30', 'quarter'),
  datum('d7', 'revenue', '1400000', '2026-12-31', 'quarter', { is_budget_metric: true, budget_id: 'yzJm' }),
];

export function standardMetrics(): ProviderStandIn {
  return new ProviderStandIn((request) => {
    if (request.path === '/o/token/') {
      const basic = `Basic ${Buffer.from(STANDARD_METRICS_KEY).toString('base64')}`;
      if (request.method !== 'POST' || request.headers.authorization !== basic || new URLSearchParams(request.body).get('grant_type') !== 'client_credentials')
        return { status: 401, body: { error: 'invalid_client' } };
      return { status: 200, body: { access_token: STANDARD_METRICS_TOKEN, expires_in: 3600, token_type: 'Bearer', scope: 'read write' } };
    }
    if (request.headers.authorization !== `Bearer ${STANDARD_METRICS_TOKEN}`)
      return { status: 401, body: { detail: 'Authentication credentials were not provided.' } };
    if (request.path === '/v1/companies/') {
      const name = request.query.get('name')?.toLowerCase();
      const results = SM_COMPANIES.filter((company) => !name || company.name.toLowerCase().includes(name));
      return { status: 200, body: { count: results.length, next: null, previous: null, results } };
    }
    if (request.path === '/v1/metrics/') {
      const results = request.query.get('company_id') === 'RjX8' ? SM_ACME_METRICS : [];
      return { status: 200, body: { count: results.length, next: null, previous: null, results } };
    }
    return { status: 404, body: { detail: 'Not found.' } };
  });
}

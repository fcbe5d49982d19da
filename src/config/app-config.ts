import { plainToInstance } from 'class-transformer';
import { validateSync, type ValidationError } from 'class-validator';
import { resolveUsagePlan, type UsagePlan } from './usage-plan.js';
import { privateKeyToAddress } from 'viem/accounts';
import { EnvironmentSchema } from './environment.schema.js';
import type { DocumentLimits } from './document-limits.js';

/** The route classes that carry their own rate limit. */
export const RATE_LIMITED_ROUTE_CLASSES = ['discovery', 'token', 'registration', 'mcp', 'signInPerEmail', 'signInPerAddress', 'machineRegistration'] as const;
export type RateLimitedRouteClass = (typeof RATE_LIMITED_ROUTE_CLASSES)[number];

export interface RateLimitPolicy {
  limit: number;
  windowSeconds: number;
}

/** The model behind ANALYSIS_ENGINE=llm (src/analysis/llm). `apiKey` is a secret: never logged or returned. */
export interface LlmSettings {
  provider: 'openai' | 'anthropic';
  model: string;
  baseUrl: string;
  apiKey: string;
  timeoutMs: number;
  /** Whether the PDF goes to the model as a file part (models that take text only refuse one). */
  sendPdf: boolean;
  /** Pages per model call: longer documents are read in windows. */
  maxPagesPerCall: number;
}

/** Where each provider's API lives unless LLM_BASE_URL says otherwise. */
export const LLM_DEFAULT_BASE_URLS: Record<LlmSettings['provider'], string> = {
  openai: 'https://api.openai.com/v1',
  anthropic: 'https://api.anthropic.com/v1',
};
/** One entry of SANCTIONS_LISTS. */
export interface SanctionsListSource {
  format: 'ofac-csv';
  url: string;
}

export const SANCTIONS_LIST_FORMATS = ['ofac-csv'] as const;

export interface EmbeddedPostgresSettings {
  dataDirectory: string;
  port: number;
}

/** Raised when the environment fails validation; its message names every bad variable. */
export class ConfigurationError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigurationError';
  }
}

/**
 * The validated, typed configuration. Built once from the environment by `loadConfiguration`
 * and provided to every module through Nest DI (see ConfigModule).
 */
export class AppConfig {
  readonly nodeEnv: 'development' | 'test' | 'production';
  /** `web` serves HTTP, `worker` runs jobs, `all` does both. */
  readonly role: 'web' | 'worker' | 'all';
  readonly port: number;
  readonly host: string;
  readonly baseUrl: string;
  readonly agentsUrl: string;
  /** Unset: main.ts starts the embedded PostgreSQL and passes its URL in. */
  readonly databaseUrl?: string;
  readonly databasePoolSize: number;
  readonly embeddedPostgres: EmbeddedPostgresSettings;
  readonly redisUrl?: string;
  readonly redisKeyPrefix: string;
  /** Fastify's trustProxy: false, a hop count, or the proxies' addresses (never "every hop"). */
  readonly trustProxy: false | number | string[];
  readonly rateLimits: Readonly<Record<RateLimitedRouteClass, RateLimitPolicy>>;
  readonly httpBodyLimitBytes: number;
  readonly shutdownGraceMs: number;
  readonly jobs: { leaseMs: number; sweepIntervalMs: number };
  /** The bound within which a revocation reaches every replica without Redis. */
  readonly tokenRevocationSyncSeconds: number;
  readonly logLevel: string;
  /** Unset: main.ts supplies a generated development key (never in production). */
  readonly encryptionKeys?: string;
  readonly externalIdentityProvider?: { issuer: string; jwksUrl: string };
  readonly documents: {
    storageDirectory: string;
    maxBytes: number;
    /** What the document reader accepts beyond bytes (DOCUMENT_MAX_PAGES, _ROWS, _TEXT_CHARS, the inflation and archive limits). */
    limits: DocumentLimits;
    /** The worker threads that read documents and run the built-in analysis (DOCUMENT_WORKER_*, DOCUMENT_TASK_TIMEOUT_SECONDS). */
    work: { threads: number; memoryMb: number; taskTimeoutMs: number };
    uploadTtlSeconds: number;
    /** How long an analysis tool waits for a document still being processed. */
    processingWaitSeconds: number;
    s3?: { bucket: string; region: string; endpoint?: string; forcePathStyle: boolean; credentials?: { accessKeyId: string; secretAccessKey: string } };
  };
  /** OCR of scanned pages and images while documents are processed (the OCR_PORT adapter). */
  readonly ocr: { enabled: boolean; maxPages: number; renderScale: number };
  /** The price and free-quota table: the spec's values with USAGE_PLAN_OVERRIDES applied. */
  readonly usagePlan: UsagePlan;
  readonly payments: {
    stripe?: { secretKey: string; publishableKey?: string; webhookSecret?: string; apiUrl: string; jsUrl: string };
    wallet?: { payee: string; chainId: number; usdc: string; settlement?: { rpcUrl: string; key: `0x${string}` } };
    /** The sandbox rail (no money moves): only outside production, with no real rail, unless PAYMENT_SANDBOX=false. */
    sandbox: boolean;
  };
  /** The analysis engine: the built-in one, or a model (with its settings). */
  readonly analysis: { engine: 'builtin' | 'llm'; llm?: LlmSettings };
  /** Where the data providers' APIs live (operator settings, for proxies and stand-ins) and how long one try may take. */
  readonly dataProviders: { companyDataUrl: string; crmUrl: string; portfolioDataUrl: string; timeoutMs: number };
  /** Entity screening: local sanctions lists, thresholds and the compliance providers (entity_compliance_agent). */
  readonly screening: {
    lists: SanctionsListSource[];
    refreshHours: number;
    thresholds: { review: number; match: number };
    providers: { complianceA: { baseUrl: string }; complianceB: { baseUrl: string }; timeoutMs: number };
  };
  /** Extra browser origins allowed on /mcp; `*` allows any. */
  readonly mcpAllowedOrigins: readonly string[];
  /** Most messages in one JSON-RPC batch; each counts against the `mcp` rate limit. */
  readonly mcpMaxBatchSize: number;
  /** Fetches of callers' links; `testLoopbackPorts` is empty outside NODE_ENV=test. */
  readonly outbound: { timeoutMs: number; testLoopbackPorts: readonly number[] };
  readonly sharelink: { apiUrl: string };
  /** SEC EDGAR; no `userAgent`: the adapter does not start. */
  readonly edgar: { userAgent?: string; dataUrl: string; wwwUrl: string; timeoutMs: number; maxRequestsPerSecond: number; cacheSeconds: number };

  constructor(values: Omit<AppConfig, 'withDatabaseUrl' | 'withEncryptionKeys'>) {
    Object.assign(this, values);
    Object.freeze(this);
  }

  withDatabaseUrl(databaseUrl: string): AppConfig {
    return new AppConfig({ ...this, databaseUrl });
  }

  withEncryptionKeys(encryptionKeys: string): AppConfig {
    return new AppConfig({ ...this, encryptionKeys });
  }
}

function parseTrustProxy(value: string): false | number | string[] {
  if (value === 'false' || value === '0') return false;
  return /^\d$/.test(value) ? Number(value) : value.split(',');
}

export function loadConfiguration(environment: NodeJS.ProcessEnv = process.env): AppConfig {
  const known = Object.keys(new EnvironmentSchema());
  // An empty variable means "not set", as in most deployment tools.
  const present = Object.fromEntries(
    known.filter((name) => environment[name] !== undefined && environment[name] !== '').map((name) => [name, environment[name]]),
  );
  const schema = plainToInstance(EnvironmentSchema, present);
  const errors = validateSync(schema, { skipMissingProperties: false });
  const problems = errors.map(describeBadVariable);
  if (Boolean(schema.OAUTH_ISSUER) !== Boolean(schema.OAUTH_JWKS_URL)) {
    problems.push('OAUTH_ISSUER and OAUTH_JWKS_URL: set both or neither');
  }
  const usagePlan = resolveUsagePlan(schema.USAGE_PLAN_OVERRIDES);
  if ('problems' in usagePlan) problems.push(...usagePlan.problems);
  if (Boolean(schema.S3_ACCESS_KEY_ID) !== Boolean(schema.S3_SECRET_ACCESS_KEY)) {
    problems.push('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: set both or neither');
  }
  if (schema.PAYMENT_RPC_URL) {
    if (!schema.PAYMENT_WALLET_ADDRESS || !schema.PAYMENT_SETTLEMENT_KEY)
      problems.push('PAYMENT_RPC_URL: settlement needs PAYMENT_WALLET_ADDRESS and PAYMENT_SETTLEMENT_KEY too');
    else if (
      /^0x[0-9a-fA-F]{64}$/.test(schema.PAYMENT_SETTLEMENT_KEY) &&
      privateKeyToAddress(schema.PAYMENT_SETTLEMENT_KEY as `0x${string}`).toLowerCase() !== schema.PAYMENT_WALLET_ADDRESS.toLowerCase()
    ) {
      problems.push('PAYMENT_SETTLEMENT_KEY: must be the key of PAYMENT_WALLET_ADDRESS (it refunds what that address received)');
    }
  }
  if (schema.ROLE !== 'all' && !schema.DATABASE_URL) {
    problems.push(
      `ROLE: a ${schema.ROLE} process shares its database with the other roles' processes: set DATABASE_URL (the embedded PostgreSQL serves one process)`,
    );
  }
  if (schema.NODE_ENV === 'production' && schema.PAYMENT_SANDBOX === true) {
    problems.push('PAYMENT_SANDBOX: the sandbox rail never exists in production (no money would move for paid calls)');
  }
  if (schema.NODE_ENV === 'production' && !schema.ENCRYPTION_KEYS) {
    problems.push('ENCRYPTION_KEYS: required in production');
  }
  if (schema.ANALYSIS_ENGINE === 'llm') {
    if (!schema.LLM_MODEL) problems.push('LLM_MODEL: required with ANALYSIS_ENGINE=llm (the model id, e.g. gpt-4.1 or claude-sonnet-4-5)');
    if (!schema.LLM_API_KEY) problems.push(`LLM_API_KEY: required with ANALYSIS_ENGINE=llm (the API key of LLM_PROVIDER=${schema.LLM_PROVIDER})`);
  }
  if (schema.OUTBOUND_TEST_LOOPBACK_PORTS && schema.NODE_ENV !== 'test') {
    problems.push('OUTBOUND_TEST_LOOPBACK_PORTS: a test-only allowance, refused unless NODE_ENV is test (it would let callers reach this host)');
  }
  const sanctionsLists = parseSanctionsLists(schema.SANCTIONS_LISTS ?? '');
  if ('problem' in sanctionsLists) problems.push(sanctionsLists.problem);
  if (schema.SCREENING_REVIEW_THRESHOLD >= schema.SCREENING_MATCH_THRESHOLD) {
    problems.push('SCREENING_MATCH_THRESHOLD: must be above SCREENING_REVIEW_THRESHOLD');
  }
  if (problems.length > 0) throw new ConfigurationError(problems);

  const localUrl = `http://localhost:${schema.PORT}`;
  return new AppConfig({
    nodeEnv: schema.NODE_ENV as AppConfig['nodeEnv'],
    role: schema.ROLE as AppConfig['role'],
    port: schema.PORT,
    host: schema.HOST,
    baseUrl: withoutTrailingSlash(schema.BASE_URL ?? localUrl),
    agentsUrl: withoutTrailingSlash(schema.AGENTS_URL ?? localUrl),
    databaseUrl: schema.DATABASE_URL,
    databasePoolSize: schema.DATABASE_POOL_SIZE,
    embeddedPostgres: { dataDirectory: schema.EMBEDDED_POSTGRES_DIR, port: schema.EMBEDDED_POSTGRES_PORT },
    redisUrl: schema.REDIS_URL,
    redisKeyPrefix: schema.REDIS_KEY_PREFIX,
    trustProxy: parseTrustProxy(schema.TRUST_PROXY),
    rateLimits: {
      discovery: parseRateLimit(schema.RATE_LIMIT_DISCOVERY),
      token: parseRateLimit(schema.RATE_LIMIT_TOKEN),
      registration: parseRateLimit(schema.RATE_LIMIT_REGISTRATION),
      mcp: parseRateLimit(schema.RATE_LIMIT_MCP),
      signInPerEmail: parseRateLimit(schema.RATE_LIMIT_SIGN_IN_EMAIL),
      signInPerAddress: parseRateLimit(schema.RATE_LIMIT_SIGN_IN_ADDRESS),
      machineRegistration: { limit: schema.M2M_REGISTRATION_LIMIT, windowSeconds: 24 * 60 * 60 },
    },
    httpBodyLimitBytes: schema.HTTP_BODY_LIMIT_BYTES,
    shutdownGraceMs: schema.SHUTDOWN_GRACE_MS,
    jobs: { leaseMs: schema.JOB_LEASE_MS, sweepIntervalMs: schema.JOB_SWEEP_INTERVAL_MS },
    tokenRevocationSyncSeconds: schema.TOKEN_REVOCATION_SYNC_SECONDS,
    logLevel: schema.LOG_LEVEL,
    encryptionKeys: schema.ENCRYPTION_KEYS,
    externalIdentityProvider: schema.OAUTH_ISSUER && schema.OAUTH_JWKS_URL ? { issuer: schema.OAUTH_ISSUER, jwksUrl: schema.OAUTH_JWKS_URL } : undefined,
    usagePlan: (usagePlan as { plan: UsagePlan }).plan,
    payments: {
      stripe: schema.STRIPE_SECRET_KEY
        ? {
            secretKey: schema.STRIPE_SECRET_KEY,
            publishableKey: schema.STRIPE_PUBLISHABLE_KEY,
            webhookSecret: schema.STRIPE_WEBHOOK_SECRET,
            apiUrl: withoutTrailingSlash(schema.STRIPE_API_URL),
            jsUrl: schema.STRIPE_JS_URL,
          }
        : undefined,
      wallet: schema.PAYMENT_WALLET_ADDRESS
        ? {
            payee: schema.PAYMENT_WALLET_ADDRESS,
            chainId: schema.PAYMENT_CHAIN_ID,
            usdc: schema.PAYMENT_USDC_ADDRESS,
            settlement:
              schema.PAYMENT_RPC_URL && schema.PAYMENT_SETTLEMENT_KEY
                ? { rpcUrl: schema.PAYMENT_RPC_URL, key: schema.PAYMENT_SETTLEMENT_KEY as `0x${string}` }
                : undefined,
          }
        : undefined,
      sandbox: schema.NODE_ENV !== 'production' && schema.PAYMENT_SANDBOX !== false && !schema.STRIPE_SECRET_KEY && !schema.PAYMENT_WALLET_ADDRESS,
    },
    ocr: { enabled: schema.OCR_ENABLED, maxPages: schema.OCR_MAX_PAGES, renderScale: schema.OCR_RENDER_SCALE },
    analysis: {
      engine: schema.ANALYSIS_ENGINE as AppConfig['analysis']['engine'],
      llm:
        schema.ANALYSIS_ENGINE === 'llm'
          ? {
              provider: schema.LLM_PROVIDER as LlmSettings['provider'],
              model: schema.LLM_MODEL!,
              baseUrl: withoutTrailingSlash(schema.LLM_BASE_URL ?? LLM_DEFAULT_BASE_URLS[schema.LLM_PROVIDER as LlmSettings['provider']]),
              apiKey: schema.LLM_API_KEY!,
              timeoutMs: schema.LLM_TIMEOUT_MS,
              sendPdf: schema.LLM_SEND_PDF,
              maxPagesPerCall: schema.LLM_MAX_PAGES_PER_CALL,
            }
          : undefined,
    },
    dataProviders: {
      companyDataUrl: withoutTrailingSlash(schema.COMPANY_DATA_API_URL),
      crmUrl: withoutTrailingSlash(schema.CRM_API_URL),
      portfolioDataUrl: withoutTrailingSlash(schema.PORTFOLIO_DATA_API_URL),
      timeoutMs: schema.DATA_PROVIDER_TIMEOUT_MS,
    },
    screening: {
      lists: 'lists' in sanctionsLists ? sanctionsLists.lists : [],
      refreshHours: schema.SANCTIONS_REFRESH_HOURS,
      thresholds: { review: schema.SCREENING_REVIEW_THRESHOLD, match: schema.SCREENING_MATCH_THRESHOLD },
      providers: {
        complianceA: { baseUrl: withoutTrailingSlash(schema.COMPLIANCE_A_BASE_URL) },
        complianceB: { baseUrl: withoutTrailingSlash(schema.COMPLIANCE_B_BASE_URL) },
        timeoutMs: schema.COMPLIANCE_TIMEOUT_MS,
      },
    },
    mcpAllowedOrigins: schema.MCP_ALLOWED_ORIGINS ? schema.MCP_ALLOWED_ORIGINS.split(',') : [],
    mcpMaxBatchSize: schema.MCP_MAX_BATCH_SIZE,
    outbound: {
      timeoutMs: schema.OUTBOUND_FETCH_TIMEOUT_MS,
      testLoopbackPorts: schema.NODE_ENV === 'test' && schema.OUTBOUND_TEST_LOOPBACK_PORTS ? schema.OUTBOUND_TEST_LOOPBACK_PORTS.split(',').map(Number) : [],
    },
    sharelink: { apiUrl: withoutTrailingSlash(schema.SHARELINK_API_URL) },
    edgar: {
      userAgent: schema.SEC_USER_AGENT?.trim(),
      dataUrl: withoutTrailingSlash(schema.SEC_DATA_URL),
      wwwUrl: withoutTrailingSlash(schema.SEC_WWW_URL),
      timeoutMs: schema.SEC_TIMEOUT_MS,
      maxRequestsPerSecond: schema.SEC_MAX_REQUESTS_PER_SECOND,
      cacheSeconds: schema.SEC_CACHE_SECONDS,
    },
    documents: {
      storageDirectory: schema.DOCUMENT_STORAGE_DIR,
      maxBytes: schema.DOCUMENT_MAX_BYTES,
      limits: {
        maxPages: schema.DOCUMENT_MAX_PAGES,
        maxRows: schema.DOCUMENT_MAX_ROWS,
        maxTextChars: schema.DOCUMENT_MAX_TEXT_CHARS,
        maxInflatedBytes: schema.DOCUMENT_MAX_INFLATED_BYTES,
        maxInflatedTotalBytes: schema.DOCUMENT_MAX_INFLATED_TOTAL_BYTES,
        maxContentStreamBytes: schema.DOCUMENT_MAX_CONTENT_STREAM_BYTES,
        maxArchiveEntries: schema.DOCUMENT_MAX_ARCHIVE_ENTRIES,
        maxCompressionRatio: schema.DOCUMENT_MAX_COMPRESSION_RATIO,
      },
      work: { threads: schema.DOCUMENT_WORKER_THREADS, memoryMb: schema.DOCUMENT_WORKER_MEMORY_MB, taskTimeoutMs: schema.DOCUMENT_TASK_TIMEOUT_SECONDS * 1000 },
      uploadTtlSeconds: schema.DOCUMENT_UPLOAD_TTL_SECONDS,
      processingWaitSeconds: schema.DOCUMENT_PROCESSING_WAIT_SECONDS,
      s3: schema.S3_BUCKET
        ? {
            bucket: schema.S3_BUCKET,
            region: schema.S3_REGION,
            endpoint: schema.S3_ENDPOINT,
            forcePathStyle: schema.S3_FORCE_PATH_STYLE,
            credentials:
              schema.S3_ACCESS_KEY_ID && schema.S3_SECRET_ACCESS_KEY
                ? { accessKeyId: schema.S3_ACCESS_KEY_ID, secretAccessKey: schema.S3_SECRET_ACCESS_KEY }
                : undefined,
          }
        : undefined,
    },
  });
}

function describeBadVariable(error: ValidationError): string {
  const reasons = Object.values(error.constraints ?? {}).join('; ');
  // Values are not echoed: the variable may hold a secret.
  return `${error.property}: ${reasons}`;
}

function withoutTrailingSlash(url: string): string {
  return url.replace(/\/+$/, '');
}

/** `format:url` entries, comma-separated; the URL http(s):// or file://. */
function parseSanctionsLists(value: string): { lists: SanctionsListSource[] } | { problem: string } {
  const lists: SanctionsListSource[] = [];
  for (const item of value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)) {
    const separator = item.indexOf(':');
    const format = item.slice(0, separator);
    const url = item.slice(separator + 1);
    if (separator < 1 || !(SANCTIONS_LIST_FORMATS as readonly string[]).includes(format)) {
      return { problem: `SANCTIONS_LISTS: each entry is format:url with a format among ${SANCTIONS_LIST_FORMATS.join(', ')}` };
    }
    if (!/^(https?|file):\/\/\S+$/.test(url)) return { problem: 'SANCTIONS_LISTS: each URL must start with http://, https:// or file://' };
    lists.push({ format: format as SanctionsListSource['format'], url });
  }
  return { lists };
}

function parseRateLimit(value: string): RateLimitPolicy {
  const [limit, windowSeconds] = value.split('/').map(Number);
  return { limit, windowSeconds };
}

import { Transform } from 'class-transformer';
import { IsBoolean, IsIn, IsInt, IsNumber, IsOptional, IsString, IsUrl, Matches, Max, Min, MinLength } from 'class-validator';
import { EnvironmentVariable } from './environment-variable.decorator.js';

const toInteger = ({ value }: { value: unknown }) => (typeof value === 'string' && /^-?\d+$/.test(value.trim()) ? Number(value.trim()) : value);

const toNumber = ({ value }: { value: unknown }) => (typeof value === 'string' && /^\d+(\.\d+)?$/.test(value.trim()) ? Number(value.trim()) : value);

const toBoolean = ({ value }: { value: unknown }) => {
  if (typeof value !== 'string') return value;
  const normalised = value.trim().toLowerCase();
  if (['true', '1', 'yes'].includes(normalised)) return true;
  if (['false', '0', 'no'].includes(normalised)) return false;
  return value;
};

const RATE_LIMIT_FORMAT = /^[1-9]\d*\/[1-9]\d*$/;
const RATE_LIMIT_MESSAGE = '$property must look like LIMIT/WINDOW_SECONDS, for example 120/60';
const HTTP_URL: Parameters<typeof IsUrl>[0] = { protocols: ['http', 'https'], require_tld: false, require_protocol: true };

/**
 * Every variable the service reads, validated once at start-up.
 * A bad or missing value stops the process with a message naming each bad variable.
 */
export class EnvironmentSchema {
  @EnvironmentVariable({ description: '`development`, `test` or `production`.' })
  @IsIn(['development', 'test', 'production'])
  NODE_ENV = 'development';

  @EnvironmentVariable({
    description:
      'What this process does: `web` serves HTTP (and queues jobs), `worker` runs jobs and serves no HTTP, `all` does both. Scale heavy work by adding `worker` processes.',
  })
  @IsIn(['web', 'worker', 'all'])
  ROLE = 'all';

  @EnvironmentVariable({ description: 'TCP port of the HTTP server (0 picks a free one).' })
  @Transform(toInteger)
  @IsInt()
  @Min(0)
  @Max(65535)
  PORT = 3000;

  @EnvironmentVariable({
    description: 'Interface to listen on; `localhost` binds loopback only, use `0.0.0.0` in a container.',
  })
  @IsString()
  @MinLength(1)
  HOST = 'localhost';

  @EnvironmentVariable({
    description: 'Public URL of the apex host that serves the discovery documents. A trailing slash is removed.',
    defaultDescription: '`http://localhost:$PORT`',
  })
  @IsOptional()
  @IsUrl(HTTP_URL)
  BASE_URL?: string;

  @EnvironmentVariable({
    description: 'Public URL of the host that serves OAuth, MCP and web pages; the token issuer. A trailing slash is removed.',
    defaultDescription: '`http://localhost:$PORT`',
  })
  @IsOptional()
  @IsUrl(HTTP_URL)
  AGENTS_URL?: string;

  @EnvironmentVariable({
    description: 'PostgreSQL connection URL. Unset: an embedded PostgreSQL is started under `EMBEDDED_POSTGRES_DIR`.',
    sensitive: true,
    defaultDescription: 'embedded PostgreSQL',
  })
  @IsOptional()
  @Matches(/^postgres(ql)?:\/\/\S+$/, { message: '$property must be a postgres:// or postgresql:// URL' })
  DATABASE_URL?: string;

  @EnvironmentVariable({ description: 'Connections in the PostgreSQL pool of each replica.' })
  @Transform(toInteger)
  @IsInt()
  @Min(1)
  @Max(200)
  DATABASE_POOL_SIZE = 10;

  @EnvironmentVariable({ description: 'Data folder of the embedded PostgreSQL (used only without `DATABASE_URL`).' })
  @IsString()
  @MinLength(1)
  EMBEDDED_POSTGRES_DIR = './.data/postgres';

  @EnvironmentVariable({ description: 'Loopback port of the embedded PostgreSQL (used only without `DATABASE_URL`).' })
  @Transform(toInteger)
  @IsInt()
  @Min(1)
  @Max(65535)
  EMBEDDED_POSTGRES_PORT = 54329;

  @EnvironmentVariable({
    description:
      'Redis connection URL. Set: Bull job queues and shared rate-limit counters (required with several replicas). Unset: in-process jobs and in-memory counters.',
    sensitive: true,
    defaultDescription: 'in-process',
  })
  @IsOptional()
  @Matches(/^rediss?:\/\/\S+$/, { message: '$property must be a redis:// or rediss:// URL' })
  REDIS_URL?: string;

  @EnvironmentVariable({
    description: 'Prefix of every Redis key (rate-limit counters, Bull queues), so that environments can share one Redis.',
  })
  @Matches(/^[A-Za-z0-9_.:-]{1,64}$/, { message: '$property must be 1-64 letters, digits or _ . : -' })
  REDIS_KEY_PREFIX = 'uw';

  @EnvironmentVariable({
    description:
      'Which proxies in front of the service may name the client in `X-Forwarded-For`: `false` (none; the default), the number of proxy hops you run ' +
      '(`1` behind one load balancer: the address it appended is the client; only when the service cannot be reached but through them), ' +
      'or their addresses and CIDR ranges, comma-separated (safe even if the service is reachable directly). ' +
      '`true` is refused: trusting every hop lets a client choose its own address (and so its rate limits).',
  })
  @Matches(
    /^(false|0|[1-9]|(\d{1,3}(\.\d{1,3}){3}|[0-9a-fA-F:]*:[0-9a-fA-F:.]*)(\/\d{1,3})?(,(\d{1,3}(\.\d{1,3}){3}|[0-9a-fA-F:]*:[0-9a-fA-F:.]*)(\/\d{1,3})?)*)$/,
    {
      message:
        '$property must be false, a number of proxy hops from 1 to 9, or comma-separated proxy addresses or CIDR ranges (true is refused: it would trust every hop)',
    },
  )
  TRUST_PROXY = 'false';

  @EnvironmentVariable({ description: 'Requests per window and client address on the discovery routes, as `LIMIT/WINDOW_SECONDS`.' })
  @Matches(RATE_LIMIT_FORMAT, { message: RATE_LIMIT_MESSAGE })
  RATE_LIMIT_DISCOVERY = '120/60';

  @EnvironmentVariable({ description: 'Same, for `POST /oauth/token`.' })
  @Matches(RATE_LIMIT_FORMAT, { message: RATE_LIMIT_MESSAGE })
  RATE_LIMIT_TOKEN = '60/60';

  @EnvironmentVariable({ description: 'Same, for the client registration routes.' })
  @Matches(RATE_LIMIT_FORMAT, { message: RATE_LIMIT_MESSAGE })
  RATE_LIMIT_REGISTRATION = '20/60';

  @EnvironmentVariable({ description: 'Same, for `POST /mcp`.' })
  @Matches(RATE_LIMIT_FORMAT, { message: RATE_LIMIT_MESSAGE })
  RATE_LIMIT_MCP = '600/60';

  @EnvironmentVariable({
    description: 'Sign-in attempts per window and email address, as `LIMIT/WINDOW_SECONDS` (slows password guessing against one person).',
  })
  @Matches(RATE_LIMIT_FORMAT, { message: RATE_LIMIT_MESSAGE })
  RATE_LIMIT_SIGN_IN_EMAIL = '10/900';

  @EnvironmentVariable({ description: 'Sign-in and sign-up attempts per window and client address (slows guessing across many people).' })
  @Matches(RATE_LIMIT_FORMAT, { message: RATE_LIMIT_MESSAGE })
  RATE_LIMIT_SIGN_IN_ADDRESS = '50/900';

  @EnvironmentVariable({ description: 'Largest request body accepted, in bytes; larger ones get 413.' })
  @Transform(toInteger)
  @IsInt()
  @Min(1024)
  HTTP_BODY_LIMIT_BYTES = 1_048_576;

  @EnvironmentVariable({ description: 'Longest wait for in-flight requests on shutdown, in milliseconds.' })
  @Transform(toInteger)
  @IsInt()
  @Min(0)
  SHUTDOWN_GRACE_MS = 10_000;

  @EnvironmentVariable({
    description:
      'How long a worker holds a job without renewing its lease, in milliseconds; a job whose worker died is taken over by another once its lease expires (renewed every third of it while the job runs).',
  })
  @Transform(toInteger)
  @IsInt()
  @Min(100)
  JOB_LEASE_MS = 30_000;

  @EnvironmentVariable({
    description:
      'How often, in milliseconds, a worker dispatches again the jobs that are queued or whose lease expired (after a restart, a lost dispatch, a dead worker).',
  })
  @Transform(toInteger)
  @IsInt()
  @Min(50)
  JOB_SWEEP_INTERVAL_MS = 15_000;

  @EnvironmentVariable({
    description:
      'How often, in seconds, each replica reads the token revocations made in PostgreSQL: the bound within which a revocation reaches every replica even when its Redis message was lost.',
  })
  @Transform(toInteger)
  @IsInt()
  @Min(1)
  @Max(300)
  TOKEN_REVOCATION_SYNC_SECONDS = 10;

  @EnvironmentVariable({
    description:
      'Keys that encrypt secrets at rest (signing keys, provider API keys): comma-separated `id:base64` entries of 32 random bytes; the first encrypts, every one decrypts, so a new key is added in front to rotate. Required in production; elsewhere, when unset, a key is generated once into `./.data/encryption-keys`.',
    sensitive: true,
    defaultDescription: 'generated (development only)',
  })
  @IsOptional()
  @Matches(/^[A-Za-z0-9_-]{1,32}:[A-Za-z0-9+/]{43}=(,[A-Za-z0-9_-]{1,32}:[A-Za-z0-9+/]{43}=)*$/, {
    message: '$property must be comma-separated id:base64 entries of 32 bytes each (generate one with `openssl rand -base64 32`)',
  })
  ENCRYPTION_KEYS?: string;

  @EnvironmentVariable({
    description: 'Issuer of an external identity provider whose access tokens `/mcp` also accepts (set together with `OAUTH_JWKS_URL`).',
    defaultDescription: 'unset (own tokens only)',
  })
  @IsOptional()
  @IsUrl(HTTP_URL)
  OAUTH_ISSUER?: string;

  @EnvironmentVariable({ description: 'JWKS URL of that external identity provider.', defaultDescription: 'unset' })
  @IsOptional()
  @IsUrl(HTTP_URL)
  OAUTH_JWKS_URL?: string;

  @EnvironmentVariable({ description: 'Machine registrations allowed per client address per 24 hours (`POST /oauth/m2m/register`).' })
  @Transform(toInteger)
  @IsInt()
  @Min(1)
  M2M_REGISTRATION_LIMIT = 3;

  @EnvironmentVariable({
    description:
      "Browser origins allowed to call `/mcp` besides the service's own hosts and loopback addresses, comma-separated (`*`: any). A request with another `Origin`, or whose `Host` is not one of the service's hosts or a loopback address, gets 403 (DNS-rebinding protection).",
    defaultDescription: 'none',
  })
  @IsOptional()
  @Matches(/^(\*|https?:\/\/[^\s,/]+(,https?:\/\/[^\s,/]+)*)$/, { message: '$property must be * or comma-separated origins such as https://app.example.com' })
  MCP_ALLOWED_ORIGINS?: string;

  @EnvironmentVariable({
    description:
      'Most messages in one JSON-RPC batch on `POST /mcp` (protocol 2025-03-26; later versions have no batches). Each entry counts against `RATE_LIMIT_MCP`.',
  })
  @Transform(toInteger)
  @IsInt()
  @Min(1)
  @Max(1000)
  MCP_MAX_BATCH_SIZE = 50;

  @EnvironmentVariable({ description: 'Folder where document bytes are stored (the local-disk storage).' })
  @IsString()
  @MinLength(1)
  DOCUMENT_STORAGE_DIR = './.data/documents';

  @EnvironmentVariable({
    description: 'S3 bucket for document bytes. Set: documents go to S3 (or `S3_ENDPOINT`) instead of `DOCUMENT_STORAGE_DIR`.',
    defaultDescription: 'unset (local disk)',
  })
  @IsOptional()
  @Matches(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, { message: '$property must be an S3 bucket name' })
  S3_BUCKET?: string;

  @EnvironmentVariable({ description: 'Region of `S3_BUCKET`.' })
  @IsString()
  @MinLength(1)
  S3_REGION = 'us-east-1';

  @EnvironmentVariable({ description: 'Endpoint of an S3-compatible store (MinIO, R2, ...); unset: AWS.', defaultDescription: 'unset (AWS)' })
  @IsOptional()
  @IsUrl(HTTP_URL)
  S3_ENDPOINT?: string;

  @EnvironmentVariable({ description: 'Address buckets by path (`endpoint/bucket/key`), as most S3-compatible stores need.' })
  @Transform(toBoolean)
  @IsBoolean()
  S3_FORCE_PATH_STYLE = false;

  @EnvironmentVariable({
    description: 'Access key id for `S3_BUCKET`; unset: the AWS SDK default chain (environment, profile, instance role).',
    sensitive: true,
    defaultDescription: 'unset',
  })
  @IsOptional()
  @IsString()
  S3_ACCESS_KEY_ID?: string;

  @EnvironmentVariable({ description: 'Secret access key for `S3_BUCKET` (with `S3_ACCESS_KEY_ID`).', sensitive: true, defaultDescription: 'unset' })
  @IsOptional()
  @IsString()
  S3_SECRET_ACCESS_KEY?: string;

  @EnvironmentVariable({ description: 'Largest document accepted through an upload URL, in bytes (inline content is bounded by `HTTP_BODY_LIMIT_BYTES`).' })
  @Transform(toInteger)
  @IsInt()
  @Min(1024)
  DOCUMENT_MAX_BYTES = 26_214_400;

  @EnvironmentVariable({
    description:
      'Most pages (PDF pages, slides, sheets, pages of 3,000 characters of a DOCX or plain text) one document may have; a longer one is refused when it is read, naming both counts. The analysis tools are priced per page and read a document whole, so this bounds what one call costs and how long it takes (text pages are laid out at about 80 a second).',
  })
  @Transform(toInteger)
  @IsInt()
  @Min(1)
  @Max(10_000)
  DOCUMENT_MAX_PAGES = 500;

  @EnvironmentVariable({
    description:
      'Most rows one spreadsheet (all sheets together) or CSV may have, and lines one plain-text file; a larger one is refused when it is read. A sheet or a CSV is one page however long, and its stored layout and every analysis of it grow with its rows.',
  })
  @Transform(toInteger)
  @IsInt()
  @Min(100)
  @Max(1_000_000)
  DOCUMENT_MAX_ROWS = 20_000;

  @EnvironmentVariable({
    description:
      'Most characters of text one document may hold (all pages together); a longer one ends `failed`, naming both counts. Text formats without fixed pages (DOCX, plain text) are priced per page of 3,000 characters, so this also bounds their price.',
  })
  @Transform(toInteger)
  @IsInt()
  @Min(10_000)
  @Max(100_000_000)
  DOCUMENT_MAX_TEXT_CHARS = 2_000_000;

  @EnvironmentVariable({
    description:
      'Largest size, in bytes, that one compressed part of a document may inflate to: a ZIP entry of a DOCX, XLSX or PPTX, or a PDF stream other than drawing instructions (fonts, profiles; images are bounded by their pixels). A larger one ends the document `failed`, naming the part.',
  })
  @Transform(toInteger)
  @IsInt()
  @Min(1_048_576)
  DOCUMENT_MAX_INFLATED_BYTES = 67_108_864;

  @EnvironmentVariable({
    description: 'Largest size, in bytes, that all compressed parts of one document together may inflate to.',
  })
  @Transform(toInteger)
  @IsInt()
  @Min(1_048_576)
  DOCUMENT_MAX_INFLATED_TOTAL_BYTES = 536_870_912;

  @EnvironmentVariable({
    description:
      "Largest size, in bytes, that one stream of PDF drawing instructions (a page's content, a form, an object stream) may inflate to. pdf.js builds an object per instruction: 20 MB of them took 30 s and 1.9 GB to read.",
  })
  @Transform(toInteger)
  @IsInt()
  @Min(65_536)
  DOCUMENT_MAX_CONTENT_STREAM_BYTES = 16_777_216;

  @EnvironmentVariable({ description: 'Most entries the ZIP package of a DOCX, XLSX or PPTX may hold.' })
  @Transform(toInteger)
  @IsInt()
  @Min(10)
  DOCUMENT_MAX_ARCHIVE_ENTRIES = 10_000;

  @EnvironmentVariable({
    description:
      'Highest ratio of inflated to compressed size for a ZIP entry of a DOCX, XLSX or PPTX that inflates beyond 1 MiB (Office XML compresses about 5 to 50 times; a ZIP bomb about 1,000 times).',
  })
  @Transform(toInteger)
  @IsInt()
  @Min(10)
  DOCUMENT_MAX_COMPRESSION_RATIO = 200;

  @EnvironmentVariable({
    description:
      'Worker threads that read documents (type, pages, text, layout, OCR) and run the built-in analysis, so that no file can stall the event loop that answers requests.',
  })
  @Transform(toInteger)
  @IsInt()
  @Min(1)
  @Max(64)
  DOCUMENT_WORKER_THREADS = 2;

  @EnvironmentVariable({
    description:
      'Heap limit of each document worker thread, in MB: a document whose reading needs more ends `failed` ("needed more than N MB of memory") and the thread is replaced; the process is untouched.',
  })
  @Transform(toInteger)
  @IsInt()
  @Min(64)
  @Max(16_384)
  DOCUMENT_WORKER_MEMORY_MB = 512;

  @EnvironmentVariable({
    description:
      'Wall-clock limit of one step of document work, in seconds: reading a document, laying out (or OCR of) one page, one analysis by the built-in engine. A step past it is stopped (its thread terminated) and the document ends `failed`, or the tool call answers an error.',
  })
  @Transform(toInteger)
  @IsInt()
  @Min(1)
  @Max(3600)
  DOCUMENT_TASK_TIMEOUT_SECONDS = 60;

  @EnvironmentVariable({ description: 'Lifetime of an upload URL from `submit_documents` or the upload form, in seconds.' })
  @Transform(toInteger)
  @IsInt()
  @Min(60)
  @Max(86_400)
  DOCUMENT_UPLOAD_TTL_SECONDS = 900;

  @EnvironmentVariable({
    description:
      "How long a call waits, in seconds, for a document's processing: `submit_documents` and an upload for the file to be read (type, page count; a refusal then answers at once), an analysis tool for every page to be laid out (OCR included) before answering `RATE_LIMITED` with `retryAfterSeconds`; it never analyses half a document.",
  })
  @Transform(toInteger)
  @IsInt()
  @Min(0)
  @Max(60)
  DOCUMENT_PROCESSING_WAIT_SECONDS = 5;

  @EnvironmentVariable({
    description:
      'Read scanned PDF pages (no text layer) and PNG/JPEG documents with OCR (tesseract.js, English, offline) while a document is processed; `false`: such pages stay empty and are reported as image only.',
  })
  @Transform(toBoolean)
  @IsBoolean()
  OCR_ENABLED = true;

  @EnvironmentVariable({
    description: 'Most scanned pages OCR reads in one document (about 1 s of one core each); later scanned pages stay empty and are reported as image only.',
  })
  @Transform(toInteger)
  @IsInt()
  @Min(1)
  @Max(10_000)
  OCR_MAX_PAGES = 100;

  @EnvironmentVariable({
    description:
      'Scale at which a PDF page without a text layer and without a scanned picture (vector drawing only) is rasterised for OCR, in pixels per point (2 = 144 dpi, 3 = 216 dpi). A page that is one scanned picture is rendered at the resolution of the picture up to 300 dpi, straightened and resampled to 300 dpi before OCR, whatever this says. Higher reads small print better and costs time and memory.',
  })
  @Transform(toNumber)
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(1)
  @Max(4)
  OCR_RENDER_SCALE = 3;

  @EnvironmentVariable({
    description:
      'Changes to the price and free-quota table, as JSON: `{"<usage key>": {"priceCents": 60, "humanMonthlyFree": 10, "machineTrialFree": 1}}` (any of the three per key; integers). Unset: the spec\'s values (README "Free tiers, prices and HTTP 402").',
    defaultDescription: 'unset (spec values)',
  })
  @IsOptional()
  @IsString()
  USAGE_PLAN_OVERRIDES?: string;

  @EnvironmentVariable({
    description: 'Stripe secret key for the card rail of payment setup; unset: the setup page offers the wallet only.',
    sensitive: true,
    defaultDescription: 'unset (no card rail)',
  })
  @IsOptional()
  @Matches(/^(sk|rk)_(test|live)_[A-Za-z0-9]+$/, { message: '$property must be a Stripe secret key (sk_test_..., sk_live_...)' })
  STRIPE_SECRET_KEY?: string;

  @EnvironmentVariable({ description: 'Stripe publishable key, for Stripe Elements on the setup page.', defaultDescription: 'unset' })
  @IsOptional()
  @Matches(/^pk_(test|live)_[A-Za-z0-9]+$/, { message: '$property must be a Stripe publishable key (pk_test_..., pk_live_...)' })
  STRIPE_PUBLISHABLE_KEY?: string;

  @EnvironmentVariable({
    description: 'Signing secret of the Stripe webhook endpoint (`POST /billing/stripe/webhook`).',
    sensitive: true,
    defaultDescription: 'unset',
  })
  @IsOptional()
  @Matches(/^whsec_[A-Za-z0-9+/=_-]+$/, { message: '$property must be a Stripe webhook secret (whsec_...)' })
  STRIPE_WEBHOOK_SECRET?: string;

  @EnvironmentVariable({ description: 'Base URL of the Stripe API (a stand-in in tests).' })
  @IsUrl(HTTP_URL)
  STRIPE_API_URL = 'https://api.stripe.com';

  @EnvironmentVariable({ description: "Where the setup page loads Stripe.js from (its origin is allowed by the page's CSP; a stand-in in tests)." })
  @IsUrl(HTTP_URL)
  STRIPE_JS_URL = 'https://js.stripe.com/v3/';

  @EnvironmentVariable({
    description: 'Address that receives USDC on the wallet rail (the `to` of the EIP-3009 authorization); unset: no wallet rail.',
    defaultDescription: 'unset (no wallet rail)',
  })
  @IsOptional()
  @Matches(/^0x[0-9a-fA-F]{40}$/, { message: '$property must be a 0x-prefixed 20-byte address' })
  PAYMENT_WALLET_ADDRESS?: string;

  @EnvironmentVariable({ description: 'Chain id of the wallet rail (Base: 8453).' })
  @Transform(toInteger)
  @IsInt()
  @Min(1)
  PAYMENT_CHAIN_ID = 8453;

  @EnvironmentVariable({ description: 'USDC contract on that chain (the EIP-712 verifying contract).' })
  @Matches(/^0x[0-9a-fA-F]{40}$/, { message: '$property must be a 0x-prefixed 20-byte address' })
  PAYMENT_USDC_ADDRESS = '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913';

  @EnvironmentVariable({
    description:
      'JSON-RPC URL of that chain, for settling wallet authorizations (escrow on the first charge, refund of the unspent rest when the mandate ends); unset: authorizations are recorded and charged against but not settled.',
    defaultDescription: 'unset (no settlement)',
  })
  @IsOptional()
  @IsUrl(HTTP_URL)
  PAYMENT_RPC_URL?: string;

  @EnvironmentVariable({
    description:
      'Private key (0x + 64 hex) of `PAYMENT_WALLET_ADDRESS`: it submits the authorizations, pays their gas and sends the refunds. Required with `PAYMENT_RPC_URL`.',
    sensitive: true,
    defaultDescription: 'unset',
  })
  @IsOptional()
  @Matches(/^0x[0-9a-fA-F]{64}$/, { message: '$property must be a 0x-prefixed 32-byte private key' })
  PAYMENT_SETTLEMENT_KEY?: string;

  @EnvironmentVariable({
    description:
      'The sandbox rail, for trying the 402 → payment setup → paid call loop locally: with no card or wallet rail configured and `NODE_ENV` not `production`, `initiate_payment_setup` offers a page whose one button authorizes the budget and no money moves. `false` turns it off. It never exists in production (`true` there stops the start).',
    defaultDescription: 'on outside production',
  })
  @IsOptional()
  @Transform(toBoolean)
  @IsBoolean()
  PAYMENT_SANDBOX?: boolean;

  @EnvironmentVariable({
    description:
      'Which analysis engine reads documents: `builtin` (offline and deterministic) or `llm` (a model reached through `LLM_PROVIDER`; needs `LLM_MODEL` and `LLM_API_KEY`). Both answer through the same verbatim gate.',
  })
  @IsIn(['builtin', 'llm'])
  ANALYSIS_ENGINE = 'builtin';

  @EnvironmentVariable({
    description:
      'With `ANALYSIS_ENGINE=llm`: `openai` (the OpenAI chat-completions API, or any server that speaks it: Azure OpenAI, OpenRouter, vLLM, Ollama, LM Studio) or `anthropic` (the Anthropic messages API).',
  })
  @IsIn(['openai', 'anthropic'])
  LLM_PROVIDER = 'openai';

  @EnvironmentVariable({
    description: 'The model id sent to `LLM_PROVIDER`, e.g. `gpt-4.1` or `claude-sonnet-4-5`. Required with `ANALYSIS_ENGINE=llm`.',
    defaultDescription: 'unset',
  })
  @IsOptional()
  @Matches(/^\S{1,200}$/, { message: '$property must be a model id without spaces' })
  LLM_MODEL?: string;

  @EnvironmentVariable({
    description: 'Base URL of the model API, up to the version segment (the adapter appends `/chat/completions` or `/messages`); a stand-in in tests.',
    defaultDescription: '`https://api.openai.com/v1` or `https://api.anthropic.com/v1` by `LLM_PROVIDER`',
  })
  @IsOptional()
  @IsUrl(HTTP_URL)
  LLM_BASE_URL?: string;

  @EnvironmentVariable({
    description: 'API key of `LLM_PROVIDER` (sent as `Authorization: Bearer` to `openai`, `x-api-key` to `anthropic`). Required with `ANALYSIS_ENGINE=llm`.',
    sensitive: true,
    defaultDescription: 'unset',
  })
  @IsOptional()
  @IsString()
  LLM_API_KEY?: string;

  @EnvironmentVariable({
    description: 'Longest wait for one model answer, in milliseconds (a try that takes longer is abandoned and tried once more).',
  })
  @Transform(toInteger)
  @IsInt()
  @Min(100)
  @Max(900_000)
  LLM_TIMEOUT_MS = 120_000;

  @EnvironmentVariable({
    description:
      'Whether the PDF itself goes to the model as a file part beside the page texts. Turn it off for models that take text only (most self-hosted ones answer 400 to a file part).',
  })
  @Transform(toBoolean)
  @IsBoolean()
  LLM_SEND_PDF = true;

  @EnvironmentVariable({
    description:
      'Base URL of the `company_data` provider, the People Data Labs API (`/v5/company/enrich`); point it at a proxy or a stand-in. Callers bring their own keys (`configure_data_provider`).',
  })
  @IsUrl(HTTP_URL)
  COMPANY_DATA_API_URL = 'https://api.peopledatalabs.com';

  @EnvironmentVariable({ description: 'Base URL of the `crm` provider, the Affinity API v1 (`/organizations`, `/notes`, `/auth/whoami`).' })
  @IsUrl(HTTP_URL)
  CRM_API_URL = 'https://api.affinity.co';

  @EnvironmentVariable({
    description: 'Base URL of the `portfolio_data` provider, Standard Metrics (`/o/token/` for OAuth client credentials, `/v1/companies/`, `/v1/metrics/`).',
  })
  @IsUrl(HTTP_URL)
  PORTFOLIO_DATA_API_URL = 'https://api.standardmetrics.io';

  @EnvironmentVariable({
    description:
      'Longest wait for one try of a `company_data`, `crm` or `portfolio_data` call, in milliseconds (body included); a call makes up to 3 tries on timeouts, 5xx and network faults.',
  })
  @Transform(toInteger)
  @IsInt()
  @Min(100)
  @Max(120_000)
  DATA_PROVIDER_TIMEOUT_MS = 10_000;

  @EnvironmentVariable({
    description:
      "Longest time a fetch of a caller's link (`fetch_sharelink_document`) may take, redirects and body included, in milliseconds; its body is bounded by `DOCUMENT_MAX_BYTES`.",
  })
  @Transform(toInteger)
  @IsInt()
  @Min(1000)
  @Max(300_000)
  OUTBOUND_FETCH_TIMEOUT_MS = 30_000;

  @EnvironmentVariable({
    description:
      "Tests only: loopback ports that fetches of callers' links may reach (the tests' stand-in servers), comma-separated. Every other loopback, private, link-local and metadata address stays refused. Refused unless `NODE_ENV` is `test`.",
    defaultDescription: 'unset (none)',
  })
  @IsOptional()
  @Matches(/^\d{1,5}(,\d{1,5})*$/, { message: '$property must be comma-separated port numbers' })
  OUTBOUND_TEST_LOOPBACK_PORTS?: string;

  @EnvironmentVariable({
    description:
      "Base URL of the Papermark API that `fetch_sharelink_document` calls with the caller's `sharelink` key (a self-hosted Papermark: its own URL).",
  })
  @IsUrl(HTTP_URL)
  SHARELINK_API_URL = 'https://app.papermark.com';

  @EnvironmentVariable({
    description:
      'The User-Agent sent to SEC EDGAR, which the SEC requires: a name and a contact e-mail, e.g. `Acme Capital ops@acme.example`. Unset: `fetch_public_filings` answers that the operator must set it (the adapter does not start without it).',
    defaultDescription: 'unset (no EDGAR)',
  })
  @IsOptional()
  @Matches(/^(?=.*\S\s+\S)[^\r\n]{3,200}$/, { message: '$property must be a name and a contact e-mail on one line' })
  @Matches(/[^\s@]+@[^\s@]+\.[^\s@]+/, { message: '$property must hold a contact e-mail address (the SEC requires one)' })
  SEC_USER_AGENT?: string;

  @EnvironmentVariable({ description: "Base URL of EDGAR's JSON APIs (submissions, XBRL company facts)." })
  @IsUrl(HTTP_URL)
  SEC_DATA_URL = 'https://data.sec.gov';

  @EnvironmentVariable({ description: "Base URL of sec.gov, for the company tickers file and the filings' documents." })
  @IsUrl(HTTP_URL)
  SEC_WWW_URL = 'https://www.sec.gov';

  @EnvironmentVariable({
    description: 'Most requests per second to EDGAR from all replicas together (shared through Redis when `REDIS_URL` is set). The SEC allows 10.',
  })
  @Transform(toInteger)
  @IsInt()
  @Min(1)
  @Max(10)
  SEC_MAX_REQUESTS_PER_SECOND = 10;

  @EnvironmentVariable({
    description:
      'How long an EDGAR answer (submissions, company facts) is used without asking again, in seconds; after that it is revalidated with its ETag / Last-Modified. The tickers file is kept a day.',
  })
  @Transform(toInteger)
  @IsInt()
  @Min(0)
  @Max(86_400)
  SEC_CACHE_SECONDS = 600;

  @EnvironmentVariable({
    description:
      'Most pages in one model call. A longer document is read in windows of this many pages (text only: the PDF goes along only when it fits in one), and the verified facts of every window are merged; classification reads the first window. Lower it for models with a small context.',
  })
  @Transform(toInteger)
  @IsInt()
  @Min(1)
  @Max(1000)
  LLM_MAX_PAGES_PER_CALL = 50;

  @EnvironmentVariable({
    description:
      "Sanctions lists screened locally by `entity_compliance_agent` when the caller has no compliance provider: comma-separated `format:url` entries, the URL `http(s)://` or `file://`. Format `ofac-csv`: the URL of OFAC's `sdn.csv` (or `cons_prim.csv`); `alt.csv` and `add.csv` (`cons_alt.csv`, `cons_add.csv`) are read from the same place. Loaded at start-up, refreshed every `SANCTIONS_REFRESH_HOURS`, or once by `npm run sanctions:load`.",
    defaultDescription: 'unset (no local lists)',
  })
  @IsOptional()
  @IsString()
  SANCTIONS_LISTS?: string;

  @EnvironmentVariable({ description: 'Hours between refreshes of the sanctions lists (through the job queue); 0: load at start-up only.' })
  @Transform(toInteger)
  @IsInt()
  @Min(0)
  @Max(720)
  SANCTIONS_REFRESH_HOURS = 24;

  @EnvironmentVariable({ description: 'Screening score (0-100) from which a possible match is reported: status `REVIEW`.' })
  @Transform(toInteger)
  @IsInt()
  @Min(1)
  @Max(100)
  SCREENING_REVIEW_THRESHOLD = 80;

  @EnvironmentVariable({ description: 'Screening score (0-100) from which a match is reported: status `MATCH`. Above `SCREENING_REVIEW_THRESHOLD`.' })
  @Transform(toInteger)
  @IsInt()
  @Min(1)
  @Max(100)
  SCREENING_MATCH_THRESHOLD = 92;

  @EnvironmentVariable({ description: 'Base URL of the `compliance_a` provider (ComplyAdvantage search API; a stand-in in tests).' })
  @IsUrl(HTTP_URL)
  COMPLIANCE_A_BASE_URL = 'https://api.complyadvantage.com';

  @EnvironmentVariable({
    description: 'Base URL of the `compliance_b` provider (the OpenSanctions matching API, or your own yente server; a stand-in in tests).',
  })
  @IsUrl(HTTP_URL)
  COMPLIANCE_B_BASE_URL = 'https://api.opensanctions.org';

  @EnvironmentVariable({ description: 'Time allowed for one try of a compliance provider call, in milliseconds (3 tries in all on 5xx and timeouts).' })
  @Transform(toInteger)
  @IsInt()
  @Min(100)
  @Max(120_000)
  COMPLIANCE_TIMEOUT_MS = 10_000;

  @EnvironmentVariable({
    description: 'Longest wait for one EDGAR answer, body included, in milliseconds (company facts of a large filer are tens of MB); tried 3 times.',
  })
  @Transform(toInteger)
  @IsInt()
  @Min(1000)
  @Max(300_000)
  SEC_TIMEOUT_MS = 30_000;

  @EnvironmentVariable({ description: 'pino log level: `fatal`, `error`, `warn`, `info`, `debug`, `trace` or `silent`.' })
  @IsIn(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
  LOG_LEVEL = 'info';
}

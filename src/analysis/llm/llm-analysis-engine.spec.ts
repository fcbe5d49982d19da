import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { ModelStandIn } from '../../../test/support/model-stand-in.js';
import { pdfBytes } from '../../../test/support/document-fixtures.js';
import { AppException } from '../../common/errors/app.exception.js';
import { loadConfiguration } from '../../config/app-config.js';
import { toolErrorResult } from '../../mcp/tools/tool-registry.service.js';
import type { AnalysisDocument } from '../analysis-engine.port.js';
import { layoutFromText } from '../layout/text-layout.js';
import { createLlmAnalysisEngine, type LlmAnalysisEngine } from './llm-analysis-engine.js';

const KEY = 'sk-planted-model-key-4242';

const STATEMENT = [
  'Acme Widgets Inc.',
  'Consolidated Statement of Operations',
  '(in thousands of US dollars)',
  'Year ended December 31   2024   2023',
  'Total revenue   12,450   10,980',
  'Cost of revenue   (7,310)   (6,420)',
  'Net income   1,205   870',
].join('\n');
const NOTES = ['Notes to the financial statements', "Substantial doubt exists about the Company's ability to continue as a going concern."].join('\n');

const BALANCE_SHEET = ['Consolidated Balance Sheet', '(in thousands of US dollars)', 'December 31   2024   2023', 'Total assets   25,400   22,100'].join('\n');

let pdf: Uint8Array;
const statement = (): AnalysisDocument => ({
  documentId: 'doc-statement',
  fileName: 'acme-2024.pdf',
  mimeType: 'application/pdf',
  pages: layoutFromText([STATEMENT, NOTES]),
  bytes: pdf,
});

const fact = (concept: string, end: string, value: number, page: number, quote: string) => ({
  concept,
  label: quote.split('   ')[0],
  periodLabel: end.slice(0, 4),
  periodEnd: end,
  months: 12,
  value,
  page,
  quote,
});
const extraction = (facts: ReturnType<typeof fact>[]) => ({ documentType: 'financial_statement', currency: 'USD', facts, claims: [] });

const standIn = new ModelStandIn();
const logged: unknown[][] = [];
const logger = { warn: (...args: unknown[]) => void logged.push(args) };

function engine(environment: Record<string, string> = {}): LlmAnalysisEngine {
  const config = loadConfiguration({ ANALYSIS_ENGINE: 'llm', LLM_MODEL: 'gpt-4.1', LLM_API_KEY: KEY, LLM_BASE_URL: standIn.baseUrl, ...environment });
  return createLlmAnalysisEngine(config, { http: { initialBackoffMs: 5, maxBackoffMs: 20 }, logger });
}

async function failure(promise: Promise<unknown>): Promise<AppException> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(AppException);
    return error as AppException;
  }
  throw new Error('expected the call to fail');
}

/** The tool error an agent would read for this failure. */
const toolError = (error: AppException) => JSON.parse((toolErrorResult(error).content[0] as { text: string }).text) as Record<string, unknown>;

beforeAll(async () => {
  pdf = new Uint8Array(await pdfBytes(2));
  await standIn.start();
});
afterAll(() => standIn.stop());
beforeEach(() => {
  standIn.answer();
  logged.length = 0;
});

describe('the LLM engine over OpenAI chat completions', () => {
  it('keeps facts whose quote is verbatim on the cited page and carries the value, scaled', async () => {
    standIn.answer({
      object: extraction([
        fact('Revenues', '2024-12-31', 12_450_000, 1, 'Total revenue 12,450 10,980'),
        fact('CostOfRevenue', '2023-12-31', 6_420_000, 1, 'Cost of revenue   (7,310)   (6,420)'),
        fact('NetIncomeLoss', '2024-12-31', 1_205_000, 1, 'Net income 1,205 870'),
      ]),
    });

    const result = await engine().extract(statement());

    expect(result.facts.map((kept) => [kept.concept, kept.period.end, kept.value, kept.currency])).toEqual([
      ['Revenues', '2024-12-31', 12_450_000, 'USD'],
      ['CostOfRevenue', '2023-12-31', 6_420_000, 'USD'],
      ['NetIncomeLoss', '2024-12-31', 1_205_000, 'USD'],
    ]);
    expect(result.facts[0].evidence).toEqual({ documentId: 'doc-statement', page: 1, quote: 'Total revenue 12,450 10,980' });
    expect(result.periods).toEqual([
      { label: '2024', end: '2024-12-31', months: 12 },
      { label: '2023', end: '2023-12-31', months: 12 },
    ]);
    expect(result.warnings).toEqual([]);
    expect(result.engine).toEqual({ name: 'llm/openai', version: 'gpt-4.1', provider: 'openai', model: 'gpt-4.1', adapterVersion: '1.0.0' });
  });

  it('sends the model id, the key as a bearer token, a strict JSON schema, the numbered pages and the PDF as a file part', async () => {
    standIn.answer({ object: extraction([]) });

    await engine().extract(statement());

    expect(standIn.seen).toHaveLength(1);
    const [request] = standIn.seen;
    expect(request.path).toBe('/v1/chat/completions');
    expect(request.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(request.body.model).toBe('gpt-4.1');
    const format = request.body.response_format as { type: string; json_schema: { strict: boolean; schema: { required: string[] } } };
    expect(format.type).toBe('json_schema');
    expect(format.json_schema.strict).toBe(true);
    expect(format.json_schema.schema.required).toEqual(['documentType', 'currency', 'facts', 'claims']);
    const user = (request.body.messages as { role: string; content: { type: string; text?: string; file?: { filename: string; file_data: string } }[] }[]).find(
      (message) => message.role === 'user',
    )!;
    const file = user.content.find((part) => part.type === 'file')!.file!;
    expect(file.filename).toBe('acme-2024.pdf');
    expect(file.file_data).toBe(`data:application/pdf;base64,${Buffer.from(pdf).toString('base64')}`);
    const text = user.content.find((part) => part.type === 'text')!.text!;
    const [first, second] = statement().pages;
    expect(text).toContain(`<page number="1">\n${first.text}\n</page>`);
    expect(text).toContain(`<page number="2">\n${second.text}\n</page>`);
    expect(first.text).toContain('Total revenue 12,450 10,980');
  });

  it('sends no file part when LLM_SEND_PDF=false, only the page texts', async () => {
    standIn.answer({ object: extraction([]) });

    await engine({ LLM_SEND_PDF: 'false' }).extract(statement());

    const user = (standIn.seen[0].body.messages as { role: string; content: unknown }[]).find((message) => message.role === 'user')!;
    expect(JSON.stringify(user.content)).not.toContain('"type":"file"');
    expect(JSON.stringify(user.content)).toContain('Total revenue 12,450 10,980');
  });

  it('drops a fabricated quote, a value not printed in its quote and a concept outside the vocabulary, counting each in warnings', async () => {
    standIn.answer({
      object: extraction([
        fact('Revenues', '2024-12-31', 12_450_000, 1, 'Total revenue 12,450 10,980'),
        // Not on page 1: the model made the line up.
        fact('OperatingIncomeLoss', '2024-12-31', 2_100_000, 1, 'Operating income 2,100 1,650'),
        // The line is verbatim but 1,250 is not printed in it.
        fact('NetIncomeLoss', '2024-12-31', 1_250_000, 1, 'Net income 1,205 870'),
        // The line is on page 1, not page 2.
        fact('CostOfRevenue', '2024-12-31', 7_310_000, 2, 'Cost of revenue (7,310) (6,420)'),
        fact('EBITDAR', '2024-12-31', 3_000_000, 1, 'Total revenue 12,450 10,980'),
      ]),
    });

    const result = await engine().extract(statement());

    expect(result.facts.map((kept) => kept.concept)).toEqual(['Revenues']);
    expect(result.warnings).toEqual([
      '1 facts dropped: concept not in the fact vocabulary (EBITDAR)',
      '3 facts dropped: quote not verbatim on the cited page or value not in the quote',
    ]);
  });

  it('answers a retryable tool error naming the model when its answer is not the requested JSON', async () => {
    standIn.answer({ text: 'Sure! The revenue was 12,450 thousand dollars in 2024.' });

    const error = await failure(engine().extract(statement()));

    expect(error.status).toBe(503);
    expect(toolError(error)).toEqual({
      error: {
        code: 'INTERNAL_ERROR',
        message: 'OpenAI-compatible model gpt-4.1 is unavailable: its answer did not follow the requested structure.',
        retryAfterSeconds: 5,
      },
      hint: "The fault is on OpenAI-compatible model gpt-4.1's side; call again in 5 seconds.",
    });
  });

  it('treats JSON that misses required fields as malformed too', async () => {
    standIn.answer({ object: { documentType: 'financial_statement', facts: [{ concept: 'Revenues' }] } });

    const error = await failure(engine().extract(statement()));

    expect(error.detail).toBe('OpenAI-compatible model gpt-4.1 is unavailable: its answer did not follow the requested structure.');
  });

  it('says the answer was cut off when the model stopped at its output token limit', async () => {
    const truncated = JSON.stringify(extraction([fact('Revenues', '2024-12-31', 12_450_000, 1, 'Total revenue 12,450 10,980')])).slice(0, 80);
    standIn.answer({
      status: 200,
      body: {
        id: 'chatcmpl-standin0002',
        object: 'chat.completion',
        created: 1_767_225_600,
        model: 'gpt-4.1',
        choices: [{ index: 0, message: { role: 'assistant', content: truncated, refusal: null }, logprobs: null, finish_reason: 'length' }],
        usage: { prompt_tokens: 1200, completion_tokens: 4096, total_tokens: 5296 },
      },
    });

    const error = await failure(engine().extract(statement()));

    expect(error.detail).toBe('OpenAI-compatible model gpt-4.1 is unavailable: its answer was cut off at the output token limit.');
  });

  it('answers a retryable tool error when a 200 is not the chat-completions format at all', async () => {
    standIn.answer({ status: 200, body: { result: 'ok' } });

    const error = await failure(engine().extract(statement()));

    expect(toolError(error)).toMatchObject({
      error: {
        code: 'INTERNAL_ERROR',
        message: 'OpenAI-compatible model gpt-4.1 is unavailable: it answered in a form the adapter does not understand.',
        retryAfterSeconds: 5,
      },
    });
  });

  it('gives up after LLM_TIMEOUT_MS on each of two tries with a retryable tool error', async () => {
    standIn.answer('hang', 'hang');

    const error = await failure(engine({ LLM_TIMEOUT_MS: '300' }).extract(statement()));

    expect(standIn.seen).toHaveLength(2);
    expect(toolError(error)).toMatchObject({
      error: { code: 'INTERNAL_ERROR', message: 'OpenAI-compatible model gpt-4.1 is unavailable: it did not answer within 300 ms.' },
    });
    expect(logged).toEqual([
      [
        { provider: 'llm_openai', method: 'POST', path: '/chat/completions', attempt: 1, delayMs: expect.any(Number), reason: 'did not answer within 300 ms' },
        'provider call retried',
      ],
    ]);
    expect(JSON.stringify(logged)).not.toContain(KEY);
    expect((toolError(error).error as { retryAfterSeconds: number }).retryAfterSeconds).toBeGreaterThan(0);
  });

  it('hands a 429 whose Retry-After is longer than worth waiting to the caller as RATE_LIMITED with retryAfterSeconds', async () => {
    standIn.answer({
      status: 429,
      headers: { 'retry-after': '30' },
      body: { error: { message: 'Rate limit reached for gpt-4.1 on tokens per min (TPM).', type: 'tokens', param: null, code: 'rate_limit_exceeded' } },
    });

    const error = await failure(engine().extract(statement()));

    expect(standIn.seen).toHaveLength(1);
    expect(toolError(error)).toEqual({
      error: {
        code: 'RATE_LIMITED',
        message: 'OpenAI-compatible model gpt-4.1 is rate limiting the configured key; retry after 30 seconds.',
        retryAfterSeconds: 30,
      },
      hint: 'Wait 30 seconds, then call again.',
    });
  });

  it('waits out a short Retry-After and answers', async () => {
    standIn.answer(
      {
        status: 429,
        headers: { 'retry-after': '1' },
        body: { error: { message: 'Rate limit reached', type: 'requests', param: null, code: 'rate_limit_exceeded' } },
      },
      { object: extraction([fact('Revenues', '2024-12-31', 12_450_000, 1, 'Total revenue 12,450 10,980')]) },
    );

    const result = await engine().extract(statement());

    expect(standIn.seen).toHaveLength(2);
    expect(result.facts).toHaveLength(1);
  });

  it('tries once more after a 500 and answers when the second try succeeds', async () => {
    standIn.answer(
      { status: 500, body: { error: { message: 'The server had an error while processing your request.', type: 'server_error', param: null, code: null } } },
      { object: extraction([fact('Revenues', '2024-12-31', 12_450_000, 1, 'Total revenue 12,450 10,980')]) },
    );

    const result = await engine().extract(statement());

    expect(standIn.seen).toHaveLength(2);
    expect(result.facts.map((kept) => kept.concept)).toEqual(['Revenues']);
  });

  it('answers a retryable tool error with retryAfterSeconds after two 500s', async () => {
    const serverError = { status: 500, body: { error: { message: 'The server had an error.', type: 'server_error', param: null, code: null } } };
    standIn.answer(serverError, serverError);

    const error = await failure(engine().extract(statement()));

    expect(standIn.seen).toHaveLength(2);
    expect(toolError(error)).toMatchObject({
      error: { code: 'INTERNAL_ERROR', message: 'OpenAI-compatible model gpt-4.1 is unavailable: it answered HTTP 500.' },
    });
    expect(error.headers['Retry-After']).toMatch(/^\d+$/);
  });

  it("refuses with an operator-configuration error on 401, never echoing the key the provider's message repeats", async () => {
    standIn.answer({
      status: 401,
      body: {
        error: {
          message: `Incorrect API key provided: ${KEY}. You can find your API key at https://platform.openai.com/account/api-keys.`,
          type: 'invalid_request_error',
          param: null,
          code: 'invalid_api_key',
        },
      },
    });

    const error = await failure(engine().extract(statement()));

    expect(standIn.seen).toHaveLength(1);
    const answer = toolError(error);
    expect(answer).toEqual({
      error: { code: 'UNAUTHORIZED', message: 'OpenAI-compatible model gpt-4.1 rejected the credentials configured for it (HTTP 401).' },
      hint: "The service's own model key (LLM_API_KEY) was refused, not your access token: the operator must configure a valid key; until then document analysis cannot run.",
    });
    expect(JSON.stringify(answer)).not.toContain(KEY);
  });
  it("answers INVALID_INPUT with the provider's own words when the model refuses the request built from the document", async () => {
    standIn.answer({
      status: 400,
      body: {
        error: {
          message: "This model's maximum context length is 128000 tokens. However, your messages resulted in 203117 tokens.",
          type: 'invalid_request_error',
          param: 'messages',
          code: 'context_length_exceeded',
        },
      },
    });

    const error = await failure(engine().extract(statement()));

    expect(standIn.seen).toHaveLength(1);
    expect(toolError(error)).toEqual({
      error: {
        code: 'INVALID_INPUT',
        message:
          "OpenAI-compatible model gpt-4.1 refused the request (HTTP 400): This model's maximum context length is 128000 tokens. However, your messages resulted in 203117 tokens.",
      },
      hint: 'The model refused what the service sent for this document: usually a document longer than its context (analyse a shorter one), or a model that takes no files (the operator sets LLM_SEND_PDF=false).',
    });
  });
});

describe('the LLM engine on a document longer than LLM_MAX_PAGES_PER_CALL', () => {
  const longStatement = (): AnalysisDocument => ({ ...statement(), pages: layoutFromText([STATEMENT, BALANCE_SHEET]) });
  const userText = (index: number) =>
    JSON.stringify((standIn.seen[index].body.messages as { role: string; content: unknown }[]).find((message) => message.role === 'user')!.content);

  it('reads it in windows of pages, text only, and merges the verified facts of every window', async () => {
    standIn.answer(
      { object: extraction([fact('Revenues', '2024-12-31', 12_450_000, 1, 'Total revenue 12,450 10,980')]) },
      { object: { ...extraction([fact('Assets', '2023-12-31', 22_100_000, 2, 'Total assets 25,400 22,100')]), currency: null } },
    );

    const result = await engine({ LLM_MAX_PAGES_PER_CALL: '1' }).extract(longStatement());

    expect(standIn.seen).toHaveLength(2);
    expect(userText(0)).toContain('<page number=\\"1\\">');
    expect(userText(0)).not.toContain('<page number=\\"2\\">');
    expect(userText(1)).toContain('<page number=\\"2\\">');
    expect(userText(0) + userText(1)).not.toContain('"type":"file"');
    expect(result.facts.map((kept) => [kept.concept, kept.period.end, kept.value, kept.currency])).toEqual([
      ['Revenues', '2024-12-31', 12_450_000, 'USD'],
      ['Assets', '2023-12-31', 22_100_000, 'USD'],
    ]);
  });

  it('classifies from the first window and says which pages the model read', async () => {
    standIn.answer({
      object: {
        documentType: 'financial_statement',
        confidence: 0.9,
        alternatives: [],
        language: 'en',
        pages: [{ page: 1, kind: 'income_statement' }],
        signals: [{ name: 'statement_title', weight: 0.9, page: 1, quote: 'Consolidated Statement of Operations' }],
      },
    });

    const result = await engine({ LLM_MAX_PAGES_PER_CALL: '1' }).classify(longStatement());

    expect(standIn.seen).toHaveLength(1);
    expect(result.pageCount).toBe(2);
    expect(result.pages.map((page) => page.page)).toEqual([1, 2]);
    expect(result.warnings).toEqual(['the model read pages 1-1 of 2; the kinds of the later pages come from the built-in reader']);
  });

  it('joins the evidence of one risk found in two windows', async () => {
    const notes: AnalysisDocument = { documentId: 'doc-notes', fileName: 'notes.txt', mimeType: 'text/plain', pages: layoutFromText([NOTES]) };
    const goingConcern = (documentId: string, page: number) => ({
      risks: [
        {
          id: 'going_concern',
          category: 'financial',
          severity: 'critical',
          title: 'Going concern doubt',
          description: 'Substantial doubt about continuing as a going concern.',
          evidence: [{ documentId, page, quote: "Substantial doubt exists about the Company's ability to continue as a going concern." }],
        },
      ],
    });
    standIn.answer({ object: goingConcern('doc-statement', 2) }, { object: goingConcern('doc-notes', 1) });

    const result = await engine({ LLM_MAX_PAGES_PER_CALL: '2' }).discoverRisks({ documents: [statement(), notes], facts: [], claims: [] });

    expect(standIn.seen).toHaveLength(2);
    expect(result.risks).toHaveLength(1);
    expect(result.risks[0].evidence.map((item) => 'documentId' in item && [item.documentId, item.page])).toEqual([
      ['doc-statement', 2],
      ['doc-notes', 1],
    ]);
    expect(result.warnings).toEqual([]);
  });
});

describe('the LLM engine over Anthropic messages', () => {
  const anthropic = (model: string) => engine({ LLM_PROVIDER: 'anthropic', LLM_MODEL: model });

  it('classifies with native structured output, sending x-api-key, anthropic-version and the PDF as a document block', async () => {
    standIn.answer({
      object: {
        documentType: 'financial_statement',
        confidence: 0.93,
        alternatives: [
          { documentType: 'financial_statement', confidence: 0.93 },
          { documentType: 'other', confidence: 0.04 },
        ],
        language: 'EN',
        pages: [
          { page: 1, kind: 'income_statement' },
          { page: 2, kind: 'text' },
        ],
        signals: [
          { name: 'statement_title', weight: 0.9, page: 1, quote: 'Consolidated Statement of Operations' },
          { name: 'audit_opinion', weight: 0.5, page: 1, quote: 'Report of Independent Registered Public Accounting Firm' },
        ],
      },
    });

    const result = await anthropic('claude-sonnet-4-5').classify(statement());

    const [request] = standIn.seen;
    expect(request.path).toBe('/v1/messages');
    expect(request.headers['x-api-key']).toBe(KEY);
    expect(request.headers['anthropic-version']).toBe('2023-06-01');
    expect(request.headers.authorization).toBeUndefined();
    expect(request.body.model).toBe('claude-sonnet-4-5');
    expect((request.body.output_config as { format: { type: string } }).format.type).toBe('json_schema');
    const content = (request.body.messages as { content: Record<string, unknown>[] }[])[0].content;
    expect(content[0]).toMatchObject({
      type: 'document',
      source: { type: 'base64', media_type: 'application/pdf', data: Buffer.from(pdf).toString('base64') },
    });

    expect(result.documentType).toBe('financial_statement');
    expect(result.alternatives).toEqual([{ documentType: 'other', confidence: 0.04 }]);
    expect(result.pages).toEqual([
      { page: 1, kind: 'income_statement', ocr: false, chars: STATEMENT.replace(/\s/g, '').length },
      { page: 2, kind: 'text', ocr: false, chars: NOTES.replace(/\s/g, '').length },
    ]);
    expect(result.language).toBe('en');
    expect(result.signals.map((signal) => signal.name)).toEqual(['statement_title']);
    expect(result.warnings).toEqual(['1 signals dropped: quote not verbatim on the cited page or value not in the quote']);
    expect(result.engine).toMatchObject({ name: 'llm/anthropic', version: 'claude-sonnet-4-5' });
  });

  it('reads the answer from the forced json tool call on models without native structured output, and keeps only risks with verbatim evidence', async () => {
    standIn.answer({
      object: {
        risks: [
          {
            id: 'going_concern',
            category: 'financial',
            severity: 'critical',
            title: 'Going concern doubt',
            description: 'The notes state substantial doubt about continuing as a going concern.',
            evidence: [{ documentId: 'doc-statement', page: 2, quote: "Substantial doubt exists about the Company's ability to continue as a going concern." }],
          },
          {
            id: 'litigation',
            category: 'legal',
            severity: 'high',
            title: 'Pending litigation',
            description: 'A lawsuit is pending.',
            evidence: [{ documentId: 'doc-statement', page: 2, quote: 'The Company is a defendant in a pending lawsuit.' }],
          },
        ],
      },
    });

    const result = await anthropic('claude-sonnet-4-20250514').discoverRisks({ documents: [statement()], facts: [], claims: [] });

    const [request] = standIn.seen;
    expect(request.body.tool_choice).toEqual({ type: 'any', disable_parallel_tool_use: true });
    expect((request.body.tools as { name: string }[]).map((tool) => tool.name)).toEqual(['json']);
    expect(result.risks.map((risk) => [risk.id, risk.severity])).toEqual([['going_concern', 'critical']]);
    expect(result.riskScore).toBe(60);
    expect(result.riskLevel).toBe('high');
    expect(result.warnings).toEqual([
      '1 quotes of risk litigation dropped: quote not verbatim on the cited page or value not in the quote',
      '1 risks dropped: none of their quotes is verbatim on its cited page (no evidence found)',
    ]);
  });

  it("maps Anthropic's 429 with retry-after to RATE_LIMITED and a 529 overload to a retryable error", async () => {
    standIn.answer({
      status: 429,
      headers: { 'retry-after': '40' },
      body: { type: 'error', error: { type: 'rate_limit_error', message: 'Number of request tokens has exceeded your per-minute rate limit' } },
    });
    const limited = await failure(anthropic('claude-sonnet-4-5').classify(statement()));
    expect(toolError(limited)).toMatchObject({ error: { code: 'RATE_LIMITED', retryAfterSeconds: 40 } });

    const overloaded = { status: 529, body: { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } } };
    standIn.answer(overloaded, overloaded);
    const unavailable = await failure(anthropic('claude-sonnet-4-5').classify(statement()));
    expect(toolError(unavailable)).toMatchObject({
      error: { code: 'INTERNAL_ERROR', message: 'Anthropic model claude-sonnet-4-5 is unavailable: it answered HTTP 529.' },
    });
  });

  it('answers a retryable tool error when the tool call misses required fields', async () => {
    standIn.answer({ object: { risks: [{ id: 'going_concern' }] } });

    const error = await failure(anthropic('claude-sonnet-4-20250514').discoverRisks({ documents: [statement()], facts: [], claims: [] }));

    expect(error.detail).toBe('Anthropic model claude-sonnet-4-20250514 is unavailable: its answer did not follow the requested structure.');
  });
});

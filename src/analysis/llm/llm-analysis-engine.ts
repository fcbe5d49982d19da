import { Logger, type LoggerService } from '@nestjs/common';
import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { APICallError, generateText, NoObjectGeneratedError, Output, RetryError, type LanguageModel } from 'ai';
import type { z } from 'zod';
import { AppException } from '../../common/errors/app.exception.js';
import type { AppConfig, LlmSettings } from '../../config/app-config.js';
import { ProviderHttpClient, type ProviderHttpClientOptions } from '../../providers/http/provider-http-client.js';
import type { ProviderHttpClients } from '../../providers/http/provider-http-clients.js';
import { ProviderRequestRejectedException, ProviderUnavailableException } from '../../providers/http/provider.exceptions.js';
import type { AnalysisDocument, AnalysisEngine, RiskDiscoveryInput } from '../analysis-engine.port.js';
import type { ClassificationResult, EngineInfo, ExtractionResult, RiskDiscoveryResult } from '../analysis.types.js';
import {
  classificationAnswer,
  classificationResult,
  extractionAnswer,
  extractionResult,
  riskAnswer,
  riskResult,
  type ExtractionAnswer,
  type RiskAnswer,
} from './llm-answers.js';
import { pageWindows, renderKnown, SYSTEM_PROMPTS, userMessage } from './llm-prompts.js';
import { fetchThroughProviderClient } from './model-transport.js';

/** The adapter's own version: it changes when the prompts or the answer shapes do. */
export const LLM_ADAPTER_VERSION = '1.0.0';

/** `engine` of every LLM result: DOMAIN.md 1.3 names the provider and model. */
export interface LlmEngineInfo extends EngineInfo {
  provider: LlmSettings['provider'];
  model: string;
  adapterVersion: string;
}

/** Seconds a caller is told to wait after an answer that did not follow the requested structure (another try may). */
const MALFORMED_RETRY_SECONDS = 5;

/**
 * The LLM adapter of the analysis port (ANALYSIS_ENGINE=llm): the ai SDK with an OpenAI-compatible
 * (chat completions) or Anthropic (messages) model, structured output validated with zod, the PDF
 * itself sent as a file part where configured. The model proposes; the service verifies: every
 * quote must stand verbatim on its cited page and every figure in its quote (verbatim.ts, the
 * same gate as the built-in engine), and facts must use the DOMAIN.md 2 vocabulary, else the item
 * is dropped and counted in `warnings`.
 */
export class LlmAnalysisEngine implements AnalysisEngine {
  readonly info: LlmEngineInfo;
  private readonly model: LanguageModel;
  private readonly displayName: string;

  constructor(
    private readonly settings: LlmSettings,
    client: ProviderHttpClient,
  ) {
    this.displayName = modelDisplayName(settings);
    this.info = {
      name: `llm/${settings.provider}`,
      version: settings.model,
      provider: settings.provider,
      model: settings.model,
      adapterVersion: LLM_ADAPTER_VERSION,
    };
    const fetch = fetchThroughProviderClient(client, settings.baseUrl);
    this.model =
      settings.provider === 'anthropic'
        ? createAnthropic({ baseURL: settings.baseUrl, apiKey: settings.apiKey, fetch })(settings.model)
        : // Strict JSON-schema structured output: OpenAI and the common compatible servers (vLLM, Ollama, LM Studio) accept it.
          createOpenAICompatible({ name: 'openai', baseURL: settings.baseUrl, apiKey: settings.apiKey, fetch, supportsStructuredOutputs: true }).chatModel(
            settings.model,
          );
  }

  async classify(document: AnalysisDocument): Promise<ClassificationResult> {
    // The first window is enough to tell a document's type; later pages keep the built-in page kinds.
    const [first] = pageWindows([document], this.settings.maxPagesPerCall);
    const answer = await this.ask(SYSTEM_PROMPTS.classification, 'Classify this document.', first, classificationAnswer, 'classification', this.sendsPdf(1));
    const result = classificationResult(document, answer, this.engine());
    const read = first[0].pages.length;
    if (read < document.pages.length) {
      result.warnings.push(`the model read pages 1-${read} of ${document.pages.length}; the kinds of the later pages come from the built-in reader`);
    }
    return result;
  }

  async extract(document: AnalysisDocument): Promise<ExtractionResult> {
    const windows = pageWindows([document], this.settings.maxPagesPerCall);
    const answers: ExtractionAnswer[] = [];
    // One window after another: a long document must not spend the provider's rate limit in one burst.
    for (const window of windows) {
      answers.push(
        await this.ask(
          SYSTEM_PROMPTS.extraction,
          'Extract the facts of every period column and the claims of these pages.',
          window,
          extractionAnswer,
          'extraction',
          this.sendsPdf(windows.length),
        ),
      );
    }
    const merged: ExtractionAnswer = {
      documentType: answers[0].documentType,
      currency: answers.find((answer) => answer.currency !== null)?.currency ?? null,
      facts: answers.flatMap((answer) => answer.facts),
      claims: answers.flatMap((answer) => answer.claims),
    };
    return extractionResult(document, merged, this.engine());
  }

  async discoverRisks(input: RiskDiscoveryInput): Promise<RiskDiscoveryResult> {
    const windows = pageWindows(input.documents, this.settings.maxPagesPerCall);
    const risks: RiskAnswer['risks'] = [];
    for (const window of windows) {
      const answer = await this.ask(
        SYSTEM_PROMPTS.risks,
        'Find the risks in these documents.',
        window,
        riskAnswer,
        'risks',
        this.sendsPdf(windows.length),
        renderKnown(input.facts, input.claims),
      );
      risks.push(...answer.risks);
    }
    return riskResult(input.documents, { risks }, this.engine());
  }

  /** The PDF goes along only when the whole call fits in one window: a window of a PDF would need the PDF cut. */
  private sendsPdf(windowCount: number): boolean {
    return this.settings.sendPdf && windowCount === 1;
  }

  private engine(): LlmEngineInfo {
    return { ...this.info };
  }

  /** One structured-output call; every failure leaves as a tool error that names the model and says what to do. */
  private async ask<T>(
    system: string,
    task: string,
    documents: AnalysisDocument[],
    schema: z.ZodType<T>,
    name: string,
    sendPdf: boolean,
    context?: string,
  ): Promise<T> {
    try {
      const result = await generateText({
        model: this.model,
        system,
        messages: [userMessage(task, documents, sendPdf, context)],
        output: Output.object({ schema, name }),
        // Retries, timeouts and Retry-After belong to the provider client (model-transport.ts), not the SDK.
        maxRetries: 0,
      });
      return result.output;
    } catch (error) {
      throw this.failure(error);
    }
  }

  private failure(error: unknown): unknown {
    const cause = error instanceof RetryError ? error.lastError : error;
    // The request was built by the service from the document, not from the caller's arguments: say what usually causes a refusal.
    if (cause instanceof ProviderRequestRejectedException) {
      return new AppException({
        status: 400,
        detail: cause.detail,
        hint: 'The model refused what the service sent for this document: usually a document longer than its context (analyse a shorter one), or a model that takes no files (the operator sets LLM_SEND_PDF=false).',
      });
    }
    if (cause instanceof AppException) return cause;
    if (NoObjectGeneratedError.isInstance(cause)) {
      const reason =
        cause.finishReason === 'length' ? 'its answer was cut off at the output token limit.' : 'its answer did not follow the requested structure.';
      return new ProviderUnavailableException(this.displayName, reason, MALFORMED_RETRY_SECONDS);
    }
    // The response arrived but is not the provider's wire format (an OpenAI-compatible server that is not quite).
    if (APICallError.isInstance(cause)) {
      return new ProviderUnavailableException(this.displayName, 'it answered in a form the adapter does not understand.', MALFORMED_RETRY_SECONDS);
    }
    return error;
  }
}

function modelDisplayName(settings: LlmSettings): string {
  return `${settings.provider === 'anthropic' ? 'Anthropic' : 'OpenAI-compatible'} model ${settings.model}`;
}

export interface LlmEngineOptions {
  /** The process's provider clients (ProviderHttpModule), so that the model shares one circuit breaker per base URL. */
  clients?: ProviderHttpClients;
  /** Backoff and breaker settings of the provider client (tests shorten them). */
  http?: Partial<Pick<ProviderHttpClientOptions, 'initialBackoffMs' | 'maxBackoffMs' | 'maxRetryAfterSeconds' | 'breakerThreshold' | 'breakerHalfOpenAfterMs'>>;
  /** Where retries and circuit changes are logged without `clients` (Nest's logger by default). */
  logger?: Pick<LoggerService, 'warn'>;
}

/**
 * The engine behind ANALYSIS_ENGINE=llm, from the validated configuration (which refuses to start
 * without LLM_MODEL and LLM_API_KEY).
 */
export function createLlmAnalysisEngine(config: AppConfig, options: LlmEngineOptions = {}): LlmAnalysisEngine {
  const settings = config.analysis.llm;
  if (!settings) throw new Error('createLlmAnalysisEngine needs ANALYSIS_ENGINE=llm with LLM_MODEL and LLM_API_KEY');
  const clientOptions: ProviderHttpClientOptions = {
    provider: `llm_${settings.provider}`,
    displayName: modelDisplayName(settings),
    baseUrl: settings.baseUrl,
    credentialsHint:
      "The service's own model key (LLM_API_KEY) was refused, not your access token: the operator must configure a valid key; until then document analysis cannot run.",
    timeoutMs: settings.timeoutMs,
    // A second try after a 5xx or a timeout, not a third: each try may take LLM_TIMEOUT_MS.
    attempts: 2,
    ...options.http,
  };
  const client = options.clients
    ? options.clients.client(clientOptions)
    : new ProviderHttpClient(clientOptions, options.logger ?? new Logger(ProviderHttpClient.name));
  return new LlmAnalysisEngine(settings, client);
}

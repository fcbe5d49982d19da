import { Injectable } from '@nestjs/common';
import { Clock } from '../common/clock.js';
import { AppException, InvalidInputException, ServiceUnavailableException } from '../common/errors/app.exception.js';
import { AppConfig } from '../config/app-config.js';
import { ProviderKeysService } from '../data-providers/provider-keys.service.js';
import type {
  ArticleResult,
  ComplianceMatchResult,
  ComplianceProvider,
  CoverageResult,
  EntityComplianceInput,
  EntityComplianceResult,
  ListVersionResult,
} from './dto/entity-compliance.dto.js';
import { countryCode } from './lists/countries.js';
import { SanctionsListsService, type LoadedLists } from './lists/sanctions-lists.service.js';
import { statusFor, type PartyEvidence } from './matching/name-matcher.js';
import { hasScreenableContent, normaliseName, personNameInReadingOrder } from './matching/name-normaliser.js';
import { ComplyAdvantageAdapter } from './providers/comply-advantage.adapter.js';
import { OpenSanctionsAdapter } from './providers/open-sanctions.adapter.js';
import type { ScreeningCandidate, ScreeningProvider, ScreeningRequest } from './providers/screening-provider.js';

/** Candidates below this score are not worth reporting even as near misses (they only feed a CLEAR's low risk score). */
const CANDIDATE_FLOOR = 50;
const MAX_MATCHES = 20;

/** No provider key for the caller and no local lists: the caller can configure a provider. */
export class ComplianceProviderNotConfiguredException extends AppException {
  constructor(provider?: ComplianceProvider) {
    super({
      status: 403,
      code: 'FORBIDDEN',
      detail: provider
        ? `No ${provider} key is configured for this account (nor by its firm's owner).`
        : 'No compliance provider is configured for this account, and this service has no sanctions lists loaded.',
      hint: provider
        ? `Call configure_data_provider {provider: '${provider}', apiKey} with your key, then call entity_compliance_agent again.`
        : "Call configure_data_provider {provider: 'compliance_a' or 'compliance_b', apiKey} with your screening provider's key, then call entity_compliance_agent again.",
    });
  }
}

/**
 * entity_compliance_agent: screens one party with the caller's compliance provider (its key, or
 * its firm owner's), else against the sanctions lists the operator loaded, and turns the candidates
 * into the result of SERVICE-SPEC 2.13: status from the best score and the two thresholds, risk from
 * the best score and the PEP and adverse-media findings, coverage saying what was checked by whom.
 */
@Injectable()
export class EntityComplianceService {
  private readonly providers: Record<ComplianceProvider, ScreeningProvider>;

  constructor(
    private readonly keys: ProviderKeysService,
    private readonly lists: SanctionsListsService,
    complyAdvantage: ComplyAdvantageAdapter,
    openSanctions: OpenSanctionsAdapter,
    private readonly config: AppConfig,
    private readonly clock: Clock,
  ) {
    this.providers = { compliance_a: complyAdvantage, compliance_b: openSanctions };
  }

  async screen(accountId: string, input: EntityComplianceInput): Promise<EntityComplianceResult> {
    const request = this.request(input);
    const source = await this.source(accountId, input.provider);
    let candidates: ScreeningCandidate[];
    let coverage: CoverageResult;
    let lists: ListVersionResult[] = [];
    if (source.kind === 'provider') {
      const screening = await this.providers[source.provider].screen(request, source.apiKey);
      candidates = screening.candidates;
      coverage = screening.coverage;
    } else {
      candidates = this.screenLocally(source.loaded, request);
      coverage = { sanctions: 'local_lists', pep: 'not_checked', adverseMedia: 'not_checked', identity: 'not_checked' };
      lists = source.loaded.lists.map((list) => ({
        name: list.name,
        title: list.title,
        version: list.version,
        publishedAt: list.publishedAt?.toISOString() ?? null,
        loadedAt: list.loadedAt.toISOString(),
        entryCount: list.entryCount,
      }));
    }
    return this.result(input, request, source.kind === 'provider' ? source.provider : 'local_lists', candidates, coverage, lists);
  }

  private request(input: EntityComplianceInput): ScreeningRequest {
    const name = input.entityName?.trim() ?? '';
    if (name === '') {
      throw new InvalidInputException('entityName is required: the name of the person or company to screen (entityId only labels the result).');
    }
    if (input.checkType === 'KYC' && input.entityType !== 'person') {
      throw new InvalidInputException("checkType KYC screens a person: use entityType 'person', or checkType KYB for a company.");
    }
    if (input.checkType === 'KYB' && input.entityType !== 'company') {
      throw new InvalidInputException("checkType KYB screens a company: use entityType 'company', or checkType KYC for a person.");
    }
    const normalised = normaliseName(name, input.entityType);
    if (!hasScreenableContent(normalised)) {
      throw new InvalidInputException('entityName has no letters or digits to screen once punctuation, titles and company forms are set aside.');
    }
    const evidence: PartyEvidence = { kind: input.entityType, birthDate: input.dateOfBirth };
    if (input.country !== undefined) {
      const code = countryCode(input.country);
      if (!code) throw new InvalidInputException('country must be an ISO 3166-1 alpha-2 code (for example RU) or an English country name.');
      evidence.countries = [code];
    }
    return { name, normalised, evidence, entityType: input.entityType, checkType: input.checkType, entityId: input.entityId, minScore: CANDIDATE_FLOOR };
  }

  private async source(
    accountId: string,
    wanted: ComplianceProvider | undefined,
  ): Promise<{ kind: 'provider'; provider: ComplianceProvider; apiKey: string } | { kind: 'local'; loaded: LoadedLists }> {
    for (const provider of wanted ? [wanted] : (['compliance_a', 'compliance_b'] as const)) {
      const apiKey = await this.keys.keyFor(accountId, provider);
      if (apiKey) return { kind: 'provider', provider, apiKey };
    }
    if (wanted) throw new ComplianceProviderNotConfiguredException(wanted);
    const loaded = await this.lists.loaded();
    if (loaded) return { kind: 'local', loaded };
    if (this.lists.configured) {
      throw new ServiceUnavailableException(
        'The sanctions lists configured for local screening are still loading.',
        30,
        "Call again in 30 seconds, or configure a compliance provider with configure_data_provider {provider: 'compliance_a' or 'compliance_b', apiKey}.",
      );
    }
    throw new ComplianceProviderNotConfiguredException();
  }

  private screenLocally(loaded: LoadedLists, request: ScreeningRequest): ScreeningCandidate[] {
    return loaded.index
      .search(request.normalised, request.evidence, { minScore: request.minScore, limit: MAX_MATCHES })
      .map(({ entry, score, matchedAlias, features }) => ({
        match: {
          name: entry.kind === 'person' ? personNameInReadingOrder(entry.name) : entry.name,
          score,
          list: entry.list,
          entityId: entry.entityId,
          matchedName: matchedAlias ?? entry.name,
          matchedAlias,
          schema: entry.kind === 'person' ? 'person' : 'company',
          countries: entry.countries,
          birthDates: entry.birthDates,
          sanctionsLists: [entry.list, ...entry.programs.map((program) => `${entry.list} ${program}`)],
          pepPositions: [],
          explanation: features,
        },
        articles: [],
      }));
  }

  private result(
    input: EntityComplianceInput,
    request: ScreeningRequest,
    provider: EntityComplianceResult['provider'],
    candidates: ScreeningCandidate[],
    coverage: CoverageResult,
    lists: ListVersionResult[],
  ): EntityComplianceResult {
    const { thresholds } = this.config.screening;
    const sorted = [...candidates].sort((a, b) => b.match.score - a.match.score);
    const reported = sorted.filter((candidate) => candidate.match.score >= thresholds.review).slice(0, MAX_MATCHES);
    const best = sorted[0]?.match.score;
    const status = statusFor(best, thresholds);
    const matches: ComplianceMatchResult[] = reported.map((candidate) => candidate.match);
    const sanctionLists = [...new Set(matches.flatMap((match) => (match.sanctionsLists.length > 0 ? [match.list] : [])))];
    const positions = [...new Set(matches.flatMap((match) => match.pepPositions))];
    const articles: ArticleResult[] = reported.flatMap((candidate) => candidate.articles).slice(0, 20);
    const riskScore = this.riskScore(best ?? 0, positions.length > 0, articles.length > 0);
    const riskLevel = riskScore >= 75 ? 'high' : riskScore >= 40 ? 'medium' : 'low';
    return {
      status,
      riskScore,
      riskLevel,
      matches,
      sanctions: { matched: sanctionLists.length > 0, lists: sanctionLists },
      pep: { matched: positions.length > 0, positions },
      adverseMedia: { matched: articles.length > 0, articles },
      summary: this.summary(request.name, status, matches, coverage, provider, lists),
      checkedAt: this.clock.now().toISOString(),
      provider,
      coverage,
      entityName: request.name,
      ...(input.entityId !== undefined ? { entityId: input.entityId } : {}),
      entityType: input.entityType,
      checkType: input.checkType,
      thresholds: { ...thresholds },
      lists,
    };
  }

  /**
   * MATCH maps to 75–100 (high), REVIEW to 40–74 (medium), CLEAR to 0–39 (low) in proportion to
   * the best score; a PEP position found lifts it to at least 60, adverse media to at least 50.
   */
  private riskScore(best: number, pep: boolean, adverseMedia: boolean): number {
    const { review, match } = this.config.screening.thresholds;
    let score: number;
    if (best >= match) score = 75 + (25 * (best - match)) / Math.max(1, 100 - match);
    else if (best >= review) score = 40 + (34 * (best - review)) / Math.max(1, match - review);
    else score = (39 * best) / review;
    if (pep) score = Math.max(score, 60);
    if (adverseMedia) score = Math.max(score, 50);
    return Math.round(Math.min(100, score));
  }

  private summary(
    name: string,
    status: EntityComplianceResult['status'],
    matches: ComplianceMatchResult[],
    coverage: CoverageResult,
    provider: EntityComplianceResult['provider'],
    lists: ListVersionResult[],
  ): string {
    const top = matches[0];
    const outcome =
      status === 'CLEAR'
        ? `CLEAR: no listed party scored ${this.config.screening.thresholds.review} or more against "${name}".`
        : `${status}: "${name}" ${status === 'MATCH' ? 'matches' : 'may match'} "${top.matchedName}" on ${top.list} (score ${top.score})${matches.length > 1 ? ` and ${matches.length - 1} other candidate(s)` : ''}.`;
    const source =
      provider === 'local_lists'
        ? `Sanctions checked against the locally loaded lists ${lists.map((list) => `${list.title} (version ${list.version}, loaded ${list.loadedAt.slice(0, 10)})`).join(', ')}.`
        : `Screened by ${provider === 'compliance_a' ? 'ComplyAdvantage (compliance_a)' : 'OpenSanctions (compliance_b)'}.`;
    const unchecked = (['pep', 'adverseMedia', 'identity'] as const).filter((field) => coverage[field] === 'not_checked');
    const labels = { pep: 'politically exposed persons', adverseMedia: 'adverse media', identity: 'identity verification' };
    return [outcome, source, unchecked.length > 0 ? `Not checked: ${unchecked.map((field) => labels[field]).join(', ')}.` : ''].filter(Boolean).join(' ');
  }
}

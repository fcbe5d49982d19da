import type { PartyEvidence } from '../matching/name-matcher.js';
import type { NormalisedName } from '../matching/name-normaliser.js';
import type { ComplianceMatchResult, ArticleResult, ComplianceProvider, CoverageResult, EntityComplianceInput } from '../dto/entity-compliance.dto.js';

/** One screening, as every source (provider or local lists) receives it. */
export interface ScreeningRequest {
  name: string;
  normalised: NormalisedName;
  evidence: PartyEvidence;
  entityType: 'person' | 'company';
  checkType: EntityComplianceInput['checkType'];
  entityId?: string;
  /** Only candidates scoring at least this are returned. */
  minScore: number;
}

/** A candidate with what it was found on: the service keeps those at or above the review threshold. */
export interface ScreeningCandidate {
  match: ComplianceMatchResult;
  articles: ArticleResult[];
}

export interface ProviderScreening {
  candidates: ScreeningCandidate[];
  coverage: CoverageResult;
}

/** A compliance provider's adapter: the caller's key in, candidates scored by this service's matcher out. */
export interface ScreeningProvider {
  readonly provider: ComplianceProvider;
  readonly displayName: string;
  screen(request: ScreeningRequest, apiKey: string): Promise<ProviderScreening>;
}

/** Checks that want a provider's PEP data, and its adverse media. */
export function wantsPep(checkType: ScreeningRequest['checkType']): boolean {
  return checkType !== 'sanctions';
}

export function wantsAdverseMedia(checkType: ScreeningRequest['checkType']): boolean {
  return checkType === 'full';
}

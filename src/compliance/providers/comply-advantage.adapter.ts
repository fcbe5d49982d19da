import { Injectable } from '@nestjs/common';
import { z } from 'zod';
import { AppConfig } from '../../config/app-config.js';
import { ProviderHttpClients } from '../../providers/http/provider-http-clients.js';
import type { ArticleResult } from '../dto/entity-compliance.dto.js';
import { countryCode } from '../lists/countries.js';
import { scoreCandidate, type MatchFeature } from '../matching/name-matcher.js';
import { normaliseName, type PartyKind } from '../matching/name-normaliser.js';
import { UnreadableProviderAnswerException } from './provider-body.exception.js';
import {
  wantsAdverseMedia,
  wantsPep,
  type ProviderScreening,
  type ScreeningCandidate,
  type ScreeningProvider,
  type ScreeningRequest,
} from './screening-provider.js';

/** The parts of ComplyAdvantage's `POST /searches` answer this adapter reads (docs.complyadvantage.com/api-docs, "Searches"). */
const Field = z.object({ name: z.string().optional(), tag: z.string().optional(), value: z.unknown() });
const Hit = z.object({
  doc: z.object({
    id: z.union([z.string(), z.number()]).transform(String),
    name: z.string(),
    entity_type: z.string().optional(),
    aka: z
      .array(z.object({ name: z.string() }))
      .optional()
      .default([]),
    fields: z.array(Field).optional().default([]),
    types: z.array(z.string()).optional().default([]),
    sources: z.array(z.string()).optional().default([]),
    source_notes: z
      .record(z.string(), z.object({ name: z.string().optional(), aml_types: z.array(z.string()).optional().default([]) }))
      .optional()
      .default({}),
    media: z
      .array(z.object({ title: z.string().optional(), url: z.string().optional(), date: z.string().nullish(), snippet: z.string().optional() }))
      .optional()
      .default([]),
  }),
  match_types: z.array(z.string()).optional().default([]),
});
const SearchAnswer = z.object({
  content: z.object({
    data: z.object({ id: z.union([z.string(), z.number()]).optional(), ref: z.string().optional(), hits: z.array(Hit).optional().default([]) }),
  }),
});
type SearchHit = z.infer<typeof Hit>;

const DISPLAY_NAME = 'ComplyAdvantage';

/**
 * `compliance_a`: a ComplyAdvantage-style screening search. `POST /searches` with
 * `Authorization: Token <key>`, the name as `search_term`, the caller's reference as `client_ref`,
 * and filters (types by check, entity type, birth year, countries). Each hit is scored again by
 * this service's matcher against the hit's name and aliases, so every source gives comparable,
 * explained scores; the provider's own match types are kept in the explanation.
 */
@Injectable()
export class ComplyAdvantageAdapter implements ScreeningProvider {
  readonly provider = 'compliance_a' as const;
  readonly displayName = DISPLAY_NAME;

  constructor(
    private readonly clients: ProviderHttpClients,
    private readonly config: AppConfig,
  ) {}

  async screen(request: ScreeningRequest, apiKey: string): Promise<ProviderScreening> {
    const types = [
      'sanction',
      ...(wantsPep(request.checkType) ? ['warning', 'fitness-probity', 'pep'] : []),
      ...(wantsAdverseMedia(request.checkType) ? ['adverse-media'] : []),
    ];
    const filters: Record<string, unknown> = { types, entity_type: request.entityType };
    if (request.evidence.birthDate) filters.birth_year = Number(request.evidence.birthDate.slice(0, 4));
    if (request.evidence.countries?.length) filters.countries = request.evidence.countries.map((country) => country.toUpperCase());
    const { body } = await this.client().postJson<unknown>(
      '/searches',
      { search_term: request.name, client_ref: request.entityId, fuzziness: 0.6, filters, share_url: 1, limit: 100 },
      { headers: { authorization: `Token ${apiKey}` }, idempotent: true },
    );
    const parsed = SearchAnswer.safeParse(body);
    if (!parsed.success) throw new UnreadableProviderAnswerException(DISPLAY_NAME, 'no content.data.hits');
    const candidates = parsed.data.content.data.hits
      .map((hit) => this.candidate(hit, request))
      .filter((candidate) => candidate.match.score >= request.minScore);
    return {
      candidates,
      coverage: {
        sanctions: 'provider',
        pep: wantsPep(request.checkType) ? 'provider' : 'not_checked',
        adverseMedia: wantsAdverseMedia(request.checkType) ? 'provider' : 'not_checked',
        identity: 'not_checked',
      },
    };
  }

  private candidate({ doc, match_types }: SearchHit, request: ScreeningRequest): ScreeningCandidate {
    const kind: PartyKind = doc.entity_type === 'person' ? 'person' : doc.entity_type ? 'company' : 'unknown';
    const fieldValues = (pattern: RegExp) =>
      doc.fields
        .filter((field) => pattern.test(field.name ?? '') || pattern.test(field.tag ?? ''))
        .map((field) => (typeof field.value === 'string' || typeof field.value === 'number' ? String(field.value).trim() : ''))
        .filter(Boolean);
    const birthDates = [...new Set(fieldValues(/^date of birth$|^date_of_birth$/i).map((value) => value.slice(0, 10)))];
    const countries = [...new Set(fieldValues(/^(country|countries|nationality|citizenship)$/i).flatMap((value) => countryCode(value) ?? []))];
    let best: { score: number; features: MatchFeature[]; alias?: string } = { score: -1, features: [] };
    for (const [text, alias] of [[doc.name, undefined] as const, ...doc.aka.map((aka) => [aka.name, aka.name] as const)]) {
      const scored = scoreCandidate(request.normalised, request.evidence, normaliseName(text, kind), { kind, birthDates, countries });
      if (scored.score > best.score) best = { score: scored.score, features: scored.features, alias };
    }
    const sanctionsLists = doc.sources
      .filter((source) => doc.source_notes[source]?.aml_types.includes('sanction'))
      .map((source) => doc.source_notes[source]?.name ?? source);
    const isPep = doc.types.some((type) => type.startsWith('pep'));
    const positions = fieldValues(/^political position$|^political_position$/i);
    const articles: ArticleResult[] = doc.types.some((type) => type.startsWith('adverse-media'))
      ? doc.media.map((item) => ({
          title: item.title ?? '',
          url: item.url ?? '',
          publishedAt: item.date ?? null,
          source: hostOf(item.url),
          snippet: item.snippet ?? '',
        }))
      : [];
    return {
      match: {
        name: doc.name,
        score: best.score,
        list: sanctionsLists[0] ?? DISPLAY_NAME,
        entityId: doc.id,
        matchedName: best.alias ?? doc.name,
        matchedAlias: best.alias,
        schema: kind === 'person' ? 'person' : 'company',
        countries,
        birthDates,
        sanctionsLists,
        pepPositions: isPep ? (positions.length > 0 ? positions : ['politically exposed person']) : [],
        explanation: [...best.features, { feature: 'provider_match_types', value: match_types.join(' ') }],
      },
      articles,
    };
  }

  private client() {
    return this.clients.client({
      provider: this.provider,
      displayName: DISPLAY_NAME,
      baseUrl: this.config.screening.providers.complianceA.baseUrl,
      timeoutMs: this.config.screening.providers.timeoutMs,
      credentialsHint: "Configure a valid ComplyAdvantage API key with configure_data_provider {provider: 'compliance_a', apiKey}.",
    });
  }
}

function hostOf(url: string | undefined): string {
  try {
    return url ? new URL(url).hostname : '';
  } catch {
    return '';
  }
}

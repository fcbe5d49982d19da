import { Injectable } from '@nestjs/common';
import { z } from 'zod';
import { AppConfig } from '../../config/app-config.js';
import { ProviderHttpClients } from '../../providers/http/provider-http-clients.js';
import { countryCode } from '../lists/countries.js';
import { scoreCandidate, type MatchFeature } from '../matching/name-matcher.js';
import { normaliseName, type PartyKind } from '../matching/name-normaliser.js';
import { UnreadableProviderAnswerException } from './provider-body.exception.js';
import { wantsPep, type ProviderScreening, type ScreeningCandidate, type ScreeningProvider, type ScreeningRequest } from './screening-provider.js';

/** A scored entity of yente's `POST /match/{dataset}` answer (ScoredEntityResponse). */
const ScoredEntity = z.object({
  id: z.string(),
  caption: z.string(),
  schema: z.string(),
  properties: z.record(z.string(), z.array(z.unknown())).optional().default({}),
  datasets: z.array(z.string()).optional().default([]),
  score: z.number(),
  match: z.boolean().optional().default(false),
  features: z.record(z.string(), z.number()).optional().default({}),
});
const MatchAnswer = z.object({ responses: z.record(z.string(), z.object({ results: z.array(ScoredEntity) })) });
type Scored = z.infer<typeof ScoredEntity>;

const DISPLAY_NAME = 'OpenSanctions';
const QUERY_KEY = 'entity';

/**
 * `compliance_b`: the OpenSanctions matching API (`POST /match/{dataset}`, which a self-hosted
 * yente server also serves), `Authorization: ApiKey <key>`. Dataset `sanctions` for a sanctions
 * check, `default` (sanctions, PEPs, crime and watch lists) otherwise. Each result is scored again by
 * this service's matcher; the final score is the higher of that and the provider's own score (which
 * may rest on facts the query carries that names do not), and the provider's features are kept in
 * the explanation. OpenSanctions has no adverse-media articles: that coverage is `not_checked`.
 */
@Injectable()
export class OpenSanctionsAdapter implements ScreeningProvider {
  readonly provider = 'compliance_b' as const;
  readonly displayName = DISPLAY_NAME;

  constructor(
    private readonly clients: ProviderHttpClients,
    private readonly config: AppConfig,
  ) {}

  async screen(request: ScreeningRequest, apiKey: string): Promise<ProviderScreening> {
    const dataset = wantsPep(request.checkType) ? 'default' : 'sanctions';
    const properties: Record<string, string[]> = { name: [request.name] };
    if (request.evidence.birthDate) properties.birthDate = [request.evidence.birthDate];
    if (request.evidence.countries?.length) properties[request.entityType === 'person' ? 'nationality' : 'jurisdiction'] = [...request.evidence.countries];
    const { body } = await this.client().postJson<unknown>(
      `/match/${dataset}`,
      { queries: { [QUERY_KEY]: { schema: request.entityType === 'person' ? 'Person' : 'Company', properties } } },
      { headers: { authorization: `ApiKey ${apiKey}` }, query: { limit: 10 }, idempotent: true, notFound: `dataset "${dataset}"` },
    );
    const parsed = MatchAnswer.safeParse(body);
    const results = parsed.success ? parsed.data.responses[QUERY_KEY]?.results : undefined;
    if (!results) throw new UnreadableProviderAnswerException(DISPLAY_NAME, `no responses.${QUERY_KEY}.results`);
    return {
      candidates: results.map((result) => this.candidate(result, request)).filter((candidate) => candidate.match.score >= request.minScore),
      coverage: { sanctions: 'provider', pep: wantsPep(request.checkType) ? 'provider' : 'not_checked', adverseMedia: 'not_checked', identity: 'not_checked' },
    };
  }

  private candidate(result: Scored, request: ScreeningRequest): ScreeningCandidate {
    const strings = (property: string) => (result.properties[property] ?? []).filter((value): value is string => typeof value === 'string');
    const kind: PartyKind =
      result.schema === 'Person' ? 'person' : result.schema === 'Vessel' ? 'vessel' : result.schema === 'Airplane' ? 'aircraft' : 'company';
    const birthDates = strings('birthDate').map((date) => date.slice(0, 10));
    const countries = [
      ...new Set(
        [...strings('nationality'), ...strings('country'), ...strings('citizenship'), ...strings('jurisdiction')].flatMap((value) => countryCode(value) ?? []),
      ),
    ];
    const names = [...new Set([result.caption, ...strings('name')])];
    const aliases = strings('alias');
    let best: { score: number; features: MatchFeature[]; text: string; alias?: string } = { score: -1, features: [], text: result.caption };
    for (const [text, alias] of [...names.map((name) => [name, undefined] as const), ...aliases.map((alias) => [alias, alias] as const)]) {
      const scored = scoreCandidate(request.normalised, request.evidence, normaliseName(text, kind), { kind, birthDates, countries });
      if (scored.score > best.score) best = { score: scored.score, features: scored.features, text, alias };
    }
    const providerScore = Math.round(result.score * 100);
    const topics = strings('topics');
    const sanctioned = topics.includes('sanction');
    const isPep = topics.some((topic) => topic.startsWith('role.pep'));
    return {
      match: {
        name: result.caption,
        score: Math.max(best.score, providerScore),
        list: sanctioned ? (result.datasets[0] ?? DISPLAY_NAME) : DISPLAY_NAME,
        entityId: result.id,
        matchedName: best.text,
        matchedAlias: best.alias,
        schema: kind === 'person' ? 'person' : 'company',
        countries,
        birthDates,
        sanctionsLists: sanctioned ? result.datasets : [],
        pepPositions: isPep ? (strings('position').length > 0 ? strings('position') : ['politically exposed person']) : [],
        explanation: [
          ...best.features,
          { feature: 'provider_score', value: result.score },
          ...Object.entries(result.features).map(([feature, value]) => ({ feature: `provider:${feature}`, value })),
          ...(topics.length > 0 ? [{ feature: 'provider_topics', value: topics.join(' ') }] : []),
        ],
      },
      articles: [],
    };
  }

  private client() {
    return this.clients.client({
      provider: this.provider,
      displayName: DISPLAY_NAME,
      baseUrl: this.config.screening.providers.complianceB.baseUrl,
      timeoutMs: this.config.screening.providers.timeoutMs,
      credentialsHint: "Configure a valid OpenSanctions API key with configure_data_provider {provider: 'compliance_b', apiKey}.",
    });
  }
}

import { z } from 'zod';
import {
  CLAIM_METRICS,
  CLAIM_UNITS,
  CONCEPTS,
  DOCUMENT_TYPES,
  PAGE_KINDS,
  RISK_CATEGORIES,
  SEVERITIES,
  type Claim,
  type ClassificationResult,
  type Concept,
  type EngineInfo,
  type Evidence,
  type ExtractionResult,
  type Fact,
  type Period,
  type Risk,
  type RiskDiscoveryResult,
  type Signal,
} from '../analysis.types.js';
import type { AnalysisDocument } from '../analysis-engine.port.js';
import { pageKind } from '../classification/document-classifier.js';
import { RISK_THRESHOLDS, SEVERITY_WEIGHTS } from '../fraud/fraud-checks.js';
import { statementChecks } from '../statements/statement-checks.js';
import { keepVerified } from '../verbatim.js';

/*
 * The shapes the model must answer in (structured output, validated with zod), and how an answer
 * becomes a result. Every property is required and absent values are `null`: OpenAI's strict JSON
 * schema mode and Anthropic's native structured output both refuse optional properties in bulk.
 * Numbers carry no `int()`: its ±2^53 bounds are keywords some providers' schema subsets refuse,
 * and a page that is not a whole number simply matches no page. Enumerations the model cannot get
 * wrong without breaking the answer (document types, page kinds) are enforced by the schema; the
 * fact vocabulary is a string checked afterwards, so that one invented concept costs that fact
 * (counted in `warnings`), not the whole answer.
 */

const quoted = { page: z.number().describe('1-based page number'), quote: z.string().describe('copied verbatim from that page') };

export const classificationAnswer = z.object({
  documentType: z.enum(DOCUMENT_TYPES),
  confidence: z.number(),
  alternatives: z.array(z.object({ documentType: z.enum(DOCUMENT_TYPES), confidence: z.number() })),
  language: z.string(),
  pages: z.array(z.object({ page: z.number(), kind: z.enum(PAGE_KINDS) })),
  signals: z.array(z.object({ name: z.string(), weight: z.number(), ...quoted })),
});

export const extractionAnswer = z.object({
  documentType: z.enum(DOCUMENT_TYPES),
  currency: z.string().nullable(),
  facts: z.array(
    z.object({
      concept: z.string(),
      label: z.string(),
      periodLabel: z.string(),
      periodEnd: z.string().describe('YYYY-MM-DD'),
      months: z.number().nullable(),
      value: z.number(),
      ...quoted,
    }),
  ),
  claims: z.array(
    z.object({
      metric: z.string(),
      value: z.number(),
      unit: z.enum(CLAIM_UNITS),
      currency: z.string().nullable(),
      period: z.string().nullable(),
      ...quoted,
    }),
  ),
});

export const riskAnswer = z.object({
  risks: z.array(
    z.object({
      id: z.string(),
      category: z.enum(RISK_CATEGORIES),
      severity: z.enum(SEVERITIES),
      title: z.string(),
      description: z.string(),
      evidence: z.array(z.object({ documentId: z.string(), ...quoted })),
    }),
  ),
});

export type ClassificationAnswer = z.infer<typeof classificationAnswer>;
export type ExtractionAnswer = z.infer<typeof extractionAnswer>;
export type RiskAnswer = z.infer<typeof riskAnswer>;

const ISO_DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
const STATED_MONTHS = new Set([3, 6, 9, 12]);
const CONCEPT_SET = new Set<string>(CONCEPTS);
const METRIC_SET = new Set<string>(CLAIM_METRICS);

const clamp = (value: number) => Math.round(Math.min(1, Math.max(0, value)) * 100) / 100;
const currencyCode = (value: string | null) => (value && /^[A-Za-z]{3}$/.test(value.trim()) ? value.trim().toUpperCase() : null);

export function classificationResult(document: AnalysisDocument, answer: ClassificationAnswer, engine: EngineInfo): ClassificationResult {
  const evidence = (page: number, quote: string): Evidence => ({ documentId: document.documentId, page, quote });
  const signals: Signal[] = answer.signals.map((signal) => ({
    name: signal.name,
    weight: clamp(signal.weight),
    evidence: evidence(signal.page, signal.quote),
  }));
  const verified = keepVerified(signals, document.pages, 'signals');
  const warnings = [...verified.warnings];
  if (verified.kept.length === 0) warnings.push('no evidence found: the model cited no verbatim quote for its classification');
  // Page facts (OCR, characters) are the service's own reading; the model only names the kind.
  const kinds = new Map(answer.pages.map((page) => [page.page, page.kind]));
  const alternatives = answer.alternatives
    .filter((alternative) => alternative.documentType !== answer.documentType)
    .map((alternative) => ({ documentType: alternative.documentType, confidence: clamp(alternative.confidence) }))
    .sort((a, b) => b.confidence - a.confidence);
  return {
    documentId: document.documentId,
    documentType: answer.documentType,
    confidence: clamp(answer.confidence),
    alternatives,
    pageCount: document.pages.length,
    pages: document.pages.map((page) => ({ page: page.page, kind: kinds.get(page.page) ?? pageKind(page), ocr: page.ocr, chars: page.chars })),
    language: /^[a-z]{2}$/i.test(answer.language.trim()) ? answer.language.trim().toLowerCase() : 'und',
    signals: verified.kept,
    warnings,
    engine,
  };
}

export function extractionResult(document: AnalysisDocument, answer: ExtractionAnswer, engine: EngineInfo): ExtractionResult {
  const warnings: string[] = [];
  const currency = currencyCode(answer.currency);
  const evidence = (page: number, quote: string): Evidence => ({ documentId: document.documentId, page, quote });

  const unknownConcepts = answer.facts.filter((fact) => !CONCEPT_SET.has(fact.concept));
  if (unknownConcepts.length > 0) {
    const names = [...new Set(unknownConcepts.map((fact) => fact.concept))].slice(0, 5).join(', ');
    warnings.push(`${unknownConcepts.length} facts dropped: concept not in the fact vocabulary (${names})`);
  }
  const undated = answer.facts.filter((fact) => CONCEPT_SET.has(fact.concept) && !ISO_DATE.test(fact.periodEnd));
  if (undated.length > 0) warnings.push(`${undated.length} facts dropped: period end not a YYYY-MM-DD date`);
  const seen = new Set<string>();
  const candidates: Fact[] = [];
  for (const fact of answer.facts) {
    if (!CONCEPT_SET.has(fact.concept) || !ISO_DATE.test(fact.periodEnd)) continue;
    // One fact per concept and period: a repeated one (a subtotal printed twice) keeps the first.
    const key = `${fact.concept} ${fact.periodEnd}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const period: Period = {
      label: fact.periodLabel,
      end: fact.periodEnd,
      ...(fact.months !== null && STATED_MONTHS.has(fact.months) && { months: fact.months }),
    };
    candidates.push({
      concept: fact.concept as Concept,
      label: fact.label,
      period,
      value: fact.value,
      currency,
      source: 'document',
      evidence: evidence(fact.page, fact.quote),
    });
  }
  const facts = keepVerified(candidates, document.pages, 'facts');
  warnings.push(...facts.warnings);

  const unknownMetrics = answer.claims.filter((claim) => !METRIC_SET.has(claim.metric));
  if (unknownMetrics.length > 0) warnings.push(`${unknownMetrics.length} claims dropped: metric not one of ${CLAIM_METRICS.join(', ')}`);
  const claimCandidates: Claim[] = answer.claims
    .filter((claim) => METRIC_SET.has(claim.metric))
    .map((claim) => ({
      metric: claim.metric as Claim['metric'],
      value: claim.value,
      unit: claim.unit,
      ...(claim.unit === 'currency' && { currency: currencyCode(claim.currency) ?? currency }),
      ...(claim.period !== null && { period: claim.period }),
      evidence: evidence(claim.page, claim.quote),
    }));
  const claims = keepVerified(claimCandidates, document.pages, 'claims');
  warnings.push(...claims.warnings);

  if (facts.kept.length === 0 && claims.kept.length === 0) warnings.push('no evidence found: no fact or claim with a verbatim quote');
  if (facts.kept.length > 0 && currency === null) warnings.push('the statements state no currency; facts carry currency null');
  const periods = [...new Map(facts.kept.map((fact) => [fact.period.end, fact.period])).values()].sort((a, b) => b.end.localeCompare(a.end));
  const unit = printedUnit(facts.kept);
  return {
    documentId: document.documentId,
    documentType: answer.documentType,
    currency,
    periods,
    facts: facts.kept,
    claims: claims.kept,
    fields: [],
    checks: statementChecks(facts.kept, () => unit),
    warnings,
    engine,
  };
}

/**
 * The unit the statement prints in, for the tolerance of its arithmetic checks: the largest of
 * millions, thousands and units that divides every value (figures "in thousands" all end in 000).
 */
function printedUnit(facts: Fact[]): number {
  return [1e6, 1e3].find((unit) => facts.length > 0 && facts.every((fact) => fact.value % unit === 0)) ?? 1;
}

export function riskResult(documents: AnalysisDocument[], answer: RiskAnswer, engine: EngineInfo): RiskDiscoveryResult {
  const warnings: string[] = [];
  const pagesOf = new Map(documents.map((document) => [document.documentId, document.pages]));
  const risks: Risk[] = [];
  let unsupported = 0;
  let elsewhere = 0;
  const byId = new Map<string, Risk>();
  for (const risk of answer.risks) {
    // Each quote is checked against the pages of the document it names; one naming no document in scope is dropped.
    const cited = risk.evidence.map((item) => ({ evidence: { documentId: item.documentId, page: item.page, quote: item.quote } }));
    elsewhere += cited.filter((item) => !pagesOf.has(item.evidence.documentId)).length;
    const kept: Evidence[] = [];
    for (const [documentId, pages] of pagesOf) {
      const verified = keepVerified(
        cited.filter((item) => item.evidence.documentId === documentId),
        pages,
        `quotes of risk ${risk.id}`,
      );
      kept.push(...verified.kept.map((item) => item.evidence));
      warnings.push(...verified.warnings);
    }
    const id = snakeCase(risk.id) || snakeCase(risk.title) || 'risk';
    if (kept.length === 0) {
      unsupported++;
      continue;
    }
    // The same rule found again (in another window of pages) adds its evidence to the first finding.
    const found = byId.get(id);
    if (found) {
      found.evidence.push(...kept.filter((item) => !found.evidence.some((known) => JSON.stringify(known) === JSON.stringify(item))));
      continue;
    }
    // The model cites quotes, not extracted facts or claims: those stay with the built-in rules.
    const added: Risk = {
      id,
      category: risk.category,
      severity: risk.severity,
      title: risk.title,
      description: risk.description,
      evidence: kept,
      facts: [],
      claims: [],
    };
    byId.set(id, added);
    risks.push(added);
  }
  if (elsewhere > 0) warnings.push(`${elsewhere} risk quotes dropped: they cite a document outside the analysis`);
  if (unsupported > 0) warnings.push(`${unsupported} risks dropped: none of their quotes is verbatim on its cited page (no evidence found)`);
  // The fraud score's weights and thresholds, so that a risk and a failed fraud check of one severity weigh the same.
  const riskScore = Math.min(
    100,
    risks.reduce((sum, risk) => sum + SEVERITY_WEIGHTS[risk.severity], 0),
  );
  const riskLevel = riskScore >= RISK_THRESHOLDS.high ? 'high' : riskScore >= RISK_THRESHOLDS.medium ? 'medium' : 'low';
  // A model reads what is there; rules it could not judge are not reported as such.
  return { riskScore, riskLevel, risks, notEvaluated: [], warnings, engine };
}

function snakeCase(value: string): string {
  return value
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 64);
}

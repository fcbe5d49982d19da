import { BUILTIN_ENGINE, type Claim, type Evidence, type Fact, type PageLayout, type Risk, type RiskDiscoveryResult } from '../analysis.types.js';
import type { RiskDiscoveryInput } from '../analysis-engine.port.js';
import { RISK_THRESHOLDS, SEVERITY_WEIGHTS } from '../fraud/fraud-checks.js';
import { keepVerified } from '../verbatim.js';
import { consistencyFindings } from './consistency.js';
import { financialFindings } from './financial-rules.js';
import { maxSeverity, SEVERITY_ORDER, type Finding, type NotEvaluated } from './findings.js';
import { textFindings } from './text-findings.js';
import { TEXT_RULES } from './text-rules.js';

/** Quotes kept per risk: enough to see it is not one stray sentence, few enough to read. */
const MAX_EVIDENCE = 5;

/**
 * risk_discovery_agent with the built-in engine: the text rules over every sentence of the
 * documents' pages, the rules over facts at the latest period (working capital, revenue decline,
 * leverage, runway), and consistency between deck or application claims and statement facts.
 * Findings of one rule become one risk at the highest severity found, with its quotes; every quote
 * passes the verbatim gate against its page, and facts and claims from the documents in scope pass
 * it before any rule reads them. Rules that could not be judged are listed in `notEvaluated`.
 */
export function discoverRisks(input: RiskDiscoveryInput): RiskDiscoveryResult {
  const warnings: string[] = [];
  const pagesOf = new Map(input.documents.map((document) => [document.documentId, document.pages]));
  const facts = gate(input.facts, pagesOf, 'facts', warnings);
  const claims = gate(input.claims, pagesOf, 'claims', warnings);

  const findings: Finding[] = [];
  for (const document of input.documents) {
    const found = textFindings(document.documentId, document.pages);
    const verified = verifyEvidence(found, document.pages, warnings);
    findings.push(...verified);
  }
  const financial = financialFindings(facts, claims);
  findings.push(...financial.findings);
  warnings.push(...financial.warnings);
  const consistency = consistencyFindings(claims, facts);
  findings.push(...consistency.findings);
  const notEvaluated: NotEvaluated[] = [...financial.notEvaluated, ...consistency.notEvaluated];
  if (input.documents.length === 0) notEvaluated.push({ id: 'text_rules', missing: ['documents'] });

  const risks = mergeFindings(findings);
  const riskScore = Math.min(
    100,
    risks.reduce((sum, risk) => sum + SEVERITY_WEIGHTS[risk.severity], 0),
  );
  return {
    riskScore,
    riskLevel: riskScore >= RISK_THRESHOLDS.high ? 'high' : riskScore >= RISK_THRESHOLDS.medium ? 'medium' : 'low',
    risks,
    notEvaluated,
    warnings,
    engine: { ...BUILTIN_ENGINE },
  };
}

/**
 * Facts and claims from a document in scope must stand verbatim on its pages (with their figure);
 * those from documents not in scope were verified by the extraction that stored them.
 */
function gate<T extends Fact | Claim>(items: T[], pagesOf: Map<string, PageLayout[]>, what: string, warnings: string[]): T[] {
  const inScope = items.filter((item) => pagesOf.has(item.evidence.documentId));
  const kept = new Set(items.filter((item) => !pagesOf.has(item.evidence.documentId)));
  for (const [documentId, pages] of pagesOf) {
    const verified = keepVerified(
      inScope.filter((item) => item.evidence.documentId === documentId),
      pages,
      what,
    );
    verified.kept.forEach((item) => kept.add(item));
    warnings.push(...verified.warnings);
  }
  return items.filter((item) => kept.has(item));
}

/** Drops any quote not verbatim on its page (a finding left with none is dropped), counting the drops. */
function verifyEvidence(findings: Finding[], pages: PageLayout[], warnings: string[]): Finding[] {
  const quotes = findings.flatMap((finding) => finding.evidence.map((evidence) => ({ evidence })));
  const verified = keepVerified(quotes, pages, 'risk quotes');
  warnings.push(...verified.warnings);
  const kept = new Set<Evidence>(verified.kept.map((item) => item.evidence));
  return findings
    .map((finding) => ({ ...finding, evidence: finding.evidence.filter((evidence) => kept.has(evidence)) }))
    .filter((finding) => finding.evidence.length > 0);
}

const TEXT_DESCRIPTIONS = new Map(TEXT_RULES.map((rule) => [rule.id, rule.description]));
const FINANCIAL_DESCRIPTIONS: Record<string, string> = {
  negative_working_capital: TEXT_DESCRIPTIONS.get('negative_working_capital')!,
  revenue_decline: 'Revenue fell against the prior period of the same length: less income to service debt.',
  high_leverage: 'Debt is high against earnings or equity: less room to absorb a downturn and to take on the requested credit.',
  short_runway: 'Cash at the current burn lasts less than a year: the company must raise or cut costs soon.',
  consistency_revenue: 'A deck or application states a revenue the financial statements do not support.',
  consistency_arr: 'A deck or application states a recurring revenue run rate far above the revenue the financial statements show.',
  consistency_growth: 'A deck or application states a revenue growth the financial statements do not show.',
  consistency_gross_margin: 'A deck or application states a gross margin the financial statements do not show.',
};

/** One risk per rule id, at the highest severity of its findings, most severe first (then by id). */
function mergeFindings(findings: Finding[]): Risk[] {
  const byId = new Map<string, Finding[]>();
  for (const finding of findings) byId.set(finding.id, [...(byId.get(finding.id) ?? []), finding]);
  const risks = [...byId].map(([id, group]): Risk => {
    const severity = group.map((finding) => finding.severity).reduce(maxSeverity);
    const evidence = unique(
      group.flatMap((finding) => finding.evidence),
      (e) => `${e.documentId}|${e.page}|${e.quote}`,
    ).slice(0, MAX_EVIDENCE);
    const why = TEXT_DESCRIPTIONS.get(id) ?? FINANCIAL_DESCRIPTIONS[id] ?? group[0].title;
    const details = unique(
      group.map((finding) => finding.detail),
      (detail) => detail,
    );
    return {
      id,
      category: group[0].category,
      severity,
      title: group[0].title,
      description: `${why} Found: ${details.slice(0, MAX_EVIDENCE).join('; ')}${details.length > MAX_EVIDENCE ? `; and ${details.length - MAX_EVIDENCE} more` : ''}.`,
      evidence,
      facts: unique(
        group.flatMap((finding) => finding.facts),
        (fact) => `${fact.concept}|${fact.period.end}|${fact.evidence.documentId}`,
      ),
      claims: unique(
        group.flatMap((finding) => finding.claims),
        (claim) => `${claim.metric}|${claim.evidence.documentId}|${claim.evidence.page}|${claim.evidence.quote}`,
      ),
    };
  });
  return risks.sort((a, b) => SEVERITY_ORDER.indexOf(b.severity) - SEVERITY_ORDER.indexOf(a.severity) || a.id.localeCompare(b.id));
}

function unique<T>(items: T[], key: (item: T) => string): T[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    const k = key(item);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

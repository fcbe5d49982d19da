import { ApiExtraModels, ApiProperty, ApiPropertyOptional, ApiSchema, getSchemaPath } from '@nestjs/swagger';
import {
  BANDS_OF_PRACTICE,
  CLAIM_METRICS,
  CLAIM_UNITS,
  CONCEPTS,
  DOCUMENT_TYPES,
  FRAUD_CATEGORIES,
  METRIC_IDS,
  METRIC_UNITS,
  PAGE_KINDS,
  RISK_CATEGORIES,
  SEVERITIES,
} from '../../analysis/analysis.types.js';

/*
 * The five analysis tools' results (DOMAIN.md 3) as output classes: tools/list's outputSchema and
 * the OpenAPI components come from them, and the MCP client checks structuredContent against them,
 * so each class states exactly the fields analysis.types.ts (and the fraud and metrics modules) return.
 */

const RISK_LEVELS = ['low', 'medium', 'high'] as const;

@ApiSchema({ name: 'AnalysisEvidence' })
export class AnalysisEvidence {
  @ApiProperty() documentId: string;
  @ApiProperty({ description: '1-based.' }) page: number;
  @ApiProperty({ description: 'Verbatim on that page.' }) quote: string;
}

@ApiSchema({ name: 'AnalysisEngine' })
export class AnalysisEngineInfo {
  @ApiProperty({ example: 'builtin' }) name: string;
  @ApiProperty({ example: '1.0.0' }) version: string;
}

@ApiSchema({ name: 'AnalysisPeriod' })
export class AnalysisPeriod {
  @ApiProperty({ example: 'FY2024' }) label: string;
  @ApiProperty({ description: 'ISO date (YYYY-MM-DD).', example: '2024-12-31' }) end: string;
  @ApiPropertyOptional({ description: 'The months the period covers (flows).' }) months?: number;
}

@ApiSchema({ name: 'DocumentTypeAlternative' })
export class DocumentTypeAlternative {
  @ApiProperty({ enum: DOCUMENT_TYPES }) documentType: (typeof DOCUMENT_TYPES)[number];
  @ApiProperty({ description: '0 to 1.' }) confidence: number;
}

@ApiSchema({ name: 'ClassifiedPage' })
export class ClassifiedPage {
  @ApiProperty() page: number;
  @ApiProperty({ enum: PAGE_KINDS }) kind: (typeof PAGE_KINDS)[number];
  @ApiProperty({ description: 'Whether the text was read by OCR.' }) ocr: boolean;
  @ApiProperty({ description: 'Non-whitespace characters on the page.' }) chars: number;
}

@ApiSchema({ name: 'ClassificationSignal' })
export class ClassificationSignal {
  @ApiProperty() name: string;
  @ApiProperty() weight: number;
  @ApiProperty({ type: AnalysisEvidence }) evidence: AnalysisEvidence;
}

/** document_intelligence_agent. */
@ApiSchema({ name: 'DocumentClassificationResult' })
export class DocumentClassificationResult {
  @ApiProperty() documentId: string;
  @ApiProperty({ enum: DOCUMENT_TYPES }) documentType: (typeof DOCUMENT_TYPES)[number];
  @ApiProperty({ description: '0 to 1.' }) confidence: number;
  @ApiProperty({ type: [DocumentTypeAlternative] }) alternatives: DocumentTypeAlternative[];
  @ApiProperty() pageCount: number;
  @ApiProperty({ type: [ClassifiedPage] }) pages: ClassifiedPage[];
  @ApiProperty({ example: 'en' }) language: string;
  @ApiProperty({ type: [ClassificationSignal] }) signals: ClassificationSignal[];
  @ApiProperty({ type: [String] }) warnings: string[];
  @ApiProperty({ type: AnalysisEngineInfo }) engine: AnalysisEngineInfo;
}

@ApiSchema({ name: 'ExtractedFact' })
export class ExtractedFact {
  @ApiProperty({ enum: CONCEPTS }) concept: (typeof CONCEPTS)[number];
  @ApiProperty({ description: "The line's own wording." }) label: string;
  @ApiProperty({ type: AnalysisPeriod }) period: AnalysisPeriod;
  @ApiProperty({ description: 'In units of currency, scaled, costs positive.' }) value: number;
  @ApiProperty({ type: String, nullable: true, description: 'ISO 4217; null when the statement states none.' }) currency: string | null;
  @ApiProperty({ enum: ['document'] }) source: 'document';
  @ApiProperty({ type: AnalysisEvidence }) evidence: AnalysisEvidence;
}

@ApiSchema({ name: 'StatedClaim' })
export class StatedClaim {
  @ApiProperty({ enum: CLAIM_METRICS }) metric: (typeof CLAIM_METRICS)[number];
  @ApiProperty() value: number;
  @ApiProperty({ enum: CLAIM_UNITS }) unit: (typeof CLAIM_UNITS)[number];
  @ApiPropertyOptional({ type: String, nullable: true, description: 'ISO 4217, with unit currency.' }) currency?: string | null;
  @ApiPropertyOptional({ description: 'The period the claim speaks of, when it says.', example: 'FY2024' }) period?: string;
  @ApiProperty({ type: AnalysisEvidence }) evidence: AnalysisEvidence;
}

@ApiSchema({ name: 'ExtractionCheck' })
export class ExtractionCheck {
  @ApiProperty({ example: 'balance_sheet_balances' }) id: string;
  @ApiProperty() passed: boolean;
  @ApiProperty() detail: string;
  @ApiPropertyOptional({ type: AnalysisEvidence, description: 'The line the check tests, when it is one line.' }) evidence?: AnalysisEvidence;
}

/** data_extraction_agent. */
@ApiSchema({ name: 'DataExtractionResult' })
export class DataExtractionResult {
  @ApiProperty() documentId: string;
  @ApiProperty({ enum: DOCUMENT_TYPES }) documentType: (typeof DOCUMENT_TYPES)[number];
  @ApiProperty({ type: String, nullable: true }) currency: string | null;
  @ApiProperty({ type: [AnalysisPeriod] }) periods: AnalysisPeriod[];
  @ApiProperty({ type: [ExtractedFact] }) facts: ExtractedFact[];
  @ApiProperty({ type: [StatedClaim], description: 'Deck and application metrics: never facts.' }) claims: StatedClaim[];
  @ApiProperty({ type: 'array', items: {}, description: 'Blueprint fields; the statement reader produces none.' }) fields: unknown[];
  @ApiProperty({ type: [ExtractionCheck] }) checks: ExtractionCheck[];
  @ApiProperty({ type: [String] }) warnings: string[];
  @ApiProperty({ type: AnalysisEngineInfo }) engine: AnalysisEngineInfo;
}

/** A fact as a metric or a risk rule read it: what, when, how much, and where it is printed. */
@ApiSchema({ name: 'FactReference' })
export class FactReference {
  @ApiProperty({ enum: CONCEPTS }) concept: (typeof CONCEPTS)[number];
  @ApiProperty({ type: AnalysisPeriod }) period: AnalysisPeriod;
  @ApiProperty() value: number;
  @ApiProperty({ type: AnalysisEvidence }) evidence: AnalysisEvidence;
}

@ApiSchema({ name: 'CreditMetric' })
export class CreditMetric {
  @ApiProperty({ enum: METRIC_IDS }) id: (typeof METRIC_IDS)[number];
  @ApiProperty({ example: 'Debt service coverage ratio' }) name: string;
  @ApiProperty({ type: Number, nullable: true, description: 'null when an input is not stated (see missing).' }) value: number | null;
  @ApiProperty({ enum: METRIC_UNITS }) unit: (typeof METRIC_UNITS)[number];
  @ApiProperty({ description: 'What was divided by what, with the figures.' }) formula: string;
  @ApiProperty({ type: [FactReference] }) inputs: FactReference[];
  @ApiProperty({ enum: BANDS_OF_PRACTICE }) band: (typeof BANDS_OF_PRACTICE)[number];
  @ApiProperty({ enum: CONCEPTS, isArray: true, description: 'The concepts the metric needed and no document states.' }) missing: (typeof CONCEPTS)[number][];
}

/** quantitative_analysis_agent. */
@ApiSchema({ name: 'QuantitativeAnalysisResult' })
export class QuantitativeAnalysisResult {
  @ApiProperty({ type: AnalysisPeriod, nullable: true, description: 'The period the metrics are for; null without facts.' }) period: AnalysisPeriod | null;
  @ApiProperty({ type: String, nullable: true }) currency: string | null;
  @ApiProperty({ type: [CreditMetric] }) metrics: CreditMetric[];
  @ApiProperty({ type: [String] }) warnings: string[];
  @ApiProperty({ type: AnalysisEngineInfo }) engine: AnalysisEngineInfo;
  @ApiProperty({ type: [String], description: 'The documents read.' }) documentIds: string[];
}

@ApiSchema({ name: 'FraudCheck' })
export class FraudCheckResult {
  @ApiProperty() id: string;
  @ApiProperty({ enum: FRAUD_CATEGORIES }) category: (typeof FRAUD_CATEGORIES)[number];
  @ApiProperty() passed: boolean;
  @ApiProperty({ enum: SEVERITIES, description: 'What a failure weighs, whether or not it failed.' }) severity: (typeof SEVERITIES)[number];
  @ApiProperty() detail: string;
  @ApiProperty({ type: AnalysisEvidence, nullable: true }) evidence: AnalysisEvidence | null;
}

@ApiSchema({ name: 'SkippedCheck' })
export class SkippedCheck {
  @ApiProperty() id: string;
  @ApiProperty() reason: string;
}

/** fraud_detection. */
@ApiSchema({ name: 'FraudDetectionResult' })
export class FraudDetectionOutput {
  @ApiProperty() documentId: string;
  @ApiProperty({ description: '0 to 100.' }) fraudScore: number;
  @ApiProperty({ enum: RISK_LEVELS }) riskLevel: (typeof RISK_LEVELS)[number];
  @ApiProperty({ type: [FraudCheckResult], description: 'Every check that ran, passed or not.' }) checks: FraudCheckResult[];
  @ApiProperty({ type: [SkippedCheck], description: 'Checks that did not run, and why.' }) skipped: SkippedCheck[];
  @ApiProperty({ type: String, nullable: true }) sha256: string | null;
  @ApiProperty({ type: [String] }) warnings: string[];
  @ApiProperty({ type: AnalysisEngineInfo }) engine: AnalysisEngineInfo;
}

@ApiSchema({ name: 'WorkspaceEvidence' })
export class WorkspaceEvidence {
  @ApiProperty({ enum: ['workspace'] }) source: 'workspace';
  @ApiProperty() taskType: string;
  @ApiProperty() path: string;
}

@ApiSchema({ name: 'DiscoveredRisk' })
@ApiExtraModels(AnalysisEvidence, WorkspaceEvidence)
export class DiscoveredRisk {
  @ApiProperty({ example: 'going_concern' }) id: string;
  @ApiProperty({ enum: RISK_CATEGORIES }) category: (typeof RISK_CATEGORIES)[number];
  @ApiProperty({ enum: SEVERITIES }) severity: (typeof SEVERITIES)[number];
  @ApiProperty() title: string;
  @ApiProperty() description: string;
  @ApiProperty({
    type: 'array',
    items: { oneOf: [{ $ref: getSchemaPath(AnalysisEvidence) }, { $ref: getSchemaPath(WorkspaceEvidence) }] },
    description: 'A quote in a document, or a named upstream result.',
  })
  evidence: (AnalysisEvidence | WorkspaceEvidence)[];
  @ApiProperty({ type: [FactReference] }) facts: FactReference[];
  @ApiProperty({ type: [StatedClaim] }) claims: StatedClaim[];
}

@ApiSchema({ name: 'NotEvaluatedRule' })
export class NotEvaluatedRule {
  @ApiProperty() id: string;
  @ApiProperty({ type: [String] }) missing: string[];
}

/** risk_discovery_agent. */
@ApiSchema({ name: 'RiskDiscoveryResult' })
export class RiskDiscoveryOutput {
  @ApiProperty({ description: '0 to 100.' }) riskScore: number;
  @ApiProperty({ enum: RISK_LEVELS }) riskLevel: (typeof RISK_LEVELS)[number];
  @ApiProperty({ type: [DiscoveredRisk] }) risks: DiscoveredRisk[];
  @ApiProperty({ type: [NotEvaluatedRule], description: 'Rules that could not be judged and what they lacked.' }) notEvaluated: NotEvaluatedRule[];
  @ApiProperty({ type: [String] }) warnings: string[];
  @ApiProperty({ type: AnalysisEngineInfo }) engine: AnalysisEngineInfo;
  @ApiProperty({ type: [String], description: 'The documents read.' }) documentIds: string[];
}

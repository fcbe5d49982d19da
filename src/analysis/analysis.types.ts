/** Shapes of the built-in analysis engine, as DOMAIN.md fixes them (a result may carry more fields, never fewer). */

export const BUILTIN_ENGINE = { name: 'builtin', version: '1.0.0' } as const;
export type EngineInfo = { name: string; version: string };

/** A run of text on one line with its horizontal extent in PDF points (characters for text documents). */
export interface LayoutCell {
  text: string;
  x0: number;
  x1: number;
}

export interface LayoutLine {
  /** The cells joined by one space: what a quote from this line is. */
  text: string;
  cells: LayoutCell[];
  /** Baseline, measured from the top of the page (grows downwards). */
  y: number;
  fontSize: number;
}

export interface PageLayout {
  /** 1-based. */
  page: number;
  width: number;
  height: number;
  lines: LayoutLine[];
  /** The lines joined by line breaks: every line's text is a substring of it. */
  text: string;
  /** Non-whitespace characters on the page. */
  chars: number;
  /** True when the text came from OCR (see OcrPort). */
  ocr: boolean;
  /** With `ocr`: the OCR engine's mean word confidence on the page, 0–1 (low values mean misread figures are likely). */
  ocrConfidence?: number;
}

export interface Evidence {
  documentId: string;
  page: number;
  quote: string;
}

export interface Period {
  label: string;
  /** ISO date (YYYY-MM-DD). */
  end: string;
  months?: number;
}

/** The fact vocabulary of DOMAIN.md 2 (US-GAAP XBRL names): a concept outside it is never a fact. */
export const CONCEPTS = [
  'Revenues',
  'CostOfRevenue',
  'GrossProfit',
  'OperatingExpenses',
  'OperatingIncomeLoss',
  'DepreciationDepletionAndAmortization',
  'EBITDA',
  'InterestExpense',
  'IncomeTaxExpenseBenefit',
  'NetIncomeLoss',
  'CashAndCashEquivalentsAtCarryingValue',
  'AccountsReceivableNetCurrent',
  'InventoryNet',
  'AssetsCurrent',
  'Assets',
  'AccountsPayableCurrent',
  'LiabilitiesCurrent',
  'Liabilities',
  'LongTermDebtCurrent',
  'LongTermDebtNoncurrent',
  'StockholdersEquity',
  'LiabilitiesAndStockholdersEquity',
  'NetCashProvidedByUsedInOperatingActivities',
  'PaymentsToAcquirePropertyPlantAndEquipment',
  'RepaymentsOfDebt',
] as const;
export type Concept = (typeof CONCEPTS)[number];

export interface Fact {
  concept: Concept;
  /** The line's own wording. */
  label: string;
  period: Period;
  /** In units of `currency`, already scaled, signed per DOMAIN.md 4. */
  value: number;
  /** ISO 4217, or null when the statement states no currency. */
  currency: string | null;
  source: 'document';
  evidence: Evidence;
}

export interface Check {
  id: string;
  passed: boolean;
  detail: string;
  /** The line the check tests (a subtotal's row), when it is one line. */
  evidence?: Evidence;
}

export type StatementKind = 'income_statement' | 'balance_sheet' | 'cash_flow_statement';
export const PAGE_KINDS = ['income_statement', 'balance_sheet', 'cash_flow_statement', 'slide', 'transactions', 'form', 'text', 'image_only'] as const;
export type PageKind = (typeof PAGE_KINDS)[number];

export const DOCUMENT_TYPES = [
  'pitch_deck',
  'financial_statement',
  'bank_statement',
  'tax_return',
  'loan_application',
  'term_sheet',
  'cap_table',
  'legal_agreement',
  'other',
] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

export interface Signal {
  name: string;
  weight: number;
  evidence: Evidence;
}

export interface ClassificationResult {
  documentId: string;
  documentType: DocumentType;
  confidence: number;
  alternatives: { documentType: DocumentType; confidence: number }[];
  pageCount: number;
  pages: { page: number; kind: PageKind; ocr: boolean; chars: number }[];
  language: string;
  signals: Signal[];
  warnings: string[];
  engine: EngineInfo;
}

export interface ExtractionResult {
  documentId: string;
  documentType: DocumentType;
  currency: string | null;
  periods: Period[];
  facts: Fact[];
  /** Deck and application metrics (DOMAIN.md 2): never facts. */
  claims: Claim[];
  /** Blueprint fields; the statement reader produces none. */
  fields: unknown[];
  checks: Check[];
  warnings: string[];
  engine: EngineInfo;
}

export const CLAIM_METRICS = ['arr', 'mrr', 'revenue', 'customers', 'growth', 'burn', 'runway', 'raise', 'gross_margin', 'employees'] as const;
export const CLAIM_UNITS = ['currency', 'percent', 'months', 'count'] as const;

/** A company metric stated in a deck or an application (ARR, MRR, customers, growth, burn, runway, raise). */
export interface Claim {
  metric: (typeof CLAIM_METRICS)[number];
  value: number;
  /** `currency` (with `currency` set), `percent`, `months`, `count`. */
  unit: (typeof CLAIM_UNITS)[number];
  currency?: string | null;
  /** The period the claim speaks of, when it says (e.g. "FY2024"). */
  period?: string;
  evidence: Evidence;
}

export const RISK_CATEGORIES = ['financial', 'legal', 'operational', 'market', 'governance', 'compliance', 'fraud', 'consistency'] as const;
export type RiskCategory = (typeof RISK_CATEGORIES)[number];
export const SEVERITIES = ['low', 'medium', 'high', 'critical'] as const;
export type Severity = (typeof SEVERITIES)[number];

/** Evidence from a document, or from a named upstream result (DOMAIN.md 1). */
export type RiskEvidence = Evidence | { source: 'workspace'; taskType: string; path: string };

export interface Risk {
  /** The rule's id (`going_concern`, `covenant_breach`, ..., `consistency_revenue`). */
  id: string;
  category: RiskCategory;
  severity: Severity;
  title: string;
  description: string;
  evidence: RiskEvidence[];
  /** The statement facts a financial or consistency rule read (empty for a risk found in words). */
  facts: RiskFact[];
  /** The deck or application claims a consistency or runway rule read. */
  claims: Claim[];
}

/** A fact as a rule used it: what, when, how much, and where it is printed. */
export interface RiskFact {
  concept: Concept;
  period: Period;
  value: number;
  evidence: Evidence;
}

export interface RiskDiscoveryResult {
  riskScore: number;
  riskLevel: 'low' | 'medium' | 'high';
  risks: Risk[];
  /** Rules that could not be judged and what they lacked (unknown, not guessed: DOMAIN.md 1.2). */
  notEvaluated: { id: string; missing: string[] }[];
  warnings: string[];
  engine: EngineInfo;
}

/** fraud_detection: the families its checks fall in. */
export const FRAUD_CATEGORIES = ['pdf_structure', 'metadata', 'arithmetic', 'statistical', 'consistency', 'duplicate'] as const;
export type FraudCategory = (typeof FRAUD_CATEGORIES)[number];

/** quantitative_analysis_agent: the metrics, their units, and how each reads against lending practice (metrics/metric-bands.ts). */
/** How a metric reads against common lending practice; docs/DECISIONS.md has the table and the reasons. */
export const BANDS_OF_PRACTICE = ['strong', 'adequate', 'weak', 'unknown'] as const;
export type Band = (typeof BANDS_OF_PRACTICE)[number];

export const METRIC_IDS = [
  'dscr',
  'interest_coverage',
  'debt_to_ebitda',
  'debt_to_equity',
  'current_ratio',
  'quick_ratio',
  'gross_margin',
  'ebitda_margin',
  'net_margin',
  'revenue_growth',
  'dso',
  'dpo',
  'cash_conversion_cycle',
  'burn_rate',
  'runway_months',
  'rule_of_40',
  'fccr',
] as const;
export type MetricId = (typeof METRIC_IDS)[number];

export const METRIC_UNITS = ['ratio', 'percent', 'days', 'months', 'currency'] as const;
export type MetricUnit = (typeof METRIC_UNITS)[number];

import { Injectable } from '@nestjs/common';
import { DOCUMENT_OR_WORKSPACE_PAGES, DOCUMENT_PAGES } from '../documents/document-page.counter.js';
import { McpTool, ToolAnnotationPresets } from '../mcp/tools/mcp-tool.decorator.js';
import type { ToolContext } from '../mcp/tools/tool-call.js';
import type { ClassificationResult, ExtractionResult } from '../analysis/analysis.types.js';
import { DocumentAnalysisService, type FraudReport, type QuantitativeReport, type RiskReport } from './document-analysis.service.js';
import {
  DataExtractionResult,
  DocumentClassificationResult,
  FraudDetectionOutput,
  QuantitativeAnalysisResult,
  RiskDiscoveryOutput,
} from './dto/analysis-results.dto.js';
import { DataExtractionInput, DocumentAnalysisInput, DocumentOrWorkspaceAnalysisInput } from './dto/analysis-tools.dto.js';

const STILL_PROCESSING =
  'A document still being processed is waited for a few seconds, then the call answers RATE_LIMITED with retryAfterSeconds (nothing is charged).';
const EVIDENCE = 'Every value carries evidence {documentId, page, quote}, the quote verbatim on that page; what has none is left out and counted in warnings.';

/** The document analysis tools (DOMAIN.md 3). Thin: each calls one DocumentAnalysisService method. */
@Injectable()
export class DocumentAnalysisTools {
  constructor(private readonly analysis: DocumentAnalysisService) {}

  @McpTool({
    name: 'document_intelligence_agent',
    title: 'Classify a document',
    description:
      'What a document is: its type among pitch_deck, financial_statement, bank_statement, tax_return, loan_application, term_sheet, cap_table, legal_agreement and other, ' +
      "with a confidence (0-1) and alternatives; each page's kind (income_statement, balance_sheet, cash_flow_statement, slide, transactions, form, text, image_only) and whether OCR read it; " +
      `and the signals behind the type, each quoting the line that raised it. ${EVIDENCE} ${STILL_PROCESSING} Priced per page.`,
    input: DocumentAnalysisInput,
    output: DocumentClassificationResult,
    annotations: ToolAnnotationPresets.analyses,
    metering: { usageKey: 'document_classification', units: { counter: DOCUMENT_PAGES, argument: 'documentId' } },
    workspace: { argument: 'workspaceId' },
  })
  classify(input: DocumentAnalysisInput, context: ToolContext): Promise<ClassificationResult> {
    return this.analysis.classify(context.accountId, input.documentId);
  }

  @McpTool({
    name: 'data_extraction_agent',
    title: 'Extract financial facts',
    description:
      'Financial facts from the statements in a document, for every actual period column (budget, forecast and variance columns are skipped): US-GAAP concept names ' +
      '(Revenues, NetIncomeLoss, Assets, LongTermDebtNoncurrent, ...), values scaled to units of the currency ("in thousands" applied), costs positive and a tax benefit negative, with each line\'s own label; ' +
      `the periods; and checks (the balance sheet balances, subtotals add up). ${EVIDENCE} blueprintId: custom blueprints are not available yet (NOT_FOUND). ${STILL_PROCESSING} Priced per page.`,
    input: DataExtractionInput,
    output: DataExtractionResult,
    annotations: ToolAnnotationPresets.analyses,
    metering: { usageKey: 'financial_data_extraction', units: { counter: DOCUMENT_PAGES, argument: 'documentId' } },
    workspace: { argument: 'workspaceId' },
  })
  extract(input: DataExtractionInput, context: ToolContext): Promise<ExtractionResult> {
    return this.analysis.extract(context.accountId, input.documentId, input.blueprintId);
  }

  @McpTool({
    name: 'quantitative_analysis_agent',
    title: 'Compute credit ratios',
    description:
      'Credit metrics over the facts of one document, or of every document and stored filing in a workspace: dscr, fccr, interest_coverage, debt_to_ebitda, debt_to_equity, ' +
      'current_ratio, quick_ratio, gross_margin, ebitda_margin, net_margin, revenue_growth, dso, dpo, cash_conversion_cycle, burn_rate, runway_months, rule_of_40; ' +
      'each with its formula (the figures and what was divided by what), its inputs with their evidence, and a band (strong, adequate, weak; e.g. DSCR >= 1.25 is strong). ' +
      `A metric whose inputs are not stated is null with the missing concepts named, never guessed. ${STILL_PROCESSING} Priced per analysis.`,
    input: DocumentOrWorkspaceAnalysisInput,
    output: QuantitativeAnalysisResult,
    annotations: ToolAnnotationPresets.analyses,
    metering: { usageKey: 'quantitative_analysis' },
    workspace: { argument: 'workspaceId' },
  })
  quantify(input: DocumentOrWorkspaceAnalysisInput, context: ToolContext): Promise<QuantitativeReport> {
    return this.analysis.quantify(context.accountId, { documentId: input.documentId, workspaceId: input.workspaceId });
  }

  @McpTool({
    name: 'fraud_detection',
    title: 'Check a document for tampering',
    description:
      "Signs that a document was altered or reused: the PDF's structure (incremental updates, JavaScript, embedded files), its metadata (editing tools, dates), arithmetic " +
      "(statement totals, the balance sheet, a bank statement's running balances), statistics (Benford's law from 100 amounts, round numbers) and duplicates among your other documents " +
      `(the same bytes, the same transactions). Every check that ran is listed, passed or not, with a fraudScore (0-100) and riskLevel. ${STILL_PROCESSING} Priced per check.`,
    input: DocumentAnalysisInput,
    output: FraudDetectionOutput,
    annotations: ToolAnnotationPresets.analyses,
    metering: { usageKey: 'fraud_detection' },
    workspace: { argument: 'workspaceId' },
  })
  detectFraud(input: DocumentAnalysisInput, context: ToolContext): Promise<FraudReport> {
    return this.analysis.detectFraud(context.accountId, input.documentId);
  }

  @McpTool({
    name: 'risk_discovery_agent',
    title: 'Find credit risks',
    description:
      'Risks in one document or a whole workspace, each with its category, severity, description and evidence: going concern doubt, covenant breach or waiver, litigation, ' +
      'material weakness, qualified opinion, auditor change, customer concentration, related parties, key-person dependence, regulatory action (from the text); negative working capital, ' +
      'revenue decline, high leverage, short runway (from the statement facts); and contradictions between a deck or application and the statements. riskScore (0-100) and riskLevel; ' +
      `rules that could not be judged are listed in notEvaluated with what they lacked. ${STILL_PROCESSING} Priced per page of documentId, else of every document in the workspace.`,
    input: DocumentOrWorkspaceAnalysisInput,
    output: RiskDiscoveryOutput,
    annotations: ToolAnnotationPresets.analyses,
    metering: { usageKey: 'risk_discovery', units: { counter: DOCUMENT_OR_WORKSPACE_PAGES, argument: 'documentId' } },
    workspace: { argument: 'workspaceId' },
  })
  discoverRisks(input: DocumentOrWorkspaceAnalysisInput, context: ToolContext): Promise<RiskReport> {
    return this.analysis.discoverRisks(context.accountId, { documentId: input.documentId, workspaceId: input.workspaceId });
  }
}

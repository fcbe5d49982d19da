import type { DocumentType } from '../analysis.types.js';

/**
 * Phrases that tell one kind of document from another, each with a weight. A document's kind is
 * the sum of many cues (and of its pages' shapes, see page-kinds.ts), never one keyword: a term
 * sheet mentions "agreement", a loan application "tax return", a deck "revenue".
 * Strong cues (≥ 3) are phrases that practically only that kind of document uses in a heading.
 */
export interface Cue {
  documentType: DocumentType;
  name: string;
  pattern: RegExp;
  weight: number;
}

const cue = (documentType: DocumentType, name: string, pattern: RegExp, weight: number): Cue => ({ documentType, name, pattern, weight });

export const CUES: Cue[] = [
  cue(
    'financial_statement',
    'statement_title',
    /\b(?:balance sheets?|statements? of (?:consolidated )?(?:operations|income|cash flows?|financial position|comprehensive income|changes in (?:stockholders'|shareholders'|)?\s?equity)|income statement|profit and loss (?:account|statement))\b/i,
    3,
  ),
  cue(
    'financial_statement',
    'audit_language',
    /\b(?:independent auditor'?s'? report|notes to the (?:consolidated )?financial statements|audited financial statements|unaudited)\b/i,
    2,
  ),
  // The cover of an SEC periodic report, which carries the registrant's financial statements (S-X Rules 3-01 to 3-04, 10-01).
  cue(
    'financial_statement',
    'periodic_report',
    /\bform 10-[kq]\b|\b(?:annual|quarterly|transition) report pursuant to section 13\b|\bform 20-f\b|\bform 40-f\b/i,
    3,
  ),
  // Figures in columns by period: "Three Months Ended", "Years Ended December 31,", "13 Weeks Ended", "For the year ended 31 March 2024".
  cue(
    'financial_statement',
    'period_columns',
    /^(?:for )?(?:the )?(?:(?:three|six|nine|twelve|\d{1,2}) (?:months|weeks)|(?:fiscal )?years?|(?:fiscal )?quarters?|periods?) ended\b/i,
    1.5,
  ),
  cue('financial_statement', 'scale_heading', /\((?:in|amounts in|expressed in) (?:\S+ )?(?:thousands|millions)|\$\s?'?000|€m\b|£m\b/i, 1),
  cue(
    'financial_statement',
    'statement_totals',
    /^(?:total (?:current )?assets|total (?:current )?liabilities|net cash (?:provided by|used in|from) operating activities|gross profit)\b/i,
    1.5,
  ),

  cue(
    'bank_statement',
    'account_statement_title',
    /\b(?:account statement|statement of account|bank statement|checking account statement|business (?:checking|current) account)\b/i,
    3,
  ),
  cue('bank_statement', 'balances', /\b(?:opening|beginning|previous|closing|ending|new) balance\b(?! sheets?\b)/i, 2),
  cue('bank_statement', 'statement_period', /\bstatement (?:period|date|from)\b|\bperiod covered\b/i, 1.5),
  cue('bank_statement', 'account_identifiers', /\b(?:account (?:number|no\.?)|sort code|routing (?:number|no)|iban|bic|swift)\b/i, 1.5),
  cue(
    'bank_statement',
    'deposits_withdrawals',
    /\b(?:deposits?(?: and| &)? (?:other )?credits|withdrawals?|debits|paid (?:in|out)(?![- ]capital)|money (?:in|out))\b/i,
    1.5,
  ),

  cue('tax_return', 'tax_form_number', /\bform (?:1120(?:-s)?|1065|1040|990|ct600|sa100)\b|\bschedule (?:k-1|c|e|l|m-1)\b/i, 3),
  cue('tax_return', 'tax_authority', /\b(?:internal revenue service|department of the treasury|hm revenue|hmrc|tax administration|revenue agency)\b/i, 2.5),
  cue(
    'tax_return',
    'tax_return_title',
    /\b(?:(?:corporation|partnership|individual|corporate) (?:income )?tax return|return of (?:partnership )?income|tax return)\b/i,
    2,
  ),
  cue(
    'tax_return',
    'tax_lines',
    /\b(?:taxable income|total tax|tax due|amount owed|overpayment|employer identification number|ein\b|tax year|gross receipts)\b/i,
    1.5,
  ),

  cue(
    'loan_application',
    'application_title',
    /\b(?:(?:business |commercial |small business |credit )?loan application|application for (?:a )?(?:business )?(?:loan|credit|financing)|credit application)\b/i,
    3,
  ),
  cue('loan_application', 'applicant_fields', /\b(?:applicant(?:'s)?|co-applicant|borrower information|business information|principal owners?)\b/i, 1.5),
  cue(
    'loan_application',
    'requested_amount',
    /\b(?:amount requested|requested (?:loan )?amount|loan amount requested|purpose of (?:the )?loan|use of (?:loan )?proceeds)\b/i,
    2,
  ),
  cue(
    'loan_application',
    'applicant_declarations',
    /\b(?:i\/we certify|the undersigned (?:certifies|authori[sz]es)|signature of applicant|applicant signature|social security number|date of birth)\b/i,
    1.5,
  ),
  cue('loan_application', 'years_in_business', /\b(?:years in business|date (?:business )?established|number of employees|annual (?:gross )?revenue)\b/i, 1),

  cue('term_sheet', 'term_sheet_title', /\b(?:term sheet|summary of (?:principal )?terms|indicative terms)\b/i, 3.5),
  cue('term_sheet', 'non_binding', /\bnon-binding\b|\bnot (?:a )?(?:binding|commitment)\b/i, 1.5),
  cue(
    'term_sheet',
    'valuation_terms',
    /\b(?:pre-money valuation|post-money valuation|liquidation preference|anti-dilution|price per share|protective provisions|drag-along|pro rata rights)\b/i,
    2,
  ),
  cue(
    'term_sheet',
    'facility_terms',
    /\b(?:facility amount|interest margin|arrangement fee|financial covenants?|commitment fee|maturity date|availability period)\b/i,
    1.5,
  ),
  cue('term_sheet', 'parties_terms', /^(?:issuer|company|investors?|borrower|lender|security|closing|amount of financing)\s*:?\s*$/i, 0.75),

  cue('cap_table', 'cap_table_title', /\b(?:capitali[sz]ation table|cap table|shareholder register|register of members|ownership (?:table|summary))\b/i, 3.5),
  cue('cap_table', 'fully_diluted', /\bfully[- ]diluted\b/i, 2),
  cue(
    'cap_table',
    'ownership_columns',
    /\b(?:% ownership|ownership %|% of (?:total|class)|percentage (?:held|ownership)|shares (?:held|outstanding|issued))\b/i,
    1.5,
  ),
  cue(
    'cap_table',
    'share_classes',
    /\b(?:common (?:stock|shares)|ordinary shares|series [a-d] preferred|preferred (?:stock|shares)|option pool|unallocated options|warrants?|safes?)\b/i,
    0.75,
  ),

  cue(
    'pitch_deck',
    'deck_sections',
    /^(?:the )?(?:problem|solution|market (?:size|opportunity)|traction|business model|go[- ]to[- ]market|competition|competitive landscape|the team|team|the ask|use of funds|why now|product|roadmap|investment highlights?)$/i,
    1.25,
  ),
  cue('pitch_deck', 'market_sizing', /\b(?:tam|sam|som)\b|total addressable market/i, 2),
  cue('pitch_deck', 'startup_metrics', /\b(?:arr|mrr|month[- ]over[- ]month|mom growth|cac|ltv|net revenue retention|burn rate|runway)\b/i, 1),
  cue(
    'pitch_deck',
    'raise',
    /\b(?:we are raising|raising \$|seeking \$|seed round|series [a-c] round|investor (?:presentation|deck)|pitch deck|confidential presentation)\b/i,
    2,
  ),

  cue(
    'legal_agreement',
    'agreement_title',
    /\b(?:agreement|contract|deed|indenture)\b.*\b(?:made|entered into|dated)\b|^(?:[a-z]+ ){0,4}(?:agreement|contract|deed of [a-z]+)$/i,
    2.5,
  ),
  cue('legal_agreement', 'recitals', /\b(?:whereas|now,? therefore|witnesseth|in witness whereof|by and between)\b/i, 2.5),
  cue(
    'legal_agreement',
    'boilerplate',
    /\b(?:governing law|jurisdiction|severability|entire agreement|counterparts|force majeure|indemnif(?:y|ication)|representations and warranties|notices)\b/i,
    1.25,
  ),
  cue('legal_agreement', 'defined_terms', /\b(?:hereinafter|hereto|hereunder|thereof|shall mean|"the [a-z]+")/i, 1),
];

/** Every document gets this much "other", so that a document with weak cues is not forced into a kind. */
export const OTHER_BASELINE = 2.5;

import { describe, expect, it } from '@jest/globals';
import type { Concept, Evidence, Fact, Period } from '../analysis.types.js';
import type { AnalysisDocument } from '../analysis-engine.port.js';
import { layoutFromText } from '../layout/text-layout.js';
import { discoverRisks } from './risk-discovery.js';

function document(documentId: string, ...pages: string[]): AnalysisDocument {
  return { documentId, fileName: `${documentId}.txt`, mimeType: 'text/plain', pages: layoutFromText(pages) };
}

/** The ids of the risks found in one text page. */
function riskIds(text: string): string[] {
  return discoverRisks({ documents: [document('d', text)], facts: [], claims: [] }).risks.map((risk) => risk.id);
}

/** The [id, severity] of the risks found in one text page. */
function graded(text: string): [string, string][] {
  return discoverRisks({ documents: [document('d', text)], facts: [], claims: [] }).risks.map((risk) => [risk.id, risk.severity]);
}

const FY24 = { label: '2024', end: '2024-12-31', months: 12 };
const FY23 = { label: '2023', end: '2023-12-31', months: 12 };
function fact(concept: Concept, value: number, period: Period = FY24): Fact {
  return { concept, label: concept, period, value, currency: 'USD', source: 'document', evidence: { documentId: 'fs', page: 1, quote: `${concept} ${value}` } };
}

describe('discoverRisks: text rules', () => {
  it('finds a going concern doubt as critical, quoting the sentence verbatim with its page', () => {
    const result = discoverRisks({
      documents: [
        document(
          'audit',
          'Independent Auditor’s Report',
          'Going Concern\nThe Company has suffered recurring losses from operations and has a net capital deficiency\nthat raise substantial doubt about its ability to continue as a going concern. Management’s plans are described in Note 2.',
        ),
      ],
      facts: [],
      claims: [],
    });
    expect(result.risks).toHaveLength(1);
    expect(result.risks[0]).toMatchObject({ id: 'going_concern', category: 'financial', severity: 'critical' });
    expect(result.risks[0].evidence).toEqual([
      {
        documentId: 'audit',
        page: 2,
        quote:
          'The Company has suffered recurring losses from operations and has a net capital deficiency that raise substantial doubt about its ability to continue as a going concern.',
      },
    ]);
    expect(result.riskScore).toBe(60);
    expect(result.riskLevel).toBe('high');
  });

  it('reads the IFRS wording of a going concern uncertainty', () => {
    expect(
      riskIds(
        'These events or conditions indicate that a material uncertainty exists that may cast significant doubt on the Group’s ability to continue as a going concern.',
      ),
    ).toEqual(['going_concern']);
  });

  it.each([
    'There is no substantial doubt about the Company’s ability to continue as a going concern.',
    'Management has evaluated whether there are conditions and events, considered in the aggregate, that raise substantial doubt about the entity’s ability to continue as a going concern within one year.',
    'If we conclude that a material uncertainty exists, we are required to draw attention in our report to the related disclosures about going concern.',
    'The financial statements have been prepared on the going concern basis of accounting.',
  ])('finds no going concern risk in a denial or boilerplate: %s', (text) => {
    expect(riskIds(text)).toEqual([]);
  });

  it.each([
    ['During 2024 the Company identified a material weakness in its internal control over financial reporting related to revenue cut-off.', 'high'],
    ['Based on this evaluation, management concluded that our internal control over financial reporting was not effective as of December 31, 2024.', 'high'],
  ])('finds a material weakness: %s', (text, severity) => {
    expect(graded(text)).toEqual([['material_weakness', severity]]);
  });

  it.each([
    'No material weakness was identified during the audit.',
    'We did not identify any deficiencies in internal control that we consider to be material weaknesses.',
    'Material weaknesses: none',
    'We have not, to date, identified any material weakness.',
    'A material weakness is a deficiency, or a combination of deficiencies, in internal control over financial reporting.',
    'If we fail to maintain effective internal controls, we could identify material weaknesses in the future.',
    'The material weakness previously reported has been remediated.',
  ])('finds no material weakness in a denial, a definition, a risk factor or once remediated: %s', (text) => {
    expect(riskIds(text)).toEqual([]);
  });

  it.each([
    ['As of June 30, 2024 the Borrower was not in compliance with the fixed charge coverage covenant.', 'high'],
    ['The Company breached the minimum EBITDA covenant under its credit agreement in the fourth quarter.', 'high'],
    ['In March 2025 the Company obtained a waiver from the lender for the leverage covenant breach at year end.', 'medium'],
    ['An Event of Default has occurred and the lender accelerated the loan.', 'critical'],
  ])('finds a covenant breach or waiver: %s', (text, severity) => {
    expect(graded(text)).toEqual([['covenant_breach', severity]]);
  });

  it.each([
    'The Company was in compliance with all financial covenants as of December 31, 2024.',
    'The Borrower has not been in breach of any covenant during the year.',
    'Upon any breach of the covenants set forth in Section 7, the Lender may declare the loan due.',
    'Financial covenants: Leverage below 3.0x; DSCR above 1.25x',
  ])('finds no covenant breach in compliance, a contract clause or a term sheet: %s', (text) => {
    expect(riskIds(text)).toEqual([]);
  });

  it.each([
    ['In May 2024 a former distributor filed a lawsuit against the Company seeking damages for breach of contract.', 'medium'],
    ['The Company is a defendant in a class action alleging violations of wage and hour laws.', 'high'],
    ['We are party to pending litigation with a supplier over unpaid invoices.', 'medium'],
  ])('finds litigation: %s', (text, severity) => {
    expect(graded(text)).toEqual([['litigation', severity]]);
  });

  it.each([
    'There is no pending or threatened litigation against the Company.',
    'From time to time we may become involved in legal proceedings arising in the ordinary course of business.',
    'We are involved in claims arising in the ordinary course of business, none of which we believe to be material.',
    'Is the applicant party to any lawsuit? Yes / No',
  ])('finds no litigation in a denial, boilerplate or a form question: %s', (text) => {
    expect(riskIds(text)).toEqual([]);
  });

  it.each([
    [
      'In our opinion, except for the effects of the matter described in the Basis for Qualified Opinion section, the financial statements present fairly.',
      'high',
    ],
    ['Because of the significance of the matter, we do not express an opinion on the financial statements.', 'critical'],
  ])('finds a modified audit opinion: %s', (text, severity) => {
    expect(graded(text)).toEqual([['qualified_opinion', severity]]);
  });

  it('does not read an unqualified opinion as a qualified one', () => {
    expect(riskIds('We have issued an unqualified opinion on the financial statements. In our opinion, the financial statements present fairly.')).toEqual([]);
  });

  it.each([
    ['On August 3, 2024 the Audit Committee dismissed Smith & Co LLP as the Company’s independent registered public accounting firm.', 'medium'],
    ['Our former auditors resigned in February 2025 following disagreements with the accountants over revenue recognition.', 'high'],
  ])('finds an auditor change: %s', (text, severity) => {
    expect(graded(text)).toEqual([['auditor_change', severity]]);
  });

  it('finds no auditor change where there were no disagreements', () => {
    expect(riskIds('There were no disagreements with the accountants on accounting and financial disclosure.')).toEqual([]);
  });

  it.each([
    ['One customer accounted for 32% of net revenue in 2024.', 'high'],
    ['Sales to our largest client represented approximately 14% of total sales.', 'medium'],
    ['Our top five customers accounted for 78% of revenue.', 'high'],
    ['We depend on a small number of customers for most of our revenue.', 'medium'],
  ])('finds customer concentration graded by share: %s', (text, severity) => {
    expect(graded(text)).toEqual([['customer_concentration', severity]]);
  });

  it.each([
    'No single customer accounted for more than 10% of revenue in any year presented.',
    'Our largest customer accounted for 6% of revenue.',
    'Our top ten customers accounted for 31% of revenue.',
  ])('finds no concentration below the thresholds or when denied: %s', (text) => {
    expect(riskIds(text)).toEqual([]);
  });

  it.each([
    ['The Company has a loan from its CEO of $250,000 bearing no interest.', 'related_parties', 'medium'],
    ['Related party transactions with entities controlled by the founder totalled $80,000.', 'related_parties', 'low'],
    ['We are highly dependent on the continued services of our founder and chief executive officer.', 'key_person', 'medium'],
    ['The loss of our CEO could materially harm our business.', 'key_person', 'medium'],
    ['We do not maintain key person life insurance on any of our executives.', 'key_person', 'medium'],
    ['In 2024 the Company received a subpoena from the SEC requesting documents.', 'regulatory_action', 'medium'],
    ['The state regulator issued a cease-and-desist order against the lending subsidiary.', 'regulatory_action', 'high'],
    ['Our money transmitter license was revoked in Texas.', 'regulatory_action', 'critical'],
    ['The Company had a working capital deficit of $1.2 million at year end.', 'negative_working_capital', 'medium'],
  ])('finds %s → %s', (text, id, severity) => {
    expect(graded(text)).toEqual([[id, severity]]);
  });

  it.each([
    ['The bank notified the Company that it would be replaced as auditor.', 'auditor_change'],
    ['The Audit Committee approved the engagement of Rivera CPA as the Company’s successor auditor.', 'auditor_change'],
    ['Our results depend to a large degree on the efforts of our founder and Chief Executive Officer.', 'key_person'],
    ['We rely heavily on Maria Lopez, our founder, for product direction.', 'key_person'],
    ['A judgment of $900,000 was entered against the Company in March.', 'litigation'],
    ['The Company is engaged in a legal dispute with its former landlord.', 'litigation'],
    ['The lender agreed to forbear from enforcing its rights until the refinancing closes.', 'covenant_breach'],
    ['The Borrower did not maintain the minimum liquidity requirement at the June test date.', 'covenant_breach'],
    ['Costco accounted for 41% of net revenues in 2024.', 'customer_concentration'],
    ['The warehouse is leased from an entity owned by our president.', 'related_parties'],
    ['At June 30 current liabilities exceeded current assets by $0.8 million.', 'negative_working_capital'],
    ['The regulator imposed a fine of $2 million on the subsidiary.', 'regulatory_action'],
    ['The Company is in default under the interest coverage test of its senior notes.', 'covenant_breach'],
    ['Two former franchisees have named the Company as a co-defendant; it was joined as a co-defendant in May.', 'litigation'],
    ['In the third quarter the Group changed its external auditors to a national firm.', 'auditor_change'],
    ['Nearly 60% of our annual sales are derived from two customers.', 'customer_concentration'],
    ['The plant is rented from a landlord controlled by the chairman.', 'related_parties'],
    ['At March 31 current assets did not cover current liabilities.', 'negative_working_capital'],
    ['Current assets of $2.7 million did not cover current liabilities of $3.4 million.', 'negative_working_capital'],
    ['The company has no formal succession plan for its chief executive.', 'key_person'],
    ['The state attorney general launched an inquiry into our collection practices.', 'regulatory_action'],
  ])('reads wording beyond the first phrases: %s', (text, id) => {
    expect(riskIds(text)).toEqual([id]);
  });

  it.each([
    'Any breach of the financial covenants may result in the acceleration of our debt.',
    'Non-compliance with the leverage covenant would allow the lenders to demand repayment.',
    'Subscription revenue accounted for 72% of total revenues.',
    'International accounted for 35% of revenue.',
    'United States accounted for 64% of net sales.',
    // Dependence on a class of people is every risk factor's wording; a finding names whom (issue 24).
    'Our results depend to a large degree on the efforts of our executive officers.',
  ])('takes a risk factor or a product share for no risk: %s', (text) => {
    expect(riskIds(text)).toEqual([]);
  });

  it.each([
    'Related Party Transactions\nNone.',
    'There were no related party transactions during the year.',
    'We may become subject to enforcement actions by regulators in the future.',
    'We are not dependent on any single key employee.',
  ])('finds nothing in: %s', (text) => {
    expect(riskIds(text)).toEqual([]);
  });

  it('keeps one risk per rule at the highest severity, with the quotes of every document', () => {
    const result = discoverRisks({
      documents: [
        document('a', 'We obtained a waiver of the leverage covenant in March.'),
        document('b', 'The Borrower breached the interest cover covenant at December 31, 2024.'),
      ],
      facts: [],
      claims: [],
    });
    expect(result.risks).toHaveLength(1);
    expect(result.risks[0].severity).toBe('high');
    expect(result.risks[0].evidence.map((evidence) => (evidence as Evidence).documentId)).toEqual(['a', 'b']);
  });
});

describe('discoverRisks: rules over facts', () => {
  it('finds negative working capital from the balance sheet, with the facts it used', () => {
    const result = discoverRisks({ documents: [], facts: [fact('AssetsCurrent', 700), fact('LiabilitiesCurrent', 1000)], claims: [] });
    const risk = result.risks.find((candidate) => candidate.id === 'negative_working_capital')!;
    expect(risk.severity).toBe('high');
    expect(risk.facts.map((used) => [used.concept, used.value])).toEqual([
      ['AssetsCurrent', 700],
      ['LiabilitiesCurrent', 1000],
    ]);
    expect(risk.evidence).toEqual([
      { documentId: 'fs', page: 1, quote: 'AssetsCurrent 700' },
      { documentId: 'fs', page: 1, quote: 'LiabilitiesCurrent 1000' },
    ]);
  });

  it('finds a revenue decline beyond 5 %, high from 20 %', () => {
    const small = discoverRisks({ documents: [], facts: [fact('Revenues', 970), fact('Revenues', 1000, FY23)], claims: [] });
    expect(small.risks.map((risk) => risk.id)).not.toContain('revenue_decline');
    const large = discoverRisks({ documents: [], facts: [fact('Revenues', 700), fact('Revenues', 1000, FY23)], claims: [] });
    expect(large.risks.find((risk) => risk.id === 'revenue_decline')?.severity).toBe('high');
  });

  it('finds high leverage above 5× EBITDA and with debt over non-positive equity', () => {
    const result = discoverRisks({
      documents: [],
      facts: [fact('EBITDA', 100), fact('LongTermDebtNoncurrent', 700), fact('StockholdersEquity', -50)],
      claims: [],
    });
    const risk = result.risks.find((candidate) => candidate.id === 'high_leverage')!;
    expect(risk.severity).toBe('high');
    expect(risk.description).toContain('Debt to EBITDA');
    expect(risk.description).toContain('Debt to equity');
  });

  it('finds a short runway from cash and burn', () => {
    const result = discoverRisks({
      documents: [],
      facts: [
        fact('CashAndCashEquivalentsAtCarryingValue', 500),
        fact('NetCashProvidedByUsedInOperatingActivities', -1200),
        fact('PaymentsToAcquirePropertyPlantAndEquipment', 0),
      ],
      claims: [],
    });
    expect(result.risks.find((risk) => risk.id === 'short_runway')?.severity).toBe('high');
  });

  it('says which rules it could not judge and what they lacked, instead of guessing', () => {
    const result = discoverRisks({ documents: [], facts: [fact('Revenues', 1000)], claims: [] });
    expect(result.risks).toEqual([]);
    expect(result.notEvaluated).toContainEqual({ id: 'negative_working_capital', missing: ['AssetsCurrent', 'LiabilitiesCurrent'] });
    expect(result.notEvaluated.find((entry) => entry.id === 'revenue_decline')?.missing).toEqual(['Revenues']);
    expect(result.riskScore).toBe(0);
    expect(result.riskLevel).toBe('low');
  });

  it('drops a fact of a document in scope whose quote is not on its page, and says so', () => {
    const result = discoverRisks({
      documents: [document('fs', 'Total current assets 700\nTotal current liabilities 1,000')],
      facts: [
        { ...fact('AssetsCurrent', 700), evidence: { documentId: 'fs', page: 1, quote: 'Total current assets 700' } },
        { ...fact('LiabilitiesCurrent', 1000), evidence: { documentId: 'fs', page: 1, quote: 'Current liabilities (invented) 1,000' } },
      ],
      claims: [],
    });
    expect(result.risks).toEqual([]);
    expect(result.warnings).toContain('1 facts dropped: quote not verbatim on the cited page or value not in the quote');
  });
});

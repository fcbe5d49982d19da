import { describe, expect, it } from '@jest/globals';
import type { AnalysisDocument } from '../analysis-engine.port.js';
import { layoutFromText } from '../layout/text-layout.js';
import { discoverRisks } from './risk-discovery.js';

/**
 * Development sentences in the wording of real filings (10-K risk factors and notes, MD&A, PCAOB and
 * ISA auditor's reports, 8-K items 4.01 and 2.04, credit agreement notices, ASC 450 and ASC 850
 * notes, SOX 404 reports, regulatory disclosures), written for these tests and apart from the
 * bench's wording pools. Each rule has sentences that state its risk and hard negatives: denials,
 * hypotheticals, boilerplate, definitions and matters that are over.
 */
function document(...pages: string[]): AnalysisDocument {
  return { documentId: 'd', fileName: 'd.txt', mimeType: 'text/plain', pages: layoutFromText(pages) };
}

/** The [id, severity] of the risks found in one text page. */
function graded(text: string): [string, string][] {
  return discoverRisks({ documents: [document(text)], facts: [], claims: [] }).risks.map((risk) => [risk.id, risk.severity]);
}

describe('text rules: going concern', () => {
  it.each([
    [
      'These conditions raise substantial doubt about the Company’s ability to continue as a going concern within one year after the date that the financial statements are issued.',
      'critical',
    ],
    ['We have incurred recurring losses, and our auditors have expressed substantial doubt regarding our ability to continue as a going concern.', 'critical'],
    [
      'Our independent registered public accounting firm included an explanatory paragraph in its report on our 2024 financial statements relating to our ability to continue as a going concern.',
      'critical',
    ],
    ['There is substantial doubt as to whether we can continue as a going concern.', 'critical'],
    ['These factors, among others, cast significant doubt upon the Partnership’s ability to continue as a going concern.', 'critical'],
    ['The auditors flagged a going concern uncertainty in their report.', 'critical'],
    ['There is significant uncertainty over whether the business can continue trading.', 'critical'],
    ['Management’s plans did not alleviate the substantial doubt about the Company’s ability to continue as a going concern.', 'critical'],
    ['Our ability to continue as a going concern depends on closing the refinancing.', 'high'],
    ['The Company’s recurring losses raise serious doubts about its viability.', 'critical'],
    ['Note 2 discloses conditions that raise substantial doubt about the Company’s ability to meet its obligations as they come due.', 'critical'],
    // ASC 205-40's and AS 2415's standard sentence, alone and after a sentence with a modal.
    ['These conditions raise substantial doubt about the Company’s ability to continue as a going concern.', 'critical'],
    [
      'The Company will need additional capital, and there can be no assurance that it will be available. These conditions raise substantial doubt about the Company’s ability to continue as a going concern.',
      'critical',
    ],
  ])('states a going concern doubt: %s', (text, severity) => {
    expect(graded(text)).toEqual([['going_concern', severity]]);
  });

  it.each([
    'Based on the work we have performed, we have not identified any material uncertainties relating to events or conditions that may cast significant doubt on the Group’s ability to continue as a going concern.',
    'In auditing the financial statements, we concluded that management’s use of the going concern basis of accounting is appropriate.',
    'If we are unable to raise additional capital, there may be substantial doubt about our ability to continue as a going concern.',
    'The substantial doubt that existed at December 31, 2023 no longer exists following the refinancing.',
    'The consolidated financial statements have been prepared assuming that the Company will continue as a going concern.',
    'Our evaluation did not identify conditions that raise substantial doubt about our ability to continue as a going concern.',
    'No going concern issues were raised by the auditors.',
    'The going concern assessment covered a period of 18 months from the date of approval of the financial statements.',
    'In 2022 the going concern uncertainty was resolved through a $20 million equity raise.',
    // The auditor's standard responsibilities (ISA 570, AU-C 570): "going concern basis of accounting" is not the doubt's object.
    'Conclude on the appropriateness of management’s use of the going concern basis of accounting and, based on the audit evidence obtained, whether a material uncertainty exists related to events or conditions that may cast significant doubt on the Company’s ability to continue as a going concern.',
    'In preparing the financial statements, management is responsible for assessing the Company’s ability to continue as a going concern, disclosing, as applicable, matters related to going concern and using the going concern basis of accounting unless management either intends to liquidate the Company or to cease operations.',
  ])('finds no going concern doubt in: %s', (text) => {
    expect(graded(text)).toEqual([]);
  });
});

describe('text rules: covenants', () => {
  it.each([
    ['As of December 31, 2024, we were not in compliance with the maximum total net leverage ratio under our Credit Agreement.', 'high'],
    ['Our consolidated fixed charge coverage ratio fell below the 1.10 to 1.00 minimum required under the ABL facility for the quarter ended June 30.', 'high'],
    ['The Company’s total leverage ratio of 5.2x exceeded the 4.5x maximum permitted under the term loan.', 'high'],
    ['We breached our DSCR covenant in the second quarter.', 'high'],
    ['We did not make the interest payment due on April 15 on our 8.5% senior notes, and the 30-day grace period has expired.', 'high'],
    ['The lenders agreed to forbear from exercising remedies with respect to the specified defaults through May 31.', 'high'],
    ['The Company is in technical default under its equipment loan.', 'high'],
    ['Because of lower EBITDA, the borrower could not satisfy the interest coverage requirement at the March test date.', 'high'],
    ['The Company has been operating under a standstill agreement with its senior lenders since February.', 'high'],
    ['The Company’s failure to pay principal at maturity resulted in a cross-default under its senior notes indenture.', 'high'],
    ['Item 2.04. On June 5, 2025, the administrative agent delivered a notice of acceleration to the Company.', 'critical'],
    ['On March 4, 2025, we entered into a waiver and amendment with the lenders under the revolving credit facility.', 'medium'],
    ['The lender granted covenant relief for the next two test dates.', 'medium'],
    ['The bank issued a waiver letter for the missed test.', 'medium'],
    ['The lender has declared a default under the facility.', 'high'],
    ['The Company received a notice of default from the administrative agent on February 2, 2025.', 'critical'],
    ['The Company was in default under its loan agreement, and the bank declared all amounts outstanding immediately due and payable.', 'critical'],
  ])('states a covenant breach, default or waiver: %s', (text, severity) => {
    expect(graded(text)).toEqual([['covenant_breach', severity]]);
  });

  it.each([
    'The Credit Agreement contains customary affirmative and negative covenants and events of default.',
    'If we fail to satisfy the financial covenants, the lenders could declare an event of default and accelerate the maturity of our indebtedness.',
    'Our indebtedness could adversely affect our financial condition, and a breach of the covenants in our credit agreement could result in an event of default.',
    'Our net leverage ratio was 2.1x at year end, well below the 3.5x maximum permitted under the facility.',
    'The Borrower shall not permit the Consolidated Leverage Ratio to exceed 3.50 to 1.00 as of the last day of any fiscal quarter.',
    'No Default or Event of Default has occurred and is continuing.',
    'Each party hereto hereby irrevocably waives all right to trial by jury in any proceeding arising out of the loan documents.',
    'The lenders waived the requirement for a third-party appraisal as a condition to closing.',
    '“Event of Default” means any of the events specified in Section 8.01.',
    'The amendment increased the maximum leverage ratio to 4.25x to provide additional headroom.',
    'The prior-year waiver related to a covenant that has since been removed from the agreement.',
    'The 2021 covenant breach was cured within the grace period and no default resulted.',
    'It is unlikely that any covenant will be breached in the next twelve months.',
    'The forbearance period under the 2023 agreement expired upon the repayment of all obligations in full.',
    'The Company neither breached nor sought waivers of its covenants.',
  ])('finds no covenant breach in: %s', (text) => {
    expect(graded(text)).toEqual([]);
  });
});

describe('text rules: litigation', () => {
  it.each([
    [
      'On March 12, 2024, a putative securities class action complaint was filed in the United States District Court against the Company and certain of its officers.',
      'high',
    ],
    ['In the third quarter a jury returned a verdict of $12.4 million against the Company in the patent infringement case, which we have appealed.', 'high'],
    ['A former employee commenced arbitration proceedings against the Company claiming unpaid commissions.', 'medium'],
    ['A claim for $2.4 million has been lodged against the Company by a subcontractor.', 'medium'],
    ['The dispute with the contractor is now before the High Court.', 'medium'],
    ['We are currently in litigation with our former landlord.', 'medium'],
    ['The Company faces a lawsuit from a former supplier.', 'medium'],
    ['The plaintiffs seek compensatory damages and injunctive relief.', 'medium'],
    ['We believe the claims are without merit and intend to defend the lawsuit vigorously.', 'medium'],
    ['The lawsuit filed against us in 2022 was dismissed in part, and the remaining claims are pending.', 'medium'],
    ['We have accrued $3.0 million for the settlement of the wage and hour litigation.', 'low'],
    ['The Company was ordered by the court to pay $850,000 in damages to a former distributor.', 'medium'],
    ['An arbitration panel awarded the claimant $1.2 million against the Company.', 'medium'],
    ['The Company has determined that a loss is probable in connection with the patent litigation and has accrued $4.0 million.', 'medium'],
    ['It is reasonably possible that the Company will incur a loss in the product liability actions in excess of the amounts accrued.', 'medium'],
    ['The court denied the Company’s motion to dismiss, and discovery is ongoing.', 'medium'],
    ['The Company is embroiled in a legal dispute with a former partner.', 'medium'],
    ['The Company was taken to court by a former supplier over unpaid invoices.', 'medium'],
  ])('states litigation: %s', (text, severity) => {
    expect(graded(text)).toEqual([['litigation', severity]]);
  });

  it.each([
    'We are not currently a party to any legal proceedings that we believe would have a material adverse effect on our business.',
    'From time to time, we are involved in legal proceedings arising in the normal course of business.',
    'The lawsuit filed against the Company in 2022 was dismissed with prejudice in March 2023.',
    'In the past, securities class action litigation has often been brought against companies following periods of volatility in their share price.',
    'Customer complaints alleging late deliveries fell by 20% during the year.',
    'Warranty claims settled during the year amounted to $0.4 million.',
    'Our bylaws designate the Court of Chancery of the State of Delaware as the exclusive forum for certain litigation.',
    'No officer or director has been involved in any legal proceedings during the past ten years.',
    'The plaintiff in the 2019 suit withdrew its claims in 2020.',
    'Accruals for litigation are recorded when a loss is probable and can be reasonably estimated.',
    'In 2024 the court granted the Company’s motion to dismiss the complaint.',
  ])('finds no litigation in: %s', (text) => {
    expect(graded(text)).toEqual([]);
  });

  it('takes a suit brought by a regulator for a regulatory action, not a private lawsuit', () => {
    expect(graded('The FTC filed a complaint against the Company alleging deceptive advertising.')).toEqual([['regulatory_action', 'high']]);
  });
});

describe('text rules: internal control', () => {
  it.each([
    'We did not maintain effective controls over the accounting for complex financial instruments, which constitutes a material weakness.',
    'Our CEO and CFO concluded that, as of December 31, 2024, our disclosure controls and procedures were not effective at the reasonable assurance level.',
    'Controls over revenue recognition were not operating effectively at year end.',
    'Management has not yet remediated the material weakness described above.',
    // SOX 404 management conclusion and AS 2201's adverse opinion on ICFR.
    'Management concluded that the Company’s internal control over financial reporting was not effective as of December 31, 2024 because of the material weakness described below.',
    'In our opinion, because of the effect of the material weakness described below on the achievement of the objectives of the control criteria, the Company has not maintained effective internal control over financial reporting as of December 31, 2024.',
  ])('states a material weakness: %s', (text) => {
    expect(graded(text)).toEqual([['material_weakness', 'high']]);
  });

  it.each([
    'Management concluded that our internal control over financial reporting was effective as of December 31, 2024.',
    'During 2023 we remediated the material weakness identified in 2022.',
    'Because of its inherent limitations, internal control over financial reporting may not prevent or detect misstatements.',
    'Our consideration of internal control was not designed to identify all deficiencies that might be material weaknesses.',
    'A material weakness would arise if the reconciliations were not reviewed.',
    'The term “material weakness” refers to a deficiency that could result in a material misstatement.',
    'We are unaware of any material weaknesses in our internal controls.',
    // The category named for all weaknesses, as a certification or a charter names it.
    'The certifying officers have disclosed to the audit committee all significant deficiencies and material weaknesses in the design or operation of internal control over financial reporting.',
    'The audit committee reviews with the auditors any material weaknesses reported to it.',
  ])('finds no material weakness in: %s', (text) => {
    expect(graded(text)).toEqual([]);
  });
});

describe('text rules: audit opinions', () => {
  it.each([
    [
      'Basis for Qualified Opinion: We were unable to obtain sufficient appropriate audit evidence about the carrying amount of the investment in an associate.',
      'high',
    ],
    ['Because we could not observe the physical inventory count, our opinion on the 2024 financial statements is qualified.', 'high'],
    ['The auditors’ report on the 2023 accounts was modified because of a limitation on the scope of their work.', 'high'],
    [
      'In our opinion, because of the significance of the matter discussed in the Basis for Adverse Opinion section, the financial statements do not present fairly the financial position of the Company.',
      'critical',
    ],
    ['The auditors declined to give an opinion on the 2022 accounts.', 'critical'],
    ['An except-for opinion was issued on the 2023 accounts.', 'high'],
  ])('states a modified audit opinion: %s', (text, severity) => {
    expect(graded(text)).toEqual([['qualified_opinion', severity]]);
  });

  it.each([
    'Our opinion is not modified with respect to this matter.',
    'The Company is not required to have, nor were we engaged to perform, an audit of its internal control over financial reporting; accordingly, we express no such opinion.',
    'A review is substantially less in scope than an audit, the objective of which is the expression of an opinion on the financial statements; accordingly, we do not express such an opinion.',
    'This summary is qualified in its entirety by reference to the full text of the agreement, filed as Exhibit 10.1.',
    'In the opinion of management, the ultimate outcome of these matters is not expected to have a material adverse effect.',
    'The communication of critical audit matters does not alter in any way our opinion on the financial statements, taken as a whole.',
  ])('finds no modified opinion in: %s', (text) => {
    expect(graded(text)).toEqual([]);
  });
});

describe('text rules: auditor change', () => {
  it.each([
    'On June 3, 2024, the Audit Committee approved the dismissal of Ernst & Young LLP as the Company’s independent registered public accounting firm.',
    'On October 1, 2024, BDO USA, P.C. informed the Company that it would resign as the Company’s independent registered public accounting firm.',
    'PwC did not seek reappointment as auditor at the 2024 annual general meeting.',
    'Our previous auditor stepped down after the 2023 audit.',
    'The company switched auditors in 2024.',
    'The Company has a new auditor this year.',
  ])('states a change of auditor: %s', (text) => {
    expect(graded(text)).toEqual([['auditor_change', 'medium']]);
  });

  it.each([
    'The Audit Committee is directly responsible for the appointment, compensation, retention and oversight of the independent auditor.',
    'During the two most recent fiscal years there were no disagreements with the former accountants on any matter of accounting principles or practices.',
    'The CFO resigned in May and our auditors completed their review of the interim results in August.',
    'Our auditors reviewed the change in accounting principle described in Note 2.',
    'Item 9. Changes in and Disagreements With Accountants on Accounting and Financial Disclosure.',
    'The auditor was reappointed at the AGM.',
  ])('finds no auditor change in: %s', (text) => {
    expect(graded(text)).toEqual([]);
  });
});

describe('text rules: customer concentration', () => {
  it.each([
    ['Sales to Walmart Inc. and its affiliates represented approximately 21% of our consolidated net sales in fiscal 2024.', 'medium'],
    ['Medicare accounted for 41% of net patient service revenue.', 'high'],
    ['Acme Corp. is our largest customer, at 35% of revenue.', 'high'],
    ['Sales to the Company’s two largest customers represented 37% and 22% of net sales, respectively.', 'high'],
    ['Two customers, each a national retailer, together represented 58% of net sales.', 'medium'],
    ['Losing Client X, which accounts for a third of turnover, would be severe.', 'high'],
    ['A significant portion of our revenue is derived from a limited number of customers.', 'medium'],
    ['The Company derives approximately 70% of its revenue from a single distributor.', 'high'],
    ['Revenue from the U.S. Department of Defense represented 62% of total revenue in fiscal 2024.', 'high'],
  ])('states customer concentration, graded by share: %s', (text, severity) => {
    expect(graded(text)).toEqual([['customer_concentration', severity]]);
  });

  it('keeps a share of revenue stated inside a hypothesis: the figure is a fact', () => {
    expect(graded('Should the Company’s largest customer, which accounts for 30% of revenue, terminate its contract, results would suffer.')).toEqual([
      ['customer_concentration', 'high'],
    ]);
    expect(graded('If we come to depend on a small number of customers, our results could suffer.')).toEqual([]);
  });

  it.each([
    'Sales to customers outside the United States accounted for 38% of revenue.',
    'One supplier accounted for 45% of our purchases of raw materials.',
    'We generated 45% of our revenue from customers in the healthcare sector.',
    'Revenue grew 35% and no single customer accounted for more than 5% of revenue.',
    'Our ten largest customers accounted for approximately 18% of our revenue.',
    'Financial instruments that potentially subject the Company to concentrations of credit risk consist principally of cash and trade receivables.',
    'Customer concentration is low, with no customer above 5% of sales.',
  ])('finds no customer concentration in: %s', (text) => {
    expect(graded(text)).toEqual([]);
  });
});

describe('text rules: related parties', () => {
  it.each([
    ['The Company leases its corporate headquarters from an entity controlled by our Chairman and Chief Executive Officer.', 'low'],
    ['The Company purchased inventory of $2.3 million from a supplier in which a member of our board of directors holds a 40% interest.', 'low'],
    ['The Company paid management fees of $500,000 to an affiliate of its majority shareholder.', 'low'],
    ['The CEO’s wife owns the building we lease.', 'low'],
    ['During 2024, our founder advanced $1.2 million to the Company under an unsecured promissory note.', 'medium'],
    ['Our majority stockholder has guaranteed the obligations under the revolving credit facility.', 'medium'],
    ['Shareholder loans of $400,000 remain outstanding.', 'medium'],
    ['The founder’s brother owns the trucking company that handles most of our deliveries.', 'low'],
    ['The Company has an agreement with a firm in which our Chief Executive Officer is a partner; fees under the agreement totaled $210,000.', 'low'],
    ['The Company’s principal stockholder provided a $5 million bridge loan to the Company in October 2024.', 'medium'],
    ['The CEO’s company supplies packaging to the business.', 'low'],
  ])('states a related-party dealing: %s', (text, severity) => {
    expect(graded(text)).toEqual([['related_parties', severity]]);
  });

  it.each([
    'The Audit Committee reviews and approves all related party transactions.',
    'We have entered into indemnification agreements with each of our directors and executive officers.',
    'The Company paid dividends of $0.20 per share to stockholders in each quarter.',
    'The decline in margin was due to our founder’s decision to exit the wholesale channel.',
    'The Company purchases directors and officers liability insurance.',
    'Our executive officers and directors beneficially own approximately 35% of our outstanding common stock.',
    'Transactions with related parties are conducted on an arm’s-length basis and require board approval.',
    'The CEO’s company car is leased.',
  ])('finds no related-party dealing in: %s', (text) => {
    expect(graded(text)).toEqual([]);
  });

  it('reads a heading as denied when a later sentence under it denies, past a policy sentence', () => {
    expect(
      graded(
        'Related Party Transactions\nThe Audit Committee reviews and approves all related party transactions.\nThere were no material related party transactions in 2024.',
      ),
    ).toEqual([]);
  });
});

describe('text rules: working capital', () => {
  it.each([
    'The Group had net current liabilities of £2.8 million at 31 March 2025.',
    'The Company’s current ratio was 0.74 at June 30, 2024.',
    'At year end current liabilities, including the $20 million term loan now classified as current, were greater than current assets.',
    'Short-term obligations exceed current assets by $900k.',
    'Current liabilities outweigh current assets.',
  ])('states negative working capital: %s', (text) => {
    expect(graded(text)).toEqual([['negative_working_capital', 'medium']]);
  });

  it.each([
    'Current assets exceeded current liabilities by $6.1 million at year end.',
    'Our current ratio improved to 1.6 from 1.2.',
    'Our accumulated deficit and working capital needs are described in the liquidity section.',
    'Higher inventory had a negative impact on working capital during the quarter.',
  ])('finds no negative working capital in: %s', (text) => {
    expect(graded(text)).toEqual([]);
  });
});

describe('text rules: key people', () => {
  it.each([
    'The company’s success is closely tied to its founder, Jane Smith.',
    'Much of the business rests on one person, the managing director.',
    'The company would struggle to replace its chief engineer.',
    'If Dr. Patel were to leave, our research programs could be delayed.',
    'Our future depends on our founder, who has no designated successor.',
  ])('states key-person dependence (risk-factor wording counts): %s', (text) => {
    expect(graded(text)).toEqual([['key_person', 'medium']]);
  });

  it.each([
    'Our success depends on the quality of our products and the strength of our brand.',
    'Our management team relies on estimates and assumptions in preparing the financial statements.',
    'The business has a formal succession plan covering every member of senior management.',
    'The CFO retired in 2023 and was succeeded by the group controller.',
  ])('finds no key-person dependence in: %s', (text) => {
    expect(graded(text)).toEqual([]);
  });
});

describe('text rules: regulatory action', () => {
  it.each([
    ['On August 2, 2024, the Bank entered into a consent order with the Office of the Comptroller of the Currency.', 'high'],
    ['The Company was fined $250,000 by the state gaming commission.', 'high'],
    ['In 2024 the Company settled charges with the SEC and paid a civil penalty of $4 million.', 'high'],
    ['In May 2024, the Company received a Civil Investigative Demand from the Consumer Financial Protection Bureau.', 'medium'],
    ['The SEC staff informed us that it is conducting an investigation into our revenue recognition practices.', 'medium'],
    ['In March 2025 we received a subpoena from the U.S. Attorney’s Office for the District of Massachusetts requesting documents.', 'medium'],
    ['Following an inspection of our facility, the FDA issued a Form 483 containing six observations.', 'medium'],
    ['The Department of Justice and the SEC are investigating payments made by our former sales agents.', 'medium'],
    ['The state Department of Insurance suspended the subsidiary’s certificate of authority.', 'critical'],
    ['The Company disclosed that it is the target of a federal grand jury investigation.', 'medium'],
    ['The OCC and the Bank entered into a formal agreement requiring the Bank to enhance its compliance management system.', 'high'],
    ['The Company received a notice from the EPA alleging violations of its discharge permit.', 'high'],
    ['The regulator imposed restrictions on the Company’s lending activities.', 'high'],
    ['The IRS Criminal Investigation division opened an investigation into the Company’s payroll practices.', 'medium'],
  ])('states a regulatory action: %s', (text, severity) => {
    expect(graded(text)).toEqual([['regulatory_action', severity]]);
  });

  it.each([
    'We are subject to extensive regulation by the FDA and comparable foreign authorities.',
    'The SEC issued new climate disclosure rules in March 2024.',
    'The consent order entered into in 2019 was terminated by the OCC in January 2024.',
    'The SEC notified us that it had concluded its investigation and did not intend to recommend an enforcement action against the Company.',
    'We paid a prepayment penalty of $1.2 million upon the early repayment of the term loan.',
    'The FCA has the authority to revoke our authorisation if we breach its rules.',
    'The Bank is subject to regular examination by the FDIC and the state banking department.',
    'The Company received a comment letter from the SEC staff on its Form 10-K, which it has answered.',
    'The FDA lifted the import alert in 2023 after a successful reinspection.',
    'The Port Authority and the Company entered into a lease agreement for the terminal in 2024.',
    'The regulator imposed new capital requirements on all banks.',
    'The FDA has not alleged any violations.',
    'The Company is in compliance with the terms of the consent order entered into in 2022, which was terminated in 2024.',
    // A tax authority's examination of returns is routine (ASC 740), not enforcement.
    'Tax benefit related to the IRS audit',
    'The Company’s federal income tax returns for 2019 through 2021 are under examination by the IRS.',
    // Generic risk-factor language: the whole list is governed by its opening modal.
    'We may become subject to litigation, regulatory investigations and claims in the future.',
  ])('finds no regulatory action in: %s', (text) => {
    expect(graded(text)).toEqual([]);
  });
});

describe('text rules: a loan agreement', () => {
  it('finds nothing in its representations, covenants, events of default and waiver clauses', () => {
    expect(
      graded(
        [
          'Section 5.1 Litigation. Except as set forth on Schedule 5.1, there are no actions, suits, proceedings or investigations pending or, to the knowledge of the Borrower, threatened against the Borrower before any court or governmental authority.',
          'Section 6.1 Financial Covenants. The Borrower shall maintain a Fixed Charge Coverage Ratio of not less than 1.20 to 1.00, tested quarterly, and shall not permit its Total Leverage Ratio to exceed 3.00 to 1.00.',
          'Section 7.1 Events of Default. Each of the following shall constitute an Event of Default: (a) the Borrower fails to pay any principal or interest when due; (b) the Borrower fails to observe any covenant contained in Section 6.',
          'Section 7.2 Remedies. Upon the occurrence and during the continuance of an Event of Default, the Lender may declare all Obligations immediately due and payable.',
          'Section 8.4 Waivers. No failure or delay by the Lender in exercising any right shall operate as a waiver thereof.',
          'Section 8.12 Auditors. The Borrower shall not change its independent auditors without the prior written consent of the Lender.',
        ].join('\n'),
      ),
    ).toEqual([]);
  });
});

describe('text rules: a clean filing', () => {
  it('finds nothing in the boilerplate of an unqualified audit report, an effective Item 9A and denied notes', () => {
    expect(
      graded(
        [
          'In our opinion, the financial statements present fairly, in all material respects, the financial position of the Company at December 31, 2024.',
          'We conducted our audits in accordance with the standards of the PCAOB; those standards require that we plan and perform the audit to obtain reasonable assurance about whether the financial statements are free of material misstatement, whether due to error or fraud.',
          'We have served as the Company’s auditor since 2011.',
          'Based on that evaluation, our Chief Executive Officer and Chief Financial Officer concluded that our disclosure controls and procedures were effective at the reasonable assurance level.',
          'Item 9. Changes in and Disagreements with Accountants on Accounting and Financial Disclosure',
          'None.',
          'The Credit Agreement contains financial covenants requiring a maximum consolidated leverage ratio of 3.50 to 1.00. As of December 31, 2024, the Company was in compliance with all covenants under the Credit Agreement.',
          'No single customer accounted for 10% or more of revenue in any period presented.',
        ].join('\n'),
      ),
    ).toEqual([]);
  });
});

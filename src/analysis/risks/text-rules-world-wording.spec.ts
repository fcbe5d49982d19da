import { describe, expect, it } from '@jest/globals';
import type { AnalysisDocument } from '../analysis-engine.port.js';
import { layoutFromText } from '../layout/text-layout.js';
import { discoverRisks } from './risk-discovery.js';

/**
 * The text rules on findings as the world writes them (issue 24): 8-K Item 4.01 letters and UK
 * auditor resignations, customer shares stated with figures and names, key-person dependence stated
 * as the company's situation, related-party dealings with amounts, loan-document wording for
 * defaults, specific suits with parties, courts and damages. Each rule also has the boilerplate and
 * the denials filings print beside them (risk-factor "may/could", proxy ratifications, "no customer
 * accounted for more than 10 %", "we depend on our key personnel"), which are not findings. Written
 * for these tests, apart from the bench's wording pools.
 */
function document(text: string): AnalysisDocument {
  return { documentId: 'd', fileName: 'd.txt', mimeType: 'text/plain', pages: layoutFromText([text]) };
}

/** The ids of the text risks found in one page of text. */
function ids(text: string): string[] {
  return discoverRisks({ documents: [document(text)], facts: [], claims: [] }).risks.map((risk) => risk.id);
}

function severityOf(text: string): string[] {
  return discoverRisks({ documents: [document(text)], facts: [], claims: [] }).risks.map((risk) => risk.severity);
}

describe("text rules in the world's wording: auditor change", () => {
  it.each([
    'On March 3, 2024, the Audit Committee of the Board of Directors dismissed Friedman LLP as the Company’s independent registered public accounting firm.',
    'The Company dismissed Marcum LLP as its independent registered public accounting firm, effective May 12, 2023.',
    'On June 14, 2023, BF Borgers CPA PC resigned as the independent registered public accounting firm of the Company.',
    'Haskell & White LLP resigned as auditor of the Company on 8 January 2024.',
    'On April 2, 2024, the Audit Committee approved the engagement of Grant Thornton LLP as the Company’s new independent registered public accounting firm for the fiscal year ending December 31, 2024.',
    'The Audit Committee approved the engagement of Moss Adams LLP to serve as the Company’s independent registered public accounting firm for fiscal 2024.',
    'Deloitte LLP did not stand for re-appointment at the Annual General Meeting and Crowe U.K. LLP was appointed as auditor.',
    'PricewaterhouseCoopers LLP informed the Audit Committee that it would decline to stand for re-election as the Company’s independent registered public accounting firm.',
    'Item 4.01 Changes in Registrant’s Certifying Accountant. On February 9, 2024, the Company notified Turner, Stone & Company, L.L.P. that it was dismissed as the Company’s independent registered public accounting firm.',
    'During the fiscal years ended December 31, 2023 and 2022, and the subsequent interim period through March 3, 2024, there were no disagreements with Friedman LLP on any matter of accounting principles or practices, and Friedman LLP was dismissed on March 3, 2024.',
    'The Board resolved to appoint Azets Audit Services as auditor following the resignation of Saffery Champness.',
    'Following a competitive tender, shareholders approved the appointment of KPMG LLP as auditor in place of Deloitte LLP.',
    'The Company engaged RBSM LLP as its new independent registered public accounting firm on July 1, 2024.',
    'On May 3, 2024, the Audit Committee engaged Fruci & Associates II, PLLC as the Company’s independent registered public accounting firm, replacing Gries & Associates, LLC.',
    'Smith & Jones CPAs was dismissed as our auditor in October.',
    'The Company’s former auditor, Hall & Co., resigned on 4 September 2024.',
    'Our principal accountant, Boyle CPA, LLC, resigned effective August 15, 2024.',
    'KPMG LLP will not seek re-appointment as auditor at the forthcoming AGM.',
    'On November 1, 2024, the Company was notified by Salberg & Company, P.A. that it had resigned as the Company’s independent registered public accounting firm.',
    'The Board approved the dismissal of Withum as auditor and the engagement of CBIZ CPAs P.C. as the Company’s new auditor.',
    'Grant Thornton UK LLP resigned as auditor to the Company on 30 June 2024 and a statement of circumstances was deposited under section 519 of the Companies Act 2006.',
    'The Audit Committee decided not to renew the engagement of Marcum LLP.',
  ])('finds auditor_change: %s', (text) => {
    expect(ids(text)).toEqual(['auditor_change']);
  });

  it.each([
    'The Audit Committee is directly responsible for the appointment, compensation, retention and oversight of the independent registered public accounting firm.',
    'Deloitte & Touche LLP has served as the Company’s auditor since 2002.',
    'The Audit Committee has approved the engagement of Ernst & Young LLP to perform audit services for fiscal 2025, subject to shareholder ratification.',
    'A resolution to reappoint BDO LLP as auditor will be proposed at the Annual General Meeting.',
    'Shareholders are asked to ratify the appointment of PricewaterhouseCoopers LLP as our independent registered public accounting firm for 2025.',
    'KPMG LLP, an independent registered public accounting firm, audited the consolidated financial statements included in this Annual Report.',
    'We may change our auditors in the future, which could delay our filings.',
    'The Audit Committee pre-approves all audit and permitted non-audit services provided by the independent registered public accounting firm.',
    'There have been no changes in or disagreements with accountants on accounting and financial disclosure.',
    'The lead audit engagement partner rotated off the engagement in 2024 as required by SEC rules.',
    'Our Audit Committee has selected Deloitte & Touche LLP as our independent registered public accounting firm for 2025, and stockholders will be asked to ratify that selection.',
    'BDO USA, P.C. has audited our financial statements since 2012.',
    'The auditors, Mazars LLP, have indicated their willingness to continue in office.',
    'The court dismissed the claims against Baker Tilly US, LLP in their entirety.',
  ])('finds no risk in: %s', (text) => {
    expect(ids(text)).toEqual([]);
  });
});

describe("text rules in the world's wording: customer concentration", () => {
  it.each([
    'Our largest customer accounted for 34% of net sales in fiscal 2024.',
    'Two customers represented 58% of accounts receivable at December 31, 2024.',
    'Sales to Walmart Inc. were 22% of revenue in 2024.',
    'Sales to Walmart were 22% of our net sales in fiscal 2023.',
    'Net sales to The Home Depot represented approximately 27% of consolidated net sales.',
    'Customer A accounted for 41% and Customer B accounted for 18% of revenues for the year ended December 31, 2024.',
    'For the year ended June 30, 2024, revenue from one customer amounted to 63% of total revenue.',
    'Approximately 45% of our revenue was derived from our three largest customers in 2024.',
    'One customer comprised 19% of the Company’s trade receivables as of September 30, 2024.',
    'McKesson, AmerisourceBergen and Cardinal Health together accounted for 88% of our gross product revenue.',
    'Revenue from the U.S. Department of Defense represented 71% of total revenue in fiscal 2024.',
    'Our ten largest customers accounted for approximately 82% of net revenue.',
    'The Group’s largest customer accounted for 31 per cent of turnover in the year.',
    'During 2024, sales to our largest distributor totaled $48.2 million, or 36% of net sales.',
    'Apple accounted for 29% of our revenue in fiscal 2024.',
    'Revenue from Amazon represented 24% of total net revenue for fiscal 2024.',
    'We derived approximately 39% of our revenue from a single customer during 2024.',
    'A single customer represented 17% of revenue and 23% of accounts receivable.',
    'Approximately 52% of our net revenue came from sales to our top two customers.',
    'Sales to Costco Wholesale Corporation accounted for 18% of our net sales in fiscal 2024.',
    'Revenue from our two largest customers was 31% and 14% of total revenue, respectively.',
    'Target, Walmart and Amazon together represented 61% of gross sales in 2024.',
    'Our top five customers accounted for 68% of revenue in 2024.',
    'Net revenue from Boeing amounted to approximately 19% of total net revenue.',
  ])('finds customer_concentration: %s', (text) => {
    expect(ids(text)).toEqual(['customer_concentration']);
  });

  it.each([
    'No single customer accounted for more than 10% of our net sales in 2024, 2023 or 2022.',
    'No customer accounted for 10% or more of revenue during the periods presented.',
    'There were no customers that individually represented more than 10% of total accounts receivable.',
    'The loss of a significant customer could adversely affect our revenue.',
    'We may depend on a limited number of customers for a significant portion of our revenue in the future.',
    'Sales in North America represented 62% of net sales in 2024.',
    'Subscription revenue accounted for 78% of total revenue.',
    'Our largest product line accounted for 41% of revenue.',
    'International sales represented 35% of revenue in 2024.',
    'Revenue increased 22% compared with the prior year.',
    'Sales to Latin America represented 14% of revenue.',
    'Sales to the automotive industry were 31% of revenue.',
    'Our top twenty customers accounted for 40% of our net sales.',
    'No individual customer accounted for 10% or more of net sales in fiscal 2024, 2023 or 2022.',
  ])('finds no risk in: %s', (text) => {
    expect(ids(text)).toEqual([]);
  });
});

describe("text rules in the world's wording: key people", () => {
  it.each([
    'The loss of our founder and Chief Executive Officer, John Smith, who holds the key customer relationships, would significantly harm our business.',
    'Our success depends heavily on Dr. Helen Park, our founder and chief scientist, who developed our core technology, and we do not maintain key-person life insurance on her.',
    'Mr. Alvarez, the sole owner, personally manages all supplier relationships and no other employee is able to perform his role.',
    'The business is dependent on its managing director, who is also the only person holding the operating licence.',
    'We have not adopted a succession plan for our Chief Executive Officer, who is 78 years old.',
    'The Company relies on its CEO, Mr. Chen, for substantially all of its sales to its three largest customers.',
    'Our founder, Ms. Tanaka, is responsible for all product design and the Company has no employment agreement with her.',
    'Substantially all of our revenue is generated by contracts that our President personally negotiated and manages.',
    'The Company’s operations are heavily reliant on its founder, Mark Ellis, who personally holds all of the Company’s banking relationships.',
    'Mr. Okafor is the only director with the technical qualifications required by the licence conditions.',
    'The Company has not established a formal succession plan for its founder and Chief Executive Officer.',
  ])('finds key_person: %s', (text) => {
    expect(ids(text)).toEqual(['key_person']);
  });

  it.each([
    'We depend on the continued services of our key personnel.',
    'Our future success depends on our ability to attract and retain highly qualified personnel.',
    'The loss of key personnel could harm our business.',
    'We depend on our executive officers and other key employees, and the loss of one or more of these employees could adversely affect our business.',
    'Competition for qualified personnel is intense, and we may not be able to retain our key employees.',
    'We do not believe that the loss of any single employee would have a material adverse effect on our operations.',
    'Our executive team has an average tenure of 12 years with the Company.',
    'The Company’s success depends on its ability to attract, retain and motivate qualified personnel.',
    'We rely on our key employees, and the loss of their services could disrupt our business.',
    'We depend on key members of our management team.',
  ])('finds no risk in: %s', (text) => {
    expect(ids(text)).toEqual([]);
  });
});

describe("text rules in the world's wording: related parties", () => {
  it.each([
    'The Company leases its headquarters from an entity owned by the Chief Executive Officer for $240,000 per year.',
    'The Company leases its headquarters from an entity owned by its CEO for $20,000 per month.',
    'In March 2024 the Company received a loan of $1.5 million from its majority shareholder, bearing interest at 8%.',
    'The Company has a loan from the majority shareholder of $2,000,000, unsecured and due on demand.',
    'During 2024, the Company purchased $3.1 million of raw materials from Acme Corp., a company controlled by our Chairman.',
    'Our CFO’s brother-in-law owns the trucking company that handles most of our deliveries, which we paid $850,000 in 2024.',
    'As of December 31, 2024, the Company owed $450,000 to its Chief Executive Officer for advances made to fund operations.',
    'The director has provided a personal guarantee of the bank overdraft of £250,000.',
    'Rent of £96,000 (2023: £96,000) was paid to a pension scheme of which the directors are the beneficiaries.',
    'The Company paid consulting fees of $180,000 to a firm in which a director is a partner.',
    'The Company subleases office space to an entity controlled by a director for $4,000 per month.',
    'In 2024 the Company sold products totaling $1.2 million to Beta LLC, an entity owned by the Company’s President.',
    'The Company’s majority shareholder advanced $750,000 to the Company during the year, repayable on demand.',
    'Interest of $64,000 was paid on loans from directors.',
  ])('finds related_parties: %s', (text) => {
    expect(ids(text)).toEqual(['related_parties']);
  });

  it.each([
    'The Audit Committee reviews and approves all related party transactions.',
    'There were no related party transactions during the year.',
    'Related party transactions are conducted on terms equivalent to those that prevail in arm’s-length transactions.',
    'Compensation of key management personnel is disclosed in Note 18.',
    'We may in the future enter into transactions with related parties.',
    'Our directors and officers are entitled to indemnification under our bylaws.',
    'Related parties include the Company’s directors, executive officers and their immediate family members.',
    'No director had a material interest in any contract of significance with the Company during the year.',
  ])('finds no risk in: %s', (text) => {
    expect(ids(text)).toEqual([]);
  });
});

describe("text rules in the world's wording: covenants", () => {
  it.each([
    'An Event of Default occurred under the Credit Agreement as a result of the Company’s failure to deliver audited financial statements within 120 days.',
    'On June 5, 2024, the Company entered into a forbearance agreement with its lenders under which they agreed not to exercise remedies through August 31, 2024.',
    'The lender agreed to waive the Company’s non-compliance with the minimum fixed charge coverage ratio for the quarter ended March 31, 2024.',
    'As of September 30, 2024, the Company was not in compliance with the minimum liquidity requirement under the loan agreement.',
    'The Company received a notice of default from the administrative agent on October 3, 2024.',
    'The Borrower was not in compliance with Section 7.1(a) of the Credit Agreement.',
    'The bank agreed to waive the breach of the net worth covenant at 31 March 2024.',
    'The Company obtained a waiver from the lender for the covenant violation.',
    'Due to the Event of Default, the lender has the right to accelerate the loan and the entire balance has been classified as current.',
    'The Company’s interest cover fell to 1.2 times, below the 2.0 times required under the facility agreement.',
    'The lenders agreed to waive the Event of Default arising from the late delivery of the compliance certificate.',
    'The Company did not satisfy the minimum EBITDA test for the twelve months ended June 30, 2024 and has entered into an amendment with its lenders.',
    'On August 8, 2024, the administrative agent delivered a notice of acceleration to the Company.',
    'The lenders have agreed to forbear from exercising their rights arising from the existing Events of Default until December 15, 2024.',
    'As a result of the covenant violation, the entire outstanding balance of the term loan has been classified as a current liability.',
  ])('finds covenant_breach: %s', (text) => {
    expect(ids(text)).toEqual(['covenant_breach']);
  });

  it.each([
    'The Credit Agreement contains customary events of default, including non-payment and breaches of covenants.',
    'If an Event of Default occurs, the lenders may accelerate the loans.',
    'We were in compliance with all financial covenants as of December 31, 2024.',
    'A breach of these covenants could result in an event of default under the credit agreement.',
    '"Event of Default" has the meaning set forth in Section 8.01.',
    'The lender may waive any Default or Event of Default in its sole discretion.',
    'The Company expects to remain in compliance with its covenants over the next twelve months.',
    'The Credit Agreement requires the Company to maintain a minimum fixed charge coverage ratio of 1.25 to 1.00.',
    'Any failure to comply with these covenants could result in an event of default.',
    'We believe we will remain in compliance with our financial covenants through 2025.',
  ])('finds no risk in: %s', (text) => {
    expect(ids(text)).toEqual([]);
  });
});

describe("text rules in the world's wording: litigation", () => {
  it.each([
    'On March 14, 2024, Acme Corp. filed a complaint against the Company in the United States District Court for the District of Delaware alleging infringement of U.S. Patent No. 9,123,456 and seeking damages of $40 million.',
    'The Company is a defendant in a putative class action filed in the Superior Court of California, County of Los Angeles, alleging wage and hour violations.',
    'In Smith v. Polaris Data Systems, the plaintiff seeks compensatory damages of $12.5 million.',
    'A former distributor has commenced proceedings against the Company in the High Court claiming £3.2 million for breach of contract.',
    'The Company is currently defending a lawsuit brought by a former supplier seeking $2.1 million.',
    'The jury returned a verdict against the Company for $18 million, which the Company has appealed.',
    'In January 2024, a putative securities class action captioned Doe v. Crescent Payments Ltd. was filed in the U.S. District Court for the Southern District of New York.',
    'The Company has been named as a defendant in a lawsuit filed by a former employee in the Superior Court of New Jersey alleging wrongful termination.',
    'The arbitration hearing in the dispute with our former joint venture partner is scheduled for March 2025; the claimant seeks $25 million.',
  ])('finds litigation: %s', (text) => {
    expect(ids(text)).toEqual(['litigation']);
  });

  it.each([
    'We may become subject to litigation in the ordinary course of business.',
    'From time to time, we may be involved in legal proceedings and claims.',
    'We are not currently a party to any material legal proceedings.',
    'Litigation could be costly and divert management attention.',
    'There are no pending legal proceedings to which the Company is a party.',
    'We could be subject to claims of patent infringement, product liability claims, or employment-related claims.',
    'We may from time to time be subject to various claims, lawsuits and legal proceedings.',
    'Litigation is inherently uncertain and an adverse outcome could have a material effect.',
    'We are not aware of any pending or threatened litigation against us.',
  ])('finds no risk in: %s', (text) => {
    expect(ids(text)).toEqual([]);
  });
});

describe("text rules in the world's wording: regulatory action", () => {
  it.each([
    'In March 2024, the Company received a warning letter from the FDA relating to its manufacturing facility in Puerto Rico.',
    'The SEC’s Division of Enforcement is investigating the Company’s revenue recognition practices.',
  ])('finds regulatory_action: %s', (text) => {
    expect(ids(text)).toEqual(['regulatory_action']);
  });

  it.each([
    'We are subject to extensive regulation by the FDA and comparable foreign authorities.',
    'Regulators may impose fines or other penalties if we fail to comply.',
  ])('finds no risk in: %s', (text) => {
    expect(ids(text)).toEqual([]);
  });
});

describe("text rules in the world's wording: going concern", () => {
  it.each([
    'The Group’s auditors have included a material uncertainty related to going concern paragraph in their report.',
    'These conditions raise substantial doubt about the Company’s ability to continue as a going concern.',
  ])('finds going_concern: %s', (text) => {
    expect(ids(text)).toEqual(['going_concern']);
  });

  it.each([
    'The directors have a reasonable expectation that the Group has adequate resources to continue in operational existence for the foreseeable future.',
  ])('finds no risk in: %s', (text) => {
    expect(ids(text)).toEqual([]);
  });
});

describe("text rules in the world's wording: internal control", () => {
  it.each(['Management identified a material weakness in internal control over financial reporting related to the review of journal entries.'])(
    'finds material_weakness: %s',
    (text) => {
      expect(ids(text)).toEqual(['material_weakness']);
    },
  );

  it.each(['A material weakness is a deficiency, or combination of deficiencies, in internal control over financial reporting.'])(
    'finds no risk in: %s',
    (text) => {
      expect(ids(text)).toEqual([]);
    },
  );
});

describe("text rules in the world's wording: audit opinions", () => {
  it.each([
    'In our opinion, except for the effects of the matter described in the Basis for Qualified Opinion section, the financial statements present fairly.',
  ])('finds qualified_opinion: %s', (text) => {
    expect(ids(text)).toEqual(['qualified_opinion']);
  });

  it.each(['In our opinion, the financial statements present fairly, in all material respects, the financial position of the Company.'])(
    'finds no risk in: %s',
    (text) => {
      expect(ids(text)).toEqual([]);
    },
  );
});

describe("text rules in the world's wording: working capital", () => {
  it.each([
    'At December 31, 2024, the Company had a working capital deficit of $4.2 million.',
    'Current liabilities exceeded current assets by $3.1 million at year end.',
  ])('finds negative_working_capital: %s', (text) => {
    expect(ids(text)).toEqual(['negative_working_capital']);
  });

  it.each(['The Company had working capital of $12.4 million at December 31, 2024.'])('finds no risk in: %s', (text) => {
    expect(ids(text)).toEqual([]);
  });
});

describe("text rules in the world's wording: customer shares graded per customer", () => {
  it.each([
    ['Approximately 45% of our revenue was derived from our three largest customers in 2024.', 'medium'],
    ['Our top five customers accounted for 68% of revenue in 2024.', 'medium'],
    ['Our ten largest customers accounted for approximately 82% of net revenue.', 'high'],
    ['Sales to Walmart were 22% of our net sales in fiscal 2023.', 'medium'],
    ['Net sales to The Home Depot represented approximately 27% of consolidated net sales.', 'high'],
  ])('grades %s', (text, severity) => {
    expect(severityOf(text)).toEqual([severity]);
  });

  it.each(['Our top twenty customers accounted for 40% of our net sales.', 'Our top five customers accounted for 35% of revenue.'])(
    'finds a group too small a share per customer for a finding: %s',
    (text) => {
      expect(ids(text)).toEqual([]);
    },
  );
});

describe("text rules in the world's wording: standard and policy sentences", () => {
  it.each([
    'We conducted our audits in accordance with the standards of the Public Company Accounting Oversight Board (United States). Those standards require that we plan and perform the audit to obtain reasonable assurance about whether the financial statements are free of material misstatement, whether due to error or fraud.',
    'We believe that our audits provide a reasonable basis for our opinion.',
    'We believe that the audit evidence we have obtained is sufficient and appropriate to provide a basis for our opinion.',
    'The critical audit matters communicated below are matters arising from the current period audit of the financial statements that were communicated or required to be communicated to the audit committee.',
    'The communication of critical audit matters does not alter in any way our opinion on the consolidated financial statements, taken as a whole, and we are not, by communicating the critical audit matters below, providing separate opinions on the critical audit matters or on the accounts or disclosures to which they relate.',
    'Our opinion is not modified with respect to this matter.',
    'Our opinion on the financial statements does not cover the other information and, except to the extent otherwise explicitly stated in our report, we do not express any form of assurance conclusion thereon.',
    'We have nothing to report in this regard.',
    'In our opinion, based on the work undertaken in the course of the audit, the information given in the strategic report and the directors’ report for the financial year is consistent with the financial statements.',
    'Matters on which we are required to report by exception: we have nothing to report in respect of the following matters where the Companies Act 2006 requires us to report to you if, in our opinion, adequate accounting records have not been kept.',
    'These financial statements are the responsibility of the Company’s management. Our responsibility is to express an opinion on these financial statements based on our audits.',
    'The Company is not required to have, nor were we engaged to perform, an audit of its internal control over financial reporting.',
    'Our audits also included performing procedures to assess the risks of material misstatement of the financial statements, whether due to error or fraud, and performing procedures that respond to those risks.',
    'The directors have a reasonable expectation that the Company has adequate resources to continue in operational existence for the foreseeable future. Thus they continue to adopt the going concern basis of accounting in preparing the annual financial statements.',
    'After making enquiries, the directors have formed a judgement that there is a reasonable expectation that the Group has adequate resources to continue in operational existence for the foreseeable future.',
    'The Directors have considered the Group’s going concern position, including severe but plausible downside scenarios, and concluded that it remains appropriate to prepare the financial statements on a going concern basis.',
    'Our evaluation of the directors’ assessment of the entity’s ability to continue to adopt the going concern basis of accounting included reviewing cash flow forecasts.',
    'Based on the work we have performed, we have not identified any material uncertainties relating to events or conditions that, individually or collectively, may cast significant doubt on the Company’s ability to continue as a going concern for a period of at least twelve months from when the financial statements are authorised for issue.',
    'However, because not all future events or conditions can be predicted, this statement is not a guarantee as to the Company’s ability to continue as a going concern.',
    'Under ASC 205-40, management is required to evaluate whether there are conditions or events that raise substantial doubt about the Company’s ability to continue as a going concern within one year after the date that the financial statements are issued.',
    'Going concern. The financial statements have been prepared on the going concern basis.',
    'We are subject to extensive and evolving regulation by federal, state and local authorities, including the SEC, the FTC and the CFPB.',
    'The Company’s banking subsidiary is subject to examination by the FDIC and the state banking department.',
    'Our products are subject to regulation by the FDA, and failure to obtain approvals could harm our business.',
    'Regulatory authorities periodically inspect our manufacturing facilities.',
    'The FDA inspected our facility in 2024 and issued no Form 483 observations.',
    'We received approval from the FDA for our product in June 2024.',
    'The FDA granted Breakthrough Therapy designation to our lead candidate.',
    'The SEC declared our registration statement effective on May 1, 2024.',
    'The Commission adopted new climate disclosure rules in March 2024.',
    'The Department of Justice issued guidance on corporate compliance programs.',
    'The Company filed its annual report with the Securities and Exchange Commission.',
    'The FCA authorised the Company to carry out regulated activities in 2019.',
    'The Company holds licences issued by the state gaming commissions in which it operates.',
    'The Company responds to information requests from regulators in the ordinary course of business.',
    'The EPA finalized new emissions standards for heavy-duty vehicles in 2024.',
    'The Board’s Risk Committee oversees compliance with regulatory requirements.',
    'Our insurance subsidiaries are regulated by the insurance departments of the states in which they are domiciled.',
    'The Company cooperates fully with all regulatory inquiries.',
    'The Company’s net operating loss carryforwards are subject to examination by the IRS.',
    'We are party to various legal proceedings arising in the ordinary course of business, none of which is expected to have a material effect.',
    'Such a material weakness could result in a material misstatement of our financial statements.',
    'Management concluded that our internal control over financial reporting was effective as of December 31, 2024.',
    'In accordance with the guidance of the SEC, management excluded the acquired business from its assessment of internal control over financial reporting.',
    'Current liabilities include the current portion of long-term debt of $12 million.',
    'Working capital decreased to $8.1 million from $14.3 million in the prior year.',
    'The Company manages its working capital through its revolving credit facility.',
    'A significant portion of our revenue is generated from sales to customers in the United States.',
    'Accounts receivable are due from a large number of customers dispersed across many geographic areas.',
    'The Company’s chief executive officer is the chief operating decision maker.',
    'The CEO reviews financial information presented on a consolidated basis for purposes of allocating resources.',
    'Our directors have fiduciary duties to the Company and its shareholders.',
    'The Company’s officers and directors as a group own 12% of the outstanding shares.',
    'The Company may be required to make payments under its guarantees of subsidiary obligations.',
    'The Company’s CEO is also a director of several other companies.',
    'We engaged an independent valuation firm to assist in determining the fair value of the assets acquired.',
    'The Company changed its fiscal year end from June 30 to December 31.',
    'The lender may declare all amounts due and payable upon the occurrence of an Event of Default.',
    'No Event of Default has occurred and is continuing.',
    'The revolving credit facility was amended in 2024 to extend the maturity to 2029.',
    'The Company’s debt agreements contain restrictive covenants that limit our ability to incur additional indebtedness.',
    'Our credit agreement requires us to maintain a maximum leverage ratio of 3.5 to 1.0.',
    'Section 7.11 Financial Covenants. The Borrower shall not permit the Consolidated Leverage Ratio to exceed 3.50 to 1.00.',
  ])('finds no risk in: %s', (text) => {
    expect(ids(text)).toEqual([]);
  });
});

describe("text rules in the world's wording: working capital stated as two totals", () => {
  it.each([
    'At December 31, 2024, current assets were $4.1 million and current liabilities were $6.3 million.',
    'The Company had current liabilities of $12,450,000 and current assets of $8,210,000 as of June 30, 2024.',
    'As at 31 March 2025 the Group had current assets of £1.2m against current liabilities of £2.9m.',
  ])('compares the amounts and finds negative working capital: %s', (text) => {
    expect(ids(text)).toEqual(['negative_working_capital']);
  });

  it.each([
    'At December 31, 2024, current assets were $9.1 million and current liabilities were $6.3 million.',
    'The Company had current liabilities of $2.1 million and current assets of $5.4 million at year end.',
    'Current assets increased by $1.2 million and current liabilities decreased by $0.4 million.',
  ])('finds none when the assets are the larger or the figures are changes: %s', (text) => {
    expect(ids(text)).toEqual([]);
  });
});

import { createCanvas } from './canvas.mjs';

/**
 * The risk set of the quality corpus. Three kinds of labelled documents:
 * - disclosures: prose (notes, MD&A, auditor's reports, risk factors) where each text rule is
 *   stated, denied or turned into boilerplate, or absent; the label lists the stated ones;
 * - statements: an income statement, balance sheet and cash-flow statement whose figures the
 *   generator chooses on either side of the rules' thresholds; the label lists what its own
 *   (unrounded) numbers imply under the documented thresholds;
 * - deck and statements pairs: a deck (or an application) states the year's revenue, either as
 *   the statements show it (rounded as decks do) or off by 15 % or more, or for a year the
 *   statements do not cover; the label says whether they contradict.
 * The wording here is written apart from the unit tests' so the bench does not grade the tests' phrases.
 */

const COMPANIES = [
  'Larkspur Biotech, Inc.',
  'Tidewater Outfitters LLC',
  'Crescent Payments Ltd',
  'Ironbark Construction Co.',
  'Meridian Home Health',
  'Polaris Data Systems',
];
const FIRMS = ['Baker Tilly Ross LLP', 'Marcum & Lane LLP', 'Grant Harper LLP', 'Whitfield Audit Partners'];
const PEOPLE = ['Rachel Stone', 'Victor Alvarez', 'Mei Tanaka', 'Samuel Greene'];
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

const money = (random, min, max) => `$${(random.int(min, max) * 1000).toLocaleString('en-US')}`;
const day = (random, year) => `${random.pick(MONTHS)} ${random.int(1, 28)}, ${year}`;

/** Per rule: sentences that state the risk, and sentences that deny it or are boilerplate about it. */
function phrasings(random, year) {
  const company = random.pick(['the Company', 'the Group', 'we']);
  const Company = company === 'we' ? 'We' : company[0].toUpperCase() + company.slice(1);
  const firm = random.pick(FIRMS);
  return {
    going_concern: {
      stated: [
        `The Company has incurred net losses of ${money(random, 800, 9000)} and negative cash flows from operations, which raise substantial doubt about the Company's ability to continue as a going concern.`,
        `These conditions indicate that a material uncertainty exists that may cast significant doubt on the Group's ability to continue as a going concern.`,
        `Because of recurring operating losses and a stockholders' deficit, there is substantial doubt regarding our ability to continue as a going concern within one year after the date the financial statements are issued.`,
        `The Company's ability to continue as a going concern is dependent upon its ability to obtain additional financing.`,
      ],
      denied: [
        `Management has concluded that there is no substantial doubt about the Company's ability to continue as a going concern.`,
        `The financial statements have been prepared on a going concern basis, which assumes the realisation of assets and settlement of liabilities in the normal course of business.`,
        `Our audit did not identify any material uncertainty related to events or conditions that may cast significant doubt on the entity's ability to continue as a going concern.`,
        `In preparing the financial statements, management is required to evaluate whether there are conditions or events that raise substantial doubt about the entity's ability to continue as a going concern.`,
      ],
    },
    covenant_breach: {
      stated: [
        `At December 31, ${year}, the Company was not in compliance with the minimum debt service coverage ratio covenant under its term loan.`,
        `During the third quarter the Borrower breached the maximum leverage covenant contained in its revolving credit facility.`,
        `In ${random.pick(MONTHS)} ${year + 1} the lender granted a waiver of the fixed charge coverage covenant violation for the quarter ended September 30, ${year}.`,
        `${Company} failed to meet the minimum liquidity covenant and the bank reserved its rights under the loan agreement.`,
      ],
      denied: [
        `As of December 31, ${year}, the Company was in compliance with all covenants under its credit agreement.`,
        `No covenant breaches occurred during the year.`,
        `If the Company fails to comply with these covenants, the lenders may declare all amounts outstanding immediately due and payable.`,
        `The facility contains customary financial covenants, including a maximum total leverage ratio of 3.50x.`,
      ],
    },
    litigation: {
      stated: [
        `On ${day(random, year)}, a former customer filed a complaint against the Company in the Superior Court alleging breach of warranty and seeking unspecified damages.`,
        `The Company is a defendant in several lawsuits brought by former employees alleging unpaid overtime.`,
        `A putative class action was filed in ${year} against the Company and certain of its officers.`,
        `There is pending litigation with a former landlord concerning the early termination of the warehouse lease.`,
      ],
      denied: [
        `There are no pending legal proceedings to which the Company is a party.`,
        `From time to time, the Company may be subject to legal proceedings and claims in the ordinary course of business.`,
        `The Company is not currently a party to any material litigation.`,
        `Management is not aware of any threatened claims against the Company.`,
      ],
    },
    material_weakness: {
      stated: [
        `Management identified a material weakness in internal control over financial reporting relating to the review of manual journal entries.`,
        `We concluded that our disclosure controls and procedures were not effective as of December 31, ${year}, because of the material weakness described below.`,
        `Two material weaknesses were identified in the Company's inventory costing process and IT general controls.`,
      ],
      denied: [
        `Our evaluation did not reveal any material weaknesses in internal control over financial reporting.`,
        `No material weaknesses were identified in the course of the audit.`,
        `A material weakness is a deficiency, or combination of deficiencies, in internal control over financial reporting such that there is a reasonable possibility that a material misstatement will not be prevented.`,
      ],
    },
    qualified_opinion: {
      stated: [
        `In our opinion, except for the possible effects of the matter described in the Basis for Qualified Opinion paragraph, the financial statements present fairly, in all material respects, the financial position of the Company.`,
        `Because of the significance of the matter described in the Basis for Disclaimer of Opinion section, we do not express an opinion on the accompanying financial statements.`,
        `We were unable to observe the counting of physical inventories, and accordingly we have issued a qualified opinion on the ${year} financial statements.`,
      ],
      denied: [
        `In our opinion, the financial statements present fairly, in all material respects, the financial position of the Company as of December 31, ${year}.`,
        `${firm} audited the financial statements and expressed an unqualified opinion thereon.`,
      ],
    },
    auditor_change: {
      stated: [
        `On ${day(random, year)}, the Audit Committee dismissed ${firm} as the Company's independent auditor.`,
        `${firm} resigned as the Company's independent registered public accounting firm effective ${day(random, year)}.`,
        `The Company engaged ${random.pick(FIRMS)} as its new independent auditor after the former auditor declined to stand for re-election.`,
      ],
      denied: [
        `There were no changes in or disagreements with accountants on accounting and financial disclosure.`,
        `${firm} has served as the Company's auditor since 2012.`,
      ],
    },
    customer_concentration: {
      stated: [
        `For the year ended December 31, ${year}, one customer accounted for ${random.int(15, 45)}% of total revenue.`,
        `Sales to the Company's two largest customers represented ${random.int(55, 85)}% of net sales.`,
        `${Company} relies on a limited number of customers for a substantial portion of its revenue.`,
      ],
      denied: [
        `No customer accounted for more than 10% of revenue in ${year}.`,
        `Our largest customer represented ${random.int(3, 8)}% of revenue in ${year}.`,
      ],
    },
    related_parties: {
      stated: [
        `During ${year} the Company paid ${money(random, 50, 400)} in rent to an entity owned by its chief executive officer, a related party transaction approved by the board.`,
        `The Company has an unsecured loan from a shareholder of ${money(random, 100, 900)} bearing interest at 4%.`,
        `Amounts due to related parties totalled ${money(random, 20, 500)} at year end.`,
      ],
      denied: [
        `The Company did not enter into any related party transactions during the year.`,
        `There were no amounts due to or from related parties at year end.`,
      ],
    },
    negative_working_capital: {
      stated: [
        `At year end the Company had a working capital deficit of ${money(random, 100, 5000)}.`,
        `${Company} reported negative working capital of ${money(random, 100, 5000)} as of December 31, ${year}.`,
      ],
      denied: [`The Company does not have a working capital deficit.`, `Working capital was positive at ${money(random, 100, 5000)} at year end.`],
    },
    key_person: {
      stated: [
        `Our success depends heavily on the continued services of our founder and Chief Executive Officer, ${random.pick(PEOPLE)}.`,
        `The departure of our CEO would disrupt the execution of our strategy.`,
        `The Company does not carry key person insurance on its founders.`,
      ],
      denied: [
        `The business is not dependent on any single individual; responsibilities are shared across a management team of eight.`,
        `The Company maintains key person life insurance on its two founders.`,
      ],
    },
    regulatory_action: {
      stated: [
        `In ${year}, the Company received a warning letter from the FDA regarding its manufacturing facility.`,
        `The Company entered into a consent order with the Consumer Financial Protection Bureau in ${year}.`,
        `The Company is the subject of an investigation by the Department of Justice concerning its billing practices.`,
        `The Company's lending license was suspended by the state regulator in ${random.pick(MONTHS)} ${year}.`,
      ],
      denied: [
        `The Company has never been the subject of any enforcement action by a regulator.`,
        `We could become subject to regulatory investigations or enforcement actions in the future.`,
      ],
    },
  };
}

/**
 * A second wording pool in the style of real filings and audit reports, written after the rules
 * and never used to adjust them: the bench reports it apart, as the closer estimate of how the
 * rules read wording they were not written against.
 */
function heldOutPhrasings(random, year) {
  const firm = random.pick(FIRMS);
  return {
    going_concern: {
      stated: [
        `As discussed in Note 1, the Company has suffered recurring losses from operations and has a net capital deficiency that raise substantial doubt about its ability to continue as a going concern.`,
        `As stated in Note 2, these events or conditions, along with other matters as set forth in Note 2, indicate that a material uncertainty exists that may cast significant doubt on the Company's ability to continue as a going concern.`,
        `There can be no assurance that we will be successful in raising additional capital, and as a result there is substantial doubt about our ability to continue as a going concern.`,
      ],
      denied: [
        `Management does not believe that there is substantial doubt about the Company's ability to continue as a going concern.`,
        `The directors have a reasonable expectation that the company has adequate resources to continue in operational existence for the foreseeable future, and therefore continue to adopt the going concern basis of accounting.`,
      ],
    },
    covenant_breach: {
      stated: [
        `As of September 30, ${year}, we were not in compliance with the minimum consolidated EBITDA covenant under the Credit Agreement, which constituted an event of default.`,
        `On March 15, ${year + 1}, we entered into an amendment to the Loan Agreement pursuant to which the lender waived our non-compliance with the fixed charge coverage ratio as of December 31, ${year}.`,
        `The Company did not meet its debt service coverage ratio requirement at year end; the bank has agreed to forbear from exercising its remedies until June 30, ${year + 1}.`,
      ],
      denied: [
        `We believe we were in compliance with all of the covenants under the Credit Agreement as of December 31, ${year}.`,
        `Failure to comply with these covenants could result in an event of default under the Credit Agreement.`,
      ],
    },
    litigation: {
      stated: [
        `On June 3, ${year}, Acme Corp. commenced an action against us in the United States District Court for the District of Delaware alleging infringement of three patents.`,
        `We are currently involved in arbitration with a former distributor over termination fees.`,
        `A jury returned a verdict against the Company of $4.1 million, which the Company has appealed.`,
      ],
      denied: [
        `We are not presently a party to any legal proceedings that we believe would have a material adverse effect on our business.`,
        `No litigation is pending or, to the knowledge of the Borrower, threatened against the Borrower.`,
      ],
    },
    material_weakness: {
      stated: [
        `In connection with the audit of our financial statements for the year ended December 31, ${year}, we identified material weaknesses relating to the lack of segregation of duties and insufficient accounting personnel.`,
        `Our management concluded that, as of December 31, ${year}, our internal control over financial reporting was not effective.`,
      ],
      denied: [
        `Based on that evaluation, our chief executive officer and chief financial officer concluded that our disclosure controls and procedures were effective.`,
        `During the most recent fiscal quarter there were no changes in our internal control over financial reporting that materially affected it.`,
      ],
    },
    qualified_opinion: {
      stated: [
        `In our opinion, except for the effects of the matter described in the Basis for Qualified Opinion section of our report, the accompanying financial statements present fairly, in all material respects, the financial position of the Company.`,
        `In our opinion, because of the significance of the matter discussed in the Basis for Adverse Opinion paragraph, the financial statements do not present fairly the financial position of the Company.`,
      ],
      denied: [
        `In our opinion, the accompanying financial statements present fairly, in all material respects, the financial position of the Company in accordance with accounting principles generally accepted in the United States of America.`,
        `We believe that the audit evidence we have obtained is sufficient and appropriate to provide a basis for our audit opinion.`,
      ],
    },
    auditor_change: {
      stated: [
        `On April 2, ${year}, the Company notified ${firm} that it would be dismissed as the Company's independent registered public accounting firm.`,
        `Effective May 1, ${year}, the Board of Directors approved the engagement of ${random.pick(FIRMS)} as the Company's new independent auditor.`,
      ],
      denied: [`There have been no disagreements with our accountants on any matter of accounting principles or practices.`],
    },
    customer_concentration: {
      stated: [
        `Walmart accounted for approximately ${random.int(20, 45)}% of our net sales in fiscal ${year}.`,
        `Customer A and Customer B represented ${random.int(20, 30)}% and ${random.int(11, 19)}%, respectively, of revenues for the year.`,
      ],
      denied: [`No single customer represented 10% or more of the Company's revenues during the periods presented.`],
    },
    related_parties: {
      stated: [
        `The Company leases its office space from a company controlled by the Chief Executive Officer for $8,000 per month.`,
        `At December 31, ${year}, the Company had notes payable to its majority shareholder of $1.2 million.`,
      ],
      denied: [`The Company had no related party transactions in ${year} or ${year - 1}.`],
    },
    negative_working_capital: {
      stated: [`As of December 31, ${year}, our current liabilities exceeded our current assets by $2.3 million.`],
      denied: [`We had working capital of $4.1 million at December 31, ${year}.`],
    },
    key_person: {
      stated: [
        `We are substantially dependent on Dr. ${random.pick(PEOPLE)}, our founder, and the loss of her services would harm our business.`,
        `Our future success depends in large part on the continued service of our senior management team.`,
      ],
      denied: [`We do not believe the loss of any single employee would materially affect operations.`],
    },
    regulatory_action: {
      stated: [
        `In February ${year}, the Company received a Civil Investigative Demand from the Federal Trade Commission.`,
        `The Office of the Comptroller of the Currency assessed a civil money penalty of $500,000 against the Bank.`,
      ],
      denied: [`The Company is not subject to any pending regulatory proceedings or investigations.`],
    },
  };
}

/**
 * A third pool, written after the rules were adjusted to the second and run once blind (precision
 * 1.000, recall 0.449); the rules were then broadened once more, so it is no longer blind.
 */
function blindPhrasings(random, year) {
  return {
    going_concern: {
      stated: [
        `The Directors have identified a material uncertainty that may cast significant doubt upon the Company's ability to continue as a going concern, as the renewal of the bank facility due in March has not yet been agreed.`,
        `Our auditors have included an explanatory paragraph in their report expressing substantial doubt as to our ability to continue as a going concern.`,
      ],
      denied: [
        `After making enquiries, the Directors have concluded that no material uncertainty exists regarding the Group's ability to continue as a going concern.`,
        `Note 1 describes the going concern assessment performed by management, which concluded that the entity will be able to meet its obligations as they fall due.`,
      ],
    },
    covenant_breach: {
      stated: [
        `The Group breached its interest cover test at the June quarter date and is in discussions with its lenders.`,
        `Because EBITDA fell short of the level required under the facility agreement, the Company was in default of its leverage covenant at year end.`,
        `The bank has waived the September covenant test in exchange for a fee of $25,000.`,
      ],
      denied: [
        `All covenant tests were met with comfortable headroom throughout the year.`,
        `Were EBITDA to fall by more than 30%, the Company would breach its leverage covenant.`,
      ],
    },
    litigation: {
      stated: [
        `The Company has been named as a defendant in a product liability suit filed in Texas state court.`,
        `A former supplier is suing the Company for $1.3 million in unpaid invoices.`,
        `The Company settled a lawsuit with a former employee in October ${year} for $75,000.`,
      ],
      denied: [`The Company is not involved in any litigation.`, `Should any claims arise, the Company maintains adequate insurance coverage.`],
    },
    material_weakness: {
      stated: [
        `The auditors reported a material weakness related to the Company's revenue recognition process for multi-element contracts.`,
        `Management's assessment identified material weaknesses in the period-end financial close process.`,
      ],
      denied: [
        `The audit committee received confirmation that no material weaknesses had been identified.`,
        `Management believes the Company's internal controls are effective and free of material weaknesses.`,
      ],
    },
    qualified_opinion: {
      stated: [
        `The auditor issued a qualified opinion because it could not verify the existence of inventory held at third-party warehouses.`,
        `The auditors expressed an adverse opinion on the effectiveness of the Company's internal control over financial reporting.`,
      ],
      denied: [`The auditor's report is unmodified.`, `The auditors issued a clean opinion on the ${year} accounts.`],
    },
    auditor_change: {
      stated: [
        `During the year the Company changed its auditor from Harper LLP to Whitfield Audit Partners.`,
        `Marcum & Lane LLP declined to stand for re-appointment at the annual general meeting.`,
      ],
      denied: [`The Company has used the same audit firm for the past nine years.`],
    },
    customer_concentration: {
      stated: [
        `Approximately 52% of our revenue comes from a single customer, a national grocery chain.`,
        `The loss of our largest customer, which generated 29% of sales in ${year}, would significantly reduce revenue.`,
      ],
      denied: [`Our customer base is diversified, with no customer exceeding 5% of revenue.`],
    },
    related_parties: {
      stated: [
        `The Company purchased raw materials of $640,000 from a supplier owned by a director.`,
        `The CEO has personally guaranteed the Company's bank loan and receives a guarantee fee.`,
      ],
      denied: [`No director had a material interest in any contract with the Company during the year.`],
    },
    negative_working_capital: {
      stated: [`Current assets of $3.1 million were insufficient to cover current liabilities of $4.4 million at year end.`],
      denied: [`The Company's current ratio improved to 1.8 at year end.`],
    },
    key_person: {
      stated: [
        `The business relies heavily on its founder, who personally manages all key customer relationships.`,
        `Should Mr. ${random.pick(['Greene', 'Alvarez'])} leave the Company, there is no obvious successor to lead the sales organisation.`,
      ],
      denied: [`A succession plan is in place for every member of the executive team.`],
    },
    regulatory_action: {
      stated: [
        `The Financial Conduct Authority opened an investigation into the Company's complaints handling in ${year}.`,
        `The EPA issued a notice of violation to the Company's plant in Ohio for exceeding emission limits.`,
      ],
      denied: [`The Company has not received any inquiries from regulators during the year.`],
    },
  };
}

/**
 * The fourth pool, written after the rules were broadened once more (after the third pool's run,
 * which is therefore no longer blind) and run once blind (precision 1.000, recall 0.355). On
 * 2026-11-24 it was used as a development pool while the rules were rewritten as compositions of
 * topic and assertion terms, so it is no longer blind either.
 */
function blindPhrasingsSecond(random, year) {
  return {
    going_concern: {
      stated: [
        `Given the Company's cash position and its upcoming debt maturities, management has concluded that substantial doubt exists about the Company's ability to continue as a going concern.`,
        `The auditor's report contains an emphasis of matter regarding a material uncertainty related to going concern.`,
      ],
      denied: [
        `The Board is satisfied that the Group has sufficient resources and there are no material uncertainties about its ability to continue as a going concern.`,
        `The going concern assumption is appropriate and no significant doubt exists.`,
      ],
    },
    covenant_breach: {
      stated: [
        `The Company tripped its minimum EBITDA covenant in the fourth quarter.`,
        `Lenders agreed to reset the leverage covenant after the Company exceeded the maximum ratio at the March test date.`,
        `A covenant waiver was obtained from the bank for the December 31 measurement date.`,
      ],
      denied: [
        `The Company has maintained headroom on every financial covenant since the facility was signed.`,
        `Management monitors covenant compliance monthly.`,
      ],
    },
    litigation: {
      stated: [
        `Three lawsuits are currently pending against the Company in connection with the ${year - 1} product recall.`,
        `In January the Company was served with a complaint by a competitor alleging trade secret misappropriation.`,
      ],
      denied: [`No lawsuits have been filed against the Company.`, `The Company has no outstanding legal claims.`],
    },
    material_weakness: {
      stated: [
        `A material weakness was identified in the controls over the valuation of inventory.`,
        `Our independent auditor identified a material weakness in our information technology general controls.`,
      ],
      denied: [
        `There were no material weaknesses in internal controls noted by the auditors.`,
        `The auditors did not report any material weaknesses to the audit committee.`,
      ],
    },
    qualified_opinion: {
      stated: [
        `The audit report for fiscal ${year} was qualified with respect to the valuation of work in progress.`,
        `Our auditors disclaimed an opinion on the ${year - 1} financial statements.`,
      ],
      denied: [`The auditors have issued an unqualified report on the financial statements.`, `The financial statements received a clean audit opinion.`],
    },
    auditor_change: {
      stated: [
        `The Company appointed a new audit firm in ${year} after its previous auditor resigned.`,
        `Following a tender process, the Board replaced the auditors with effect from the ${year + 1} financial year.`,
      ],
      denied: [`The auditors have been reappointed for another year.`, `No change in auditors is proposed.`],
    },
    customer_concentration: {
      stated: [
        `Our single largest customer accounted for ${random.int(26, 45)}% of annual revenue.`,
        `The top three customers together make up ${random.int(60, 80)}% of revenue.`,
      ],
      denied: [
        `No one customer accounts for a significant portion of our revenue.`,
        `Revenue is spread across more than 2,000 customers, none of which exceeds 3%.`,
      ],
    },
    related_parties: {
      stated: [
        `The Company borrowed $300,000 from its founder during the year on unsecured terms.`,
        `Consulting fees of $120,000 were paid to a firm owned by the chief financial officer.`,
      ],
      denied: [`There are no loans to or from directors.`, `All transactions were conducted with unrelated third parties.`],
    },
    negative_working_capital: {
      stated: [
        `The Company operated with a working capital deficiency of $1.9 million at year end.`,
        `Our current liabilities are greater than our current assets.`,
      ],
      denied: [`Working capital remained positive throughout the year.`],
    },
    key_person: {
      stated: [
        `The loss of either of our co-founders could have a material adverse effect on our business.`,
        `Much of the Company's know-how resides with its chief technology officer, on whom the Company is heavily dependent.`,
      ],
      denied: [`The Company has a deep management bench and does not depend on any one individual.`],
    },
    regulatory_action: {
      stated: [
        `The SEC has issued a subpoena to the Company for documents relating to revenue recognition.`,
        `The Company paid a $1.5 million penalty to settle charges brought by the state banking regulator.`,
      ],
      denied: [`The Company is in good standing with all regulators.`, `No regulatory actions are pending against the Company.`],
    },
  };
}

/**
 * The fifth pool, written on 24 November 2026 before the rule change of that day, by a writer who had
 * read neither the rules nor their unit tests, and never used to adjust them: the blind estimate for
 * the rules as changed that day. Its sentences follow the genres the rules meet in real files (10-K risk
 * factors and MD&A, PCAOB and ISA auditor's reports, 8-K items, credit agreement notices, ASC 450 and
 * ASC 850 notes, SOX 404 reports, regulatory disclosures); denials are the hard kind (negation at a
 * distance, hypotheticals, risks of earlier years since resolved, definitions).
 */
function blindPhrasingsThird(random, year) {
  const firms = random.shuffle(['Ellsworth Kane LLP', 'Hollis & Quinn CPAs', 'Pemberton Audit Group', 'Corliss Weber LLP']);
  const [firm, successor] = firms;
  const person = random.pick(['Daniel Okafor', 'Priya Raman', 'Helen Marsh', 'Tomasz Nowak']);
  const founder = random.pick(['Dr. Lena Ferris', 'Dr. Anika Bose']);
  const percent = (min, max) => `${random.int(min, max)}%`;
  const month = random.pick(MONTHS);
  return {
    going_concern: {
      stated: [
        `Our independent registered public accounting firm's report on the ${year} financial statements includes a going-concern explanatory paragraph.`,
        `We draw attention to Note 1.3 in the financial statements, which indicates that the Group incurred a net loss of ${money(random, 900, 12000)} during the year ended 31 December ${year}; these events or conditions indicate that a material uncertainty exists that may cast significant doubt on the Group's ability to continue as a going concern. Our opinion is not modified in respect of this matter.`,
        `Management's plans, which include the sale of the Denver distribution centre, have not been finalised and therefore do not alleviate the substantial doubt about the Company's ability to continue as a going concern.`,
        `Management has determined that existing cash of ${money(random, 300, 4000)} will not fund the Company's obligations beyond ${month} ${year + 1}, which raises substantial doubt about its ability to continue in operation for one year after the date these statements are issued.`,
        `The borrower's auditors flagged a going concern uncertainty in the most recent audited accounts.`,
        `A paragraph in the auditor's report on our ${year} financial statements expresses substantial doubt about whether we can continue as a going concern, and that doubt may itself make new financing harder to obtain.`,
        `Continued operation of the business as a going concern is in significant doubt, since the Company’s sole lender has declined to renew the revolving facility that matures in ${month} ${year + 1} and no replacement has been arranged.`,
      ],
      denied: [
        `Having considered the Group's forecasts, its undrawn facilities of ${money(random, 2000, 30000)} and reasonably possible downside scenarios, the Directors do not consider that any material uncertainty exists in relation to going concern.`,
        `Under ASC 205-40, management evaluates at each reporting period whether conditions or events, considered in the aggregate, raise substantial doubt about the entity's ability to continue as a going concern within one year after the financial statements are issued.`,
        `If we are unable to raise additional capital when needed, we may have to curtail operations, and our auditors could in the future express substantial doubt about our ability to continue as a going concern.`,
        `In auditing the financial statements, we concluded that the directors' use of the going concern basis of accounting is appropriate, and we have not identified any material uncertainty that may cast significant doubt on the Company's ability to continue as a going concern.`,
        `The going concern paragraph included in the auditor's report for ${year - 3} was removed the following year after the Company repaid its term loan, and the report on the ${year} financial statements contains no such paragraph.`,
        `Management believes that cash on hand of ${money(random, 5000, 40000)} and cash generated from operations will be sufficient to meet the Company's obligations for at least the next twelve months.`,
      ],
    },
    covenant_breach: {
      stated: [
        `On ${day(random, year)}, the Administrative Agent notified the Borrower that an Event of Default had occurred and was continuing as a result of the Borrower's failure to maintain a Consolidated Fixed Charge Coverage Ratio of at least 1.25 to 1.00 for the fiscal quarter then ended.`,
        `Under the forbearance agreement signed on ${day(random, year)}, the lenders agreed not to accelerate the term loan on account of the specified financial covenant defaults until June 30, ${year + 1}.`,
        `The Company obtained a waiver from its lenders for the quarter ended September 30, ${year}, when its total net leverage ratio of 4.6x exceeded the permitted maximum of 4.0x.`,
        `Amendment No. 3 to the Credit Agreement, among other things, waived the Specified Default arising from the Borrower's non-compliance with the minimum liquidity covenant as of June 30, ${year} and charged an amendment fee of 25 basis points.`,
        `The minimum tangible net worth requirement of the mortgage loan was not met at year end; as a result, the entire ${money(random, 800, 9000)} balance has been classified as a current liability.`,
        `Because fourth-quarter EBITDA came in at ${money(random, 200, 900)}, below the ${money(random, 1000, 2000)} floor in the note purchase agreement, the Company is in default under that agreement.`,
        `The covenant violation under the equipment financing triggered a cross-default under the Company’s revolving line of credit, and both lenders have reserved their remedies.`,
      ],
      denied: [
        `No Default or Event of Default has occurred and is continuing as of the date of this Compliance Certificate.`,
        `The lenders could accelerate repayment if we do not satisfy the consolidated interest coverage ratio test, which will first be measured on March 31, ${year + 1}.`,
        `Amendment No. 2 extended the maturity of the revolving facility to ${year + 4} and increased the commitments by ${money(random, 5000, 50000)}; it did not modify any financial covenant.`,
        `At each quarterly measurement date in ${year}, the Borrower's senior secured leverage ratio remained below the 3.25x maximum, with the smallest cushion, 0.6x, in the second quarter.`,
        `The Company has never requested or received a waiver of any covenant from its lenders.`,
        `"Event of Default" means any of the events specified in Section 8.01, provided that any requirement for the giving of notice or the lapse of time, or both, has been satisfied.`,
        `Based on its current forecast, management expects the Company to remain in compliance with each of its financial covenants throughout the next twelve months.`,
      ],
    },
    litigation: {
      stated: [
        `The Company has accrued ${money(random, 200, 3000)} for the wage-and-hour class action pending in the Superior Court of California and estimates the reasonably possible loss in excess of the accrual at up to ${money(random, 1000, 6000)}.`,
        `A shareholder derivative complaint naming the Company as nominal defendant and each member of its board was filed in the Delaware Court of Chancery on ${day(random, year)}.`,
        `Plaintiffs in the consolidated securities action seek damages on behalf of all persons who purchased the Company's common stock between ${month} ${year - 1} and ${month} ${year}.`,
        `Litigation brought by the former owners of Harrow Tool over the earn-out remains unresolved, with trial set for ${month} ${year + 1}.`,
        `The Company is defending an arbitration demand filed with the American Arbitration Association by a former reseller seeking ${money(random, 500, 8000)} in lost profits.`,
        `On ${day(random, year)} the court denied the Company's motion to dismiss the patent infringement claims brought by Norwell Devices, and discovery is ongoing.`,
        `Legal proceedings: the Company is the defendant in a suit alleging breach of a supply agreement, in which the plaintiff claims damages of ${money(random, 300, 5000)}.`,
      ],
      denied: [
        `A loss contingency is accrued when it is probable that a liability has been incurred and the amount can be reasonably estimated; when a loss is only reasonably possible, the nature of the contingency and an estimate of the possible loss or range of loss are disclosed.`,
        `The patent suit filed against the Company in ${year - 3} was dismissed with prejudice in ${year - 2}, no appeal was taken, and no other matter is pending.`,
        `Item 3. Legal Proceedings. None.`,
        `We may in the future become involved in lawsuits, including claims relating to intellectual property or employment matters, which could be costly and divert management's attention.`,
        `To the Company's knowledge, no action, suit or proceeding is pending or threatened before any court, arbitrator or governmental body against the Company or any of its properties.`,
        `Management, after consultation with counsel, is aware of no claims or assessments that would require accrual or disclosure under ASC 450.`,
      ],
    },
    material_weakness: {
      stated: [
        `Based on this assessment, management determined that, as of December 31, ${year}, the Company did not maintain effective internal control over financial reporting because of the material weakness described below.`,
        `A deficiency in the design of user-access controls over the ERP system, which management has assessed to be a material weakness, allowed certain finance employees both to create and to approve vendor payments.`,
        `Remediation of the material weakness identified in the fourth quarter, relating to the accounting for complex debt instruments, is ongoing and is not expected to be complete before ${month} ${year + 1}.`,
        `The restatement of our quarterly results for ${year} resulted from a material weakness in our controls over the classification of cash flows.`,
        `Ineffective controls over the reconciliation of intercompany balances constituted a material weakness as of year end.`,
        `Our external auditors communicated to the audit committee two control deficiencies that rise to the level of material weaknesses, concerning revenue cut-off and the valuation of inventory reserves.`,
      ],
      denied: [
        `The material weakness previously reported in our ${year - 1} Annual Report, relating to segregation of duties, was remediated during ${year}, and management concluded that internal control over financial reporting was effective as of December 31, ${year}.`,
        `The control deficiencies identified during the year were evaluated and were determined not to constitute, individually or in the aggregate, a material weakness.`,
        `Because of its inherent limitations, internal control over financial reporting may not prevent or detect misstatements.`,
        `If we fail to maintain effective internal controls, we may not be able to report our results accurately, and investors could lose confidence in our financial reporting.`,
        `Management's assessment, using the 2013 COSO framework, found internal control over financial reporting to be effective at year end, and the auditor's attestation report reaches the same conclusion.`,
        `A significant deficiency, a shortcoming less severe than a material weakness, was noted in the documentation of quarterly user-access reviews.`,
      ],
    },
    qualified_opinion: {
      stated: [
        `We were unable to obtain sufficient appropriate audit evidence about the existence of ${money(random, 1000, 9000)} of inventories held at the Company's Monterrey warehouse, and as a result of this scope limitation our opinion on the ${year} financial statements is qualified.`,
        `Because the Company has not consolidated the variable interest entity described in Note 6, as generally accepted accounting principles require, the financial statements do not present fairly the Company's financial position, and we therefore express an adverse opinion.`,
        `We were not able to obtain sufficient appropriate audit evidence to provide a basis for an audit opinion; accordingly, we do not express an opinion on these financial statements.`,
        `The audit report on the borrower's ${year} statements was modified: the auditors took exception to the Company's failure to record an impairment of goodwill.`,
        `The accountant's report accompanying the ${year} financial statements contains a disclaimer of opinion.`,
        `Except for the effects of the matter described in the Basis for Qualified Opinion section of our report, the accompanying financial statements give a true and fair view of the financial position of the Group as at 31 December ${year}.`,
      ],
      denied: [
        `We draw attention to Note 3, which describes the effect of the Company's adoption of the new leasing standard; our opinion is not modified in respect of this matter.`,
        `The communication of critical audit matters does not alter in any way our opinion on the financial statements, taken as a whole.`,
        `In our opinion, the consolidated financial statements give a true and fair view of the financial position of the Group as at 31 December ${year} and of its financial performance for the year then ended, in accordance with IFRS.`,
        `The auditor's reports on the financial statements for the past two fiscal years contained no adverse opinion or disclaimer of opinion and were not qualified or modified as to uncertainty, audit scope or accounting principles.`,
        `A qualified opinion is expressed when the auditor concludes that misstatements are material but not pervasive to the financial statements.`,
        `The scope limitation that led to the qualification of the ${year - 3} report was resolved when the inventory counts were observed the following year, and every report issued since, including the report on ${year}, has been unmodified.`,
      ],
    },
    auditor_change: {
      stated: [
        `Item 4.01 Changes in Registrant's Certifying Accountant. On ${day(random, year)}, the Audit Committee approved the dismissal of ${firm} as the Company's independent registered public accounting firm.`,
        `Following a competitive proposal process, the Audit Committee appointed ${successor} to replace ${firm} as independent auditor for the fiscal year ending December 31, ${year + 1}.`,
        `The financial statements for ${year - 1} were audited by other auditors, ${firm}, whose report expressed an unmodified opinion; ${successor} audited the ${year} financial statements.`,
        `The Company’s relationship with ${firm} ended on ${day(random, year)}, when the firm withdrew from the audit engagement.`,
        `Shareholders will be asked to ratify the appointment of ${successor}, which the Audit Committee engaged in ${month} ${year} to succeed ${firm} as the Company's auditor.`,
        `The borrower has had three different audit firms in the last four years, most recently replacing ${firm} with ${successor} in ${year}.`,
      ],
      denied: [
        `The Audit Committee has reappointed ${firm} as the Company's independent auditor for fiscal ${year + 1}.`,
        `As required by SEC rules, a new lead engagement partner from ${firm} was assigned in ${year}; ${firm} remains the Company's independent registered public accounting firm.`,
        `Item 9. Changes in and Disagreements With Accountants on Accounting and Financial Disclosure. Not applicable.`,
        `Under its rotation policy the Audit Committee will consider putting the audit out to tender in ${year + 3}; no decision to change auditors has been made.`,
        `Fees billed by ${firm} for the audits of the ${year} and ${year - 1} financial statements were ${money(random, 300, 900)} and ${money(random, 250, 850)}, respectively.`,
        `If our independent auditor were to resign or be dismissed, we could face additional costs and delays in filing our periodic reports.`,
      ],
    },
    customer_concentration: {
      stated: [
        `Revenue from the Company's largest customer, a national home-improvement retailer, accounted for ${percent(25, 48)} of net revenue in fiscal ${year}.`,
        `Three customers together represented ${percent(50, 70)} of accounts receivable and ${percent(40, 60)} of revenue at and for the year ended December 31, ${year}.`,
        `Concentrations: for ${year}, Customer C accounted for ${percent(22, 30)} and Customer D for ${percent(14, 19)} of consolidated revenues.`,
        `A substantial majority of our revenue, ${percent(60, 75)} in ${year}, is derived from contracts with the U.S. Department of Defense.`,
        `We depend on Halvorsen Foods for approximately ${percent(30, 40)} of our revenue, and any reduction in its orders would materially harm our results.`,
        `Our top five customers generated ${percent(70, 80)} of revenue in ${year}, up from ${percent(60, 69)} in ${year - 1}.`,
        `Approximately one-third of the Company's sales are made to a single distributor.`,
      ],
      denied: [
        `In each of the last three fiscal years, sales to every individual customer were below 10% of consolidated net sales.`,
        `Our ten largest customers together accounted for less than ${percent(9, 15)} of revenue.`,
        `Financial instruments that potentially subject the Company to concentrations of credit risk consist principally of cash equivalents and trade receivables.`,
        `The Company's reliance on its former anchor customer, which accounted for 40% of revenue in ${year - 5}, ended as the customer base broadened; no customer exceeded ${percent(3, 6)} of revenue in ${year}.`,
        `The Company sells to more than 12,000 customers in 40 countries, the largest of which accounted for ${percent(2, 4)} of revenue.`,
        `Although we have historically served a broad customer base, we could become dependent on a small number of large customers if our enterprise strategy succeeds.`,
      ],
    },
    related_parties: {
      stated: [
        `The Company purchases packaging from Ostrander Containers, Inc., which is owned by the brother of the Company's Chief Operating Officer; purchases totalled ${money(random, 200, 2000)} in ${year}.`,
        `In ${month} ${year} a director advanced ${money(random, 100, 1500)} to the Company under a demand promissory note bearing interest at 8%.`,
        `Consulting fees of ${money(random, 60, 400)} were paid during the year to a firm in which the Chief Financial Officer holds a 50% interest.`,
        `Receivables from affiliates under common control amounted to ${money(random, 100, 2500)} at December 31, ${year}, and are non-interest bearing.`,
        `The Company charters its aircraft from an entity controlled by its principal stockholder, at hourly rates approved by the Audit Committee.`,
        `Transactions with related persons: during ${year} the Company sold product with a value of ${money(random, 300, 3000)} to a distributor owned by the spouse of a director.`,
      ],
      denied: [
        `Parties are considered related if one party has the ability, directly or indirectly, to control or exercise significant influence over the other in making financial or operating decisions.`,
        `Since the beginning of the last fiscal year there has not been any transaction in which the Company was a participant and in which any director, executive officer or holder of more than 5% of our stock had a direct or indirect material interest.`,
        `The loan from the Company's founder was repaid in full in ${year - 3}, and no balance with any related party has been outstanding since.`,
        `The Audit Committee reviews and must approve any related-person transaction under the Company's written policy.`,
        `Apart from the compensation arrangements described under Executive Compensation, the Company had no dealings with its officers, directors or significant shareholders in ${year}.`,
      ],
    },
    negative_working_capital: {
      stated: [
        `The Company closed the year with a working capital shortfall of ${money(random, 300, 6000)}.`,
        `At December 31, ${year}, the Company's current ratio was 0.${random.int(55, 89)}.`,
        `Working capital was a deficit of ${money(random, 400, 5000)}, compared with a surplus of ${money(random, 200, 3000)} a year earlier, mainly because the term loan became due within twelve months.`,
        `Net current liabilities of the Group amounted to ${money(random, 500, 9000)} at 31 December ${year}.`,
        `Working capital (current assets less current liabilities) was (${money(random, 200, 4000)}) at year end.`,
        `As of the balance sheet date, our current obligations exceeded our current assets by ${money(random, 300, 7000)}.`,
      ],
      denied: [
        `Working capital increased to ${money(random, 2000, 9000)} at year end from ${money(random, 500, 1900)} a year earlier.`,
        `The Group had net current assets of ${money(random, 1000, 20000)} at 31 December ${year}.`,
        `Current assets were 2.3 times current liabilities at December 31, ${year}.`,
        `We define working capital as current assets less current liabilities; management uses it to evaluate liquidity.`,
        `The working capital deficit reported at the end of ${year - 1} was eliminated by the equity offering completed in ${month} ${year}, and working capital was ${money(random, 1000, 8000)} at year end.`,
        `A delay in collecting receivables could reduce our working capital.`,
      ],
    },
    key_person: {
      stated: [
        `The Company's product roadmap rests largely on the expertise of its Chief Technology Officer, ${person}, who is not bound by a non-competition agreement.`,
        `All of the Company's principal supplier and lender relationships are maintained personally by its sole shareholder and managing director, ${person}.`,
        `The loss of the services of ${founder}, who founded the Company and leads its research programme, could materially and adversely affect our business, and we do not have an employment agreement with her.`,
        `Succession risk is acute: none of the Company's other officers has experience running the business, which ${person} has managed since its formation.`,
        `We have no succession plan for our 71-year-old founder and chairman, who is also our principal salesperson.`,
        `The Bank's lending decision relies on the continued involvement of the guarantor, ${person}, who is the Company's only licensed engineer.`,
      ],
      denied: [
        `Each executive officer has a designated internal successor, and the Board reviews the slate of candidates every year.`,
        `Our founder retired from day-to-day management in ${year - 4}; the business has since been run by a six-member executive team.`,
        `Executive officers serve at the discretion of the Board of Directors.`,
        `The departure of the former Chief Executive Officer in ${year - 1} was followed by an orderly transition to her successor, and no member of management is considered indispensable.`,
        `Management does not consider any single officer or employee to be critical to the continuity of operations.`,
      ],
    },
    regulatory_action: {
      stated: [
        `On ${day(random, year)} the Company received a subpoena from the U.S. Attorney's Office for the District of New Jersey requesting documents related to its Medicare billing.`,
        `In ${year} the Company's lending subsidiary agreed to a consent order with the New York Department of Financial Services, under which it will pay a civil penalty of ${money(random, 500, 5000)} and engage an independent monitor.`,
        `The FDA's inspection of our Tempe facility ended with a Form 483 listing six observations and was followed in ${month} by a warning letter.`,
        `Attorneys general in four states have issued civil investigative demands concerning the Company's subscription cancellation practices.`,
        `A cease-and-desist order issued by the state Department of Insurance in ${month} ${year} prohibits the Company from writing new policies in that state.`,
        `The Company is cooperating with an inquiry by the SEC's Division of Enforcement into the timing of revenue recognition at its Asian subsidiary.`,
        `OSHA cited the Company for eleven serious violations at its Gary plant and proposed penalties of ${money(random, 100, 900)}, which the Company is contesting.`,
      ],
      denied: [
        `Our operations are subject to extensive regulation by the FDA and comparable foreign authorities, and a failure to comply could result in warning letters, fines or product recalls.`,
        `The FDA's most recent inspection of the Company's facility, completed in ${month} ${year}, closed with no Form 483 observations.`,
        `The consent order entered into in ${year - 6} terminated in ${year - 3} upon the Company's satisfaction of all of its requirements.`,
        `The Company holds every licence required to conduct its lending business in the states where it operates, and each is in good standing.`,
        `No governmental authority has notified the Company of any investigation, inquiry or proceeding concerning its compliance with applicable laws.`,
        `The Bank is examined periodically by the FDIC and the state banking department, as are all state-chartered non-member banks.`,
      ],
    },
  };
}

/**
 * The sixth pool, written on 24 November 2026 after the rule change of that day and before any later
 * one, by a writer who had read neither the rules nor their unit tests, and never used to adjust them:
 * the blind estimate for the rules as changed that day. Its sentences follow the genres the rules meet
 * in real files, in US and UK/IFRS English (10-K risk factors and MD&A, PCAOB and ISA (UK) auditor's
 * reports, 8-K items 4.01 and 2.04, credit agreement notices and compliance certificates, forbearance
 * letters, ASC 450 and ASC 850 / IAS 24 notes, SOX 404 reports, consent orders and warning letters, loan
 * applications, credit memos and term sheets); denials are the hard kind (negation at a distance,
 * hypotheticals, matters of earlier years since resolved, definitions and policy text, boilerplate, and
 * related concepts that are not the risk).
 */
function blindPhrasingsFourth(random, year) {
  const [firm, successor] = random.shuffle(['Ashdown Reeve LLP', 'Kittredge & Vale LLP', 'Morland Sykes Audit LLP', 'Beaumont Carr & Co.']);
  const person = random.pick(['Gareth Lloyd', 'Ines Carvalho', 'Marcus Whitlow', 'Sunita Deshpande']);
  const percent = (min, max) => `${random.int(min, max)}%`;
  const pounds = (min, max) => `£${(random.int(min, max) * 1000).toLocaleString('en-US')}`;
  const thousands = (symbol, value) => `${symbol}${(value * 1000).toLocaleString('en-US')}`;
  const month = random.pick(MONTHS);
  const later = random.pick(MONTHS);
  // Current assets and liabilities that agree with what the sentence says about them.
  const assetsShort = random.int(1500, 9000);
  const liabilitiesOver = assetsShort + random.int(300, 4000);
  const assetsOver = random.int(3000, 12000);
  const liabilitiesUnder = assetsOver - random.int(800, 2500);
  return {
    going_concern: {
      stated: [
        `As discussed in Note 2 to the financial statements, Quarry Ridge Minerals has suffered recurring losses from operations and has an accumulated deficit of ${money(random, 4000, 40000)}, which raise substantial doubt about its ability to continue as a going concern; management's plans in regard to these matters are also described in Note 2.`,
        `The directors have concluded that the Group's dependence on the renewal of its invoice-discounting facility, which is due for review in ${later} ${year + 1}, represents a material uncertainty which may cast significant doubt upon the Group's ability to continue as a going concern.`,
        `Credit memo, going concern: the FY${year} audited accounts carry a material uncertainty paragraph, and the borrower's own cash-flow forecast shows facility headroom running out during Q3 ${year + 1}.`,
        `Although management is pursuing a sale-leaseback of the Reno plant, which it expects to close in the first half of ${year + 1}, that transaction is not within the Company's control, and substantial doubt about the Company's ability to continue as a going concern has therefore not been alleviated.`,
        `Management's conclusion that substantial doubt exists as to the entity's ability to continue as a going concern reflects the scheduled expiry, in ${later} ${year + 1}, of the bridge loan that is its only source of external financing.`,
        `Doubt about the Company's ability to meet its obligations as they fall due, and hence to continue as a going concern, is substantial, given the ${money(random, 5000, 60000)} of notes maturing in ${later} ${year + 1} for which no refinancing has yet been secured.`,
        `Our auditor's report for fiscal ${year} again contains an explanatory paragraph describing conditions that raise substantial doubt about our continuation as a going concern, and several suppliers have since moved us to cash-in-advance terms.`,
      ],
      denied: [
        `The auditor's report on the ${year} financial statements, unlike the report on the ${year - 2} statements, contains no paragraph on going concern.`,
        `Events or conditions that, individually or collectively, may cast significant doubt on an entity's ability to continue as a going concern include recurring operating losses, the loss of a key franchise or licence, and the withdrawal of financial support by lenders.`,
        `Nothing has come to our attention, in the course of our review of management's twelve-month cash-flow forecast and of the headroom under the revolving facility, that leads us to believe a material uncertainty related to going concern exists.`,
        `Should the Phase 3 trial fail to meet its primary endpoint, we might be unable to raise further capital, in which case there could be substantial doubt about our ability to continue as a going concern.`,
        `The directors have a reasonable expectation that the Company has adequate resources to continue in operational existence for the foreseeable future, and they therefore continue to adopt the going concern basis in preparing the annual report and accounts.`,
        `Substantial doubt about the Company's ability to continue as a going concern, which was disclosed in the ${year - 1} financial statements, was alleviated by the ${money(random, 8000, 50000)} Series C financing completed in ${month} ${year}.`,
      ],
    },
    covenant_breach: {
      stated: [
        `The Administrative Agent hereby gives notice that the Consolidated Leverage Ratio of 4.12:1.00 for the Test Period ended September 30, ${year} exceeded the maximum of 3.75:1.00 permitted by Section 7.11(a), which constitutes an Event of Default under Section 9.01(c) of the Credit Agreement.`,
        `Pursuant to this Forbearance Agreement, the Lender will refrain, during the Forbearance Period ending ${day(random, year + 1)}, from exercising its rights and remedies in respect of the Existing Defaults, being the Borrower's failure to comply with Sections 6.12 (Minimum EBITDA) and 6.13 (Maximum Capital Expenditures).`,
        `Our non-compliance with the debt service coverage ratio required by the Hartford Savings term loan at December 31, ${year} was waived by the lender in ${later} ${year + 1}, in exchange for a fee of ${money(random, 25, 250)} and a 50 basis point increase in the interest rate.`,
        `At 31 December ${year} the Group breached the interest cover covenant in its ${pounds(5000, 40000)} revolving credit facility; although the banks have since granted a waiver, it was obtained after the reporting date, and the borrowings are therefore presented as repayable on demand in accordance with IAS 1.`,
        `As shown in Schedule 1, the Fixed Charge Coverage Ratio for the four fiscal quarters then ended was 0.94 to 1.00, and accordingly the Borrower was not in compliance with Section 7.2 as of the last day of fiscal ${year}.`,
        `Covenant history: borrower tripped the 1.20x DSCR covenant at FYE ${year} (actual 1.02x); the bank sent a reservation-of-rights letter and has not waived the default.`,
        `Because the Company's tangible net worth fell below the ${money(random, 2000, 15000)} minimum required by its loan agreement with First Mercantile Bank, the bank is entitled to demand repayment, and the Company is negotiating an amendment.`,
        `Item 2.04 Triggering Events That Accelerate or Increase a Direct Financial Obligation. On ${day(random, year)}, the trustee delivered a notice of acceleration to the Company following its failure to satisfy the minimum liquidity covenant in the indenture governing its 9.50% Senior Secured Notes.`,
      ],
      denied: [
        `The undersigned Financial Officer certifies that, as of the last day of the fiscal quarter ended ${month} ${year}, the Borrower was in compliance with each of the financial covenants set forth in Article VII, as demonstrated by the calculations attached as Schedule 1.`,
        `At no time during ${year}, including the third quarter, when borrowings under the revolver peaked at ${money(random, 3000, 20000)}, did the Company fail to satisfy the springing fixed charge coverage test.`,
        `The leverage covenant default reported in ${year - 3} was cured by the sponsor's equity contribution in the following quarter, and the Company has reported compliance at every test date since.`,
        `"Fixed Charge Coverage Ratio" means, for any Test Period, the ratio of (a) Consolidated EBITDA minus Unfinanced Capital Expenditures to (b) Fixed Charges, in each case for such Test Period.`,
        `Our ability to meet the financial ratios and tests in the indenture may be affected by events beyond our control, and we cannot assure you that we will continue to meet them.`,
        `Financial covenants: maximum senior leverage of 3.00x, stepping down to 2.50x from Q4 ${year + 1}; minimum DSCR of 1.25x, tested quarterly on a trailing twelve-month basis.`,
        `Headroom under the tightest of the Group's covenants, net debt to EBITDA, was ${percent(25, 45)} at the December ${year} test date.`,
      ],
    },
    litigation: {
      stated: [
        `In ${month} ${year}, Brightwater Logistics filed suit against the Company in the U.S. District Court for the Northern District of Illinois alleging misappropriation of trade secrets; the Company believes the claims are without merit and intends to defend itself vigorously, and no accrual has been recorded because a loss is not considered probable.`,
        `The Group is the defendant in High Court proceedings brought by a former joint-venture partner claiming ${pounds(500, 9000)} for breach of the shareholders' agreement; having taken legal advice, the directors consider that the claim will be successfully defended.`,
        `A complaint was served on the Company on ${day(random, year)} by a group of eleven franchisees asserting fraud in the inducement and violations of the state franchise investment law.`,
        `The Company has agreed in principle to pay ${money(random, 400, 6000)} to settle the consolidated product liability actions, subject to court approval, and has recorded that amount within accrued liabilities.`,
        `Litigation search disclosed an open mechanics' lien foreclosure action against the borrower, filed in Maricopa County Superior Court by a subcontractor, with an amount in controversy of approximately ${money(random, 150, 2000)}.`,
        `A jury returned a verdict of ${money(random, 2000, 25000)} against the Company in the wrongful-death action in ${month} ${year}; the Company has appealed and has posted a bond pending the outcome of the appeal.`,
        `Is the applicant a party to any pending lawsuit? Yes: a contract dispute with a former supplier, filed in ${year}, claiming ${money(random, 80, 900)}.`,
        `The Company's exposure in the pending antitrust suits brought by direct purchasers of its generic products cannot currently be estimated.`,
      ],
      denied: [
        `The arbitration commenced by a former distributor in ${year - 2} was concluded in ${year - 1} by a consent award under which each party bore its own costs, and the Company has no other dispute with any party.`,
        `Neither the Company nor any of its subsidiaries is, or has been during the twelve months preceding the date of this document, involved in any governmental, legal or arbitration proceedings which may have, or have had, a significant effect on its financial position.`,
        `Companies in our industry are frequently the target of patent assertion entities, and claims of this kind against us, if brought, could require us to pay substantial damages or royalties.`,
        `Legal costs incurred in connection with loss contingencies are expensed as incurred.`,
        `Is the applicant or any principal currently a party to any lawsuit or legal proceeding? No.`,
        `In response to your audit inquiry, we advise that, as of the date of this letter, we are not representing the Company in connection with any pending or threatened litigation, claims or assessments.`,
      ],
    },
    material_weakness: {
      stated: [
        `Management concluded that the Company's internal control over financial reporting was not effective as of December 31, ${year}, owing to a material weakness in the controls over the completeness and accuracy of the data used to allocate revenue in multiple-element arrangements.`,
        `In connection with the restatement described under Item 4.02 of this report, management has concluded that a material weakness existed in the Company's controls over the classification of short-term investments, and that weakness has not yet been remediated.`,
        `The lack of a sufficient complement of accounting personnel with knowledge of U.S. GAAP, which we have identified as a material weakness, contributed to the errors in our accounting for stock-based compensation in the first two quarters of ${year}.`,
        `Audit committee minutes provided in diligence refer to an open material weakness over inventory costing at the Juarez plant, with remediation targeted for the middle of ${year + 1}.`,
        `We have identified a material weakness in our internal control over financial reporting relating to IT general controls at our Brazilian subsidiary, and if we fail to remediate it, we may be unable to report our results accurately and on time.`,
        `During our audit we identified the following deficiency in internal control that we consider to be a material weakness: there is no independent review of the monthly bank reconciliations prepared by the Controller.`,
        `Three material weaknesses, concerning the financial close process, the accounting for leases and the approval of manual journal entries, were reported by management in its assessment as of the end of fiscal ${year}, none of which had been remediated by the date of this report.`,
      ],
      denied: [
        `Although the auditors' management letter lists eleven control observations, chiefly about the documentation of user-access reviews, none was classified as a significant deficiency or a material weakness.`,
        `Based on its evaluation under the framework in Internal Control - Integrated Framework (2013), our management concluded that our internal control over financial reporting was effective as of December 31, ${year}.`,
        `This annual report does not include a report of management's assessment regarding internal control over financial reporting or an attestation report of our registered public accounting firm, owing to a transition period established by rules of the SEC for newly public companies.`,
        `The material weakness in the accounting for income taxes disclosed in our Form 10-K for ${year - 1} has been remediated: the redesigned controls operated for a sufficient period in ${year}, and management tested them and found them effective at year end.`,
        `One significant deficiency, relating to the timeliness of updates to the fixed-asset register, was communicated to the Audit Committee; it does not rise to the level of a material weakness.`,
        `A significant deficiency is a deficiency, or a combination of deficiencies, in internal control over financial reporting that is less severe than a material weakness, yet important enough to merit attention by those responsible for oversight of the company's financial reporting.`,
        `Our audit was not designed to express an opinion on the effectiveness of internal control, and we do not express such an opinion; however, during the audit we did not identify any deficiencies in internal control that we consider to be material weaknesses.`,
      ],
    },
    qualified_opinion: {
      stated: [
        `Basis for qualified opinion: the Group's investment in Kestrel Holdings, a foreign associate acquired during the year and accounted for by the equity method, is carried at ${pounds(2000, 20000)} on the consolidated balance sheet, and we were unable to obtain sufficient appropriate audit evidence about that carrying amount because we were denied access to Kestrel's financial information, management and auditors.`,
        `In our opinion, because of the significance of the matter discussed in the Basis for Adverse Opinion section of our report, the consolidated financial statements do not give a true and fair view of the state of the Group's affairs as at 31 December ${year}.`,
        `The FY${year} audit opinion is qualified (scope limitation over inventory existence at the third-party warehouse); the bank will require an unqualified opinion on FY${year + 1} as a condition subsequent.`,
        `In our opinion, except for the effects of not capitalizing certain lease obligations, as discussed in the preceding paragraph, the financial statements referred to above present fairly, in all material respects, the financial position of Ashgrove Dental Partners as of December 31, ${year}.`,
        `Owing to the destruction of the Company's accounting records in the warehouse fire of ${month} ${year}, we have not been able to obtain sufficient appropriate audit evidence, and we therefore disclaim an opinion on the financial statements.`,
        `The auditor's report delivered with the Borrower's financial statements for fiscal ${year} contains a qualification as to the scope of the audit, relating to the receivables of the Mexican subsidiary.`,
        `A modified opinion was issued by ${firm} on the ${year} accounts, the auditors having been unable to verify the opening inventory balances.`,
      ],
      denied: [
        `Emphasis of Matter: we draw attention to Note 24, which describes the effects of the flooding of the Company's Lyon production facility in ${month} ${year}; our opinion is not modified in respect of this matter.`,
        `Critical audit matters are matters arising from the current period audit of the financial statements that were communicated or required to be communicated to the audit committee and that relate to accounts or disclosures that are material to the financial statements.`,
        `${firm}'s report on the ${year} consolidated financial statements expresses an unmodified opinion; apart from the opinion, its only content of substance is a section on critical audit matters, which does not alter that opinion.`,
        `The qualification in the ${year - 2} auditor's report, which arose because the Cayman subsidiary had not been consolidated, was withdrawn the following year once that subsidiary was consolidated, and the report on ${year} is unmodified.`,
        `Based on our review, we are not aware of any material modifications that should be made to the accompanying interim financial statements for them to be in accordance with accounting principles generally accepted in the United States of America.`,
        `In our opinion the financial statements give a true and fair view of the state of the Company's affairs as at 31 December ${year} and of its profit for the year then ended, and have been properly prepared in accordance with UK-adopted international accounting standards.`,
      ],
    },
    auditor_change: {
      stated: [
        `On ${day(random, year)}, ${firm} informed the Company that it would decline to stand for reappointment as the Company's independent registered public accounting firm once it completes its review of the Company's interim financial statements for the current quarter.`,
        `At the Annual General Meeting on ${day(random, year)}, shareholders approved the appointment of ${successor} as auditor in place of ${firm}, following a tender conducted by the Audit Committee.`,
        `${firm} has deposited a statement of circumstances under section 519 of the Companies Act 2006 in connection with its ceasing to hold office as auditor of the Company.`,
        `Auditor turnover: ${firm} resigned part-way through the FY${year} engagement; the FY${year} accounts were eventually audited by ${successor}, a regional firm with limited experience of public companies.`,
        `As previously reported on the Form 8-K filed on ${day(random, year)}, the Company dismissed ${firm} and engaged ${successor} to audit its consolidated financial statements for fiscal ${year}.`,
        `The change of the Company's auditors from ${firm} to ${successor}, approved by the Board on ${day(random, year)}, was not the result of any disagreement on accounting matters.`,
        `During the two most recent fiscal years there was one disagreement with ${firm}, regarding the timing of revenue recognition on bill-and-hold arrangements, which had not been resolved to its satisfaction when the firm was dismissed.`,
      ],
      denied: [
        `The Audit Committee recommends that shareholders vote FOR the ratification of ${firm}, the Company's independent auditor for each of the past nine years, as auditor for fiscal ${year + 1}.`,
        `Following the audit tender required by the UK's mandatory firm rotation rules, the Audit Committee recommended the retention of the incumbent, ${firm}, and the Board accepted that recommendation.`,
        `Legislation requiring mandatory audit firm rotation, if adopted in the United States, could require us to change auditors, which could increase our costs and divert management's attention.`,
        `There have been no disagreements with ${firm}, our principal accountant, on any matter of accounting principles or practices, financial statement disclosure, or auditing scope or procedure.`,
        `This letter confirms our engagement by the Board to audit the financial statements of the Company for the year ending 31 December ${year + 1}, as we have done for each of the past six years.`,
        `The Company last changed auditors more than a decade ago, in ${year - 11}, when it appointed ${firm} ahead of its listing, and ${firm} has audited every set of accounts since.`,
      ],
    },
    customer_concentration: {
      stated: [
        `Net sales to Brackenridge Grocers, our largest customer, were ${money(random, 9000, 60000)}, or ${percent(21, 35)} of net sales, in fiscal ${year}.`,
        `Orders from a single original equipment manufacturer made up ${percent(50, 65)} of the backlog at year end and ${percent(38, 48)} of revenue for ${year}.`,
        `Revenues of approximately ${pounds(8000, 40000)} arose from sales to the Group's largest customer, which is reported within the Aerospace segment; no other single customer contributed 10 per cent or more, but that one customer represented ${percent(18, 30)} of Group revenue.`,
        `Customer concentration is high: the top customer was ${percent(38, 52)} of FY${year} sales, and its supply contract expires in ${later} ${year + 1} with no renewal in hand.`,
        `Of the ${money(random, 2000, 12000)} of trade receivables at year end, ${percent(60, 80)} was owed by two customers, whose purchases also made up more than half of revenue for the year.`,
        `Dependence on one customer, Kestrel Auto Parts, for ${percent(30, 45)} of annual revenue exposes the Company to significant risk if that relationship were to end.`,
        `The three national wholesalers through which substantially all of our products are sold together accounted for approximately ${percent(85, 95)} of our gross product sales in ${year}.`,
      ],
      denied: [
        `The Group did not derive 10 per cent or more of its revenue from transactions with any single external customer in either year presented.`,
        `Although the Company's largest customer, a regional utility, renewed its contract in ${year}, revenue from that customer was only ${percent(4, 7)} of the total.`,
        `Receivables book is diversified: about 1,400 active accounts, with the largest obligor at ${percent(2, 4)} of eligible receivables.`,
        `In ${year - 4} a single airline accounted for nearly half of our revenue; following the acquisitions of ${year - 2} and ${year - 1}, no customer represented more than ${percent(5, 8)} of revenue in ${year}.`,
        `Concentrations of credit risk with respect to trade receivables are limited because of the large number of customers comprising the Company's customer base and their dispersion across many geographic areas.`,
        `If we were to win the state Medicaid managed-care contract on which we have bid, that contract alone could come to represent a significant share of our revenue.`,
      ],
    },
    related_parties: {
      stated: [
        `The Company leases its corporate headquarters from Ridgeway Properties LLC, an entity wholly owned by the Company's Chief Executive Officer, at an annual rent of ${money(random, 150, 900)} under a lease that runs through ${year + 5}.`,
        `During the year the Group purchased legal services of ${pounds(40, 400)} from Carrow & Finch, a firm in which one of the Company's non-executive directors is a partner.`,
        `${money(random, 300, 3000)} of the borrower's receivables are due from an affiliate controlled by the guarantor and have been excluded from the borrowing base.`,
        `The convertible notes issued in ${month} ${year} were purchased in full by funds affiliated with the chairman of the board, who beneficially owns ${percent(25, 40)} of the Company's common stock.`,
        `Management fees totalling ${money(random, 250, 2000)} were charged to the Company during ${year} by its private equity sponsor, which holds a controlling interest, under the advisory services agreement.`,
        `Amounts owed to directors, which are unsecured, interest-free and repayable on demand, stood at ${pounds(50, 900)} at 31 December ${year}.`,
        `Substantially all of the Company's frozen dough is bought from Marchetti Baking, which is owned by the Company's two founders; purchases from it were ${money(random, 500, 5000)} in ${year}.`,
      ],
      denied: [
        `Does any officer, director or owner of the applicant have an ownership interest in any vendor, customer or lessor of the applicant? No.`,
        `The building formerly leased from our founder was bought by the Company at an independently appraised price in ${year - 3}; since then the Company has not entered into any transaction with a related person.`,
        `Under the Company's Related Person Transactions Policy, any transaction exceeding $120,000 in which a related person has a direct or indirect material interest must be reviewed in advance by the Nominating and Governance Committee.`,
        `The Company has no parent undertaking, no subsidiaries, and no transactions, balances or commitments with its directors or their families other than their service contracts.`,
        `Conflicts of interest could arise if our directors, some of whom serve on the boards of other companies in our industry, were presented with business opportunities suitable for more than one of those companies.`,
        `The consultancy agreement with the former chairman's firm expired in ${year - 2} and was not renewed, and no amount was payable to or receivable from that firm at either balance sheet date.`,
      ],
    },
    negative_working_capital: {
      stated: [
        `Current liabilities of ${thousands('£', liabilitiesOver)} at 31 December ${year} were greater than current assets of ${thousands('£', assetsShort)}, principally because the Group's bank loan falls due for repayment within the coming year.`,
        `We had a working capital deficit of ${money(random, 400, 8000)} as of December 31, ${year}, reflecting the reclassification to current liabilities of our convertible notes, which mature in ${later} ${year + 1}.`,
        `Liquidity: current ratio 0.${random.int(61, 88)}x at FYE ${year} (prior year 1.1x); the negative working capital is being funded by stretching payables.`,
        `Current assets were not sufficient to cover current liabilities at year end, leaving a shortfall of ${money(random, 300, 5000)}.`,
        `The excess of current liabilities over current assets, ${money(random, 500, 7000)} at December 31, ${year}, is being funded through the Company's revolving credit facility.`,
        `Working capital: (${money(random, 200, 3000)}) at December 31, ${year}, compared with ${money(random, 300, 2500)} at December 31, ${year - 1}.`,
        `Because customer deposits of ${money(random, 2000, 15000)} are classified as current liabilities, the Company reports negative working capital, as is typical of businesses that are paid in advance.`,
      ],
      denied: [
        `Current assets exceeded current liabilities by a comfortable margin at year end, the current ratio having improved to ${random.int(18, 26) / 10}x.`,
        `Net current assets at 31 December ${year} amounted to ${thousands('£', assetsOver - liabilitiesUnder)} (${year - 1}: net current liabilities of ${pounds(200, 1500)}), following the placing of new shares in ${month} ${year}.`,
        `Working capital is calculated as total current assets minus total current liabilities, excluding cash and the current portion of borrowings.`,
        `Seasonal inventory build-ups ahead of the holiday period may temporarily reduce our working capital and have in some years required us to draw on our revolving credit facility.`,
        `Working capital adequate: positive ${thousands('$', assetsOver - liabilitiesUnder)} at FYE ${year}, current ratio ${(assetsOver / liabilitiesUnder).toFixed(1)}x, quick ratio above 1.0x.`,
        `Minimum Working Capital. The Borrower shall maintain, at all times, Working Capital of not less than ${money(random, 1000, 5000)}.`,
      ],
    },
    key_person: {
      stated: [
        `We are highly dependent on ${person}, our Chief Executive Officer and co-founder, who personally manages our relationships with most of our key customers, and we do not carry key-person life insurance on that officer.`,
        `Key-man risk: the business is essentially a one-person operation, since ${person} handles estimating, sales and project management, and there is no second tier of management.`,
        `Condition precedent: assignment to the Bank of a key-person life insurance policy of not less than ${money(random, 1000, 5000)} on the life of ${person}, on whom the Borrower's operations depend.`,
        `The Group's future success depends substantially on the continued service of its founder and Chief Executive, ${person}, who would be difficult to replace, and the Group has no identified successor.`,
        `The reliance of the practice on a single surgeon, ${person}, who generates about two-thirds of its collections, was identified as the principal risk to repayment.`,
        `On ${day(random, year)}, ${person}, the Company's Chief Scientific Officer and the inventor of its core platform technology, notified the Board of an intention to resign; no successor has been identified, and the programme's timelines depend on that expertise.`,
        `Should ${person} become unable to serve, the Company has no other employee qualified to act as accountable manager of its FAA-certificated repair station.`,
      ],
      denied: [
        `Responsibility for the Company's customer relationships is shared among eight regional directors, none of whom accounts for more than a small part of sales.`,
        `The Company maintains key-person life insurance on each of its three senior executives as part of its general risk management programme and does not regard any one of them as indispensable.`,
        `Our success depends in part on our ability to attract and retain qualified personnel, and competition for skilled engineers in our markets is intense.`,
        `Management depth: the CFO, COO and VP Sales each have more than ten years with the company; bench strength is considered adequate and no key-man dependency was identified.`,
        `Executive officers are elected annually by the Board and hold office until their successors are duly elected and qualified.`,
        `Since the sale of a majority stake to the sponsor in ${year - 3}, the founder's role has been limited to a non-executive seat on the board, and the business no longer depends on the founder's relationships.`,
      ],
    },
    regulatory_action: {
      stated: [
        `WARNING LETTER. During our inspection of your manufacturing facility in Columbus, Ohio, in ${month} ${year}, FDA investigators identified significant violations of Current Good Manufacturing Practice regulations for finished pharmaceuticals.`,
        `The Bank has entered into a Consent Order with the Office of the Comptroller of the Currency that requires it to strengthen its Bank Secrecy Act and anti-money laundering compliance program and to obtain the OCC's non-objection before opening new branches.`,
        `On ${day(random, year)} the Financial Conduct Authority imposed a financial penalty of ${pounds(500, 9000)} on the Company's UK subsidiary for failings in its systems and controls relating to the fair treatment of customers in arrears.`,
        `The Company received a notice of violation from the EPA alleging that emissions from its Baton Rouge plant exceeded permitted limits, and has proposed a supplemental environmental project in settlement.`,
        `The Office of Inspector General of the Department of Health and Human Services has notified the Company that it is the subject of an investigation of claims submitted for durable medical equipment between ${year - 2} and ${year}.`,
        `Regulatory: the borrower's state mortgage lender licence was suspended by the Department of Banking in ${month} ${year}, pending an examination of its escrow practices.`,
        `The Consumer Financial Protection Bureau has sent the Company a Notice and Opportunity to Respond and Advise letter stating that Bureau staff are considering recommending enforcement action over its debt collection practices.`,
        `A civil money penalty of ${money(random, 50, 600)} was assessed against the Company in ${month} ${year} by the Department of Labor's Wage and Hour Division for recordkeeping violations at its distribution centers.`,
      ],
      denied: [
        `The warning letter issued to the Company by the FDA in ${year - 3} was closed out by the agency in ${year - 2} after a re-inspection found the violations corrected.`,
        `A Form 483 is issued to firm management at the conclusion of an inspection when an investigator has observed conditions that in the investigator's judgment may constitute violations of the Food, Drug, and Cosmetic Act.`,
        `Changes in the regulations governing short-term consumer lending, or a determination by a regulator that our products are subject to state usury limits, could require us to modify or discontinue some of our products.`,
        `The most recent examination by the state Department of Financial Institutions, completed in ${month} ${year}, resulted in a satisfactory rating and no enforcement action.`,
        `Has the applicant been the subject of any investigation, sanction or enforcement action by any governmental or regulatory body in the past five years? No.`,
        `The Company is subject to the Fair Debt Collection Practices Act, the Telephone Consumer Protection Act and similar state laws.`,
        `Other than routine licence renewals, each of which was granted on the usual terms, the Company had no communication with any regulator during ${year}.`,
      ],
    },
  };
}

const FILLER = [
  'The Company designs, manufactures and sells its products through distributors and its own online store.',
  'Revenue is recognised when control of the goods passes to the customer, generally upon delivery.',
  'Inventories are stated at the lower of cost and net realisable value, cost being determined on a first-in, first-out basis.',
  'Property and equipment are depreciated on a straight-line basis over their estimated useful lives.',
  'The preparation of financial statements requires management to make estimates and assumptions that affect the reported amounts.',
  'Marketing costs are expensed as incurred.',
  'The Company leases its headquarters under an operating lease that expires in 2029.',
  'Employees participate in a defined contribution plan to which the Company contributes up to 4% of salary.',
];

const TITLES = [
  'Notes to the Financial Statements',
  "Management's Discussion and Analysis",
  "Independent Auditor's Report",
  'Risk Factors',
  'Credit Memorandum: Background',
];

/** A prose document stating, denying or omitting each text rule; the label lists the stated ones. */
const POOLS = {
  generator: phrasings,
  'held-out': heldOutPhrasings,
  blind: blindPhrasings,
  'blind-2': blindPhrasingsSecond,
  'blind-3': blindPhrasingsThird,
  'blind-4': blindPhrasingsFourth,
};

export async function riskDisclosure(random, { wording = 'generator' } = {}) {
  const year = random.int(2020, 2025);
  const rules = POOLS[wording](random, year);
  const sentences = [];
  const risks = [];
  for (const [id, { stated, denied }] of Object.entries(rules)) {
    const roll = random.next();
    if (roll < 0.3) {
      sentences.push(random.pick(stated));
      risks.push(id);
    } else if (roll < 0.6) sentences.push(random.pick(denied));
  }
  const paragraphs = random.shuffle([...sentences, ...random.shuffle(FILLER).slice(0, random.int(2, 5))]);
  const canvas = await createCanvas(random);
  canvas.newPage();
  const size = random.pick([9.5, 10, 10.5]);
  const x = random.int(50, 72);
  canvas.line(random.pick(COMPANIES), x, size + 3, size * 2, { isBold: true });
  canvas.line(random.pick(TITLES), x, size + 2, size * 2.2, { isBold: true });
  // Two or three sentences to a paragraph, as notes are written.
  for (let index = 0; index < paragraphs.length;) {
    const take = random.int(1, 3);
    canvas.paragraph(paragraphs.slice(index, index + take).join(' '), x, size, canvas.width - 2 * x);
    canvas.y -= size * 0.8;
    index += take;
  }
  return { bytes: await canvas.save(), label: { kind: 'risk_disclosure', wording, risks: risks.sort() } };
}

/** Thresholds of the rules over facts, as docs/DECISIONS.md states them; the labels apply them to the generator's numbers. */
const THRESHOLDS = { currentRatio: 1, revenueDecline: -5, debtToEbitda: 5, debtToEquity: 2, runwayMonths: 12 };

/** Figures in thousands for a year and the prior one, chosen on either side of each threshold. */
function financialScenario(random) {
  const revenuePrior = random.int(4000, 60000);
  const decline = random.chance(0.35);
  const change = decline ? -random.int(8, 40) / 100 : random.pick([-random.int(1, 3) / 100, random.int(2, 30) / 100]);
  const revenue = Math.round(revenuePrior * (1 + change));
  const ebitda = Math.round((revenue * random.int(8, 25)) / 100);
  const da = Math.round(ebitda * 0.2);
  const leveraged = random.chance(0.3);
  const debt = Math.round(ebitda * (leveraged ? random.int(55, 90) / 10 : random.int(5, 45) / 10));
  const burning = random.chance(0.45);
  const capex = Math.round((revenue * random.int(2, 6)) / 100);
  const operatingCash = burning ? -Math.round((revenue * random.int(5, 30)) / 100) : Math.round((ebitda * random.int(60, 90)) / 100);
  const burn = (capex - operatingCash) / 12;
  const runway = burning ? random.pick([random.int(20, 100) / 10, random.int(140, 400) / 10]) : null;
  const cash = burning ? Math.round(burn * runway) : Math.round((revenue * random.int(5, 20)) / 100);
  const receivables = Math.round((revenue * random.int(8, 18)) / 100);
  const inventory = Math.round((revenue * random.int(0, 12)) / 100);
  const currentAssets = cash + receivables + inventory;
  const short = random.chance(0.35);
  const ratio = short ? random.int(50, 92) / 100 : random.int(108, 220) / 100;
  const currentLiabilities = Math.round(currentAssets / ratio);
  const debtCurrent = Math.min(Math.round(debt * 0.1), Math.round(currentLiabilities * 0.3));
  const accrued = Math.round(currentLiabilities * 0.2);
  const payables = currentLiabilities - debtCurrent - accrued;
  const debtLong = debt - debtCurrent;
  const gearing = random.chance(0.2) ? random.int(23, 40) / 10 : random.int(3, 18) / 10;
  const liabilities = currentLiabilities + debtLong;
  const ppe = Math.max(Math.round(revenue * 0.1), Math.round(debt / gearing) + liabilities - currentAssets);
  const assets = currentAssets + ppe;
  const equity = assets - liabilities;
  const operatingIncome = ebitda - da;
  const interest = Math.round(debt * 0.07);
  const netIncome = Math.round((operatingIncome - interest) * 0.75);
  const cost = Math.round((revenue * random.int(40, 65)) / 100);
  const costPrior = Math.round(revenuePrior * (cost / revenue));
  const opex = revenue - cost - operatingIncome;
  const opexPrior = Math.round(opex * (revenuePrior / revenue));
  const figures = {
    revenue,
    revenuePrior,
    cost,
    costPrior,
    opex,
    opexPrior,
    operatingIncome,
    operatingIncomePrior: revenuePrior - costPrior - opexPrior,
    interest,
    netIncome,
    da,
    cash,
    receivables,
    inventory,
    currentAssets,
    ppe,
    assets,
    payables,
    accrued,
    debtCurrent,
    currentLiabilities,
    debtLong,
    liabilities,
    equity,
    operatingCash,
    capex,
  };
  const risks = [];
  if (currentAssets / currentLiabilities < THRESHOLDS.currentRatio) risks.push('negative_working_capital');
  if (((revenue - revenuePrior) / revenuePrior) * 100 <= THRESHOLDS.revenueDecline) risks.push('revenue_decline');
  if ((debt > 0 && (ebitda <= 0 || debt / ebitda > THRESHOLDS.debtToEbitda)) || equity <= 0 || debt / equity > THRESHOLDS.debtToEquity)
    risks.push('high_leverage');
  if (burn > 0 && cash / burn < THRESHOLDS.runwayMonths) risks.push('short_runway');
  return { figures, risks: risks.sort() };
}

const thousands = (value) => (value < 0 ? `(${Math.abs(value).toLocaleString('en-US')})` : value.toLocaleString('en-US'));

/** Three statements of one company for two years, in thousands of US dollars; labels from the figures. */
export async function riskStatements(random, { year = random.int(2021, 2025), scenario = financialScenario(random) } = {}) {
  const f = scenario.figures;
  const canvas = await createCanvas(random);
  const size = random.pick([9, 9.5, 10]);
  const x = random.int(40, 60);
  const right = [canvas.width - 150, canvas.width - 70];
  const company = random.pick(COMPANIES);
  const statement = (title, heading, rows) => {
    canvas.newPage();
    canvas.line(company, x, size + 3, size * 1.9, { isBold: true });
    canvas.line(title, x, size + 2, size * 1.9, { isBold: true });
    canvas.line('(in thousands of U.S. dollars)', x, size, size * 1.9);
    canvas.text(heading, (right[0] + right[1]) / 2 - 20, size, { align: 'center' });
    canvas.y -= size * 1.6;
    canvas.text(String(year), right[0], size, { align: 'right', isBold: true });
    canvas.text(String(year - 1), right[1], size, { align: 'right', isBold: true });
    canvas.y -= size * 1.8;
    for (const [label, current, prior] of rows) {
      canvas.text(label, x, size);
      if (current !== null) canvas.text(thousands(current), right[0], size, { align: 'right' });
      if (prior !== null && prior !== undefined) canvas.text(thousands(prior), right[1], size, { align: 'right' });
      canvas.y -= size * 1.6;
    }
  };
  const prior = (value) => Math.round((value * random.int(85, 110)) / 100);
  statement('Statements of Operations', 'Year ended December 31,', [
    ['Revenue', f.revenue, f.revenuePrior],
    ['Cost of revenue', f.cost, f.costPrior],
    ['Gross profit', f.revenue - f.cost, f.revenuePrior - f.costPrior],
    ['Total operating expenses', f.opex, f.opexPrior],
    ['Operating income', f.operatingIncome, f.operatingIncomePrior],
    ['Interest expense', f.interest, prior(f.interest)],
    ['Net income', f.netIncome, prior(f.netIncome)],
  ]);
  statement('Balance Sheets', 'December 31,', [
    ['Cash and cash equivalents', f.cash, prior(f.cash)],
    ['Accounts receivable, net', f.receivables, prior(f.receivables)],
    ['Inventories', f.inventory, prior(f.inventory)],
    ['Total current assets', f.currentAssets, null],
    ['Property and equipment, net', f.ppe, null],
    ['Total assets', f.assets, null],
    ['Accounts payable', f.payables, null],
    ['Accrued liabilities', f.accrued, null],
    ['Current portion of long-term debt', f.debtCurrent, null],
    ['Total current liabilities', f.currentLiabilities, null],
    ['Long-term debt, net of current portion', f.debtLong, null],
    ['Total liabilities', f.liabilities, null],
    ["Total stockholders' equity", f.equity, null],
    ["Total liabilities and stockholders' equity", f.liabilities + f.equity, null],
  ]);
  statement('Statements of Cash Flows', 'Year ended December 31,', [
    ['Net income', f.netIncome, null],
    ['Depreciation and amortization', f.da, null],
    ['Net cash provided by (used in) operating activities', f.operatingCash, null],
    ['Purchases of property and equipment', -f.capex, null],
  ]);
  return { bytes: await canvas.save(), label: { kind: 'risk_statements', risks: scenario.risks, year, revenue: f.revenue * 1000 } };
}

/** How decks and applications state a year's revenue. */
const REVENUE_WORDINGS = [
  (amount, year) => `FY${year} revenue: ${amount}`,
  (amount, year) => `Revenue of ${amount} in ${year}`,
  (amount, year) => `${year} revenue ${amount}`,
  (amount, year) => `We closed ${year} with ${amount} in revenue`,
];

function printedMillions(random, value) {
  const millions = value / 1e6;
  return random.pick([`$${millions.toFixed(1)}M`, `$${millions.toFixed(1)} million`, `$${(Math.round(value / 1e5) * 1e5).toLocaleString('en-US')}`]);
}

/**
 * A deck or an application with its statements. The claim is the statements' revenue (rounded to
 * a tenth of a million, as decks print it), 15–60 % above or 15–40 % below it, or the revenue of a
 * year the statements do not cover; the label says whether it contradicts them.
 */
export async function claimAndStatements(random) {
  const statements = await riskStatements(random);
  const { year, revenue } = statements.label;
  const roll = random.next();
  const factor = roll < 0.4 ? 1 : roll < 0.65 ? 1 + random.int(15, 60) / 100 : roll < 0.85 ? 1 - random.int(15, 40) / 100 : 1;
  const claimYear = roll >= 0.85 ? year - 3 : year;
  const claimed = revenue * factor;
  const line = random.pick(REVENUE_WORDINGS)(printedMillions(random, claimed), claimYear);
  const application = random.chance(0.3);
  const canvas = await createCanvas(random, { landscape: !application });
  canvas.newPage();
  const size = application ? 10 : random.int(18, 24);
  const x = random.int(50, 80);
  if (application) {
    canvas.line('Business Loan Application', x, size + 5, size * 2.2, { isBold: true });
    canvas.line(`Legal business name: ${random.pick(COMPANIES)}`, x, size, size * 1.9);
    canvas.line(line, x, size, size * 1.9);
    canvas.line(`Amount requested: ${money(random, 100, 3000)}`, x, size, size * 1.9);
  } else {
    canvas.y = canvas.height - 90;
    canvas.line(random.pick(['Traction', 'Financial Highlights', 'Momentum']), x, size + 12, (size + 12) * 1.8, { isBold: true });
    canvas.line(`• ${line}`, x + 10, size, size * 1.7);
    canvas.line(`• ${random.int(20, 400)} paying customers`, x + 10, size, size * 1.7);
  }
  const contradicts = factor !== 1 && claimYear === year;
  return {
    claim: { bytes: await canvas.save(), documentType: application ? 'loan_application' : 'pitch_deck' },
    statements,
    label: { kind: 'claim_pair', risks: contradicts ? ['consistency_revenue'] : [] },
  };
}

/** The risk set: `count` disclosures in each wording pool, `count` statements and `count` claim pairs, each from its own seed. */
export async function generateRiskSet(randomSource, { seed = 1, count = 40 } = {}) {
  const documents = [];
  for (let n = 0; n < count; n++) {
    const base = seed * 7919 + n * 3;
    documents.push({ name: `risk-disclosure-${n + 1}`, seed: base, ...(await riskDisclosure(randomSource(base))) });
    documents.push({ name: `risk-disclosure-held-out-${n + 1}`, seed: base, ...(await riskDisclosure(randomSource(base), { wording: 'held-out' })) });
    documents.push({ name: `risk-disclosure-blind-${n + 1}`, seed: base, ...(await riskDisclosure(randomSource(base), { wording: 'blind' })) });
    documents.push({ name: `risk-disclosure-blind-2-${n + 1}`, seed: base, ...(await riskDisclosure(randomSource(base), { wording: 'blind-2' })) });
    documents.push({ name: `risk-disclosure-blind-3-${n + 1}`, seed: base, ...(await riskDisclosure(randomSource(base), { wording: 'blind-3' })) });
    documents.push({ name: `risk-disclosure-blind-4-${n + 1}`, seed: base, ...(await riskDisclosure(randomSource(base), { wording: 'blind-4' })) });
    documents.push({ name: `risk-statements-${n + 1}`, seed: base + 1, ...(await riskStatements(randomSource(base + 1))) });
    documents.push({ name: `claim-pair-${n + 1}`, seed: base + 2, ...(await claimAndStatements(randomSource(base + 2))) });
  }
  return documents;
}

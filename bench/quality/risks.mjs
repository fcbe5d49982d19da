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
const POOLS = { generator: phrasings, 'held-out': heldOutPhrasings, blind: blindPhrasings, 'blind-2': blindPhrasingsSecond };

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
    documents.push({ name: `risk-statements-${n + 1}`, seed: base + 1, ...(await riskStatements(randomSource(base + 1))) });
    documents.push({ name: `claim-pair-${n + 1}`, seed: base + 2, ...(await claimAndStatements(randomSource(base + 2))) });
  }
  return documents;
}

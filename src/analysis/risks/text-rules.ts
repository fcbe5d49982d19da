import type { RiskCategory, Severity } from '../analysis.types.js';

/**
 * A risk that documents state in words. A sentence raises it when one of `triggers` matches and
 * the sentence asserts it (statement-reading.ts: not negated, not hypothetical), unless the
 * sentence is `boilerplate` (a definition, an auditor's standard responsibilities). `grade` turns
 * the sentence into a severity (a waiver obtained, a doubt alleviated, a customer's share); null
 * means the sentence does not amount to the risk (a 6 % customer).
 */
export interface TextRule {
  id: string;
  category: RiskCategory;
  title: string;
  /** Why an underwriter cares; the finding's description starts with it. */
  description: string;
  triggers: RegExp[];
  boilerplate?: RegExp[];
  grade: (sentence: string) => Severity | null;
  /** Risk-factor wording ("the loss of our CEO could harm us") is itself the disclosure for this rule. */
  hypotheticalCounts?: boolean;
}

/** What a covenant is called when the word "covenant" is not used: the ratio or test itself. */
const COVENANT = String.raw`(?:covenants?|(?:(?:debt service|fixed charge|interest) coverage|leverage|liquidity|current|debt[- ]to[- ]\w+) ratio(?: covenant| requirement| test)?|financial (?:ratio|requirement|test)s?|minimum (?:liquidity|net worth|tangible net worth|ebitda)(?: covenant| requirement)?)`;

const ENTITY = String.raw`(?:the (?:company|group|entity|borrower|partnership)['’]s|its|our|their|the (?:company|group|entity|borrower)|\w+(?: \w+)?['’]s)`;

/** First matching pattern's severity, else the default. */
function graded(defaultSeverity: Severity, ...steps: [RegExp, Severity][]): (sentence: string) => Severity {
  return (sentence) => steps.find(([pattern]) => pattern.test(sentence))?.[1] ?? defaultSeverity;
}

/** The largest percentage in a sentence, or null. */
function largestPercent(sentence: string): number | null {
  const values = [...sentence.matchAll(/(\d{1,3}(?:\.\d+)?)\s?(?:%|per ?cent\b)/gi)].map((match) => Number(match[1]));
  return values.length > 0 ? Math.max(...values) : null;
}

/**
 * Concentration: one customer at 10 % of revenue is the SEC's disclosure threshold (S-K Item 101)
 * and a common lender's review point; a quarter of revenue in one hand is high. A group ("top five
 * customers") is judged at 50 % and 75 %. Without a figure, a stated dependence is medium.
 */
function concentrationSeverity(sentence: string): Severity | null {
  const share = largestPercent(sentence);
  if (share === null) return 'medium';
  const group =
    /\b(?:top|largest|ten|five|three|two|several|few) (?:\w+ )?(?:customers|clients)\b/i.test(sentence) &&
    !/\b(?:single|one|largest) (?:customer|client)\b/i.test(sentence);
  if (group) return share >= 75 ? 'high' : share >= 50 ? 'medium' : null;
  return share >= 25 ? 'high' : share >= 10 ? 'medium' : null;
}

export const TEXT_RULES: TextRule[] = [
  {
    id: 'going_concern',
    category: 'financial',
    title: 'Going concern doubt',
    description: 'The documents state a doubt about the business continuing as a going concern: repayment depends on events outside the lender’s control.',
    triggers: [
      /\bsubstantial doubt (?:about|regarding|as to|on|concerning)\b[^.]{0,80}?\bgoing concern\b/i,
      /\bmaterial uncertainty\b[^.]{0,160}?\b(?:going concern|significant doubt)\b/i,
      /\bgoing concern (?:uncertainty|doubt|qualification|paragraph)\b/i,
      new RegExp(String.raw`\b${ENTITY} ability to continue as a going concern (?:is|remains) (?:dependent|contingent|conditional)\b`, 'i'),
    ],
    boilerplate: [/\b(?:going concern basis of accounting|basis of accounting)\b(?![^.]*\b(?:doubt|uncertainty)\b)/i],
    grade: graded('critical', [/\balleviat/i, 'medium'], [/\b(?:dependent|contingent|conditional)\b/i, 'high']),
  },
  {
    id: 'covenant_breach',
    category: 'financial',
    title: 'Covenant breach or waiver',
    description: 'A loan covenant was breached, or waived by the lender: the borrower has already failed a test a lender set.',
    triggers: [
      new RegExp(
        String.raw`\b(?:breach(?:ed)?|violat(?:ed|ion)|default(?:ed)? (?:on|under)|defaults? under|non-?compliance with|not (?:been )?in compliance with|(?:failed|failure) to (?:meet|comply with|satisfy|maintain)|did not (?:meet|comply with|satisfy|maintain)|waived)\b[^.]{0,80}?\b${COVENANT}`,
        'i',
      ),
      new RegExp(
        String.raw`\b${COVENANT}\b[^.]{0,60}?\b(?:breach(?:ed|es)?|violation|default|waiver|waived|not (?:been )?(?:met|satisfied|complied with))\b`,
        'i',
      ),
      /\b(?:obtained|received|granted|requested|sought) (?:a |an )?(?:\w+ )?waiver\b/i,
      /\b(?:agreed to (?:waive|forbear)|forbearance agreement)\b/i,
      /\ban event of default (?:has occurred|occurred|exists|existed)\b/i,
      /\bconstituted an event of default\b/i,
    ],
    boilerplate: [/\bcovenants? (?:include|includes|require|requires|are)\b/i, /\bfinancial covenants?:/i],
    grade: graded('high', [/\bevent of default\b|\baccelerat/i, 'critical'], [/\bwaive[dr]?s?\b|\bamend(?:ed|ment)\b/i, 'medium']),
  },
  {
    id: 'litigation',
    category: 'legal',
    title: 'Pending litigation',
    description: 'The business is a party to a lawsuit or legal proceeding whose outcome may cost it money or assets.',
    triggers: [
      /\b(?:filed|brought|commenced|initiated|instituted) (?:a |an )?(?:\w+ )?(?:lawsuit|complaint|suit|action|claim|petition|arbitration)s? against\b/i,
      /\b(?:is|are|was|were|has been|have been) (?:a |the )?(?:named )?(?:defendants?|respondents?|part(?:y|ies)) (?:in|to) (?:a |an |the |several |various |two |three |certain )?(?:\w+ )?(?:lawsuits?|legal proceedings?|litigation|actions?|suits?|arbitrations?|claims?)\b/i,
      /\b(?:pending|ongoing|outstanding|threatened) (?:lawsuits?|litigation|legal (?:proceedings?|actions?|claims?)|claims? against)\b/i,
      /\bclass[- ]action\b/i,
      /\b(?:judgment|judgement|award|verdict|ruling)\b[^.]{0,40}?\bagainst (?:the company|us|the borrower|the group|it|[A-Z])/i,
      /\b(?:involved|engaged) in (?:an? )?(?:\w+ )?(?:arbitration|litigation|lawsuits?|legal proceedings?|legal dispute)\b/i,
      /\b(?:sued|is suing)\b/i,
    ],
    boilerplate: [/\bordinary course of (?:its |our |the )?business\b[^.]*\b(?:not|no|none)\b[^.]*\bmaterial\b/i, /\bgoverning law\b/i, /\bindemnif/i],
    grade: graded(
      'medium',
      [/\bclass[- ]action\b|\b(?:judg(?:e)?ment|verdict)\b[^.]*\bagainst\b|\bdamages of\b/i, 'high'],
      [/\bsettled\b|\bdismissed\b/i, 'low'],
    ),
  },
  {
    id: 'material_weakness',
    category: 'governance',
    title: 'Material weakness in internal control',
    description: 'Internal control over financial reporting has a material weakness: the reported figures are less reliable.',
    triggers: [
      /\bmaterial weakness(?:es)?\b/i,
      /\b(?:internal control over financial reporting|disclosure controls and procedures)\b[^.]{0,80}?\b(?:was|were|is|are) not effective\b/i,
    ],
    boilerplate: [
      /\bmaterial weakness is (?:a|defined)\b/i,
      // The PCAOB report's sentence: a denial whose "not" stands far from its object.
      /\bdid not identify any deficienc(?:y|ies) in internal control\b/i,
      /\bdefinition of (?:a )?material weakness\b/i,
      /\breasonable possibility that a material misstatement\b/i,
    ],
    grade: graded('high', [/\bremediat(?:ed|ion (?:was|has been) completed)\b/i, 'low']),
  },
  {
    id: 'qualified_opinion',
    category: 'governance',
    title: 'Qualified, adverse or disclaimed audit opinion',
    description: 'The auditor did not give a clean opinion on the financial statements.',
    triggers: [
      /\b(?:basis for )?(?:qualified|adverse) opinion\b/i,
      /\bdisclaimer of opinion\b/i,
      /\bwe do not express an opinion\b/i,
      /\bexcept for the (?:possible )?effects? of the matters?\b/i,
    ],
    boilerplate: [/\b(?:unqualified|unmodified) opinion\b/i],
    grade: graded('high', [/\binternal control\b/i, 'high'], [/\badverse opinion\b|\bdisclaimer of opinion\b|\bdo not express an opinion\b/i, 'critical']),
  },
  {
    id: 'auditor_change',
    category: 'governance',
    title: 'Change of auditor',
    description: 'The auditor was dismissed, resigned or was replaced: a change can follow a disagreement over the accounts.',
    triggers: [
      /\b(?:dismissed|replaced|terminated the engagement of)\b[^.]{0,100}?\b(?:auditors?|accountants|accounting firm)\b/i,
      /\b(?:auditors?|accountants|accounting firm)\b[^.]{0,60}?\b(?:resigned|was dismissed|were dismissed|declined to stand for re-?election|was replaced|were replaced)\b/i,
      /\bresign(?:ed|ation) as (?:the )?(?:[\w'’]+ )?(?:independent )?(?:auditors?|registered public accounting firm)\b/i,
      /\b(?:engaged|appointed)\b[^.]{0,60}?\bas (?:its|our|the company['’]s) new (?:independent )?(?:auditors?|registered public accounting firm)\b/i,
      /\bdisagreements? with (?:the )?(?:former )?(?:auditors?|accountants)\b/i,
      /\b(?:dismissal|resignation|replacement|engagement)\b[^.]{0,60}?\bas (?:its|our|the company['’]s) (?:new |successor )?(?:independent )?(?:auditors?|registered public accounting firm)\b/i,
      /\b(?:dismissal|resignation|replacement) of (?:its|our|the company['’]s|the) (?:former |prior )?(?:independent )?(?:auditors?|accountants|registered public accounting firm)\b/i,
    ],
    grade: graded('medium', [/\bdisagreements?\b/i, 'high']),
  },
  {
    id: 'customer_concentration',
    category: 'market',
    title: 'Customer concentration',
    description: 'A large share of revenue comes from few customers: losing one would cut revenue sharply.',
    triggers: [
      /\b(?:one|a single|our largest|its largest|the largest|two|three|top (?:\w+ )?|largest (?:\w+ )?|five|ten|single|major) (?:\w+ )?(?:customers?|clients?)\b[^.]{0,60}?\b(?:accounted for|represented|comprised|made up|generated|contributed)\b/i,
      /\b(?:customers?|clients?)\b[^.]{0,40}?\b(?:accounted for|represented|comprised)\b[^.]{0,20}?\d{1,3}(?:\.\d+)?\s?%/i,
      /\b(?:depend|dependent|relies|rely|reliant)\b (?:\w+ )?on (?:a )?(?:small|limited|few|single|one|handful of|small number of|limited number of)\b[^.]{0,20}?\b(?:customers?|clients?)\b/i,
      /\bcustomer concentration\b/i,
      // A customer by name ("Walmart accounted for 38% of our net sales"): a proper name as subject, not a product, segment or region.
      /(?:^|[.;]\s)(?!(?:[A-Z][\w&.'’-]* ){0,3}(?:Product|Segment|Region|Division|International|Domestic|Subscription|License|Services?|Hardware|Software|Platform|North|South|Europe|Asia)\b)(?:[A-Z][\w&'’-]*\.? ?){1,4}(?:accounted for|represented) (?:approximately |about |roughly |over |more than )?\d{1,3}(?:\.\d+)?\s?% of (?:our |its |the company['’]s |total |net |consolidated )*(?:net )?(?:sales|revenues?|turnover)\b/,
    ],
    grade: concentrationSeverity,
  },
  {
    id: 'related_parties',
    category: 'governance',
    title: 'Related-party transactions',
    description: 'The business deals with its owners, officers or their companies: terms may not be at arm’s length.',
    triggers: [
      /\brelated[- ]part(?:y|ies)\b[^.]{0,40}?\b(?:transactions?|loans?|notes?|payables?|receivables?|borrowings?|leases?|purchases?|sales|balances?|advances?)\b/i,
      /\b(?:loans?|advances?|notes? payable|notes? receivable|borrowings?|leases?|guarantees?) (?:from|to|with|by|provided by|made to)\b (?:the |our |its |a |an )?(?:majority |principal |controlling |largest |sole )?(?:chief executive(?: officer)?|ceo|founders?|directors?|officers?|shareholders?|stockholders?|owners?|members?|partners?)\b/i,
      /\b(?:company|entity|entities|firm|partnership|trust|business) (?:owned|controlled|managed|wholly owned) by (?:the |our |its |a |an |one of (?:our|its) )?(?:majority |principal |controlling )?(?:chief executive(?: officer)?|ceo|founders?|co-founders?|directors?|officers?|shareholders?|stockholders?|owners?|president|chairman|members?)\b/i,
      /\bdue (?:to|from) (?:related parties|shareholders?|stockholders?|officers?|directors?|owners?|affiliates?)\b/i,
    ],
    grade: graded('low', [/\b(?:loans?|advances?|guarantees?|notes? receivable)\b/i, 'medium']),
  },
  {
    id: 'negative_working_capital',
    category: 'financial',
    title: 'Negative working capital',
    description: 'Current liabilities exceed current assets: obligations due within a year are not covered by short-term assets.',
    triggers: [
      /\b(?:working capital (?:deficit|deficiency|shortfall)|negative working capital)\b/i,
      /\bcurrent liabilities exceed(?:ed|s)? (?:our |its |the company['’]s |the group['’]s )?(?:total )?current assets\b/i,
    ],
    grade: graded('medium'),
  },
  {
    id: 'key_person',
    category: 'operational',
    title: 'Key-person dependence',
    description: 'The business depends on one or a few people: losing them would disrupt it.',
    triggers: [
      /\b(?:depend|depends|dependent|reliant|relies|rely)\b (?:\w+ ){0,4}?(?:up)?on (?:the (?:continued )?(?:services?|efforts|involvement|contributions) of )?(?:our|its|the|mr\.|ms\.|dr\.)? ?(?:founders?|co-founders?|chief executive(?: officer)?|ceo|key (?:personnel|employees|executives|people|members)|senior management(?: team)?|management team|executive officers|principal|owner)\b/i,
      // "dependent on Dr. Jane Doe, our founder"
      /\b(?:depend|depends|dependent|reliant|relies|rely)\b (?:\w+ ){0,3}?(?:up)?on (?:mr\.|ms\.|mrs\.|dr\.)? ?[A-Z][\w'’-]+(?: [A-Z][\w'’-]+){0,2}, (?:our|its) (?:founder|co-founder|chief executive|ceo|president|chairman|principal)/i,
      /\bloss of (?:his|her|their) services\b/i,
      /\b(?:loss|departure|death|disability) of (?:our|its|the|any of our|one or more of our) (?:founders?|co-founders?|chief executive(?: officer)?|ceo|key (?:personnel|employees|executives|people)|senior management|executive officers?)\b/i,
      /\bkey[- ](?:person|man) (?:dependence|dependency|risk)\b/i,
      /\b(?:do|does|did) not (?:carry|maintain|have|hold) (?:any )?key[- ](?:person|man) (?:life )?insurance\b/i,
    ],
    grade: graded('medium'),
    hypotheticalCounts: true,
  },
  {
    id: 'regulatory_action',
    category: 'compliance',
    title: 'Regulatory action',
    description: 'A regulator has opened an inquiry or acted against the business: fines, restrictions or loss of a licence may follow.',
    triggers: [
      /\b(?:consent (?:order|decree)|cease[- ]and[- ]desist|civil investigative demand|wells notice|enforcement action|warning letter|notice of violation|deferred prosecution agreement)\b/i,
      /\b(?:investigation|inquiry|enquiry|examination|subpoena|audit)\b (?:\w+ ){0,3}?(?:by|from) (?:the )?(?:sec|securities and exchange commission|department of justice|doj|ftc|federal trade commission|fda|cfpb|fca|financial conduct authority|prudential regulation authority|irs|internal revenue service|hmrc|epa|osha|occ|fdic|attorney general|state regulator|regulators?|\w+ (?:regulator|authority|agency|commission))\b/i,
      /\b(?:fined|penali[sz]ed|sanctioned)\b (?:\w+ ){0,3}?by\b/i,
      /\b(?:assessed|imposed|levied)\b (?:a |an )?(?:civil )?(?:money |monetary )?(?:penalty|fine)\b|\b(?:civil|monetary) (?:money )?penalty (?:of [^.]{0,30})?(?:against|on)\b/i,
      /\b(?:licen[cs]e|permit|registration|authori[sz]ation) (?:was |has been |were |have been )?(?:suspended|revoked|withdrawn|cancelled|canceled)\b/i,
    ],
    grade: graded(
      'high',
      [/\b(?:subpoena|inquiry|enquiry|warning letter|investigation|examination)\b/i, 'medium'],
      [/\b(?:revoked|suspended|deferred prosecution)\b/i, 'critical'],
    ),
  },
];

import type { RiskCategory, Severity } from '../analysis.types.js';
import type { Pattern } from './composition.js';
import { noun, oneOf, term, verb } from './lexicon.js';
import { readingOf } from './statement-reading.js';

/**
 * A risk that documents state in words. Each rule is a vocabulary, not a list of sentences: terms
 * for its topic (with their inflections and synonyms) and for what a sentence asserts of the topic,
 * combined into `statements` (composition.ts): the parts must stand in one clause, a few words
 * apart, in any order unless said. A statement counts only when its clause asserts it
 * (statement-reading.ts: not negated, not hypothetical), unless the sentence is `boilerplate` (a
 * definition, a policy, an auditor's standard wording) or its clause says the matter is over
 * (`resolved`: a lawsuit dismissed, a weakness remediated, an order lifted). `grade` turns the
 * sentence and the phrase found into a severity; null means the sentence does not amount to the
 * risk (a 6 % customer).
 */
export interface TextRule {
  id: string;
  category: RiskCategory;
  title: string;
  /** Why an underwriter cares; the finding's description starts with it. */
  description: string;
  statements: Pattern[];
  boilerplate?: RegExp[];
  /** The clause holding the phrase says the matter is over: nothing to report. */
  resolved?: RegExp[];
  /** Terms that, in the phrase's clause, make it another rule's risk (a lawsuit brought by a regulator is a regulatory action). */
  excluded?: RegExp[];
  grade: (sentence: string, phrase: string) => Severity | null;
  /**
   * Risk-factor wording ("the loss of our CEO could harm us") is itself the disclosure for this rule,
   * or, as a function of the phrase found, for the phrases that carry a fact of their own (a share of
   * revenue stays a fact inside "should the customer, which accounts for 30 % of revenue, leave").
   */
  hypotheticalCounts?: boolean | ((phrase: string) => boolean);
}

/** First matching step's severity, else the default; a step counts only where the sentence asserts it ("did not waive" is no waiver). */
function graded(defaultSeverity: Severity, ...steps: [RegExp, Severity][]): (sentence: string) => Severity {
  return (sentence) => steps.find(([pattern]) => asserts(sentence, pattern))?.[1] ?? defaultSeverity;
}

/** Whether the pattern occurs in the sentence in a clause that asserts it. */
function asserts(sentence: string, pattern: RegExp): boolean {
  const global = new RegExp(pattern.source, pattern.flags.includes('g') ? pattern.flags : `${pattern.flags}g`);
  return [...sentence.matchAll(global)].some((match) => readingOf(sentence, match.index, match[0].length) === 'asserted');
}

// Going concern (ASC 205-40, PCAOB AS 2415, ISA 570).
const GOING_CONCERN = String.raw`going[- ]concern`;
/**
 * What a doubt about going concern is a doubt about: the going concern itself (not the going concern
 * basis of accounting, which every set of accounts uses), or, when "going concern" is not said,
 * continuing to trade or operate.
 */
const CONTINUING = String.raw`${GOING_CONCERN}(?! (?:basis|assumption|assessment|principle|presumption|concept|convention))|(?:ability to |able to |can |could |will )?continue (?:(?:its |our |their )?operations|operating|trading|in business|in (?:operational )?existence)|(?:ability to )?(?:meet|pay|satisfy) (?:its|our|their) obligations as they (?:come|become|fall) due|(?:its|our|their|the company['’]s|the group['’]s|the business['’]s?) (?:viability|survival)|(?:ability to )?(?:survive|remain in business|stay in business)`;
/** The preposition a doubt governs belongs to it: "doubt upon" is not the condition "upon". */
const DOUBT_ABOUT = String.raw`(?: (?:about|as to|regarding|over|on|upon|concerning|related to|relating to))?`;
const DOUBT = oneOf(
  // ISA 570's formula is one term: its "may" qualifies the doubt, not whether the uncertainty exists.
  String.raw`material uncertaint(?:y|ies)(?: (?:exists?|existed|related to events or conditions))?(?: (?:that|which) (?:may|might|could) cast (?:significant|substantial) doubt)?${DOUBT_ABOUT}`,
  String.raw`(?:substantial|significant|serious|considerable|great|material) (?:doubts?|uncertaint(?:y|ies))${DOUBT_ABOUT}`,
  String.raw`${verb('cast')} doubt${DOUBT_ABOUT}`,
  String.raw`${noun('doubt')} (?:about|as to|regarding|over|on|concerning)`,
  String.raw`${noun('uncertainty')} (?:about|as to|regarding|over|concerning|related to|relating to)`,
);
/** Nouns that name a going concern finding without "doubt": an auditor's going concern paragraph or opinion. */
const GOING_CONCERN_FINDING = String.raw`going[- ]concern (?:${noun('uncertainty')}|${noun('doubt')}|${noun('qualification')}|(?:explanatory |emphasis[- ]of[- ]matter )?${noun('paragraph')}|emphasis of matter|${noun('opinion')}|${noun('warning')}|${noun('modification')}|${noun('issue')})`;

// Covenants and credit agreements.
/** What a covenant is called when the word "covenant" is not used: the ratio or test itself. */
const COVENANT = oneOf(
  noun('covenant'),
  String.raw`covenant (?:${noun('test')}|${noun('level')}|${noun('threshold')}|${noun('requirement')})`,
  String.raw`(?:interest|debt service|fixed[- ]charges?|cash flow) cover(?:age)?(?: ratios?| tests?)?`,
  String.raw`(?:(?:total|senior|net|secured|consolidated|maximum|minimum) )*(?:leverage|liquidity|current|gearing|debt[- ]to[- ]\w+|loan[- ]to[- ]value|asset coverage) ${noun('ratio')}(?: (?:covenant|requirement|test))?`,
  String.raw`(?:leverage|liquidity|financial|maintenance|springing) ${noun('test')}`,
  String.raw`financial (?:${noun('ratio')}|${noun('requirement')})`,
  String.raw`minimum (?:(?:consolidated|adjusted) )?(?:liquidity|(?:tangible )?net worth|ebitda|cash|availability|excess availability)(?: (?:covenant|requirement))?`,
  String.raw`borrowing base`,
  String.raw`(?:DSCR|FCCR|ICR|LTV)(?: ${noun('covenant')}| ${noun('test')}| ${noun('ratio')})?`,
);
/** What a covenant belongs to. */
const FACILITY = oneOf(
  String.raw`(?:credit|loan|facility|financing|note purchase|revolving credit|term loan|forbearance) ${noun('agreement')}`,
  String.raw`(?:credit|loan|revolving|term|bank|senior|secured|syndicated|debt) ${noun('facility')}`,
  String.raw`(?:term|bank|senior|secured) ${noun('loan')}`,
  String.raw`${noun('revolver')}|${noun('indenture')}|(?:senior |secured |convertible |subordinated )?notes|${noun('bond')}|${noun('debenture')}|loan documents|debt ${noun('agreement')}|debt ${noun('instrument')}`,
);
const LENDER = String.raw`(?:${noun('lender')}|(?:the|our|its) bank|banks|noteholders|bondholders|holders of (?:the|our|its) notes|administrative agent|${noun('creditor')}|syndicate)`;
const BREACH = oneOf(
  verb('breach'),
  verb('violate'),
  String.raw`violations?`,
  verb('trip', { doubled: true }),
  String.raw`(?<!events? of )defaults?(?: (?:on|under))?`,
  String.raw`defaulted`,
  String.raw`(?:${verb('fail')}|unable|not able) to (?:meet|comply with|satisfy|maintain|achieve|observe|perform)`,
  String.raw`(?:did|does|do|could) not (?:meet|comply with|satisfy|maintain|achieve|observe)`,
  String.raw`(?:not|no longer|out of) (?:been |be )?(?:in )?compliance`,
  String.raw`non-?compliance|noncompliance`,
  String.raw`in (?:breach|violation|default)`,
  String.raw`(?:was|were|had been|has been|have been) not (?:met|satisfied|achieved|complied with)`,
  String.raw`not (?:met|satisfied|achieved)`,
  String.raw`${verb('miss')}`,
);
const EXCEEDED = oneOf(
  verb('exceed'),
  String.raw`(?:was|were|is|are|rose|went|climbed|increased) (?:above|over|beyond|to more than)`,
  String.raw`in excess of|above|greater than|higher than`,
);
const FELL_SHORT = oneOf(
  String.raw`(?:fell|fall|falls|falling|dropped|declined|decreased) (?:below|short of|under)`,
  String.raw`(?:was|were|is|are|remained) (?:below|under|short of|less than|lower than)`,
  String.raw`short of|below`,
);
const MAXIMUM = String.raw`(?:maximum|permitted|allowed|allowable|ceiling|cap|limit)`;
const MINIMUM = String.raw`(?:minimum|required|floor|threshold)`;
/** A figure beyond its bound, the bound right after the verb: "exceeded the 3.5x maximum", "fell short of the level required". */
const BOUND_FIGURE = String.raw`(?:(?:the|its|our|a|an) )?(?:\$?[\d.,]+(?:x|:1(?:\.0+)?| to 1(?:\.0+)?)?(?: million| billion)? )?(?:\w+ ){0,2}?`;
const ABOVE_MAXIMUM = `${EXCEEDED} ${BOUND_FIGURE}${MAXIMUM}`;
const BELOW_MINIMUM = `${FELL_SHORT} ${BOUND_FIGURE}${MINIMUM}`;
const RATIO_OR_COVENANT = [term(COVENANT), term(String.raw`${noun('ratio')}|ebitda|liquidity|(?:tangible )?net worth|leverage|coverage`)];
const WAIVER = String.raw`(?:${verb('waive')}|waivers?)`;
const FORBEARANCE = String.raw`(?:forbear(?:s|ing|ance)?|forbore|standstill)`;

// Litigation (Item 103, ASC 450).
const LAWSUIT = oneOf(
  String.raw`(?:law ?)?suits?(?! of\b)`,
  String.raw`(?<!(?:customer|consumer|patient|client|employee|whistleblower) )complaints?`,
  String.raw`${noun('litigation')}`,
  String.raw`(?:legal|court|judicial|arbitral|civil) (?:${noun('proceeding')}|${noun('action')}|${noun('claim')}|${noun('challenge')}|${noun('dispute')}|${noun('case')})`,
  String.raw`(?:putative |purported |securities |shareholder |stockholder |derivative |antitrust |patent |product liability |wrongful (?:death|termination) |qui tam )+(?:${noun('action')}|${noun('suit')}|${noun('complaint')}|${noun('case')}|${noun('claim')})`,
  String.raw`class[- ]${noun('action')}`,
  String.raw`${noun('arbitration')}|arbitration (?:${noun('proceeding')}|${noun('claim')}|${noun('demand')})|demand for arbitration`,
  String.raw`${noun('counterclaim')}|writ of summons|statements? of claim`,
  String.raw`(?:an |the )?(?:${noun('action')}|${noun('claim')}|${noun('petition')}|proceedings) against`,
);
const PARTY_TO_SUIT = String.raw`(?:(?:a |the |one of the )?(?:named |nominal )?(?:co-?)?(?:defendants?|respondents?)|(?:a )?part(?:y|ies)) (?:in|to)`;

// Internal control (SOX 302/404, PCAOB AS 2201).
const CONTROLS = String.raw`(?:internal controls?(?: over financial reporting)?|disclosure controls(?: and procedures)?|controls and procedures|ICFR|(?:IT|information technology) general controls|controls (?:over|around|related to|relating to))`;
const NOT_EFFECTIVE = oneOf(
  String.raw`not effective(?:ly)?`,
  String.raw`ineffective|deficient`,
  String.raw`(?:did|do|does) not operate effectively`,
  String.raw`not (?:designed|operating|maintained) (?:and operating |or operating )?effectively`,
);

// Audit opinions (PCAOB AS 3105, ISA 705).
const OPINION = String.raw`(?<!(?:legal|fairness|tax|counsel['’]s|management['’]s) )(?:${noun('opinion')}|(?:audit|auditor['’]s|auditors['’]|accountants['’]|independent auditor['’]s) ${noun('report')}|reports? of (?:the )?independent (?:auditors?|registered public accounting firm))`;

// Auditors (8-K Item 4.01, S-K Item 304).
/**
 * An audit firm by its name and legal form, as 8-K Item 4.01 letters print it: "Haskell & White LLP",
 * "Fruci & Associates II, PLLC", "Turner, Stone & Company, L.L.P.", "BF Borgers CPA PC", "Azets Audit
 * Services".
 */
const AUDIT_FIRM_NAME = String.raw`[A-Z][\w&'’.-]*(?:,? (?:& )?[A-Z][\w&'’.-]*){0,3},? (?:LLP|L\.L\.P\.|LLC|L\.L\.C\.|PLLC|P\.L\.L\.C\.|CPAs?|P\.?C\.?|Chartered Accountants|Statutory Auditors?)|[A-Z][\w&'’]*(?: [A-Z][\w&'’]*)? (?:Audit|Accounting|Assurance) (?:Partners|Group|Services)(?: (?:Limited|Ltd\.?|LLP))?`;
const AUDITOR_WORDS = String.raw`(?<!(?:internal|head of internal) )(?:(?:independent|external|statutory|outside|principal|certifying|group) )?(?:${noun('auditor')}|audit ${noun('firm')}|accountants|accounting ${noun('firm')}|registered public accounting ${noun('firm')}|(?:independent|certifying) ${noun('accountant')}|(?:PwC|PricewaterhouseCoopers|KPMG|Deloitte|Ernst & Young|EY|BDO|Grant Thornton|RSM|Mazars|Forvis|Crowe|Moss Adams|Baker Tilly|Marcum|CohnReznick|Plante Moran)(?: & Touche| USA| US| UK)?(?: LLP| LLC|,? P\.C\.)?)`;
/** An auditor in words or by its name; a firm's name is read case-sensitively (under /i any words before "pc" would be a name). */
const AUDITOR = [term(AUDITOR_WORDS), term(AUDIT_FIRM_NAME, { caseSensitive: true })];
/** What happens to an auditor as the subject: "KPMG resigned", "the auditors were replaced". */
const AUDITOR_LEFT = oneOf(
  String.raw`resigned|resigns|(?:has|have|had) resigned|stepped down|steps down|withdrew|quit`,
  String.raw`(?:was|were|has been|have been|had been|would be|will be) (?:formally )?(?:dismissed|replaced|removed|terminated)`,
  String.raw`${verb('decline')} to (?:stand|be put forward|seek|offer (?:itself|themselves)) for re-?(?:appointment|election)`,
  String.raw`(?:did|does|will) not (?:seek|stand for|offer (?:itself|themselves) for) re-?(?:appointment|election)`,
  String.raw`(?:ceased|ceases) to (?:be|act as|serve as)`,
);
/** What is done to an auditor as the object: "dismissed Smith LLP", "the resignation of our auditors", "changed its auditors". */
const AUDITOR_REMOVED = oneOf(
  String.raw`dismissed|replaced|removed|terminated the (?:engagement|services|appointment) of`,
  String.raw`(?:dismissal|resignation|replacement|removal|termination|change|rotation) (?:of|in)`,
  String.raw`${verb('change')}|${verb('switch')}|${verb('rotate')}`,
  String.raw`(?:decided|elected|chose|resolved|voted) not to (?:re-?appoint|retain|renew the (?:engagement|appointment) of|re-?engage)`,
);
const NEW_AUDITOR = String.raw`(?:new|successor|incoming|replacement|different) (?:independent |external |statutory )?(?:${noun('auditor')}|audit ${noun('firm')}|accountants|accounting ${noun('firm')}|registered public accounting ${noun('firm')})`;
const APPOINTMENT = oneOf(
  verb('appoint'),
  String.raw`appointments?`,
  verb('engage'),
  String.raw`engagements?`,
  verb('select'),
  verb('retain'),
  verb('approve'),
  String.raw`approval`,
  verb('hire'),
  'chose',
);

// Customers (S-K Item 101, ASC 280-10-50-42, ASC 275).
const CUSTOMER_WORD = String.raw`(?:${noun('customer')}|${noun('client')}|${noun('distributor')}|${noun('purchaser')}|${noun('payor')}|${noun('payer')}|${noun('retailer')}|${noun('wholesaler')}|${noun('reseller')}|OEMs?|accounts)`;
const NUMBER_WORD = String.raw`(?:one|two|three|four|five|six|seven|eight|nine|ten|twenty|\d{1,2})`;
/** A customer counted or ranked: one customer, our largest client, the top three customers, each of two distributors, Customer A. */
const FEW_CUSTOMERS = oneOf(
  String.raw`(?:a single|single|one|each of (?:${NUMBER_WORD}|our|its)|${NUMBER_WORD}(?: of (?:our|its|the company['’]s))?|a (?:few|small number|limited number|handful) of|few|(?:our|its|the(?: company['’]s)?|the group['’]s) (?:(?:single|${NUMBER_WORD}) )?(?:largest|biggest|top|major|principal|most significant)(?: ${NUMBER_WORD})?|(?:the )?top(?: ${NUMBER_WORD})?|largest|biggest|major|principal|key|significant) (?:(?:largest|biggest|major|key|principal|significant|top|end|direct|commercial|retail|wholesale|OEM|government) )*${CUSTOMER_WORD}`,
  String.raw`(?:customer|client) [A-Z](?![\w-])`,
  // Government as a customer: "the U.S. Department of Defense", "the federal government", "Medicare".
  String.raw`(?:the )?(?:U\.S\. |United States |federal |state )?(?:government|Department of (?:Defense|Veterans Affairs|Energy|Homeland Security|Health and Human Services)|DoD|Navy|Army|Air Force|Medicare|Medicaid)`,
);
const SHARE_VERB = oneOf(
  String.raw`(?:accounted|accounts|accounting|account) for`,
  verb('represent'),
  verb('comprise'),
  String.raw`(?:made|make|makes|making) up`,
  verb('generate'),
  verb('contribute'),
  verb('constitute'),
  String.raw`(?:amounted|amounts) to`,
  String.raw`(?:was|were|is|are) responsible for`,
  verb('total'),
  String.raw`totall(?:ed|ing)`,
  String.raw`equall?(?:ed|s)?`,
);
const REVENUE = String.raw`(?:(?:our|its|the company['’]s|the group['’]s|total|net|consolidated|annual|gross|product|operating|fiscal(?: \d{4})?|\d{4}|patient|service|product) )*(?:${noun('revenue')}|sales|turnover|billings|(?:trade |accounts )?${noun('receivable')}|accounts receivable|net patient revenue)`;
const SHARE_OF_REVENUE = oneOf(
  String.raw`(?:approximately |about |roughly |nearly |almost |over |more than |just over |some )?\d{1,3}(?:\.\d+)?\s?(?:%|per ?cent)(?:,? (?:respectively|in total|combined|together|in the aggregate|in aggregate|each),?)? (?:or more |or greater )?of ${REVENUE}`,
  String.raw`(?:the majority|most|(?:more than |over |about )?(?:half|a third|a quarter|two-thirds)|a (?:substantial|significant|large|material|major|disproportionate) (?:portion|part|share|percentage|proportion|amount)) of ${REVENUE}`,
);
const COMES_FROM = oneOf(
  String.raw`(?:comes?|came|coming|derives?|derived|originat(?:es|ed|ing)|earned|received) (?:\w+ ){0,2}?from`,
  String.raw`(?:is|are|was|were|has been|have been) (?:\w+ ){0,2}?(?:derived|generated|earned|received|attributable|concentrated)? ?(?:from|to|with|in|by)`,
  String.raw`(?:attributable|concentrated) (?:to|with|in)`,
);
const DEPENDENCE = oneOf(String.raw`${verb('depend')}|dependen(?:t|ce|cy)|reliance|reliant|${verb('rely')}|concentrat(?:ed|ion)`);
const FEW_CUSTOMERS_GROUP = String.raw`(?:a |an )?(?:(?:relatively )?(?:small|limited|few|handful|select|concentrated)|single|one|two|three|four|five) (?:number of |group of )?(?:(?:large|major|key) )?${CUSTOMER_WORD}`;
/** A customer named by its proper name as a sentence's subject, not a product, segment or region. */
const NOT_A_CUSTOMER_NAME = String.raw`(?:Product|Segment|Region|Division|International|Domestic|Subscription|License|Services?|Hardware|Software|Platform|North|South|East|West|Europe|European|Asia|Americas?|United|U\.S\.|US|UK|EMEA|APAC|LATAM|China|Japan|Germany|France|Canada|Mexico|India|Revenue|Sales|Net|Total|Our|The|This|These|Those|We|It|Its|They|He|She|Each|Every|No|None|All|Management|Company|Group|Approximately|In|For|During|Fiscal|Q[1-4]|Gross|Recurring|Online|Retail|Wholesale|Commercial|Government|Federal|State|Latin|Middle|Africa|African|Australia|Korea|Taiwan|Brazil|Pacific|Nordic|Foreign|Other|Rest|Non-U\.S\.|Overseas|Export|Consumer|Enterprise|Industrial|Healthcare|Automotive|Aerospace|Defen[cs]e)s?\b`;
const NAMED_CUSTOMER = new RegExp(
  String.raw`(?:^|(?<=[.;]\s)|(?<=(?:[Ss]ales|[Rr]evenues?|[Ss]hipments|[Bb]illings) (?:to|from) ))(?!(?:[A-Z][\w&.'’-]* ){0,3}${NOT_A_CUSTOMER_NAME})(?:[A-Z][\w&'’-]*\.? ?){1,4}(?:(?:and|together with) (?:its|their) (?:affiliates|subsidiaries) |, [^,]{1,40}, )?${SHARE_VERB} ${SHARE_OF_REVENUE}`,
  'g',
);

/** A customer's proper name that is not a product, segment or region: "Walmart Inc.", "The Home Depot", "Customer A". */
const CUSTOMER_NAME = String.raw`(?!${NOT_A_CUSTOMER_NAME})[A-Z][\w&'’-]*\.?(?: (?:&|(?!${NOT_A_CUSTOMER_NAME})[A-Z][\w&'’-]*\.?)){0,3}(?:,? (?:Inc|Corp|Corporation|Ltd|LLC|plc|Co|N\.V|S\.A|AG|GmbH|SE)\.?)?`;
/** A share stated with an amount first: "$48.2 million, or 36 % of net sales". */
const AMOUNT_OR = String.raw`(?:(?:approximately |about )?[$£€][\d.,]+(?: (?:million|billion|thousand))?,? (?:or|representing) )?`;
/**
 * Sales to a named customer as a share: "Sales to Walmart were 22 % of revenue", "Net sales to The Home
 * Depot represented approximately 27 % of consolidated net sales". The words between the name and the
 * verb are free but few ("and its affiliates", "in fiscal 2024", an aside between commas).
 */
const SALES_TO_NAMED = new RegExp(
  String.raw`(?<![\w-])(?:(?:[Nn]et|[Gg]ross|[Tt]otal|[Cc]onsolidated) )?(?:[Ss]ales|[Rr]evenues?|[Ss]hipments|[Bb]illings) (?:to|from) (?:[Tt]he )?${CUSTOMER_NAME}[^;%]{0,40}? (?:${SHARE_VERB}|were|was|are|is) ${AMOUNT_OR}${SHARE_OF_REVENUE}`,
  'g',
);
/** Customers named in a list at the head of a sentence: "McKesson, AmerisourceBergen and Cardinal Health together accounted for 88 % of revenue". */
const NAMED_CUSTOMERS = new RegExp(
  String.raw`(?:^|(?<=[.;]\s))(?:[Tt]he )?${CUSTOMER_NAME}(?:, (?:[Tt]he )?${CUSTOMER_NAME}){0,4},? (?:and|&) (?:[Tt]he )?${CUSTOMER_NAME},? (?:(?:together|combined|collectively|in (?:the )?aggregate),? )?${SHARE_VERB} ${AMOUNT_OR}${SHARE_OF_REVENUE}`,
  'g',
);

// Related parties (ASC 850, S-K Item 404).
const INSIDER_ROLE = String.raw`(?:chief (?:executive|financial|operating|technology|technical|commercial|investment|scientific|medical) officer|ceo|cfo|coo|cto|${noun('founder')}|co-?${noun('founder')}|${noun('director')}|${noun('officer')}(?<!loan officers?)|${noun('executive')}|president|chair(?:man|woman|person)?|managing (?:member|partner|director)|general partner|board ${noun('member')}|members of (?:the|our|its) board|family ${noun('member')}|relatives?|spouse|(?:brother|sister|son|daughter|father|mother|wife|husband)(?:-in-law)?|(?:majority|principal|controlling|significant|largest|sole|founding) (?:share|stock|unit)?(?:holder|owner|member)s?|(?:share|stock)holder|owner)`;
const INSIDER_PERSON = String.raw`(?:(?:our|its|the(?: company['’]s| group['’]s)?|a|an|one of (?:our|its|the company['’]s)|certain of (?:our|its)|his|her|their|the same) )?(?:(?:former|current|then|majority|principal|controlling|founding|executive|non-executive|independent|sole|chief) )*${INSIDER_ROLE}(?:['’]s)?`;
/** An insider, or an entity or relative of one: "an affiliate of its majority shareholder", "the CEO's brother". */
const INSIDER = String.raw`(?:(?:an? |the )?(?:${noun('affiliate')}|${noun('entity')}|${noun('company')}|${noun('firm')}|${noun('relative')}|family ${noun('member')}|${noun('trust')}) (?:of|controlled by|owned by|affiliated with) )?${INSIDER_PERSON}`;
/** For loans and balances, owners as a group count too: "loans from shareholders", "due to members". */
const OWNERS = String.raw`(?:${INSIDER}|(?:our |its |the )?(?:shareholders|stockholders|members|partners|owners|officers and directors|directors and officers))`;
const LENDING = oneOf(
  String.raw`${noun('loan')}|loaned|lent|${verb('lend')}|${verb('borrow')}|borrowings?`,
  String.raw`${noun('advance')}|advanced`,
  String.raw`(?:promissory |convertible |subordinated |unsecured |secured )notes?|notes? (?:payable|receivable)`,
  String.raw`${noun('guarantee')}|guaranteed|guarant(?:y|ies)`,
  String.raw`(?:amounts?|balances?|sums?|\$[\d,.]+(?: (?:million|thousand))?) (?:due|owed|owing|payable|receivable)|owed|owing`,
  String.raw`${noun('balance')}`,
);
const DEALING = oneOf(
  String.raw`${verb('lease')}|${verb('sublease')}|${verb('rent')}|rental`,
  String.raw`paid|${noun('payment')}|${noun('fee')}|royalt(?:y|ies)|commissions?`,
  String.raw`${verb('purchase')}|bought|sold|${noun('sale')}|supplied|${verb('provide')} (?:[\w'’]+ ){0,3}?(?:services|goods|products)`,
  String.raw`${noun('transaction')}|${noun('contract')}|${noun('arrangement')}|consulting`,
);
/** Insiders' pay is governance, not a related-party dealing (ASC 850-10-50-1 excludes compensation). */
const COMPENSATION =
  /\b(?:employment agreements?|compensation|salar(?:y|ies)|wages|bonus(?:es)?|remuneration|severance|equity awards?|stock options?|option grants?|restricted stock|indemnification|benefits?|director(?:s['’])? fees|retainers?|reimburse\w*|dividends?|distributions?|stock repurchases?|change[- ]in[- ]control)\b/i;
const OWNED_BY = String.raw`(?:${noun('company')}|${noun('entity')}|${noun('firm')}|${noun('partnership')}|${noun('trust')}|${noun('business')}|${noun('supplier')}|${noun('vendor')}|${noun('customer')}|${noun('landlord')}|${noun('contractor')}|${noun('distributor')}|${noun('affiliate')}|LLCs?|${noun('corporation')}|${noun('agency')}|${noun('fund')}) (?:that is |which is |that are |which are )?(?:(?:wholly|partly|partially|majority|jointly|beneficially|indirectly|directly)[- ])?(?:owned|controlled|managed|operated|run|founded|affiliated) (?:by|with)`;
const RELATED_PARTY = String.raw`related[- ]part(?:y|ies)|affiliated (?:compan(?:y|ies)|entit(?:y|ies)|part(?:y|ies))`;

// Working capital.
const CURRENT_ASSETS = String.raw`(?:total )?current assets`;
const CURRENT_LIABILITIES = String.raw`(?:total )?current liabilities|short-term (?:liabilities|obligations)|liabilities (?:falling )?due within (?:one year|twelve months|12 months)`;

/** An amount as filings print it: "$4.1 million", "£612,000", "$2,345 thousand". */
const AMOUNT = String.raw`[$£€]\s?[\d,]+(?:\.\d+)?(?: (?:million|billion|thousand|m|bn|k))?`;
const STATED_AS = String.raw`(?: (?:of|were|was|are|is|totall?ed|totall?ing|amounted to|stood at|came to)(?: approximately| about)?)?`;
/** Both totals stated with their amounts, in either order: "current assets of $4.1 million and current liabilities of $6.3 million". */
const BOTH_TOTALS = new RegExp(
  String.raw`(?<![\w-])(?:${CURRENT_ASSETS}${STATED_AS} ${AMOUNT}[^;]{0,60}?(?:${CURRENT_LIABILITIES})${STATED_AS} ${AMOUNT}|(?:${CURRENT_LIABILITIES})${STATED_AS} ${AMOUNT}[^;]{0,60}?${CURRENT_ASSETS}${STATED_AS} ${AMOUNT})`,
  'gi',
);

/** The value of an amount ("$4.1 million" → 4,100,000). */
function amountValue(text: string): number {
  const match = /([\d,]+(?:\.\d+)?)(?: (million|billion|thousand|m|bn|k))?/i.exec(text);
  if (!match) return Number.NaN;
  const scale = { million: 1e6, m: 1e6, billion: 1e9, bn: 1e9, thousand: 1e3, k: 1e3 }[match[2]?.toLowerCase() ?? ''] ?? 1;
  return Number(match[1].replace(/,/g, '')) * scale;
}

/** Whether a phrase stating both totals states the liabilities larger; a phrase without both amounts is stated in words. */
function liabilitiesExceedAssets(phrase: string): boolean {
  const assets = new RegExp(String.raw`${CURRENT_ASSETS}${STATED_AS} (${AMOUNT})`, 'i').exec(phrase);
  const liabilities = new RegExp(String.raw`(?:${CURRENT_LIABILITIES})${STATED_AS} (${AMOUNT})`, 'i').exec(phrase);
  if (!assets || !liabilities) return true;
  return amountValue(liabilities[1]) > amountValue(assets[1]);
}

// People (key-person risk factors).
const KEY_PEOPLE = String.raw`(?:(?:our|its|the(?: company['’]s| group['’]s)?|either of (?:our|its)|any of (?:our|its)|one or more of (?:our|its)|(?:any )?members? of (?:our|its)|certain (?:of )?(?:our|its)|his|her|these|such) )?(?:(?:current|existing|senior|executive|key|principal|remaining|founding) )*(?:${noun('founder')}|co-?${noun('founder')}|chief (?:\w+ )?(?:${noun('officer')}|${noun('engineer')}|${noun('scientist')}|${noun('designer')}|${noun('architect')}|${noun('technologist')})|ceo|cfo|coo|cto|cso|cmo|(?:one|a single|a few|a small number of|a handful of|two|three) (?:key )?(?:person|people|individuals?|${noun('executive')})|president|chair(?:man|woman|person)?|managing (?:director|partner)|key (?:personnel|${noun('employee')}|${noun('executive')}|people|${noun('person')}|${noun('member')}|${noun('individual')}|staff|management|${noun('manager')}|team members|${noun('leader')}|${noun('scientist')}|${noun('engineer')}|talent)|senior (?:management|${noun('executive')}|leadership|${noun('manager')})(?: team)?|management team|executive (?:${noun('officer')}|team|leadership)|leadership team|(?:our|its) principals|(?:our|its|the) (?:sole |principal |majority )?owner|owner-operator|(?:Mr|Ms|Mrs|Dr)\.? [A-Z][\w'’-]+)`;
/**
 * What one person does alone, stated as the company's situation rather than as a risk factor's
 * possibility: "personally manages all supplier relationships", "is responsible for all product
 * design", "the only person holding the operating licence".
 */
const DOES_ALONE = oneOf(
  String.raw`personally (?:\w+ )?(?:${verb('manage')}|${verb('handle')}|holds?|held|${verb('negotiate')}|${verb('maintain')}|oversees?|oversaw|${verb('control')}|${verb('originate')}|${verb('source')}|${verb('service')}|leads?|led|${verb('approve')}|${verb('sign')})`,
  String.raw`(?:is|are|was|remains?) (?:solely |personally |single-handedly )?responsible for (?:all|substantially all|virtually all|nearly all|every)`,
  String.raw`(?:is|are|was|remains?) (?:the )?(?:only|sole) (?:person|individual|employee|one|director|signatory|licen[sc]e holder)`,
  String.raw`(?:holds?|held|${verb('maintain')}|${verb('control')}|${verb('own')}) (?:all|substantially all|most|virtually all|nearly all|the|our|its|the company['’]s) (?:key |principal |major |significant |important )?(?:customer |client |supplier |banking |lender |lending |vendor |distributor |industry )?relationships`,
);
/**
 * "Key personnel" as a class is every risk factor's (S-K Item 105 boilerplate: "we depend on our key
 * personnel"); it is a finding only in a sentence that names whom: a founder, an officer by title, a
 * person by name.
 */
const GENERIC_PEOPLE =
  /\b(?:key (?:personnel|employees?|people|staff|talent|team members|members|individuals|managers|leaders|scientists|engineers)|(?:highly )?(?:qualified|skilled|talented|experienced) (?:personnel|employees|people|staff|individuals)|executive officers|other key)\b/i;
const NAMED_PERSON =
  /\b(?:co-?)?founders?\b|\bchief (?:\w+ )?(?:officer|engineer|scientist|designer|architect|technologist)\b|\b(?:CEO|CFO|COO|CTO|CSO|CMO)\b|\bpresident\b|\bchair(?:man|woman|person)?\b|\bmanaging (?:director|partner)\b|\b(?:sole|principal|majority) owner\b|\b(?:Mr|Ms|Mrs|Dr)\.? [A-Z]/i;

const LOSS_OF = String.raw`(?:loss|losing|lose|departure|death|disability|incapacity|illness|retirement|resignation|absence|unavailability|(?:loss of|losing) (?:the )?(?:services?|contributions?))(?: of)?`;
const LEAVES = oneOf(
  verb('leave'),
  'left',
  verb('depart'),
  verb('resign'),
  verb('retire'),
  String.raw`(?:were|was|is|are|become|became) (?:unable|incapacitated|unavailable)`,
);

// Regulators (consent orders, warning letters, CIDs, subpoenas, Wells notices).
const REGULATORY_INSTRUMENT = oneOf(
  String.raw`consent (?:${noun('order')}|${noun('decree')})`,
  String.raw`cease[- ]and[- ]desist(?: ${noun('order')}| ${noun('letter')})?`,
  String.raw`civil investigative ${noun('demand')}`,
  String.raw`wells ${noun('notice')}`,
  String.raw`enforcement (?:${noun('action')}|${noun('proceeding')}|${noun('order')})`,
  String.raw`(?:warning|untitled) ${noun('letter')}`,
  String.raw`${noun('notice')} of (?:violation|non-?compliance|noncompliance|proposed (?:penalty|debarment|civil penalty)|charges)`,
  String.raw`(?:deferred|non-?) ?prosecution ${noun('agreement')}`,
  String.raw`(?:FDA )?Form 483(?: observations)?|inspectional observations`,
  String.raw`grand jury (?:${noun('subpoena')}|${noun('investigation')}|${noun('proceeding')})`,
  String.raw`(?:the )?(?:target|subject) of (?:a|an) (?:\w+ ){0,3}?(?:${noun('investigation')}|${noun('inquiry')}|${noun('probe')})`,
  String.raw`civil (?:money|monetary) ${noun('penalty')}`,
  String.raw`(?:formal|written) ${noun('agreement')} with (?:the )?(?:OCC|Office of the Comptroller|Federal Reserve|FDIC|regulators?)`,
  String.raw`matters requiring (?:immediate )?attention`,
  String.raw`show[- ]cause ${noun('order')}`,
  String.raw`import ${noun('alert')}`,
  String.raw`debarment|debarred`,
  String.raw`regulatory (?:${noun('investigation')}|${noun('inquiry')}|${noun('probe')}|${noun('action')}|${noun('proceeding')}|${noun('sanction')}|${noun('penalty')}|${noun('fine')}|enforcement|censure)`,
);
const REGULATOR_ACRONYM = term(
  String.raw`(?:the )?(?:SEC|DOJ|FTC|FDA|CFPB|FCA|PRA|FINRA|CFTC|IRS|HMRC|EPA|OSHA|OCC|FDIC|NYDFS|DEA|CMS|OIG|NHTSA|CPSC|FCC|FERC|NRC|PHMSA|FAA|OFAC|CMA|ICO|SFO|ASIC|BaFin|AMF|Commission)`,
  { caseSensitive: true },
);
const REGULATOR_NAME = term(
  String.raw`(?:the )?(?!(?:Legal|Internal|Compliance|Finance|Accounting|Human|Audit|Sales|Marketing|Engineering|Customer|Risk|Tax|Treasury|Investor)\b)(?:(?:[A-Z][\w&.'’-]+ ){1,5}(?:Commission|Authority|Agency|Bureau|Department|Ministry|Administration|Regulator|Division|Service|Directorate|Inspectorate)(?: of(?: the)?(?: [A-Z][\w&'’-]+| and| for){1,5})?|Department of(?: the)?(?: [A-Z][\w&'’-]+| and){1,5}|Office of (?:the )?(?:Comptroller of the Currency|Inspector General)|Federal Reserve(?: Board| Bank of(?: [A-Z]\w+)+)?|U\.S\. Attorney['’]s Office|United States Attorney['’]s Office)`,
  { caseSensitive: true },
);
const REGULATOR_WORDS = term(
  String.raw`(?:the )?(?:(?:state|federal|national|local|foreign|banking|insurance|securities|gaming|health|healthcare|environmental|tax|financial|prudential|competition|antitrust|privacy|data protection|consumer protection|licensing) )*(?:${noun('regulator')}|regulatory (?:${noun('authority')}|${noun('agency')}|${noun('body')})|governmental? (?:${noun('authority')}|${noun('agency')}|${noun('entity')})|supervisory ${noun('authority')}|${noun('authority')}(?! to\b)|${noun('agency')}|attorneys? general|${noun('prosecutor')}|government)`,
);
const REGULATOR = [REGULATOR_ACRONYM, REGULATOR_NAME, REGULATOR_WORDS];
const REGULATORY_MATTER = String.raw`(?:${noun('investigation')}|${noun('inquiry')}|enquir(?:y|ies)|${noun('probe')}|${noun('examination')}|${noun('audit')}|${noun('subpoena')}|(?:${noun('request')}|demands?) for (?:information|documents|records)|(?:document|information) ${noun('request')}|charges|${noun('complaint')}|(?:civil |administrative )?(?:${noun('action')}|${noun('proceeding')})|${noun('fine')}|${noun('penalty')}|${noun('sanction')}|${noun('citation')}|${noun('settlement')}|${noun('referral')})`;
const REGULATOR_ACTS = oneOf(
  verb('fine'),
  verb('penalize'),
  verb('penalise'),
  verb('sanction'),
  String.raw`${verb('charge')}(?= (?:the|us|it|our|its|[A-Z]))`,
  verb('cite'),
  verb('censure'),
  verb('reprimand'),
  String.raw`(?:is|are|was|were|has been|have been) (?:investigating|examining|probing|inquiring into|looking into)`,
  String.raw`investigat(?:ed|es)`,
  verb('subpoena'),
  String.raw`${verb('order')} (?:the company|us|it|our|its|the bank|the subsidiary)`,
  String.raw`${verb('request')} (?:documents|information|records)`,
  String.raw`${verb('revoke')}|${verb('suspend')}`,
  String.raw`${verb('refer')} (?:the matter|the company|us)`,
  String.raw`sued`,
);
const REGULATOR_OPENS = oneOf(
  verb('open'),
  verb('conduct'),
  verb('launch'),
  verb('commence'),
  verb('initiate'),
  'began',
  'begun',
  verb('start'),
  verb('issue'),
  verb('serve'),
  'sent',
  verb('deliver'),
  verb('impose'),
  verb('assess'),
  verb('levy'),
  'brought',
  verb('file'),
  verb('institute'),
  verb('announce'),
);
const PENALTY = String.raw`(?<!(?:pre|re)payment |make-whole |early (?:termination|repayment|withdrawal) |late |redemption |withdrawal )(?:(?:civil|monetary|administrative|criminal) )?(?:${noun('penalty')}|${noun('fine')})(?! (?:for|on|under) (?:the )?(?:early|late|prepayment|termination|lease))`;
const LICENCE = String.raw`(?<!registration )(?:(?:${noun('licence')}|${noun('license')}|${noun('permit')}|(?<!trademark )${noun('registration')}(?! statements?)|${noun('authorisation')}|${noun('authorization')}|${noun('charter')}|${noun('accreditation')}))`;
const LICENCE_LOST = oneOf(
  String.raw`${verb('suspend')}|suspensions?`,
  String.raw`${verb('revoke')}|revocations?`,
  String.raw`withdrawn|withdrew|withdrawals?`,
  String.raw`cancell?ed|cancell?ations?`,
  String.raw`${verb('rescind')}`,
  String.raw`not renewed|non-?renewal`,
);

/**
 * Concentration: one customer at 10 % of revenue is the SEC's disclosure threshold (S-K Item 101)
 * and a common lender's review point; a quarter of revenue in one hand is high. A group ("top five
 * customers") is judged at 50 % and 75 % when its share is one figure; figures given one per
 * customer ("37 % and 22 %, respectively", "each") are judged one by one. Without a figure, a stated
 * dependence is medium. The figures read are those of the phrase found ("one customer accounted for
 * 32 % of revenue"), so a growth rate elsewhere in the sentence is not taken for a share.
 */
function concentrationSeverity(sentence: string, phrase: string): Severity | null {
  const share = largestPercent(phrase) ?? largestPercent(sentence);
  if (share === null) return 'medium';
  const combined = /\b(?:together|combined|collectively|in (?:the )?aggregate)\b/i.test(phrase);
  const oneFigurePerCustomer = !combined && (/\b(?:single|one|each|respectively)\b/i.test(phrase) || percents(phrase).length > 1);
  const group =
    /\b(?:top|largest|biggest|ten|five|four|three|two|several|few|\d{1,2}) (?:\w+ )?(?:customers|clients|distributors|payors|payers|retailers)\b/i.test(
      phrase,
    ) && !oneFigurePerCustomer;
  // A group's share spread over its members: the top three at 45 % are 15 % each, above the one-customer threshold.
  const members = groupSize(phrase);
  if (group) return share >= 75 ? 'high' : share >= 50 || (members !== null && share / members >= 10) ? 'medium' : null;
  return share >= 25 ? 'high' : share >= 10 ? 'medium' : null;
}

const COUNTS: Record<string, number> = { two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, twenty: 20 };

/** How many customers a group names ("our three largest customers", "the top 5 clients"), or null when it does not say. */
function groupSize(phrase: string): number | null {
  const match =
    /\b(two|three|four|five|six|seven|eight|nine|ten|twenty|\d{1,2})\b(?= (?:\w+ )?(?:largest |biggest |major |principal )?(?:customers|clients|distributors|payors|payers|retailers|wholesalers|resellers|OEMs)\b)/i.exec(
      phrase,
    );
  if (!match) return null;
  const word = match[1].toLowerCase();
  return COUNTS[word] ?? Number(word);
}

/** The largest percentage in a text, or null. */
function largestPercent(text: string): number | null {
  const values = percents(text);
  return values.length > 0 ? Math.max(...values) : null;
}

/** Shares a sentence gives as fractions in words ("a third of turnover"). */
const FRACTIONS: [RegExp, number][] = [
  [/\bthree[- ]quarters\b/i, 75],
  [/\btwo[- ]thirds\b/i, 67],
  [/\b(?:the )?majority\b|\bhalf\b/i, 50],
  [/\b(?:a|one)[- ]third\b/i, 33],
  [/\b(?:a|one)[- ]quarter\b|\bone[- ]fourth\b/i, 25],
];

function percents(text: string): number[] {
  const figures = [...text.matchAll(/(\d{1,3}(?:\.\d+)?)\s?(?:%|per ?cent\b)/gi)].map((match) => Number(match[1]));
  const words = FRACTIONS.filter(([pattern]) => pattern.test(text)).map(([, share]) => share);
  return [...figures, ...words.slice(0, 1)];
}

/** A definition ("A material weakness is a deficiency...", "'Event of Default' means ...") names a risk without stating it. */
export const DEFINITION =
  /^\W*(?:an? |the )?["“]?[A-Za-z][\w ’'-]{0,60}?["”]? (?:is|are) (?:defined as|a deficiency|a condition|deemed to)\b|^\W*(?:an? |the )?["“]?[A-Za-z][\w ’'“”"-]{0,60}?["”]? (?:means|shall mean|has the meaning|refers to)\b|["“][A-Z][\w ]+["”] (?:means|shall mean|has the meaning)\b/;

const c = (parts: (string | RegExp | RegExp[])[], within: number, ordered = false): Pattern => ({
  parts: parts.map((part) => (typeof part === 'string' ? term(part) : part)),
  within,
  ordered,
});

export const TEXT_RULES: TextRule[] = [
  {
    id: 'going_concern',
    category: 'financial',
    title: 'Going concern doubt',
    description: 'The documents state a doubt about the business continuing as a going concern: repayment depends on events outside the lender’s control.',
    statements: [
      c([DOUBT, CONTINUING], 14),
      term(GOING_CONCERN_FINDING),
      c([String.raw`(?:explanatory|emphasis[- ]of[- ]matter|separate|additional) ${noun('paragraph')}|emphasis of matter`, GOING_CONCERN], 18, true),
      c(
        [
          String.raw`ability to continue as a going concern`,
          String.raw`(?:is|are|remains?|will be|was) (?:substantially |highly |wholly |entirely )?(?:dependent|contingent|conditional|reliant)|${verb('depend')}`,
        ],
        4,
        true,
      ),
    ],
    boilerplate: [/\b(?:going concern basis of accounting|basis of accounting|going concern assumption is appropriate)\b(?!.*\b(?:doubt|uncertainty)\b)/i],
    resolved: [/\b(?:no longer (?:exists?|applies|present|considered)|(?:was|were|has been|have been|had been) (?:fully )?(?:resolved|removed|eliminated))\b/i],
    grade: graded('critical', [/\balleviat/i, 'medium'], [/\b(?:dependent|contingent|conditional|reliant|depends?)\b/i, 'high']),
  },
  {
    id: 'covenant_breach',
    category: 'financial',
    title: 'Covenant breach or waiver',
    description: 'A loan covenant was breached, or waived by the lender: the borrower has already failed a test a lender set.',
    statements: [
      c([BREACH, COVENANT], 10),
      c([term(ABOVE_MAXIMUM), RATIO_OR_COVENANT], 12),
      c([term(BELOW_MINIMUM), RATIO_OR_COVENANT], 12),
      c([WAIVER, [term(COVENANT), term(String.raw`(?:events? of )?defaults?|breach(?:es)?|non-?compliance|violations?`)]], 10),
      // A waiver obtained needs no named covenant: a lender's waiver is of a default, actual or expected.
      c(
        [
          String.raw`${verb('obtain')}|${verb('receive')}|received|${verb('grant')}|${verb('request')}|${verb('seek')}|sought|${verb('secure')}|${verb('enter')} into|${verb('negotiate')}|${verb('issue')}|${verb('provide')}|gave|given`,
          String.raw`(?:a |an )?(?:\w+ )?waivers?`,
        ],
        2,
        true,
      ),
      c([FORBEARANCE, [term(COVENANT), term(FACILITY), term(LENDER), term(String.raw`${noun('agreement')}|defaults?|remedies|rights`)]], 10),
      c([String.raw`declared|${verb('call')}|issued|sent|delivered|served`, String.raw`(?:a |an )?(?:payment )?(?:event of )?default`], 2, true),
      c(
        [
          String.raw`events? of default`,
          String.raw`(?:has|have|had) occurred|occurred|exists|existed|(?:is|was|were) continuing|(?:was|were|has been|have been) triggered|triggered|resulted|arose|constituted`,
        ],
        5,
      ),
      term(
        String.raw`(?:${noun('notice')}|${noun('letter')}) of (?:default|acceleration|events? of default)|default ${noun('notice')}|reservation of rights(?: letter)?|covenant (?:relief|holiday)|technical default|cross-default (?:was|has been|were) triggered`,
      ),
      c(
        [
          String.raw`${verb('accelerate')}|acceleration`,
          [term(FACILITY), term(String.raw`(?:the |all )?(?:${noun('loan')}|debt|indebtedness|obligations|maturity|amounts (?:outstanding|due)|borrowings)`)],
        ],
        6,
      ),
      c(['declared', String.raw`(?:immediately )?due and payable`], 8, true),
      c(
        [
          String.raw`(?:${verb('fail')}|unable|not able) to (?:make|pay)|(?:did|does) not (?:make|pay)|missed|skipped`,
          String.raw`(?:the |a |its |our )?(?:scheduled |required |quarterly |semi-annual |monthly |annual )?(?:interest|principal|coupon|debt service|amortization|amortisation) ${noun('payment')}`,
        ],
        5,
        true,
      ),
      c([String.raw`defaulted|default(?:ed)? (?:on|under)|in default (?:of|under|on)|payment default|cross-?default(?:s|ed)?`, FACILITY], 6),
      // Loan-document wording: "was not in compliance with Section 7.1(a) of the Credit Agreement".
      c([String.raw`(?:not|no longer|out of) (?:been )?in compliance with|in (?:breach|violation) of|${verb('breach')}|${verb('violate')}`, FACILITY], 8, true),
      // An event of default referred to as one that happened: "due to the Event of Default", "the existing Events of Default".
      term(
        String.raw`(?:due to|as a result of|because of|following|arising from|in light of|in respect of|with respect to|waive[sd]?|cure[sd]?) (?:the|such|this|these|those) (?:existing |continuing |ongoing |specified |above |aforementioned )?(?:events? of default|defaults)|(?:the )?(?:existing|continuing|ongoing|specified) (?:events? of default|defaults)`,
      ),
    ],
    boilerplate: [
      /\bcovenants? (?:include|includes|require|requires|are)\b/i,
      /\bfinancial covenants?:/i,
      /\b(?:contains?|includes?|including) (?:\w+ ){0,3}?(?:covenants|events of default)\b/i,
      /\bcustomary\b/i,
      /\bwaiv\w*\b.{0,40}\b(?:jury|trial|subrogation|presentment|immunit\w*|notices? of|conflicts?)\b/i,
    ],
    resolved: [
      /\b(?:has|have|had) since been (?:removed|deleted|eliminated|cured|repaid|terminated)\b|\bno longer (?:applies|in effect|applicable|outstanding)\b/i,
      /\b(?:was|were|has been|have been|had been) (?:fully |subsequently )?(?:cured|remedied)\b/i,
      /\b(?:repaid|paid off|repayment of all (?:obligations|amounts|indebtedness)|refinanced) (?:\w+ ){0,3}?in full\b/i,
    ],
    grade: graded(
      'high',
      [/\bevents? of default\b|\baccelerat\w*\b|\bdue and payable\b|\bnotice of default\b/i, 'critical'],
      [/\bwaive[dr]?s?\b|\bwaiving\b|\bamend(?:ed|ment)\b|\bcovenant relief\b/i, 'medium'],
    ),
  },
  {
    id: 'litigation',
    category: 'legal',
    title: 'Pending litigation',
    description: 'The business is a party to a lawsuit or legal proceeding whose outcome may cost it money or assets.',
    statements: [
      c(
        [
          String.raw`${verb('file')}|brought|${verb('bring')}|${verb('commence')}|${verb('initiate')}|${verb('institute')}|${verb('lodge')}|${verb('launch')}|${verb('assert')}|served(?: with)?`,
          LAWSUIT,
        ],
        8,
      ),
      c([String.raw`pending|ongoing|outstanding|threatened|active|unresolved|remains? open`, LAWSUIT], 6),
      c([PARTY_TO_SUIT, LAWSUIT], 5, true),
      term(String.raw`(?:named|joined|added|listed|sued) (?:\w+ ){0,3}?as (?:a |an )?(?:co-?)?(?:defendants?|respondents?)`),
      term(String.raw`${verb('sue')}`),
      c(
        [
          LAWSUIT,
          String.raw`${verb('allege')}|allegations?|${verb('seek')} (?:\w+ ){0,3}?(?:damages|relief|restitution|an injunction)|sought (?:\w+ ){0,3}?(?:damages|relief)`,
        ],
        8,
        true,
      ),
      term(
        String.raw`(?:the )?(?:plaintiffs?|claimants?|petitioners?)(?:['’]s?)? (?:${verb('allege')}|${verb('seek')}|sought|${verb('claim')}|${verb('contend')})`,
      ),
      c(
        [
          String.raw`${noun('judgment')}|${noun('judgement')}|${noun('verdict')}|(?:arbitral |arbitration )?${noun('award')}|awarded|${noun('ruling')}|${noun('damage')}`,
          String.raw`against (?:the company|us|the borrower|the group|it|the bank|the partnership|[A-Z])`,
        ],
        6,
        true,
      ),
      term(
        String.raw`jury (?:returned|found|awarded|verdict)|(?:was|were|has been|have been) (?:found|held) liable|ordered (?:\S+ ){0,4}?to pay (?:\S+ ){0,4}?damages`,
      ),
      c([String.raw`${verb('settle')}|settlements?`, [term(LAWSUIT), term(String.raw`${noun('plaintiff')}|${noun('claimant')}|${noun('dispute')}`)]], 6),
      c(
        [
          String.raw`involved|engaged|a party|parties|the subject|defending|${verb('defend')}(?: \w+)? against|contesting|${verb('contest')}|${verb('face')}|embroiled|entangled|mired`,
          LAWSUIT,
        ],
        5,
        true,
      ),
      term(String.raw`in (?:active |ongoing |pending )?(?:litigation|arbitration|legal proceedings) (?:with|against|over)`),
      c(
        [
          String.raw`${noun('claim')}|${noun('action')}|proceedings|${noun('petition')}`,
          String.raw`(?:filed|lodged|brought|asserted|commenced|initiated|instituted|issued|made)`,
          String.raw`against`,
        ],
        8,
        true,
      ),
      c(
        [
          String.raw`${noun('dispute')}|${noun('claim')}|case`,
          String.raw`(?:is|are|remains?|was|were) (?:now |currently |still )?(?:before|pending (?:before|in)) (?:the |a )?(?:[A-Z]\w+ )*(?:courts?|Court|tribunal|arbitrator|judge)`,
        ],
        5,
        true,
      ),
      // ASC 450 speaks of the loss a suit may bring: the suit exists ("a loss is probable in connection with the patent litigation").
      c(
        [
          String.raw`(?:an? |the )?(?:loss|losses|liability) (?:is|are|was|were) (?:probable|reasonably possible|remote)|(?:probable|reasonably possible) (?:that (?:\w+ ){0,6}?)?(?:an? )?(?:loss|losses)|(?:has |have )?accru(?:ed|als?) (?:\$?[\d.,]+ (?:million |thousand )?)?(?:for|in connection with|related to|relating to)|loss contingenc(?:y|ies)`,
          LAWSUIT,
        ],
        8,
      ),
      // A court's steps in a case that goes on.
      term(
        String.raw`${noun('motion')} (?:to dismiss|for summary judgment|for class certification)|discovery (?:is|remains) (?:ongoing|underway|in progress)|(?:trial|(?:arbitration |final |evidentiary )?hearing) (?:\w+ ){0,6}?(?:is|has been|was) (?:scheduled|set|listed)|(?:scheduled|set) for trial|(?:certified|certify|certifies) (?:a |the )?class|(?:taken|took|take|takes|taking) (?:\w+ ){0,3}?to court|(?:legal|court) ${noun('battle')}`,
      ),
      // Specific claims the company answers ("intends to defend itself vigorously against these claims", "denies the allegations").
      term(
        String.raw`(?:${verb('defend')}|${verb('contest')}) (?:\w+ ){0,3}?(?:against )?(?:the|these|such|those|all) (?:claims|allegations|lawsuits?|suits?|actions?|charges)|(?:${verb('deny')}|denied) (?:the|these|such|those|all) (?:allegations|claims)`,
      ),
    ],
    boilerplate: [
      /\b(?:ordinary|normal|regular) course of (?:its |our |the |their )?business\b/i,
      /\b(?:incidental to (?:its|our|the) business|routine (?:litigation|legal|claims))\b/i,
      /\bgoverning law\b/i,
      /\bindemnif/i,
      // An accounting policy for suits, not a suit: "accruals are recorded when a loss is probable".
      /\b(?:when|if) (?:it is |a loss is |the loss is |losses are )?(?:probable|reasonably estimable)\b|\b(?:are|is) (?:recorded|recognized|recognised|accrued|expensed) (?:when|as incurred)\b/i,
    ],
    resolved: [
      /\b(?:lawsuit|suit|action|complaint|claim|case|litigation|proceeding|arbitration|petition)s? (?:\w+ ){0,8}?(?:was|were|has been|have been|had been) (?:voluntarily |fully |formally |finally )?(?:dismissed|withdrawn|vacated|discontinued|abandoned)\b(?!.*\b(?:appeal\w*|remaining|pending|re-?filed)\b)/i,
      /\bdismissed with prejudice\b(?!.*\b(?:appeal\w*|remaining|pending)\b)/i,
      /\bgrant(?:ed|ing) (?:the company['’]s |our |its )?motion (?:to dismiss|for summary judgment)\b(?!.*\b(?:appeal\w*|remaining|pending|in part)\b)/i,
      /\b(?:in (?:the company['’]s|our|its) favou?r)\b/i,
    ],
    // The adverse party is a regulator: the matter is a regulatory action, not a private suit.
    excluded: [REGULATOR_ACRONYM, REGULATOR_NAME, term(String.raw`${noun('regulator')}|attorneys? general|${noun('prosecutor')}`)],
    grade: graded(
      'medium',
      [/\bclass[- ]actions?\b|\b(?:judg(?:e)?ments?|verdicts?)\b.*\bagainst\b|\bdamages of\b|\bliable\b/i, 'high'],
      // Settled or dismissed, unless part of it goes on ("dismissed in part; the remaining claims are pending").
      [/^(?!.*\b(?:in part|partially|remaining|pending|appeal\w*)\b).*\b(?:settle(?:d|ment)|dismissed)\b/i, 'low'],
    ),
  },
  {
    id: 'material_weakness',
    category: 'governance',
    title: 'Material weakness in internal control',
    description: 'Internal control over financial reporting has a material weakness: the reported figures are less reliable.',
    // A weakness stated, not the category named for all weaknesses ("all significant deficiencies and material weaknesses", "any material weaknesses").
    statements: [term(String.raw`(?<!\b(?:all|any|each|every)(?: [\w-]+){0,3} )material weakness(?:es)?`), c([CONTROLS, NOT_EFFECTIVE], 16)],
    boilerplate: [
      /\bmaterial weakness is (?:a|defined)\b/i,
      // The PCAOB report's sentence: a denial whose "not" stands far from its object.
      /\bdid not identify any deficienc(?:y|ies) in internal control\b/i,
      /\bdefinition of (?:a )?material weakness\b/i,
      /\breasonable possibility that a material misstatement\b/i,
      /\binherent limitations\b/i,
    ],
    resolved: [
      /^(?!.*\b(?:not|never|yet to|until|will|expects?|expected|plans?|intends?|process of|ongoing|continu\w*|being)\b).*\bremediated\b/i,
      /\bremediation (?:of [^;]{0,80})?(?:was|has been|is|were) (?:fully )?complete(?:d)?\b/i,
      /\b(?:completed|concluded) (?:the |its |our )?remediation\b/i,
      /\bno longer (?:exists?|constitutes?|considered)\b/i,
    ],
    grade: graded('high'),
  },
  {
    id: 'qualified_opinion',
    category: 'governance',
    title: 'Qualified, adverse or disclaimed audit opinion',
    description: 'The auditor did not give a clean opinion on the financial statements.',
    statements: [
      c([String.raw`qualif(?:y|ies|ied|ication|ications)|disclaim(?:s|ed|er|ing)?|modified|modification`, OPINION], 12),
      term(String.raw`adverse (?:audit )?opinion|opinion (?:was|is) adverse|except[- ]for (?:opinion|qualification)`),
      term(
        String.raw`(?:in (?:our|the auditor['’]s|the auditors['’]) opinion,? )?except for the (?:possible )?effects? of (?:the|such|this) (?:matters?|adjustments?)`,
      ),
      term(
        String.raw`(?:do|does|did) not express an opinion|(?:unable|not able|declined|refused) to (?:express|give|issue|provide|form) an? (?:audit )?opinion|withh[eo]ld (?:its|their|an) opinion`,
      ),
      term(String.raw`(?:unable|not able) to obtain sufficient (?:appropriate )?(?:audit )?evidence|scope limitation|limitation (?:on|of) (?:the |our )?scope`),
      term(String.raw`do(?:es)? not present fairly`),
    ],
    boilerplate: [
      /\b(?:unqualified|unmodified) (?:audit )?(?:opinion|report)\b/i,
      /\bqualified in (?:its|their) entirety\b/i,
      // The standard sentence of an audit without an ICFR audit, and of review and compilation reports: no opinion was sought.
      /\b(?:express(?:es|ed|ing)? no (?:such )?opinion|not for the purpose of expressing an opinion|express(?:ing)? an opinion on the effectiveness|such an opinion|any (?:other )?form of assurance|(?:not|nor) (?:audited|reviewed)|substantially less in scope)\b/i,
    ],
    grade: (sentence) =>
      /\binternal control\b/i.test(sentence)
        ? 'high'
        : asserts(
              sentence,
              /\badverse\b|\bdisclaim\w*\b|\bdo(?:es)? not express an opinion\b|\bnot present fairly\b|\b(?:unable|not able|declined|refused) to (?:express|give|issue|provide|form)\b/i,
            )
          ? 'critical'
          : 'high',
  },
  {
    id: 'auditor_change',
    category: 'governance',
    title: 'Change of auditor',
    description: 'The auditor was dismissed, resigned or was replaced: a change can follow a disagreement over the accounts.',
    statements: [
      c([AUDITOR, AUDITOR_LEFT], 5, true),
      c([AUDITOR_REMOVED, AUDITOR], 8, true),
      c([String.raw`resign(?:ed|s|ation)?|${AUDITOR_LEFT}`, 'as', AUDITOR], 9, true),
      c([APPOINTMENT, NEW_AUDITOR], 10),
      // 8-K Item 4.01's other half: "the Audit Committee approved the engagement of Grant Thornton LLP as the Company's independent registered public accounting firm".
      c(
        [
          String.raw`${verb('approve')} the (?:engagement|appointment) of|engaged`,
          AUDITOR,
          String.raw`(?:to (?:serve|act) )?as (?:the |its |our |their |the company['’]s |the group['’]s |the registrant['’]s )?(?:new )?(?:${AUDITOR_WORDS}|auditors?|principal accountants?|certifying accountants?)`,
        ],
        3,
        true,
      ),
      // The firm replaced is named: "engaged X LLP, replacing Y LLC", "in place of Deloitte LLP", "following the resignation of Saffery Champness".
      c([String.raw`replacing|in place of|to replace|succeeding|as (?:the )?successor to`, AUDITOR], 2, true),
      c(
        [
          AUDITOR,
          term(
            String.raw`(?:[Ff]ollowing|[Aa]fter|[Uu]pon|[Oo]n|[Dd]ue to) the (?:resignation|dismissal|removal|retirement) of (?:[A-Z][\w&'’.-]*,? ){0,3}[A-Z][\w&'’.-]*`,
            {
              caseSensitive: true,
            },
          ),
        ],
        8,
        true,
      ),
      term(String.raw`changes? in (?:the )?registrant['’]s certifying accountants?`),
      c([String.raw`(?:has|have|had|now uses|moved to|changed to|switched to)`, NEW_AUDITOR], 2, true),
      term(String.raw`disagreements? with (?:the |our |its )?(?:former |previous |prior )?(?:auditors?|accountants|audit firm)`),
    ],
    boilerplate: [
      /\bchanges? in and disagreements? with\b/i,
      /\baudit partner\b|\bengagement partner\b|\bpartner rotation\b/i,
      // A proxy's or an AGM's reappointment: "subject to shareholder ratification", "a resolution to reappoint".
      /\bratif\w*|\b(?:resolutions?|proposals?|proposed?|recommend\w*|intends?|intention) (?:\w+ ){0,3}?re-?(?:appoint|elect|engage)|\bre-?(?:appointed|elected|engaged)\b|\bwillingness to continue\b|\bcontinu\w* (?:to serve|in office)\b/i,
    ],
    // A court dismissing a claim against a firm is litigation, not a dismissal of the auditor.
    excluded: [/\b(?:court|lawsuits?|suits?|complaints?|claims?|plaintiffs?|defendants?|judge|arbitrat\w*|with prejudice)\b/i],
    grade: graded('medium', [/\bdisagreements?\b/i, 'high']),
  },
  {
    id: 'customer_concentration',
    category: 'market',
    title: 'Customer concentration',
    description: 'A large share of revenue comes from few customers: losing one would cut revenue sharply.',
    statements: [
      c([FEW_CUSTOMERS, SHARE_VERB, SHARE_OF_REVENUE], 14, true),
      c([SHARE_OF_REVENUE, COMES_FROM, FEW_CUSTOMERS], 10, true),
      c(
        [
          String.raw`${verb('derive')}|${verb('generate')}|${verb('earn')}|${verb('receive')}|${verb('obtain')}`,
          SHARE_OF_REVENUE,
          String.raw`(?:from|with) ${FEW_CUSTOMERS}`,
        ],
        4,
        true,
      ),
      c([FEW_CUSTOMERS, SHARE_OF_REVENUE], 3, true),
      c([DEPENDENCE, FEW_CUSTOMERS_GROUP], 8),
      term(String.raw`customer concentration(?! (?:is|was|remains|remained) (?:low|limited|minimal|modest|not))`),
      NAMED_CUSTOMER,
      SALES_TO_NAMED,
      NAMED_CUSTOMERS,
    ],
    grade: concentrationSeverity,
    hypotheticalCounts: (phrase) => percents(phrase).length > 0,
  },
  {
    id: 'related_parties',
    category: 'governance',
    title: 'Related-party transactions',
    description: 'The business deals with its owners, officers or their companies: terms may not be at arm’s length.',
    statements: [
      c([RELATED_PARTY, oneOf(LENDING, DEALING, String.raw`amounts?`)], 6),
      c([LENDING, String.raw`(?:from|to|with|by|of|for|on behalf of|in favou?r of) ${OWNERS}`], 6, true),
      c([DEALING, String.raw`(?:from|to|with|on behalf of) ${INSIDER}`], 6, true),
      c(
        [
          INSIDER,
          String.raw`(?<!(?:is|was|are|were|be|been|being) )(?:has |have |had )?(?:personally |also |jointly )?(?:guaranteed|${verb('guarantee')}|loaned|lent|${verb('lend')}|advanced|${verb('provide')} (?:a |an )?(?:\$?[\d.,]+ (?:million |thousand )?)?(?:personal |bridge |short-term |unsecured |secured |interest-free )*(?:loan|guarantee|advance|financing|funding)|funded|${verb('lease')}|${verb('rent')}|${verb('sublease')})`,
        ],
        4,
        true,
      ),
      c([OWNED_BY, INSIDER], 4, true),
      // The insider alone after "controlled by": INSIDER's own "a company controlled by" would take the words OWNED_BY needs.
      c([OWNED_BY, INSIDER_PERSON], 4, true),
      c(
        [INSIDER, String.raw`(?:has|have|had|holds?|held) (?:an? )?(?:material |direct |indirect |financial |ownership )?(?:interest|stake|ownership)s? in`],
        5,
        true,
      ),
      // An insider's own business deals with the company: "the CEO's company supplies our packaging".
      c(
        [
          String.raw`(?:our|its|the(?: company['’]s| group['’]s)?) (?:${INSIDER_ROLE})['’]s? (?:own |family['’]?s? )?(?:\w+ )?(?:${noun('company')}|${noun('firm')}|${noun('business')}|${noun('entity')})`,
          // The business as the subject of an active verb of dealing ("the CEO's company car is leased" is not one).
          String.raw`(?<!(?:is|was|are|were|be|been) )(?:${verb('supply')}|${verb('provide')}|${verb('handle')}|${verb('perform')}|${verb('deliver')}|${verb('manufacture')}|${verb('distribute')}|${verb('service')}|${verb('lease')}|${verb('rent')}|${verb('sell')}|sold|${verb('charge')}|${verb('bill')}|${verb('invoice')}|${verb('receive')})`,
        ],
        2,
        true,
      ),
      // An insider owns what the business deals with: "the CEO owns the building we lease", "owns 50% of the entity that provides our trucking".
      c(
        [
          INSIDER,
          String.raw`${verb('own')}|owned|${verb('control')}`,
          String.raw`(?:${noun('entity')}|${noun('company')}|${noun('firm')}|${noun('supplier')}|${noun('vendor')}|${noun('landlord')}|${noun('building')}|premises|${noun('property')}|${noun('warehouse')}|${noun('facility')}|${noun('business')})`,
          oneOf(
            DEALING,
            String.raw`(?:that|which|who) (?:\w+ )?(?:${verb('provide')}|${verb('handle')}|supplies|supplied|${verb('perform')}|${verb('deliver')}|${verb('manufacture')}|${verb('ship')}|${verb('distribute')}|${verb('service')})`,
          ),
        ],
        12,
        true,
      ),
      c(
        [
          String.raw`(?:${noun('company')}|${noun('entity')}|${noun('firm')}|${noun('supplier')}|${noun('vendor')}|${noun('customer')}|${noun('landlord')}|${noun('contractor')}|${noun('business')}|${noun('partnership')}|(?:pension |retirement )?${noun('scheme')}|${noun('fund')}) (?:in|of) which`,
          INSIDER,
          String.raw`(?:has|have|had|holds?|held|owns?|owned) (?:an? )?(?:[\d.]+\s?% |material |direct |indirect |financial |ownership |controlling |majority )*(?:interest|stake|ownership|equity)?|(?:is|are|was|were) (?:a |an |the )?(?:(?:sole|only|principal|majority) )?(?:partners?|principals?|directors?|officers?|members?|owners?|shareholders?|stockholders?|trustees?|beneficiar(?:y|ies))`,
        ],
        8,
        true,
      ),
      term(
        String.raw`(?:shareholder|stockholder|director|officer|founder|member|owner|insider|related[- ]party)s?['’]? (?:${noun('loan')}|${noun('advance')}|notes? payable|${noun('borrowing')})`,
      ),
      term(
        String.raw`due (?:to|from) (?:related parties|(?:our |its )?(?:shareholders|stockholders|officers|directors|members|partners|owners)|affiliates?)(?!['’])`,
      ),
    ],
    boilerplate: [
      COMPENSATION,
      /\b(?:polic(?:y|ies)|reviews? and (?:approves?|ratif(?:y|ies))|(?:must|shall|will) be (?:reviewed|approved)|are considered (?:to be )?related)\b/i,
      // How such dealings are governed, with no dealing in it (no amount): "are conducted at arm's length and require board approval".
      /^(?!.*[$£€]\s?\d)(?=.*\b(?:arm['’]?s[- ]length|approval|approved by|reviewed by)\b)/i,
    ],
    grade: graded('low', [/\b(?:loans?|loaned|lent|borrow\w*|advances?|advanced|guarantee[sd]?|guaranty|notes? (?:receivable|payable))\b/i, 'medium']),
  },
  {
    id: 'negative_working_capital',
    category: 'financial',
    title: 'Negative working capital',
    description: 'Current liabilities exceed current assets: obligations due within a year are not covered by short-term assets.',
    statements: [
      term(
        oneOf(
          String.raw`negative (?:net )?working capital`,
          String.raw`working capital (?:${noun('deficit')}|deficienc(?:y|ies)|${noun('shortfall')}|deficit position)`,
          String.raw`(?:deficit|deficiency|shortfall) (?:in|of) (?:net )?working capital`,
          String.raw`working capital (?:was|is|of|stood at|totall?ed|amounted to|turned|became|remained|position (?:was|of)) (?:a )?(?:negative|deficit|minus|\(\$?[\d,.]+|-\s?\$?[\d,.]+|\$\s?\([\d,.]+)`,
          String.raw`net current liabilities`,
          String.raw`current ratio (?:of|was|is|stood at|fell to|declined to|decreased to|dropped to|at|remained) (?:approximately |about )?(?:0?\.\d+|0)(?:x|:1| to 1)?`,
          String.raw`current ratio (?:of |was |is |fell |remained )?(?:below|under|less than) (?:1(?:\.0+)?|one)(?:x|:1| to 1)?`,
        ),
      ),
      c(
        [
          CURRENT_LIABILITIES,
          oneOf(
            verb('exceed'),
            String.raw`(?:were|was|are|is) (?:greater|higher|larger|more) than|(?:were|was|are|is) in excess of|${verb('outstrip', { doubled: true })}|${verb('surpass')}|${verb('outweigh')}`,
          ),
          CURRENT_ASSETS,
        ],
        8,
        true,
      ),
      c(
        [
          CURRENT_ASSETS,
          oneOf(
            String.raw`(?:were|was|are|is) (?:lower|less|smaller) than`,
            String.raw`(?:fell|fall|falls) (?:short of|below)`,
            String.raw`(?:were|was|are|is|remain(?:ed)?) (?:insufficient|not sufficient|inadequate|not enough|below)(?: to (?:cover|meet|satisfy|pay))?`,
            String.raw`(?:did|do|does|could) not cover|failed to cover`,
          ),
          CURRENT_LIABILITIES,
        ],
        8,
        true,
      ),
      // Both totals with their amounts: the grade compares them.
      BOTH_TOTALS,
    ],
    resolved: [/\b(?:was|were|has been|have been) (?:eliminated|reversed|cured|closed)\b/i],
    grade: (sentence, phrase) => (liabilitiesExceedAssets(phrase) ? graded('medium')(sentence) : null),
  },
  {
    id: 'key_person',
    category: 'operational',
    title: 'Key-person dependence',
    description: 'The business depends on one or a few people: losing them would disrupt it.',
    statements: [
      c(
        [
          oneOf(
            DEPENDENCE,
            String.raw`(?:${verb('hinge')}|${verb('rest')}) (?:\w+ )?(?:up)?on|(?:closely |heavily |largely |inextricably )?(?:tied|linked) to|(?:know-how|expertise|relationships?|knowledge) (?:${verb('reside')}|${verb('rest')}|lies|lie)`,
          ),
          KEY_PEOPLE,
        ],
        10,
        true,
      ),
      c(
        [
          String.raw`(?:difficult|hard|struggle|unable|not be able|costly|time-consuming|challenging) to (?:find (?:a |an )?|identify (?:a |an )?)?replace(?:ment for)?`,
          KEY_PEOPLE,
        ],
        3,
        true,
      ),
      c([KEY_PEOPLE, String.raw`on (?:whom|which)`, DEPENDENCE], 8, true),
      c([KEY_PEOPLE, DOES_ALONE], 6, true),
      c(
        [
          String.raw`no (?:other )?(?:one|employee|person|individual|member of (?:our |its |the )?(?:staff|management|team))(?: else)? (?:is able|can|could|has the (?:knowledge|skills|experience|expertise|relationships))`,
          String.raw`(?:his|her|their) (?:role|duties|responsibilities|functions|work|job)|(?:the )?(?:same )?(?:knowledge|expertise|relationships|skills)`,
        ],
        4,
        true,
      ),
      c([LOSS_OF, KEY_PEOPLE], 4, true),
      // A departure is this rule's risk when contemplated ("should Mr. Greene leave"); one that happened is a management change.
      c([String.raw`if|should|were|in the event(?: that)?|unless`, KEY_PEOPLE, LEAVES], 6, true),
      term(
        oneOf(
          String.raw`no (?:\w+ ){0,2}?(?:successor|succession plan(?:ning)?)`,
          String.raw`(?:${verb('lack')}|without) (?:a |an |any )?(?:formal |documented |clear )?(?:succession plan(?:ning)?|successor)`,
          String.raw`(?:has|have) not (?:yet )?(?:identified|designated|named|appointed) (?:a |any )?successor`,
          String.raw`(?:has|have|had) not (?:yet )?(?:adopted|established|put in place|developed|implemented|formali[sz]ed|prepared|approved) (?:a |any )?(?:formal |documented |written )?succession plan(?:ning)?`,
          String.raw`key[- ](?:person|man) (?:dependence|dependency|risk)`,
          String.raw`(?:do|does|did) not (?:carry|maintain|have|hold|purchase) (?:any )?key[- ](?:person|man|employee) (?:life )?insurance`,
          String.raw`no key[- ](?:person|man|employee) (?:life )?insurance`,
        ),
      ),
    ],
    grade: (sentence, phrase) => (GENERIC_PEOPLE.test(phrase) && !NAMED_PERSON.test(sentence) ? null : 'medium'),
    hypotheticalCounts: true,
  },
  {
    id: 'regulatory_action',
    category: 'compliance',
    title: 'Regulatory action',
    description: 'A regulator has opened an inquiry or acted against the business: fines, restrictions or loss of a licence may follow.',
    statements: [
      term(REGULATORY_INSTRUMENT),
      c([REGULATORY_MATTER, [term(String.raw`(?:by|from|of|with|issued by|brought by|initiated by|conducted by|led by|on behalf of)`)], REGULATOR], 6, true),
      c([REGULATOR, REGULATOR_ACTS], 6, true),
      c([REGULATOR, String.raw`${verb('allege')}|alleging|(?:alleged )?violations?|non-?compliance`], 6, true),
      c(
        [
          REGULATOR,
          String.raw`${verb('enter')} into|executed|signed|${verb('agree')} to|consented to|stipulated to`,
          // An agreement with a regulator is enforcement when formal or written (a bank's OCC agreement), not a lease with a port authority.
          String.raw`(?:a |an |the )?(?:(?:formal|written) ${noun('agreement')}|consent (?:${noun('order')}|${noun('decree')})|memorand(?:um|a) of understanding|${noun('settlement')})`,
        ],
        8,
        true,
      ),
      c(
        [
          REGULATOR,
          REGULATOR_OPENS,
          String.raw`(?:an? |the |its |formal |civil |administrative )*(?:${REGULATORY_MATTER}|${REGULATORY_INSTRUMENT}|restrictions|limits)`,
        ],
        10,
        true,
      ),
      c(
        [
          REGULATOR,
          String.raw`(?:['’]s? )?(?:${noun('investigation')}|${noun('inquiry')}|enquir(?:y|ies)|${noun('probe')}|${noun('subpoena')}|${noun('audit')}|${noun('examination')})`,
        ],
        1,
        true,
      ),
      c([String.raw`paid|${verb('pay')}|agreed to pay|${verb('assess')}|${verb('impose')}|${verb('levy')}|${verb('incur')}`, PENALTY], 5, true),
      term(String.raw`(?:was|were|has been|have been|had been) (?:\w+ )?(?:fined|penali[sz]ed|sanctioned|censured)`),
      c([LICENCE, LICENCE_LOST], 5),
    ],
    boilerplate: [
      /\b(?:routine|periodic|regular|ordinary course|normal course|comment letters?)\b/i,
      // A standing policy towards regulators, not a matter: "cooperates fully with all regulatory inquiries".
      /\bcooperat\w* (?:fully )?with (?:all|any)\b/i,
      /\bsubject to (?:extensive |significant |comprehensive )?(?:regulation|oversight|supervision|licensing)\b/i,
    ],
    // A tax authority's examination of returns is routine (ASC 740-10-50-15 lists the years open to it), not enforcement.
    excluded: [
      /\btax (?:audits?|examinations?|returns?)\b|\b(?:IRS|HMRC|Internal Revenue Service|tax(?:ing)? authorit(?:y|ies)|revenue (?:agency|authorit(?:y|ies)))\b[^.;]{0,30}\b(?:audits?|audited|examinations?|examine[ds]?)\b|\b(?:audits?|audited|examinations?|examined)\b[^.;]{0,30}\b(?:IRS|HMRC|Internal Revenue Service|tax(?:ing)? authorit(?:y|ies))\b/i,
    ],
    resolved: [
      /\b(?:order|decree|investigation|inquiry|enquiry|letter|agreement|action|matter|proceeding|subpoena|demand|examination|alert)s? (?:[\w,]+ ){0,6}?(?:was|were|has been|have been|had been) (?:formally |fully )?(?:terminated|lifted|rescinded|vacated|closed|released|resolved|dismissed)\b/i,
      /\b(?:lifted|terminated|rescinded|vacated|closed out|withdrew|released) (?:the |its |this |that )?(?:\w+ ){0,3}?(?:order|decree|alert|letter|agreement|investigation|inquiry|matter|suspension)s?\b/i,
      /\bclose-?out letter\b|\bclosed (?:out )?(?:its|the|this) (?:investigation|inquiry|matter|examination)\b|\bconcluded (?:its|the|this) (?:investigation|inquiry|examination)\b|\b(?:does|did) not intend to recommend\b|\bno further action\b/i,
    ],
    grade: graded(
      'high',
      [/\b(?:revoked|revocation|suspended|suspension|deferred prosecution|debarment|debarred)\b/i, 'critical'],
      [
        /\b(?:subpoena\w*|inquiry|inquiries|enquir\w*|warning letters?|investigat\w*|examin\w*|probes?|audits?|civil investigative demands?|Form 483|untitled letters?)\b/i,
        'medium',
      ],
    ),
  },
];

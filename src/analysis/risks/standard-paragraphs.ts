import type { Sentence } from './sentences.js';

/**
 * The paragraphs every filing of a kind prints whatever the company's position: the auditor's and
 * management's responsibilities in an audit report, the definition and limits of internal control,
 * the SOX 302 and 906 certifications, a code of ethics' waiver clause, the forward-looking
 * statements safe harbour. They name every risk the text rules look for ("significant deficiencies
 * and material weaknesses", "a material uncertainty ... may cast significant doubt", "waivers")
 * without stating any: a finding is stated elsewhere, in the opinion, an emphasis-of-matter or
 * going-concern paragraph, management's ICFR conclusion, a note. They are recognised two ways:
 * - a section opened by its standard heading or opening words runs to its end (the next heading;
 *   a certification to its signature), and every sentence in it is standard;
 * - a sentence in the standard's own wording is standard wherever it stands (a passage quoted
 *   without its heading), and so are the list items it introduces with a colon.
 * The wording is that of the standards and rules themselves (PCAOB AS 3101 and AS 2201, AICPA
 * AU-C 700 and 570, ISA 700 and 570, SEC Rules 13a-14(a)/(b) and S-K Item 601(b)(31)/(32), S-K
 * Item 406, the PSLRA safe harbour, UK Companies Act 2006 s. 236), never a sentence of one document.
 */

interface StandardSection {
  name: string;
  /** A heading (or, for a certification, its opening words) that starts the section. */
  opens: RegExp;
  /** Whether the section runs to the next heading (else to `ends`). */
  toNextHeading: boolean;
  /** The sentence that closes it (kept in it), for sections that do not end at a heading. */
  ends?: RegExp;
}

/** How many sentences a section may hold at most: a missed end must not swallow the document. */
const MAX_SECTION_SENTENCES = 30;

const SECTIONS: StandardSection[] = [
  {
    // S-K Item 601(b)(31) and (32): "I, <name>, certify that:", "CERTIFICATION PURSUANT TO 18 U.S.C. SECTION 1350".
    name: 'certification',
    opens:
      /^\W*(?:I,\s+[A-Z][^,]{1,60},\s+(?:hereby\s+)?certify\b|certifications?\s+(?:of\s+(?:the\s+)?(?:chief|principal)\s[^.]{0,80}?)?pursuant\s+to\b|(?:exhibit\s+3[12](?:\.\d+)?\s+)?(?:rule\s+13a-14\(a\)\/15d-14\(a\)\s+)?certifications?$)/i,
    toNextHeading: false,
    ends: /^\W*(?:Date[d:]?\b|By:|\/s\/)/i,
  },
  {
    // AS 3101 "Auditor's Responsibilities ...", ISA 700 / AU-C 700 "Auditor's Responsibilities for the Audit of the Financial Statements".
    name: "auditor's responsibilities",
    opens:
      /^(?:the\s+)?(?:auditor|auditors|accountant)['’]?s?['’]?\s+responsibilit(?:y|ies)\b|^responsibilities\s+of\s+(?:the\s+)?(?:independent\s+)?auditors?\b/i,
    toNextHeading: true,
  },
  {
    // ISA 700 "Responsibilities of Management and Those Charged with Governance for the Financial Statements", UK "Responsibilities of directors".
    name: "management's responsibilities",
    opens:
      /^(?:management['’]s|the\s+directors['’]|directors['’]|(?:the\s+)?board['’]s)\s+responsibilit(?:y|ies)\b(?!\s+(?:for|on)\s+internal\s+control\s+over\s+financial\s+reporting\s*$)|^responsibilities\s+of\s+(?:the\s+)?(?:management|directors|those\s+charged|the\s+board)\b|^statement\s+of\s+directors['’]\s+responsibilities\b/i,
    toNextHeading: true,
  },
  {
    // AS 2201 .A1-.A3: "Definition and Limitations of Internal Control Over Financial Reporting".
    name: 'internal control definition',
    opens: /^definitions?\s+and\s+limitations\s+of\s+internal\s+control\b|^inherent\s+limitations\b/i,
    toNextHeading: true,
  },
  {
    // The PSLRA safe harbour: "Forward-Looking Statements", "Cautionary Note Regarding Forward-Looking Statements".
    name: 'forward-looking statements',
    opens:
      /^(?:(?:special\s+|cautionary\s+)?(?:note|statement|information)s?\s+(?:regarding|about|concerning|on|relating\s+to)\s+)?forward[- ]looking\s+(?:statements|information)\b|^safe\s+harbou?r\b/i,
    toNextHeading: true,
  },
  {
    // S-K Item 406: a code of ethics and how waivers of it are disclosed.
    name: 'code of ethics',
    opens: /^(?:our\s+)?codes?\s+of\s+(?:business\s+)?(?:ethics|conduct)\b/i,
    toNextHeading: true,
  },
];

/** Sentences in the standard's own wording, wherever they stand. */
const STANDARD_SENTENCES: RegExp[] = [
  // SOX 302 certification, paragraphs 4 and 5 (Item 601(b)(31)).
  /\bsignificant\s+deficiencies\s+and\s+material\s+weaknesses\s+in\s+the\s+design\s+or\s+operation\s+of\s+internal\s+control\b/i,
  /\b(?:other\s+)?certifying\s+officers?(?:\(s\))?\s+and\s+I\b/i,
  /\bI\s+have\s+reviewed\s+this\s+(?:annual|quarterly|transition)\s+report\b/i,
  // SOX 906 certification (18 U.S.C. 1350).
  /\bfully\s+complies\s+with\s+the\s+requirements\s+of\s+section\s+13\(a\)\s+or\s+15\(d\)/i,
  // The auditor's responsibilities (ISA 700.40, AU-C 700, AS 3101 .09): what the auditor does, not what was found.
  /\bconclude\s+on\s+the\s+appropriateness\s+of\s+(?:management['’]s|the\s+directors['’]|those\s+charged\s+with\s+governance['’]s?)\s+use\s+of\s+the\s+going\s+concern\s+basis\b/i,
  /\bconclude\s+whether,?\s+(?:in\s+our\s+judgment,?\s+)?there\s+are\s+conditions\s+or\s+events\b/i,
  /\bif\s+we\s+conclude\s+that\s+(?:a\s+material\s+uncertainty|substantial\s+doubt)\s+exists\b/i,
  /\b(?:we\s+are|is)\s+required\s+to\s+draw\s+attention\s+in\s+(?:our|the)\s+auditor['’]s\s+report\b/i,
  /\bfuture\s+events\s+or\s+conditions\s+may\s+cause\s+the\s+\w+\s+to\s+cease\s+to\s+continue\s+as\s+a\s+going\s+concern\b/i,
  /\b(?:our|the\s+auditor['’]s)\s+(?:objectives?\s+(?:is|are)|responsibilit(?:y|ies)\s+(?:is|are))\s+to\s+(?:obtain\s+reasonable\s+assurance|express\s+an\s+opinion)\b/i,
  // Management's responsibilities (ISA 700.34, AU-C 700.A, ASC 205-40-50-1): an obligation to assess, not an assessment.
  /\b(?:management|the\s+directors|those\s+charged\s+with\s+governance)\s+(?:is|are)\s+(?:responsible\s+for\s+assessing|required\s+to\s+evaluate)\b/i,
  /\bunless\s+(?:management|the\s+directors)\s+either\s+intends?\s+to\s+liquidate\b/i,
  // AS 2201 .A1: what internal control over financial reporting is.
  /\binternal\s+control\s+over\s+financial\s+reporting\s+is\s+a\s+process\s+(?:designed|effected)\b/i,
  // S-K Item 406: waivers of a code of ethics or conduct are disclosed, or granted only by the board.
  /\b(?:waivers?|waived|waiving)\b[^.;]{0,120}\bcodes?\s+of\s+(?:business\s+)?(?:ethics|conduct)\b|\bcodes?\s+of\s+(?:business\s+)?(?:ethics|conduct)\b[^.;]{0,120}\bwaiv/i,
  // Directors' and officers' insurance and indemnity (UK Companies Act 2006 s. 236, a directors' report item): cover against claims, not a claim.
  /\b(?:directors['’]?(?:\s+and\s+officers['’]?)?|D&O)\s+(?:liability\s+)?(?:and\s+indemnity\s+)?(?:liability\s+)?insurance\b|\bqualifying\s+(?:third[- ]party\s+)?(?:pension\s+scheme\s+)?indemnity\s+provisions?\b/i,
  // The PSLRA safe harbour: forward-looking statements and the factors that could make results differ.
  /\bforward[- ]looking\s+(?:statements|information)\b/i,
  /\b(?:factors|risks|uncertainties)\b[^.;]{0,100}\b(?:could|may|might|would)\s+cause\s+(?:our\s+|the\s+\w+['’]s\s+|its\s+)?actual\s+(?:results|performance)\b/i,
  /\bactual\s+(?:results|outcomes)\s+(?:could|may|might)\s+differ\s+materially\b/i,
];

/** A list item after a standard sentence that ends with a colon: "(a) All significant deficiencies ...; and". */
const LIST_ITEM = /^\W{0,3}(?:\(?[a-z]\)|\(?[ivx]{1,4}\)|\d{1,2}[.)]|[•●▪◦‣∙*–-])\s/i;

/** A heading: no final punctuation, a few words, starts with a capital or a number (not the middle of a sentence). */
function isHeading(text: string): boolean {
  return !/[.;:!?,]["”)]?$/.test(text) && text.split(/\s+/).length <= 15 && /^\W{0,3}[A-Z0-9]/.test(text);
}

/** Whether one sentence is in a standard's own wording. */
export function isStandardSentence(text: string): boolean {
  return STANDARD_SENTENCES.some((pattern) => pattern.test(text));
}

/**
 * The indexes (into `sentences`, a document's sentences in reading order across its pages) of the
 * sentences that belong to a standard paragraph and state nothing of the company.
 */
export function standardSentences(sentences: Sentence[]): Set<number> {
  const standard = new Set<number>();
  let section: StandardSection | null = null;
  let sectionLength = 0;
  let listOpen = false;
  sentences.forEach(({ text }, index) => {
    const opening = SECTIONS.find((candidate) => candidate.opens.test(text) && (candidate.toNextHeading ? isHeading(text) : true));
    if (section && !opening && section.toNextHeading && isHeading(text)) section = null;
    if (opening) {
      section = opening;
      sectionLength = 0;
    }
    if (section) {
      standard.add(index);
      sectionLength++;
      if (section.ends?.test(text) || sectionLength >= MAX_SECTION_SENTENCES) section = null;
      return;
    }
    if (isStandardSentence(text)) {
      standard.add(index);
      listOpen = /:["”)]?$/.test(text);
      return;
    }
    if (listOpen && LIST_ITEM.test(text)) {
      standard.add(index);
      return;
    }
    listOpen = false;
  });
  return standard;
}

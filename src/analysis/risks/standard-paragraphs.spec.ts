import { describe, expect, it } from '@jest/globals';
import { layoutFromText } from '../layout/text-layout.js';
import { sentencesOf } from './sentences.js';
import { isStandardSentence, standardSentences } from './standard-paragraphs.js';
import { textFindings } from './text-findings.js';

/**
 * The standard paragraphs of audit reports, certifications, codes of ethics and safe harbours, in
 * the wording of the standards and rules (PCAOB AS 3101 and AS 2201, AU-C 700 and 570, ISA 700 and
 * 570, S-K Items 406 and 601(b)(31)/(32)), laid out as a document prints them: a heading line, then
 * its paragraphs.
 */
function findings(...lines: string[]): [string, string][] {
  return textFindings('d', layoutFromText([lines.join('\n')])).map((finding) => [finding.id, finding.severity]);
}

function standardTexts(...lines: string[]): string[] {
  const sentences = sentencesOf(layoutFromText([lines.join('\n')])[0]);
  const standard = standardSentences(sentences);
  return sentences.filter((_, index) => standard.has(index)).map((sentence) => sentence.text);
}

describe('standard paragraphs: certifications', () => {
  const certification = [
    'Exhibit 31.1',
    'CERTIFICATION',
    'I, Jane Roe, certify that:',
    '1. I have reviewed this annual report on Form 10-K of Acme Corp.;',
    '5. The registrant’s other certifying officer and I have disclosed, based on our most recent evaluation of internal control over financial reporting, to the registrant’s auditors and the audit committee:',
    '(a) All significant deficiencies and material weaknesses in the design or operation of internal control over financial reporting which are reasonably likely to adversely affect the registrant’s ability to record, process, summarize and report financial information; and',
    '(b) Any fraud, whether or not material, that involves management or other employees who have a significant role in the registrant’s internal control over financial reporting.',
    'Date: March 1, 2024',
    '/s/ Jane Roe',
  ];

  it('raises no material weakness from a SOX 302 certification', () => {
    expect(findings(...certification)).toEqual([]);
  });

  it('ends the certification at its signature: a weakness stated after it is found', () => {
    expect(
      findings(
        ...certification,
        'Item 9A. Controls and Procedures',
        'Management identified a material weakness in internal control over financial reporting related to the review of journal entries.',
      ),
    ).toEqual([['material_weakness', 'high']]);
  });

  it('recognises the certification item quoted without its heading', () => {
    expect(
      findings(
        'All significant deficiencies and material weaknesses in the design or operation of internal control over financial reporting which are reasonably likely to adversely affect the registrant’s ability to record, process, summarize and report financial information have been disclosed.',
      ),
    ).toEqual([]);
  });

  it('recognises a SOX 906 certification sentence', () => {
    expect(
      isStandardSentence(
        'The Annual Report on Form 10-K for the year ended December 31, 2023 fully complies with the requirements of Section 13(a) or 15(d) of the Securities Exchange Act of 1934.',
      ),
    ).toBe(true);
  });
});

describe("standard paragraphs: an auditor's report", () => {
  const responsibilities = [
    'Auditor’s Responsibilities for the Audit of the Financial Statements',
    'Our objectives are to obtain reasonable assurance about whether the financial statements as a whole are free from material misstatement, whether due to fraud or error.',
    '• Conclude on the appropriateness of management’s use of the going concern basis of accounting and, based on the audit evidence obtained, whether a material uncertainty exists related to events or conditions that may cast significant doubt on the Company’s ability to continue as a going concern. If we conclude that a material uncertainty exists, we are required to draw attention in our auditor’s report to the related disclosures in the financial statements.',
  ];
  const management = [
    'Responsibilities of Management for the Financial Statements',
    'In preparing the financial statements, management is required to evaluate whether there are conditions or events, considered in the aggregate, that raise substantial doubt about the Company’s ability to continue as a going concern for one year after the date that the financial statements are available to be issued.',
  ];

  it("raises no going concern from the auditor's and management's responsibilities", () => {
    expect(
      findings(
        'Independent Auditor’s Report',
        'Opinion',
        'In our opinion, the financial statements present fairly, in all material respects, the financial position of the Company.',
        ...management,
        ...responsibilities,
      ),
    ).toEqual([]);
  });

  it("treats every sentence of the auditor's responsibilities section as standard, up to the next heading", () => {
    expect(standardTexts(...responsibilities, 'Other Information', 'Management is responsible for the other information.')).toEqual([
      responsibilities[0],
      responsibilities[1],
      '• Conclude on the appropriateness of management’s use of the going concern basis of accounting and, based on the audit evidence obtained, whether a material uncertainty exists related to events or conditions that may cast significant doubt on the Company’s ability to continue as a going concern.',
      'If we conclude that a material uncertainty exists, we are required to draw attention in our auditor’s report to the related disclosures in the financial statements.',
    ]);
  });

  it('lets the material uncertainty paragraph decide going concern, beside the standard paragraphs', () => {
    expect(
      findings(
        'Independent Auditor’s Report',
        'Material Uncertainty Related to Going Concern',
        'We draw attention to Note 1, which indicates that the Company incurred a net loss of £1,200,000 during the year and that its current liabilities exceeded its total assets. As stated in Note 1, these events or conditions indicate that a material uncertainty exists that may cast significant doubt on the Company’s ability to continue as a going concern. Our opinion is not modified in respect of this matter.',
        ...responsibilities,
      ),
    ).toEqual([
      ['going_concern', 'critical'],
      ['going_concern', 'critical'],
    ]);
  });

  it('lets a going concern paragraph placed after the responsibilities sections decide going concern', () => {
    expect(
      findings(
        ...management,
        ...responsibilities,
        'Substantial Doubt about the Company’s Ability to Continue as a Going Concern',
        'The Company has suffered recurring losses from operations and has a net capital deficiency. These conditions raise substantial doubt about the Company’s ability to continue as a going concern.',
      ).map(([id]) => id),
    ).toContain('going_concern');
  });
});

describe('standard paragraphs: codes of ethics and safe harbours', () => {
  it('raises no covenant waiver from the disclosure of waivers of a code of ethics', () => {
    expect(
      findings(
        'Code of Ethics',
        'We have adopted a code of ethics that applies to our principal executive officer and principal financial officer.',
        'We intend to disclose any amendment to, or waiver from, a provision of our code of ethics on our website.',
      ),
    ).toEqual([]);
  });

  it('raises nothing from a forward-looking statements section and the list of factors it introduces', () => {
    expect(
      findings(
        'Forward-Looking Statements',
        'This report contains forward-looking statements. Factors that could cause actual results to differ materially include:',
        '• the outcome of the pending patent litigation;',
        '• our ability to obtain waivers from our lenders;',
        '• the loss of our chief executive officer.',
      ),
    ).toEqual([]);
  });

  it('reads a finding stated after the safe harbour section ends at a heading', () => {
    expect(
      findings(
        'Forward-Looking Statements',
        'This report contains forward-looking statements.',
        'Legal Proceedings',
        'On March 3, 2024, a putative class action was filed against the Company in the U.S. District Court for the District of Delaware.',
      ).map(([id]) => id),
    ).toEqual(['litigation']);
  });
});

describe("standard paragraphs: a directors' report", () => {
  it("raises no litigation from the directors' liability insurance paragraph", () => {
    expect(
      findings(
        'Directors’ liability and indemnity insurance was in force throughout the year to cover the directors and officers of the company against actions brought against them in their capacity as directors.',
      ),
    ).toEqual([]);
  });
});

import { describe, expect, it } from '@jest/globals';
import { phrasesOf, type Composition } from './composition.js';
import { term } from './lexicon.js';
import { readingOf, readingOfPhrase } from './statement-reading.js';

/** The reading of the first phrase of a composition in a sentence. */
function reading(sentence: string, composition: Composition): string {
  const [phrase] = phrasesOf(sentence, composition);
  if (!phrase) throw new Error(`no phrase in: ${sentence}`);
  return readingOfPhrase(sentence, phrase);
}

/** The reading of a single phrase of the sentence. */
function readingOfText(sentence: string, phrase: string): string {
  return readingOf(sentence, sentence.indexOf(phrase), phrase.length);
}

const COVENANT_BREACHED: Composition = { parts: [term('covenants?'), term('breached|exceed')], within: 6 };
const DOUBT_GOING_CONCERN: Composition = { parts: [term('substantial doubt'), term('going concern')], within: 12 };

describe('readingOfPhrase', () => {
  it('asserts a composition whose clause and gaps carry no cue', () => {
    expect(reading('In the fourth quarter the leverage covenant was breached.', COVENANT_BREACHED)).toBe('asserted');
  });

  it('denies a composition when a negation stands just before its later part', () => {
    expect(reading('The leverage covenant was not breached during the year.', COVENANT_BREACHED)).toBe('negated');
  });

  it('reads a modal between the parts as a hypothesis', () => {
    expect(reading('Our leverage covenants could be breached if EBITDA falls.', COVENANT_BREACHED)).toBe('hypothetical');
  });

  it('takes "whether" between the parts as the object of a doubt, not a condition', () => {
    expect(reading('There is substantial doubt about whether we can continue as a going concern.', DOUBT_GOING_CONCERN)).toBe('asserted');
  });

  it('still reads "whether" before the phrase as a condition (an evaluation, not a finding)', () => {
    expect(reading('Management evaluated whether there is substantial doubt about its ability to continue as a going concern.', DOUBT_GOING_CONCERN)).toBe(
      'hypothetical',
    );
  });
});

describe('readingOf', () => {
  it('reads a denied resolution as an assertion of the matter ("did not alleviate the doubt")', () => {
    expect(readingOfText('Management’s plans did not alleviate the substantial doubt.', 'substantial doubt')).toBe('asserted');
    expect(readingOfText('Management has not yet remediated the material weakness.', 'material weakness')).toBe('asserted');
  });

  it('reads a habit or a generality as no event ("class actions have often been brought")', () => {
    expect(readingOfText('Class actions have often been brought against companies after a fall in their share price.', 'brought against')).toBe('hypothetical');
  });

  it('reads the phrase as the subject of a modal as a hypothesis', () => {
    expect(readingOfText('A material weakness would arise if the reconciliations were not reviewed.', 'material weakness')).toBe('hypothetical');
    expect(readingOfText('A material weakness was identified in the close process.', 'material weakness')).toBe('asserted');
  });

  it('reads what a modal of consequence lists, across the commas of the list, as hypothetical', () => {
    expect(readingOfText('Non-compliance could result in fines, penalties or the suspension of our licenses.', 'suspension of our licenses')).toBe(
      'hypothetical',
    );
  });

  it('reads "subject to" a plural or mass noun as exposure, and to a determined one as a fact', () => {
    expect(readingOfText('We are subject to investigations by regulators.', 'investigations by regulators')).toBe('hypothetical');
    expect(readingOfText('The Bank is subject to a consent order with the OCC.', 'consent order')).toBe('asserted');
  });

  it('does not take "without merit" for a denial of the claims', () => {
    expect(readingOfText('We believe the claims are without merit and intend to defend the lawsuit.', 'defend the lawsuit')).toBe('asserted');
  });

  it('does not take "No." before a number for a denial ("Amendment No. 3")', () => {
    expect(readingOfText('Under Amendment No. 3 the lenders waived the covenant default.', 'waived the covenant default')).toBe('asserted');
  });

  it('reads an item of a denied list as denied ("there are no actions, suits, proceedings ... pending")', () => {
    expect(readingOfText('Except as set forth on Schedule 5.1, there are no actions, suits, proceedings or investigations pending.', 'suits')).toBe('negated');
    expect(readingOfText('We have not, to date, identified any material weakness.', 'material weakness')).toBe('negated');
  });

  it('does not carry a denial across a long clause to the next: "Although no waiver was required, the Company breached ..."', () => {
    expect(readingOfText('Although no waiver was required, the Company breached its leverage covenant.', 'breached its leverage covenant')).toBe('asserted');
  });

  it('reads the items of a contract’s list of conditions as hypothetical ("shall constitute an Event of Default: (b) fails to observe any covenant")', () => {
    expect(
      readingOfText(
        'Each of the following shall constitute an Event of Default: (a) the Borrower fails to pay any principal when due; (b) the Borrower fails to observe any covenant.',
        'fails to observe any covenant',
      ),
    ).toBe('hypothetical');
  });

  it('reads "the right to" as a capability, not an event', () => {
    expect(readingOfText('The FCA has the authority to revoke our authorisation.', 'revoke our authorisation')).toBe('hypothetical');
  });
});

import { randomSource } from './random.mjs';
import { financialStatement } from './statements.mjs';
import { bankStatement, capTable, legalAgreement, loanApplication, otherDocument, pitchDeck, taxReturn, termSheet } from './other-documents.mjs';

const MAKERS = {
  financial_statement: financialStatement,
  bank_statement: bankStatement,
  tax_return: taxReturn,
  loan_application: loanApplication,
  term_sheet: termSheet,
  cap_table: capTable,
  pitch_deck: pitchDeck,
  legal_agreement: legalAgreement,
  other: otherDocument,
};

/**
 * The labelled corpus: `statements` financial statements and `perKind` documents of every other
 * kind, each from its own seed so that one document can be regenerated alone. Labels come from the
 * generator's own data, never from the engine.
 */
export async function generateCorpus({ seed = 1, statements = 60, perKind = 12 } = {}) {
  const documents = [];
  let index = 0;
  for (const [kind, make] of Object.entries(MAKERS)) {
    const count = kind === 'financial_statement' ? statements : perKind;
    for (let n = 0; n < count; n++) {
      const documentSeed = seed * 100003 + index++;
      const { bytes, label } = await make(randomSource(documentSeed));
      documents.push({ name: `${kind}-${n + 1}`, seed: documentSeed, bytes, label });
    }
  }
  return documents;
}

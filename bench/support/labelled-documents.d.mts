/** Types of labelled-documents.mjs, for the regression test over the real filings. */
export interface LabelledFact {
  concept: string;
  periodEnd: string;
  months?: number;
  value: number;
  altValues?: number[];
  labels?: string[];
  pages?: number[];
}

export interface Label {
  id: string;
  file: string;
  documentType: string;
  acceptTypes?: string[];
  scanned?: boolean;
  facts: LabelledFact[];
  neutral?: LabelledFact[];
  derived?: LabelledFact[];
}

export interface LabelledDocument {
  id: string;
  label: Label;
  bytes: Uint8Array;
}

export interface FactScore {
  tp: number;
  fp: number;
  fn: number;
  wrong: { fact: { concept: string; period: { end: string; months?: number }; value: number; evidence: { page: number; quote: string } }; expected: number | null }[];
  missed: LabelledFact[];
}

export interface DocumentScore {
  id: string;
  scanned: boolean;
  pages: number;
  readSeconds: number;
  facts: FactScore;
  quotes: { total: number; verbatim: number };
  classification: { type: string; confidence: number; right: boolean };
  fraud: { level: string; score: number; failed: string[] };
  risks: { id: string; severity: string; quote: string }[];
  warnings: string[];
}

export function readLabelledSet(directory: string): LabelledDocument[];
export function scoreFacts(label: Label, facts: unknown[]): FactScore;
export function f1(tally: { tp: number; fp: number; fn: number }): { precision: number; recall: number; f1: number };
export function scoreDocument(document: LabelledDocument, engine: Record<string, unknown>, options?: { ocr?: unknown }): Promise<DocumentScore>;

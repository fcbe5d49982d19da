import { beforeAll, describe, expect, it } from '@jest/globals';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { pageImages, scannedPdf } from './support/document-fixtures.js';
import { connectMcpClient, machineToken, structured } from './support/mcp-helpers.js';
import { ACME_STATEMENTS, statementPdf } from './support/statement-fixtures.js';
import { appForSuite } from './support/test-app.js';

type Evidence = { documentId: string; page: number; quote: string };
type Classification = { documentType: string; pages: { page: number; kind: string; ocr: boolean; chars: number }[]; warnings: string[] };
type Extraction = { facts: { concept: string; period: { end: string }; value: number; evidence: Evidence }[]; warnings: string[] };

const PLAN = JSON.stringify({ document_classification: { machineTrialFree: 100 }, financial_data_extraction: { machineTrialFree: 100 } });

/**
 * Scans in the running service, OCR on (the other suites run without it): a scanned statement and a
 * photo of one are read by tesseract.js in the processing job, and the analysis tools then read
 * them like text documents, their quotes verbatim on the OCR'd page.
 */
describe('OCR of scanned documents', () => {
  // OCR takes seconds a page on a busy machine: the tools wait for processing up to a minute here.
  const service = appForSuite({
    env: { OCR_ENABLED: 'true', M2M_REGISTRATION_LIMIT: '100', USAGE_PLAN_OVERRIDES: PLAN, DOCUMENT_PROCESSING_WAIT_SECONDS: '60' },
  });
  let client: Client;
  let incomeStatement: Buffer;

  beforeAll(async () => {
    client = await connectMcpClient(service.url, await machineToken(service.url));
    incomeStatement = await statementPdf([ACME_STATEMENTS[0]]);
  });

  const submit = async (bytes: Buffer, fileName: string) =>
    structured<{ documentId: string }>(await client.callTool({ name: 'submit_documents', arguments: { fileName, content: bytes.toString('base64') } }))
      .documentId;
  const call = (name: string, documentId: string) => client.callTool({ name, arguments: { documentId } }, undefined, { timeout: 120_000 });

  it('reads a scanned statement (a PDF page with no text layer) and extracts its facts with quotes verbatim on the OCR text', async () => {
    const documentId = await submit(await scannedPdf(incomeStatement, 3), 'scanned-operations.pdf');
    const classification = structured<Classification>(await call('document_intelligence_agent', documentId));
    expect(classification.pages).toEqual([{ page: 1, kind: 'income_statement', ocr: true, chars: expect.any(Number) }]);
    expect(classification.documentType).toBe('financial_statement');

    const extraction = structured<Extraction>(await call('data_extraction_agent', documentId));
    const revenue = extraction.facts.find((fact) => fact.concept === 'Revenues' && fact.period.end === '2024-12-31');
    expect(revenue).toMatchObject({ value: 12_500_000, evidence: { documentId, page: 1, quote: expect.stringMatching(/^Revenue 12,500 10,000$/) } });
    expect(extraction.facts.find((fact) => fact.concept === 'NetIncomeLoss' && fact.period.end === '2023-12-31')?.value).toBe(1_110_000);
  }, 180_000);

  it('reads a PNG photo of a statement as one OCR page', async () => {
    const [png] = await pageImages(incomeStatement, 3);
    const documentId = await submit(png, 'operations.png');
    const classification = structured<Classification>(await call('document_intelligence_agent', documentId));
    expect(classification.pages).toEqual([{ page: 1, kind: 'income_statement', ocr: true, chars: expect.any(Number) }]);
    expect(classification.pages[0].chars).toBeGreaterThan(100);
  }, 180_000);
});

import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { DataSource } from 'typeorm';
import { DocumentProcessingService } from '../src/documents/document-processing.service.js';
import { docxBytes, encryptedPdf, pageImages, pdfBytes, pptxBytes, xlsxBytes } from './support/document-fixtures.js';
import { connectMcpClient, machineToken, structured, toolError } from './support/mcp-helpers.js';
import { startApp, TEST_AGENTS_URL, type RunningApp } from './support/test-app.js';
import { TEST_DOCUMENT_STORAGE_DIR } from './support/test-environment.js';

type DocumentResult = {
  documentId: string;
  status: string;
  pageCount?: number;
  sha256?: string;
  sizeBytes?: number;
  mimeType?: string;
  fileName?: string;
  uploadUrl?: string;
  uploadExpiresAt?: string;
  workspaceId?: string;
  documentType?: string;
};
type WorkspaceOutputs = { outputs: Record<string, { toolName: string; output: DocumentResult }[]> };

const MAX_BYTES = 200_000;

describe('documents', () => {
  let service: RunningApp;
  let client: Client;
  let workspaceId: string;

  beforeAll(async () => {
    service = await startApp({ env: { M2M_REGISTRATION_LIMIT: '100', DOCUMENT_MAX_BYTES: String(MAX_BYTES), HTTP_BODY_LIMIT_BYTES: '1048576' } });
    client = await connectMcpClient(service.url, await machineToken(service.url));
    workspaceId = structured<{ workspaceId: string }>(
      await client.callTool({ name: 'create_deal_workspace', arguments: { clientName: 'Acme Robotics' } }),
    ).workspaceId;
  });
  afterAll(async () => {
    await client?.close();
    await service.close();
  });

  const submit = (args: Record<string, unknown>, caller = client) => caller.callTool({ name: 'submit_documents', arguments: args });
  const database = () => service.app.get(DataSource);
  const row = async (documentId: string) => (await database().query('SELECT * FROM documents WHERE id = $1', [documentId]))[0];
  const pages = async (documentId: string) =>
    (await database().query('SELECT page_number, text FROM document_pages WHERE document_id = $1 ORDER BY page_number', [documentId])) as {
      page_number: number;
      text: string;
    }[];
  const countNamed = async (fileName: string) => Number((await database().query('SELECT count(*) FROM documents WHERE file_name = $1', [fileName]))[0].count);
  /** Upload URLs carry the public AGENTS_URL; the tests reach the same path on the loopback address. */
  const reachable = (uploadUrl: string) => uploadUrl.replace(TEST_AGENTS_URL, service.url);
  const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

  describe('inline content', () => {
    it('stores a PDF READY with its page count, digest and text, and files the result in the workspace', async () => {
      const bytes = await pdfBytes(3);
      const result = structured<DocumentResult>(
        await submit({ workspaceId, documentType: 'pitch-deck', fileName: 'acme-deck.pdf', mimeType: 'application/pdf', content: bytes.toString('base64') }),
      );
      expect(result).toEqual({
        documentId: expect.any(String),
        status: 'READY',
        workspaceId,
        documentType: 'pitch-deck',
        fileName: 'acme-deck.pdf',
        mimeType: 'application/pdf',
        sizeBytes: bytes.length,
        sha256: sha256(bytes),
        pageCount: 3,
      });
      expect((await pages(result.documentId)).map((page) => page.text)).toEqual([1, 2, 3].map((page) => `Page ${page}: revenue grew 40% year on year`));
      const stored = await row(result.documentId);
      expect(await readFile(join(TEST_DOCUMENT_STORAGE_DIR, stored.storage_key))).toEqual(bytes);
      const workspace = structured<WorkspaceOutputs>(await client.callTool({ name: 'get_deal_workspace', arguments: { workspaceId } }));
      expect(workspace.outputs.documents.map((entry) => entry.output.documentId)).toContain(result.documentId);
    });

    it('reads DOCX and XLSX too, a DOCX paged by its text whatever page count its file claims', async () => {
      const docx = structured<DocumentResult>(
        await submit({ fileName: 'application.docx', content: (await docxBytes(['Borrower: Acme'], 3)).toString('base64') }),
      );
      expect(docx).toMatchObject({ status: 'READY', pageCount: 1, mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' });
      const xlsx = structured<DocumentResult>(
        await submit({ fileName: 'financials.xlsx', content: (await xlsxBytes({ Income: [['Revenue', 1]], Balance: [['Cash', 2]] })).toString('base64') }),
      );
      expect(xlsx).toMatchObject({ status: 'READY', pageCount: 2 });
    });

    it('reads a PPTX slide by slide, and takes a PNG as one page for OCR', async () => {
      const deck = await pptxBytes([
        [{ paragraphs: ['Acme Robotics'], title: true }, { paragraphs: ['Series A deck'] }],
        [
          { paragraphs: ['Traction'], title: true },
          {
            table: [
              ['ARR', '$4.2M'],
              ['Customers', '38'],
            ],
            at: [40, 120],
          },
        ],
      ]);
      const pptx = structured<DocumentResult>(await submit({ workspaceId, fileName: 'deck.pptx', content: deck.toString('base64') }));
      expect(pptx).toMatchObject({ status: 'READY', pageCount: 2, mimeType: 'application/vnd.openxmlformats-officedocument.presentationml.presentation' });
      expect(await pages(pptx.documentId)).toEqual([
        { page_number: 1, text: 'Acme Robotics\nSeries A deck' },
        { page_number: 2, text: 'Traction\nARR\t$4.2M\nCustomers\t38' },
      ]);

      const [scan] = await pageImages(await pdfBytes(1, () => 'Balance Sheet'), 1);
      const png = structured<DocumentResult>(await submit({ fileName: 'balance-sheet.png', content: scan.toString('base64') }));
      expect(png).toMatchObject({ status: 'READY', pageCount: 1, mimeType: 'image/png', sizeBytes: scan.length });
      // An image has no text until OCR reads it in the processing job.
      expect(await pages(png.documentId)).toEqual([{ page_number: 1, text: '' }]);
    });

    it.each([
      ['a GIF image', () => Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64'), 'image/gif files are not supported'],
      ['an encrypted PDF', () => encryptedPdf(), 'the PDF is encrypted'],
      ['a corrupt PDF', () => Buffer.from('%PDF-1.7\nnot really\n%%EOF\n'), 'the PDF is corrupt'],
      ['a truncated PDF', () => Buffer.from('%PDF-1.7\n1 0 obj\n<< /Type /Catalog'), 'the PDF is truncated'],
      ['an empty file', () => Buffer.alloc(0), 'the file is empty'],
    ])('refuses %s with INVALID_INPUT naming the reason, storing nothing', async (_case, bytes, reason) => {
      const fileName = `refused-${Math.random().toString(36).slice(2)}.pdf`;
      const { error } = toolError(await submit({ workspaceId, fileName, content: bytes().toString('base64') }));
      expect(error.code).toBe('INVALID_INPUT');
      expect(error.message).toContain(reason);
      expect(await countNamed(fileName)).toBe(0);
    });

    it('refuses content that is not base64, and content without a file name', async () => {
      expect(toolError(await submit({ fileName: 'x.txt', content: 'not base64!' })).error.message).toContain('content must be base64 encoded');
      expect(toolError(await submit({ content: Buffer.from('hello').toString('base64') })).error).toEqual({
        code: 'INVALID_INPUT',
        message: 'fileName is required with content.',
      });
    });

    it("refuses another account's workspace with NOT_FOUND and stores nothing", async () => {
      const intruder = await connectMcpClient(service.url, await machineToken(service.url, 'intruder'));
      try {
        const fileName = 'intruder.txt';
        const { error } = toolError(await submit({ workspaceId, fileName, content: Buffer.from('hello').toString('base64') }, intruder));
        expect(error).toEqual({ code: 'NOT_FOUND', message: `Workspace ${workspaceId} was not found.` });
        expect(await countNamed(fileName)).toBe(0);
      } finally {
        await intruder.close();
      }
    });
  });

  describe('upload URLs', () => {
    async function pending(args: Record<string, unknown> = {}): Promise<DocumentResult> {
      const result = structured<DocumentResult>(await submit({ workspaceId, documentType: 'financial-statement', ...args }));
      expect(result).toMatchObject({
        status: 'PENDING_UPLOAD',
        uploadUrl: expect.stringMatching(new RegExp(`^${TEST_AGENTS_URL}/uploads/[A-Za-z0-9_-]{43}$`)),
        uploadExpiresAt: expect.any(String),
      });
      return result;
    }

    it('takes the bytes by PUT once, making the document READY and updating the workspace', async () => {
      const document = await pending();
      const bytes = await pdfBytes(2);
      const response = await fetch(`${reachable(document.uploadUrl!)}?fileName=statement.pdf`, {
        method: 'PUT',
        headers: { 'content-type': 'application/pdf' },
        body: bytes,
      });
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({
        documentId: document.documentId,
        status: 'READY',
        pageCount: 2,
        sha256: sha256(bytes),
        fileName: 'statement.pdf',
      });
      const again = await fetch(`${reachable(document.uploadUrl!)}?fileName=statement.pdf`, {
        method: 'PUT',
        headers: { 'content-type': 'application/pdf' },
        body: bytes,
      });
      expect(again.status).toBe(404);
      const workspace = structured<WorkspaceOutputs>(await client.callTool({ name: 'get_deal_workspace', arguments: { workspaceId } }));
      expect(workspace.outputs.documents[0].output).toMatchObject({ documentId: document.documentId, status: 'READY' });
    });

    it('takes the bytes as multipart/form-data', async () => {
      const document = await pending();
      const form = new FormData();
      form.append('file', new Blob([await pdfBytes(1)], { type: 'application/pdf' }), 'deck.pdf');
      const response = await fetch(reachable(document.uploadUrl!), { method: 'POST', body: form });
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ status: 'READY', fileName: 'deck.pdf', pageCount: 1 });
    });

    it('lets exactly one of several concurrent uploads win', async () => {
      const document = await pending({ fileName: 'race.pdf' });
      const bytes = await pdfBytes(1);
      const statuses = (await Promise.all(Array.from({ length: 4 }, () => fetch(reachable(document.uploadUrl!), { method: 'PUT', body: bytes }))))
        .map((response) => response.status)
        .sort();
      expect(statuses).toEqual([200, 404, 404, 404]);
      expect(Number((await database().query('SELECT count(*) FROM document_pages WHERE document_id = $1', [document.documentId]))[0].count)).toBe(1);
    });

    it('refuses an expired link', async () => {
      const document = await pending({ fileName: 'late.pdf' });
      await database().query(`UPDATE documents SET upload_expires_at = now() - interval '1 second' WHERE id = $1`, [document.documentId]);
      const response = await fetch(reachable(document.uploadUrl!), { method: 'PUT', body: await pdfBytes(1) });
      expect(response.status).toBe(404);
      expect(((await response.json()) as { code: string }).code).toBe('NOT_FOUND');
    });

    it('refuses a file over DOCUMENT_MAX_BYTES with 413, leaving the document pending', async () => {
      const document = await pending({ fileName: 'huge.txt' });
      const response = await fetch(reachable(document.uploadUrl!), {
        method: 'PUT',
        headers: { 'content-type': 'text/plain' },
        body: 'x'.repeat(MAX_BYTES + 1),
      });
      expect(response.status).toBe(413);
      expect((await row(document.documentId)).status).toBe('PENDING_UPLOAD');
    });

    it('refuses an unreadable file with 400 naming the reason, leaving the link usable', async () => {
      const document = await pending({ fileName: 'scan.pdf' });
      const refused = await fetch(reachable(document.uploadUrl!), { method: 'PUT', body: encryptedPdf() });
      expect(refused.status).toBe(400);
      expect(((await refused.json()) as { detail: string }).detail).toBe('scan.pdf: the PDF is encrypted; send it without a password.');
      expect((await fetch(reachable(document.uploadUrl!), { method: 'PUT', body: await pdfBytes(1) })).status).toBe(200);
    });

    it('refuses an unknown token', async () => {
      const response = await fetch(`${service.url}/uploads/${'A'.repeat(43)}`, { method: 'PUT', body: 'hello' });
      expect(response.status).toBe(404);
    });
  });

  describe('processing', () => {
    const processed = async (documentId: string) => {
      const deadline = Date.now() + 15_000;
      for (;;) {
        const stored = await row(documentId);
        if (stored.processing_status === 'processed' || stored.processing_status === 'failed') return stored;
        if (Date.now() > deadline) throw new Error(`document ${documentId} is still ${stored.processing_status}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };
    const described = async (documentId: string) =>
      (await database().query(
        `SELECT page_number, char_count, kind, ocr, layout->'lines'->0->>'text' AS first_line, jsonb_array_length(layout->'lines') AS lines
           FROM document_pages WHERE document_id = $1 ORDER BY page_number`,
        [documentId],
      )) as { page_number: number; char_count: number; kind: string; ocr: boolean; first_line: string | null; lines: number }[];

    it('processes a submitted document in the background: every page laid out with its kind, text layer or image only', async () => {
      const bytes = await pdfBytes(3, (page) => (page === 2 ? '' : `Page ${page}: EBITDA grew to 1.2m`));
      const result = structured<DocumentResult>(await submit({ fileName: 'scan-in-the-middle.pdf', content: bytes.toString('base64') }));
      expect(result).toMatchObject({ status: 'READY', pageCount: 3 });
      const stored = await processed(result.documentId);
      expect(stored).toMatchObject({ processing_status: 'processed', processing_failure: null, page_count: 3 });
      expect(stored.processed_at).toBeInstanceOf(Date);
      expect(await described(result.documentId)).toEqual([
        { page_number: 1, char_count: 'Page1:EBITDAgrewto1.2m'.length, kind: 'text', ocr: false, first_line: 'Page 1: EBITDA grew to 1.2m', lines: 1 },
        // The test apps run without OCR: a page without a text layer stays image only, with an empty layout.
        { page_number: 2, char_count: 0, kind: 'image_only', ocr: false, first_line: null, lines: 0 },
        { page_number: 3, char_count: 'Page3:EBITDAgrewto1.2m'.length, kind: 'text', ocr: false, first_line: 'Page 3: EBITDA grew to 1.2m', lines: 1 },
      ]);
      const jobs = await database().query(`SELECT status, attempts FROM jobs WHERE queue = 'document-processing' AND idempotency_key LIKE $1`, [
        `documents.process:${result.documentId}:%`,
      ]);
      expect(jobs).toEqual([{ status: 'done', attempts: 1 }]);
    });

    it('resumes a processing run that stopped half-way: pages already laid out are kept, the others are laid out', async () => {
      const bytes = await pdfBytes(3, (page) => `Page ${page}: net revenue of the quarter`);
      const result = structured<DocumentResult>(await submit({ fileName: 'interrupted.pdf', content: bytes.toString('base64') }));
      await processed(result.documentId);
      // The state a crash after page 1 leaves: page 1 recorded (marked, to see that it is not rewritten), pages 2 and 3 not.
      await database().query(
        `UPDATE document_pages SET layout = jsonb_set(layout, '{text}', '"recorded before the crash"') WHERE document_id = $1 AND page_number = 1`,
        [result.documentId],
      );
      await database().query(`UPDATE document_pages SET layout = NULL, ocr = NULL, kind = NULL, char_count = NULL WHERE document_id = $1 AND page_number > 1`, [
        result.documentId,
      ]);
      await database().query(`UPDATE documents SET processing_status = 'processing', processed_at = NULL WHERE id = $1`, [result.documentId]);
      await service.app.get(DocumentProcessingService).process(result.documentId);
      const pages = (await database().query(
        `SELECT page_number, kind, layout->>'text' AS text FROM document_pages WHERE document_id = $1 ORDER BY page_number`,
        [result.documentId],
      )) as { page_number: number; kind: string; text: string }[];
      expect(pages).toEqual([
        { page_number: 1, kind: 'text', text: 'recorded before the crash' },
        { page_number: 2, kind: 'text', text: 'Page 2: net revenue of the quarter' },
        { page_number: 3, kind: 'text', text: 'Page 3: net revenue of the quarter' },
      ]);
      expect((await row(result.documentId)).processing_status).toBe('processed');
    });

    it('processes an image and a deck like any document', async () => {
      const [scan] = await pageImages(await pdfBytes(1, () => 'Cash flow statement'), 1);
      const png = structured<DocumentResult>(await submit({ fileName: 'cash-flow.png', content: scan.toString('base64') }));
      const deck = structured<DocumentResult>(
        await submit({
          fileName: 'deck.pptx',
          content: (await pptxBytes([[{ paragraphs: ['Team: founders who built payments at scale'], title: true }]])).toString('base64'),
        }),
      );
      expect(await processed(png.documentId)).toMatchObject({ processing_status: 'processed', processing_failure: null });
      expect(await processed(deck.documentId)).toMatchObject({ processing_status: 'processed', processing_failure: null });
      // The test apps run without OCR (test/ocr.e2e-spec.ts turns it on): the image stays one image-only page.
      expect((await described(png.documentId)).map((page) => [page.page_number, page.kind, page.ocr])).toEqual([[1, 'image_only', false]]);
      expect(await described(deck.documentId)).toEqual([
        {
          page_number: 1,
          char_count: 'Team:founderswhobuiltpaymentsatscale'.length,
          kind: 'text',
          ocr: false,
          first_line: 'Team: founders who built payments at scale',
          lines: 1,
        },
      ]);
    });

    it('processes a document that became READY through its upload URL', async () => {
      const document = structured<DocumentResult>(await submit({ fileName: 'later.pdf' }));
      expect((await row(document.documentId)).processing_status).toBeNull();
      const response = await fetch(reachable(document.uploadUrl!), { method: 'PUT', body: await pdfBytes(2) });
      expect(response.status).toBe(200);
      expect(await processed(document.documentId)).toMatchObject({ processing_status: 'processed' });
      expect((await described(document.documentId)).map((page) => page.kind)).toEqual(['text', 'text']);
    });
  });
});

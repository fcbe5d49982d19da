import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { pdfBytes, scannedPdf } from './support/document-fixtures.js';
import { machineToken, toolOutcome } from './support/mcp-helpers.js';
import { startServiceProcess, type ServiceProcess } from './support/service-process.js';
import { TEST_DATABASE_URL } from './support/test-environment.js';

// Issue 30: two replicas share one job queue; the one processing a document is killed, or stalls
// past its lease (SIGSTOP), and the other takes the document over. Each page is laid out and
// recorded once, and the run that lost its lease records nothing when it wakes up. OCR makes each
// page take about a second, so that the processing is caught half-way.
const LEASE_MS = 3000;
const PAGES = 4;

function startReplica(prefix: string): Promise<ServiceProcess> {
  return startServiceProcess({
    REDIS_KEY_PREFIX: prefix,
    OCR_ENABLED: 'true',
    OCR_RENDER_SCALE: '2',
    JOB_LEASE_MS: String(LEASE_MS),
    JOB_SWEEP_INTERVAL_MS: '500',
  });
}

/** The "page N laid out" lines a process logged for a document. */
function laidOut(service: ServiceProcess, documentId: string): number[] {
  return [...service.output().matchAll(new RegExp(`document ${documentId}: page (\\d+) laid out`, 'g'))].map((match) => Number(match[1]));
}

describe('document processing across two replicas (issue 30)', () => {
  let database: pg.Client;
  let scan: Buffer;
  const replicas: ServiceProcess[] = [];
  beforeAll(async () => {
    database = new pg.Client({ connectionString: TEST_DATABASE_URL() });
    await database.connect();
    scan = await scannedPdf(await pdfBytes(PAGES, (page) => `Page ${page}: revenue grew to 1.2m in 2025`), 2);
  });
  afterAll(() => database?.end());
  afterEach(async () => {
    for (const replica of replicas.splice(0)) {
      replica.child.kill('SIGCONT');
      replica.child.kill('SIGKILL');
      await replica.exited;
    }
  });

  /** Two replicas on one queue, a document submitted to the first, and the replica that took its job once it has laid out a page. */
  async function halfProcessed(): Promise<{ documentId: string; owner: ServiceProcess; other: ServiceProcess }> {
    const prefix = `test-${randomUUID()}`;
    replicas.push(...(await Promise.all([startReplica(prefix), startReplica(prefix)])));
    const token = await machineToken(replicas[0].url, 'two replicas');
    const submitted = await toolOutcome<{ documentId: string; pageCount: number }>(replicas[0].url, token, 'submit_documents', {
      fileName: 'scan.pdf',
      content: scan.toString('base64'),
    });
    const { documentId } = submitted.result!;
    const deadline = Date.now() + 60_000;
    for (;;) {
      const [state] = (
        await database.query(
          `SELECT (SELECT count(*)::int FROM document_pages WHERE document_id = $1 AND layout IS NOT NULL) AS done,
                  (SELECT owner FROM jobs WHERE idempotency_key LIKE $2 AND status = 'running') AS owner`,
          [documentId, `documents.process:${documentId}:%`],
        )
      ).rows as { done: number; owner: string | null }[];
      if (state.done >= 1 && state.done < PAGES && state.owner) {
        const owner = replicas.find((replica) => state.owner!.includes(`:${replica.child.pid}:`))!;
        return { documentId, owner, other: replicas.find((replica) => replica !== owner)! };
      }
      if (state.done >= PAGES || Date.now() > deadline) throw new Error(`never caught half-way: ${state.done} of ${PAGES} pages laid out`);
      await sleep(50);
    }
  }

  async function processedAt(documentId: string, timeoutMs = 90_000): Promise<Date> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const [row] = (await database.query('SELECT processing_status, processed_at FROM documents WHERE id = $1', [documentId])).rows as {
        processing_status: string;
        processed_at: Date | null;
      }[];
      if (row.processing_status === 'processed') return row.processed_at!;
      if (row.processing_status === 'failed' || Date.now() > deadline) throw new Error(`document ${documentId} is ${row.processing_status}`);
      await sleep(100);
    }
  }

  /** Which pages have a recorded layout, and what it is. */
  async function recorded(documentId: string): Promise<{ page_number: number; layout: string }[]> {
    return (
      await database.query(
        'SELECT page_number, layout::text AS layout FROM document_pages WHERE document_id = $1 AND layout IS NOT NULL ORDER BY page_number',
        [documentId],
      )
    ).rows as { page_number: number; layout: string }[];
  }

  // Log lines are written in batches: a killed process loses its last ones, a live one writes them within a second.
  const LOG_FLUSH_WAIT_MS = 1500;

  it('finishes a document whose replica was killed half-way on the other one, which lays out only the pages not yet recorded', async () => {
    const { documentId, owner, other } = await halfProcessed();
    owner.child.kill('SIGKILL');
    await owner.exited;
    const before = (await recorded(documentId)).map((page) => page.page_number);
    await processedAt(documentId);
    await sleep(LOG_FLUSH_WAIT_MS);
    const left = [1, 2, 3, 4].filter((page) => !before.includes(page));
    expect(left.length).toBeGreaterThan(0);
    expect(laidOut(other, documentId).sort()).toEqual(left);
    expect((await recorded(documentId)).map((page) => page.page_number)).toEqual([1, 2, 3, 4]);
    const [job] = (await database.query('SELECT status, attempts FROM jobs WHERE idempotency_key LIKE $1', [`documents.process:${documentId}:%`])).rows;
    expect(job).toEqual({ status: 'done', attempts: 2 });
  }, 180_000);

  it('stops the run of a replica that stalled past its lease when it wakes, recording nothing more', async () => {
    const { documentId, owner, other } = await halfProcessed();
    owner.child.kill('SIGSTOP');
    const finished = await processedAt(documentId);
    const pages = await recorded(documentId);
    owner.child.kill('SIGCONT');
    // Its renewal finds the lease gone: the run stops.
    const deadline = Date.now() + 20_000;
    while (!owner.output().includes('lease lost to another worker; this run stops') && Date.now() < deadline) await sleep(100);
    expect(owner.output()).toContain('lease lost to another worker; this run stops');
    await sleep(LEASE_MS + LOG_FLUSH_WAIT_MS);
    expect(await recorded(documentId)).toEqual(pages);
    // Every page recorded once, between the two: a page is logged only when its layout was written.
    expect([...laidOut(owner, documentId), ...laidOut(other, documentId)].sort()).toEqual([1, 2, 3, 4]);
    const [row] = (await database.query('SELECT processing_status, processed_at FROM documents WHERE id = $1', [documentId])).rows;
    expect(row).toEqual({ processing_status: 'processed', processed_at: finished });
    const [job] = (await database.query('SELECT status FROM jobs WHERE idempotency_key LIKE $1', [`documents.process:${documentId}:%`])).rows;
    expect(job).toEqual({ status: 'done' });
  }, 180_000);
});

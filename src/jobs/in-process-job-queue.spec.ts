import { describe, expect, it } from '@jest/globals';
import { setTimeout as sleep } from 'node:timers/promises';
import { InProcessJobQueue } from './in-process-job-queue.js';

async function until(condition: () => boolean, timeoutMs = 2000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await sleep(5);
  }
}

describe('InProcessJobQueue', () => {
  it('runs a job after add() has returned', async () => {
    const queue = new InProcessJobQueue<{ n: number }>('test');
    const seen: number[] = [];
    queue.process(async (data) => void seen.push(data.n));
    await queue.add({ n: 1 });
    expect(seen).toEqual([]);
    await until(() => seen.length === 1);
    expect(seen).toEqual([1]);
  });

  it('holds jobs added before a handler exists until one is registered', async () => {
    const queue = new InProcessJobQueue<{ n: number }>('test');
    await queue.add({ n: 7 });
    const seen: number[] = [];
    queue.process(async (data) => void seen.push(data.n));
    await until(() => seen.length === 1);
  });

  it('retries a failing job with backoff up to its attempts, then reports the failure', async () => {
    const failures: string[] = [];
    const queue = new InProcessJobQueue<object>('test', (jobId) => failures.push(jobId));
    const attempts: number[] = [];
    queue.process(async (_data, attempt) => {
      attempts.push(attempt);
      throw new Error('provider down');
    });
    await queue.add({}, { jobId: 'memo-1', attempts: 3, backoffMs: 5 });
    await until(() => failures.length === 1);
    expect(attempts).toEqual([1, 2, 3]);
    expect(failures).toEqual(['memo-1']);
  });

  it('succeeds on a retry without reporting a failure', async () => {
    const failures: string[] = [];
    const queue = new InProcessJobQueue<object>('test', (jobId) => failures.push(jobId));
    let calls = 0;
    queue.process(async () => {
      calls += 1;
      if (calls === 1) throw new Error('transient');
    });
    await queue.add({}, { backoffMs: 5 });
    await until(() => calls === 2);
    await sleep(20);
    expect(failures).toEqual([]);
  });

  it('does not queue a job id twice while it is waiting or running', async () => {
    const queue = new InProcessJobQueue<{ n: number }>('test');
    const seen: number[] = [];
    queue.process(async (data) => {
      seen.push(data.n);
      await sleep(20);
    });
    await queue.add({ n: 1 }, { jobId: 'same' });
    await queue.add({ n: 2 }, { jobId: 'same' });
    await until(() => seen.length === 1);
    await sleep(50);
    expect(seen).toEqual([1]);
  });

  it('waits for a running job on close, and refuses new jobs after', async () => {
    const queue = new InProcessJobQueue<object>('test');
    let finished = false;
    queue.process(async () => {
      await sleep(50);
      finished = true;
    });
    await queue.add({});
    await sleep(10);
    await queue.close();
    expect(finished).toBe(true);
    await expect(queue.add({})).rejects.toThrow(/closed/);
  });
});

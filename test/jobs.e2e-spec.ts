import { Injectable, Module, type OnModuleInit } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from '@jest/globals';
import { BullJobQueue } from '../src/jobs/bull-job-queue.js';
import { InProcessJobQueue } from '../src/jobs/in-process-job-queue.js';
import { JobQueues } from '../src/jobs/job-queues.service.js';
import { startApp, type RunningApp } from './support/test-app.js';

const processed: { data: { value: string }; attempt: number }[] = [];

/** A domain module's processor, registered the way the memo module will register its own. */
@Injectable()
class EchoProcessor implements OnModuleInit {
  constructor(private readonly queues: JobQueues) {}
  onModuleInit(): void {
    this.queues.queue<{ value: string; failFirst?: boolean }>('echo').process(async (data, attempt) => {
      if (data.failFirst && attempt === 1) throw new Error('first attempt fails');
      processed.push({ data: { value: data.value }, attempt });
    });
  }
}

@Module({ providers: [EchoProcessor] })
class EchoJobsModule {}

async function waitFor(value: string, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = processed.find((entry) => entry.data.value === value);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`job ${value} was not processed`);
    await sleep(20);
  }
}

describe('background jobs', () => {
  const running: RunningApp[] = [];
  afterEach(async () => {
    await Promise.all(running.splice(0).map((service) => service.close()));
  });

  it('runs jobs through Bull on Redis when REDIS_URL is set, retrying a failed attempt', async () => {
    const service = await startApp({ additionalModules: [EchoJobsModule] });
    running.push(service);
    const queue = service.app.get(JobQueues).queue<{ value: string; failFirst?: boolean }>('echo');
    expect(queue).toBeInstanceOf(BullJobQueue);
    const value = randomUUID();
    await queue.add({ value, failFirst: true }, { backoffMs: 10 });
    expect((await waitFor(value)).attempt).toBe(2);
  });

  it('lets another replica sharing Redis process a job this one added', async () => {
    const prefix = `test-jobs-${randomUUID()}`;
    const worker = await startApp({ env: { REDIS_KEY_PREFIX: prefix }, additionalModules: [EchoJobsModule] });
    const producer = await startApp({ env: { REDIS_KEY_PREFIX: prefix } });
    running.push(worker, producer);
    const value = randomUUID();
    await producer.app.get(JobQueues).queue<{ value: string }>('echo').add({ value });
    await waitFor(value);
  });

  it('runs jobs in process when REDIS_URL is unset', async () => {
    const service = await startApp({ env: { REDIS_URL: undefined }, additionalModules: [EchoJobsModule] });
    running.push(service);
    const queue = service.app.get(JobQueues).queue<{ value: string }>('echo');
    expect(queue).toBeInstanceOf(InProcessJobQueue);
    const value = randomUUID();
    await queue.add({ value });
    await waitFor(value);
  });
});

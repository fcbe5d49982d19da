import { InjectQueue, Process, Processor } from '@nestjs/bull';
import { Injectable, Module } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from '@jest/globals';
import type { DurableJob, DurableQueue } from '../src/jobs/durable-queue.js';
import { JobsModule } from '../src/jobs/jobs.module.js';
import { capturingLogger } from './support/log-capture.js';
import { startApp, type RunningApp } from './support/test-app.js';

type Echo = { value: string; failFirst?: boolean };
const processed: { value: string; attempt: number }[] = [];

/** A domain module's processor, written the way the document and memo modules write theirs. */
@Processor('echo')
class EchoProcessor {
  @Process()
  async echo(job: DurableJob<Echo>): Promise<void> {
    if (job.data.failFirst && job.attemptsMade === 0) throw new Error('first attempt fails');
    processed.push({ value: job.data.value, attempt: job.attemptsMade + 1 });
  }
}

@Injectable()
class EchoProducer {
  constructor(@InjectQueue('echo') readonly queue: DurableQueue<Echo>) {}
}

@Module({ imports: [JobsModule.registerQueue({ name: 'echo', backoffMs: 10 })], providers: [EchoProcessor, EchoProducer] })
class EchoJobsModule {}

async function waitFor(value: string, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = processed.filter((entry) => entry.value === value);
    if (found.length > 0) return found;
    if (Date.now() > deadline) throw new Error(`job ${value} was not processed`);
    await sleep(20);
  }
}

describe('background jobs in the running service', () => {
  const running: RunningApp[] = [];
  afterEach(async () => {
    await Promise.all(running.splice(0).map((service) => service.close()));
  });

  it('runs @Process() methods through Bull on Redis when REDIS_URL is set, retrying a failed attempt', async () => {
    const service = await startApp({ additionalModules: [EchoJobsModule] });
    running.push(service);
    const value = randomUUID();
    await service.app.get(EchoProducer).queue.add({ value, failFirst: true });
    expect(await waitFor(value)).toEqual([{ value, attempt: 2 }]);
  });

  it('starts its Bull queues on a healthy Redis without reporting Redis unreachable (no Redis error at start-up)', async () => {
    const logs = capturingLogger();
    const service = await startApp({ additionalModules: [EchoJobsModule], logger: logs.logger });
    running.push(service);
    const value = randomUUID();
    await service.app.get(EchoProducer).queue.add({ value });
    await waitFor(value);
    expect(logs.lines().filter((line) => String(line.context).startsWith('Jobs:') && Number(line.level) >= 40)).toEqual([]);
  });

  it('lets a worker process sharing Redis run a job that a web process added', async () => {
    const prefix = `test-jobs-${randomUUID()}`;
    const worker = await startApp({ env: { REDIS_KEY_PREFIX: prefix, ROLE: 'worker' }, additionalModules: [EchoJobsModule] });
    const web = await startApp({ env: { REDIS_KEY_PREFIX: prefix, ROLE: 'web' }, additionalModules: [EchoJobsModule] });
    running.push(worker, web);
    const value = randomUUID();
    const { id } = await web.app.get(EchoProducer).queue.add({ value });
    await waitFor(value);
    const queue = web.app.get(EchoProducer).queue;
    while ((await queue.getJob(id))?.status === 'running') await sleep(20);
    expect(await queue.getJob(id)).toMatchObject({ status: 'done', owner: null, attempts: 1 });
  });

  it('runs the same processors in process when REDIS_URL is unset', async () => {
    const service = await startApp({ env: { REDIS_URL: undefined }, additionalModules: [EchoJobsModule] });
    running.push(service);
    const value = randomUUID();
    await service.app.get(EchoProducer).queue.add({ value });
    expect(await waitFor(value)).toEqual([{ value, attempt: 1 }]);
  });
});

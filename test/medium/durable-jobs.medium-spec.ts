import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import { InjectQueue, OnQueueFailed, Process, Processor } from '@nestjs/bull';
import { Injectable, Module } from '@nestjs/common';
import { afterAll, afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { DurableJob, DurableQueue } from '../../src/jobs/durable-queue.js';
import { JobQueues } from '../../src/jobs/job-queues.service.js';
import { JobsModule } from '../../src/jobs/jobs.module.js';
import { JobsRepository, type JobRow } from '../../src/jobs/jobs.repository.js';
import { PeriodicTasksModule } from '../../src/jobs/periodic-tasks.js';
import { RedisModule } from '../../src/redis/redis.module.js';
import { cloneMigratedDatabase, startMediumModule, type MediumDatabase, type MediumModule } from '../support/medium-database.js';
import { TEST_DOCUMENT_STORAGE_DIR, TEST_ENCRYPTION_KEYS, TEST_REDIS_URL } from '../support/test-environment.js';

const QUEUE = 'medium-test-jobs';
type Behaviour = 'succeed' | 'fail' | 'fail-once' | 'slow';

/** What every worker of the suite did: each run of a handler, and each failure reported for good. */
const runs: { jobId: string; owner: string; attempt: number }[] = [];
const failedForGood: { jobId: string; attemptsMade: number; message: string }[] = [];

@Processor(QUEUE)
class TestProcessor {
  constructor(private readonly queues: JobQueues) {}

  @Process({ concurrency: 4 })
  async run(job: DurableJob<{ behaviour: Behaviour }>): Promise<void> {
    runs.push({ jobId: job.id, owner: this.queues.owner, attempt: job.attemptsMade + 1 });
    if (job.data.behaviour === 'slow') await sleep(20);
    if (job.data.behaviour === 'fail' || (job.data.behaviour === 'fail-once' && job.attemptsMade === 0))
      throw new Error(`provider down on attempt ${job.attemptsMade + 1}`);
  }

  @OnQueueFailed()
  failed(job: DurableJob, error: Error): void {
    failedForGood.push({ jobId: job.id, attemptsMade: job.attemptsMade, message: error.message });
  }
}

/** A domain module that only adds jobs (a web process has no processor). */
@Injectable()
class Producer {
  constructor(@InjectQueue(QUEUE) readonly queue: DurableQueue<{ behaviour: Behaviour }>) {}
}

@Module({ imports: [JobsModule.registerQueue({ name: QUEUE, backoffMs: 10 })], providers: [TestProcessor, Producer] })
class TestJobsModule {}

async function until<T>(probe: () => Promise<T | undefined | false>, what: string, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}

/** A worker in a process of its own (test/support/hanging-worker.mjs) whose handler never returns, to be killed. */
function spawnHangingWorker(env: Record<string, string>): { claimed(jobId: string): Promise<void>; kill(): Promise<void> } {
  const child = spawn(process.execPath, [fileURLToPath(new URL('../support/hanging-worker.mjs', import.meta.url))], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      ENCRYPTION_KEYS: TEST_ENCRYPTION_KEYS,
      DOCUMENT_STORAGE_DIR: TEST_DOCUMENT_STORAGE_DIR,
      HANGING_QUEUE: QUEUE,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return {
    claimed: (jobId) =>
      until(
        async () => output.includes(`claimed ${jobId}`) || (child.exitCode !== null && Promise.reject(new Error(`the worker exited: ${output}`))),
        `the killable worker to claim ${jobId}`,
      ).then(() => undefined),
    kill: async () => {
      if (child.exitCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}

// Several application instances per test, on a machine that may be busy: room beyond jest's 30 s.
jest.setTimeout(90_000);

describe.each([
  ['Bull on Redis', TEST_REDIS_URL()],
  ['in-process', ''],
])('durable jobs (medium, %s)', (_mode, redisUrl) => {
  let database: MediumDatabase;
  const started: MediumModule[] = [];
  const killable: { kill(): Promise<void> }[] = [];
  const redisKeyPrefix = `test-jobs-${randomUUID()}`;

  /** The settings of every process of the suite: same database, same Redis prefix (the replicas share the queues), short leases. */
  const env = (overrides: Record<string, string> = {}) => ({
    REDIS_URL: redisUrl,
    REDIS_KEY_PREFIX: redisKeyPrefix,
    JOB_LEASE_MS: '1000',
    JOB_SWEEP_INTERVAL_MS: '100',
    SHUTDOWN_GRACE_MS: '2000',
    ...overrides,
  });

  /** A process of the service over the suite's database. */
  async function start(role: 'all' | 'web' = 'all', overrides: Record<string, string> = {}): Promise<MediumModule> {
    const module = await startMediumModule([RedisModule, PeriodicTasksModule, JobsModule, TestJobsModule], {
      database,
      env: env({ ROLE: role, ...overrides }),
    });
    started.push(module);
    return module;
  }
  const queueOf = (module: MediumModule) => module.get(Producer).queue;
  const rowOf = (module: MediumModule, id: string) => module.get(JobsRepository).find(id) as Promise<JobRow>;
  const finished = (module: MediumModule, id: string) =>
    until(async () => ((await rowOf(module, id))?.status.match(/done|failed/) ? rowOf(module, id) : undefined), `job ${id} to finish`);

  beforeAll(async () => {
    database = await cloneMigratedDatabase();
  });
  afterEach(async () => {
    await Promise.all(killable.splice(0).map((worker) => worker.kill()));
    await Promise.all(started.splice(0).map((module) => module.close()));
  });
  afterAll(() => database?.drop());

  it('runs a job once to completion and records it done', async () => {
    const worker = await start();
    const { id, created } = await queueOf(worker).add({ behaviour: 'succeed' });
    expect(created).toBe(true);
    const row = await finished(worker, id);
    expect(row).toMatchObject({ status: 'done', attempts: 1, owner: null, leaseExpiresAt: null, failureReason: null });
    await sleep(300); // two more sweeps: nothing runs it again
    expect(runs.filter((run) => run.jobId === id)).toHaveLength(1);
  });

  it('creates one job for an idempotency key added twice', async () => {
    const worker = await start();
    const key = `documents.process:${randomUUID()}`;
    const first = await queueOf(worker).add({ behaviour: 'succeed' }, { idempotencyKey: key });
    const second = await queueOf(worker).add({ behaviour: 'succeed' }, { idempotencyKey: key });
    expect(second).toEqual({ id: first.id, created: false });
    await finished(worker, first.id);
    expect(runs.filter((run) => run.jobId === first.id)).toHaveLength(1);
  });

  it('retries a failed attempt, then fails the job with the reason once its attempts are spent', async () => {
    const worker = await start();
    const flaky = await queueOf(worker).add({ behaviour: 'fail-once' });
    const broken = await queueOf(worker).add({ behaviour: 'fail' }, { attempts: 3 });
    expect(await finished(worker, flaky.id)).toMatchObject({ status: 'done', attempts: 2, failureReason: null });
    expect(await finished(worker, broken.id)).toMatchObject({ status: 'failed', attempts: 3, failureReason: 'provider down on attempt 3' });
    expect(runs.filter((run) => run.jobId === broken.id).map((run) => run.attempt)).toEqual([1, 2, 3]);
    await until(async () => failedForGood.some((failure) => failure.jobId === broken.id), 'the failed listener');
    expect(failedForGood.filter((failure) => failure.jobId === flaky.id || failure.jobId === broken.id)).toEqual([
      { jobId: broken.id, attemptsMade: 3, message: 'provider down on attempt 3' },
    ]);
  });

  it('takes over a job whose worker was killed mid-job once its lease expires, and completes it', async () => {
    const web = await start('web');
    const { id } = await queueOf(web).add({ behaviour: 'succeed' });
    const crashing = spawnHangingWorker({ ...env(), DATABASE_URL: database.url });
    killable.push(crashing);
    await crashing.claimed(id);
    const held = await rowOf(web, id);
    expect(held).toMatchObject({ status: 'running', attempts: 1 });
    await crashing.kill();
    const worker = await start();
    expect(await finished(worker, id)).toMatchObject({ status: 'done', attempts: 2 });
    expect(runs.filter((run) => run.jobId === id)).toEqual([{ jobId: id, owner: worker.get(JobQueues).owner, attempt: 2 }]);
    // The killed worker's completion, had it come back, would not count.
    expect(await worker.get(JobsRepository).complete(id, held.owner!)).toBe(false);
  });

  it('fails a job whose worker died on its last attempt, with the reason', async () => {
    const worker = await start();
    const jobs = worker.get(JobsRepository);
    const { id } = await jobs.insert({ queue: QUEUE, name: 'process', payload: { behaviour: 'succeed' }, maxAttempts: 1 });
    await jobs.claim(id, 'dead-host:1:0', 100);
    expect(await finished(worker, id)).toMatchObject({
      status: 'failed',
      attempts: 1,
      failureReason: 'its worker stopped (lease expired) on attempt 1 of 1: dead-host:1:0',
    });
    expect(runs.some((run) => run.jobId === id)).toBe(false);
    await until(async () => failedForGood.some((failure) => failure.jobId === id), 'the failed listener');
  });

  it('never runs a job twice when two workers race for the same jobs', async () => {
    const [one, two] = [await start('all', { JOB_SWEEP_INTERVAL_MS: '60000' }), await start('all', { JOB_SWEEP_INTERVAL_MS: '60000' })];
    const jobs = one.get(JobsRepository);
    const ids: string[] = [];
    for (let n = 0; n < 30; n++) ids.push((await jobs.insert({ queue: QUEUE, name: 'process', payload: { behaviour: 'slow' }, maxAttempts: 3 })).id);
    // Both workers dispatch every one of them at once: each job is offered to both.
    await Promise.all([one.get(JobQueues).sweep(), two.get(JobQueues).sweep(), one.get(JobQueues).sweep(), two.get(JobQueues).sweep()]);
    for (const id of ids) expect(await finished(one, id)).toMatchObject({ status: 'done', attempts: 1 });
    const ranOurs = runs.filter((run) => ids.includes(run.jobId));
    expect(ranOurs).toHaveLength(30);
    expect(new Set(ranOurs.map((run) => run.jobId)).size).toBe(30);
  });

  it('resumes the jobs queued before a restart', async () => {
    const web = await start('web');
    const ids = [(await queueOf(web).add({ behaviour: 'succeed' })).id, (await queueOf(web).add({ behaviour: 'succeed' })).id];
    await web.close();
    started.splice(started.indexOf(web), 1);
    expect(runs.some((run) => ids.includes(run.jobId))).toBe(false);
    const restarted = await start('all', { JOB_SWEEP_INTERVAL_MS: '60000' }); // its start-up sweep, not a later one
    for (const id of ids) expect(await finished(restarted, id)).toMatchObject({ status: 'done', attempts: 1 });
  });
});

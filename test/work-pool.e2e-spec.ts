import { afterEach, describe, expect, it } from '@jest/globals';
import { loadConfiguration } from '../src/config/app-config.js';
import { WorkFailure } from '../src/work-pool/work-failure.js';
import { WorkPool } from '../src/work-pool/work-pool.service.js';
import { workTask } from '../src/work-pool/work-task.js';

// The WorkPool with real worker threads (the built work-pool.worker.js, which `npm test` builds
// first) running the plain-JavaScript tasks of test/support/work-pool-tasks.mjs.
const TASKS = new URL('./support/work-pool-tasks.mjs', import.meta.url);
const spin = workTask<{ ms: number; answer: string }, string>(TASKS, 'spin');
const hoard = workTask<Record<string, never>, never>(TASKS, 'hoard');
const refuse = workTask<{ reason: string }, never>(TASKS, 'refuse');
const nest = workTask<Record<string, never>, never>(TASKS, 'nest');
const count = workTask<{ bytes: Uint8Array }, number>(TASKS, 'count');

function poolOf(env: Record<string, string>): WorkPool {
  return new WorkPool(loadConfiguration({ NODE_ENV: 'test', ...env }));
}

async function failureOf(running: Promise<unknown>): Promise<{ kind: string; reason: string }> {
  const error = await running.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(WorkFailure);
  return { kind: (error as WorkFailure).kind, reason: (error as WorkFailure).reason };
}

describe('WorkPool', () => {
  let pool: WorkPool | undefined;
  afterEach(() => pool?.beforeApplicationShutdown());

  it('stops a task past its wall-clock limit by terminating its thread, and runs the next task on a fresh one', async () => {
    pool = poolOf({ DOCUMENT_WORKER_THREADS: '1' });
    expect(await failureOf(pool.run(spin, { ms: 60_000, answer: 'never' }, { timeoutMs: 300 }))).toEqual({ kind: 'timeout', reason: 'took longer than 0.3 s' });
    expect(await pool.run(spin, { ms: 10, answer: 'next' })).toBe('next');
  });

  it('counts a task’s limit from when a thread takes it, not while it waits behind another', async () => {
    pool = poolOf({ DOCUMENT_WORKER_THREADS: '1' });
    const first = pool.run(spin, { ms: 800, answer: 'first' });
    const second = pool.run(spin, { ms: 50, answer: 'second' }, { timeoutMs: 500 });
    expect(await Promise.all([first, second])).toEqual(['first', 'second']);
  });

  it('ends a task that outgrows its thread’s heap as `memory`, naming the limit, and stays usable', async () => {
    pool = poolOf({ DOCUMENT_WORKER_THREADS: '1', DOCUMENT_WORKER_MEMORY_MB: '64' });
    expect(await failureOf(pool.run(hoard, {}))).toEqual({ kind: 'memory', reason: 'needed more than 64 MB of memory' });
    expect(await pool.run(spin, { ms: 1, answer: 'after' })).toBe('after');
  }, 60_000);

  it('ends a task that overflows its stack as `memory`', async () => {
    pool = poolOf({});
    expect(await failureOf(pool.run(nest, {}))).toEqual({ kind: 'memory', reason: 'ran out of stack (the file nests too deeply to read)' });
  });

  it('gives a refusal back as `refused` with its reason, which is permanent', async () => {
    pool = poolOf({});
    const failure = await pool.run(refuse, { reason: 'the package holds 20,004 entries' }).catch((error: unknown) => error as WorkFailure);
    expect(failure).toMatchObject({ kind: 'refused', reason: 'the package holds 20,004 entries', permanent: true });
  });

  it('ends running and waiting tasks as `stopped` (not permanent) when the service shuts down', async () => {
    pool = poolOf({ DOCUMENT_WORKER_THREADS: '1' });
    const running = failureOf(pool.run(spin, { ms: 60_000, answer: 'never' }));
    const waiting = failureOf(pool.run(spin, { ms: 1, answer: 'never' }));
    await new Promise((resolve) => setTimeout(resolve, 200));
    await pool.beforeApplicationShutdown();
    expect((await running).kind).toBe('stopped');
    expect((await waiting).kind).toBe('stopped');
    expect(await failureOf(pool.run(spin, { ms: 1, answer: 'never' }))).toEqual({ kind: 'stopped', reason: 'was not started: the service is stopping' });
    pool = undefined;
  });

  it('stops a task whose caller gives up (a lost lease), as `stopped`', async () => {
    pool = poolOf({});
    const caller = new AbortController();
    const running = failureOf(pool.run(spin, { ms: 60_000, answer: 'never' }, { signal: caller.signal }));
    setTimeout(() => caller.abort(), 100);
    expect(await running).toEqual({ kind: 'stopped', reason: 'was stopped before it finished' });
  });

  it('moves a transferred buffer to the thread instead of copying it', async () => {
    pool = poolOf({});
    const bytes = new Uint8Array(1_000_000);
    expect(await pool.run(count, { bytes }, { transfer: [bytes.buffer] })).toBe(1_000_000);
    expect(bytes.byteLength).toBe(0); // detached here: it was moved
  });
});

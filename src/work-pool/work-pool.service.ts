import { Injectable, Logger, type BeforeApplicationShutdown } from '@nestjs/common';
import { Piscina } from 'piscina';
import { AppConfig } from '../config/app-config.js';
import { WorkFailure } from './work-failure.js';
import { runnableModule, type WorkTask } from './work-task.js';

/** What the main thread sends a worker thread. */
export interface TaskRequest {
  file: string;
  name: string;
  args: unknown;
}

/** What a worker thread answers: the task's value, its refusal of the input, or a limit of the thread it hit. */
export type TaskOutcome = { value: unknown } | { refused: string } | { exhausted: string };

export interface RunOptions {
  /** Wall-clock limit from the moment a thread takes the task (default DOCUMENT_TASK_TIMEOUT_SECONDS). */
  timeoutMs?: number;
  /** The caller gives up (a job's lease lost): a waiting task is dropped, a running one's thread terminated. */
  signal?: AbortSignal;
  /**
   * Buffers moved to the thread instead of copied (postMessage copies 20 MB in about 70 ms of the
   * event loop; a move costs nothing). The caller must not use them afterwards.
   */
  transfer?: ArrayBuffer[];
}

/**
 * Worker threads for the work whose cost a file decides: reading documents (type, pages, text,
 * layout, OCR) and the built-in analysis. Each thread has a heap limit; each task a wall-clock limit
 * counted from when a thread takes it (tasks wait here, not in the pool's queue, so a task never
 * times out while it waits); a task past a limit has its thread terminated and replaced. The event
 * loop that answers requests only passes messages, so no document can stall it.
 */
@Injectable()
export class WorkPool implements BeforeApplicationShutdown {
  private readonly logger = new Logger(WorkPool.name);
  private readonly pool: Piscina;
  private readonly waiting: (() => void)[] = [];
  private readonly files = new Map<string, string>();
  private running = 0;
  private closed = false;
  private readonly threads: number;
  private readonly memoryMb: number;
  private readonly defaultTimeoutMs: number;

  constructor(config: AppConfig) {
    ({ threads: this.threads, memoryMb: this.memoryMb, taskTimeoutMs: this.defaultTimeoutMs } = config.documents.work);
    this.pool = new Piscina({
      filename: runnableModule(new URL('./work-pool.worker.js', import.meta.url)),
      minThreads: 0,
      maxThreads: this.threads,
      // A thread keeps what it loaded (pdf.js, the OCR model) for the next task a while.
      idleTimeout: 60_000,
      concurrentTasksPerWorker: 1,
      resourceLimits: { maxOldGenerationSizeMb: this.memoryMb, maxYoungGenerationSizeMb: 32, stackSizeMb: 4 },
    });
    // A thread that dies between tasks is replaced by the pool; nothing waits on it.
    this.pool.on('error', (error: unknown) => this.logger.warn({ err: error }, 'a document worker thread failed'));
  }

  /** Runs `task` in a thread; its value, or a WorkFailure saying why there is none. */
  async run<Args, Result>(task: WorkTask<Args, Result>, args: Args, options: RunOptions = {}): Promise<Result> {
    const file = this.fileOf(task); // a deployment fault, not the input's: thrown as it is
    await this.slot(options.signal);
    const timeoutMs = options.timeoutMs ?? this.defaultTimeoutMs;
    const timeout = new AbortController();
    const timer = setTimeout(() => timeout.abort(), timeoutMs);
    const signal = options.signal ? AbortSignal.any([timeout.signal, options.signal]) : timeout.signal;
    try {
      const outcome = (await this.pool.run({ file, name: task.name, args } satisfies TaskRequest, { signal, transferList: options.transfer })) as TaskOutcome;
      if ('refused' in outcome) throw new WorkFailure('refused', outcome.refused);
      if ('exhausted' in outcome) throw new WorkFailure('memory', outcome.exhausted);
      return outcome.value as Result;
    } catch (error) {
      if (error instanceof WorkFailure) throw error;
      if (timeout.signal.aborted) throw new WorkFailure('timeout', `took longer than ${formatSeconds(timeoutMs)}`);
      if (options.signal?.aborted || this.closed) throw new WorkFailure('stopped', 'was stopped before it finished');
      if ((error as { code?: unknown }).code === 'ERR_WORKER_OUT_OF_MEMORY') throw new WorkFailure('memory', `needed more than ${this.memoryMb} MB of memory`);
      this.logger.warn({ err: error }, `document work ${task.name} failed in its thread`);
      throw new WorkFailure('crashed', 'failed in its worker thread');
    } finally {
      clearTimeout(timer);
      this.release();
    }
  }

  /** Stops every thread at once (running tasks end `stopped`), so that a replica stops within its shutdown grace. */
  async beforeApplicationShutdown(): Promise<void> {
    this.closed = true;
    for (const wake of this.waiting.splice(0)) wake();
    await this.pool.destroy();
  }

  private fileOf(task: { module: string }): string {
    let file = this.files.get(task.module);
    if (!file) {
      file = runnableModule(new URL(task.module));
      this.files.set(task.module, file);
    }
    return file;
  }

  private async slot(signal?: AbortSignal): Promise<void> {
    if (this.closed) throw new WorkFailure('stopped', 'was not started: the service is stopping');
    if (this.running < this.threads) {
      this.running++;
      return;
    }
    await new Promise<void>((resolve, reject) => {
      const wake = () => {
        signal?.removeEventListener('abort', cancel);
        resolve();
      };
      const cancel = () => {
        const index = this.waiting.indexOf(wake);
        if (index >= 0) this.waiting.splice(index, 1);
        reject(new WorkFailure('stopped', 'was cancelled before it started'));
      };
      signal?.addEventListener('abort', cancel, { once: true });
      this.waiting.push(wake);
    });
    // Woken by release() (which handed over its slot) or by shutdown.
    if (this.closed) throw new WorkFailure('stopped', 'was not started: the service is stopping');
  }

  private release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.running--;
  }
}

function formatSeconds(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${(ms / 1000).toFixed(1)} s`;
}

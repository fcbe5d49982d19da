/**
 * The entry of every worker thread of the WorkPool: loads the task's module once per thread and
 * runs the named export. A refusal (an error the task raises about its input: an AppException
 * below 500, or an error named `WorkRefusal`) comes back as a value, since a thrown error loses its
 * class when it is cloned to the main thread.
 */
import type { TaskOutcome, TaskRequest } from './work-pool.service.js';

const modules = new Map<string, Promise<Record<string, (args: unknown) => unknown>>>();

export default async function runTask(request: TaskRequest): Promise<TaskOutcome> {
  let loading = modules.get(request.file);
  if (!loading) {
    loading = import(request.file) as Promise<Record<string, (args: unknown) => unknown>>;
    modules.set(request.file, loading);
  }
  const run = (await loading)[request.name];
  if (typeof run !== 'function') throw new Error(`${request.file} exports no task named ${request.name}`);
  try {
    return { value: await run(request.args) };
  } catch (error) {
    const refusal = refusalOf(error);
    if (refusal !== undefined) return { refused: refusal };
    if (error instanceof RangeError && /call stack/i.test(error.message)) return { exhausted: 'ran out of stack (the file nests too deeply to read)' };
    if (error instanceof RangeError && /allocation failed|invalid (string|array) length/i.test(error.message))
      return { exhausted: 'ran out of memory (the file is too large to hold)' };
    throw error;
  }
}

function refusalOf(error: unknown): string | undefined {
  const candidate = error as { name?: unknown; status?: unknown; detail?: unknown; message?: unknown };
  if (candidate?.name === 'WorkRefusal' && typeof candidate.message === 'string') return candidate.message;
  if (typeof candidate?.status === 'number' && candidate.status < 500 && typeof candidate.detail === 'string') return candidate.detail;
  return undefined;
}

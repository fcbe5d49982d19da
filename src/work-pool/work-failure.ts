/**
 * Why a task in a worker thread did not return a result:
 * - `refused`: the task judged its input unreadable or over a limit (its reason says which);
 * - `timeout`: it ran past its wall-clock limit and its thread was terminated;
 * - `memory`: its thread ran out of its heap limit (or of stack, on input nested too deeply);
 * - `crashed`: its thread failed in another way;
 * - `stopped`: the pool is shutting down, or the caller cancelled: nothing was decided about the input.
 * All but `stopped` say something about the input, so a document that meets one fails for good.
 */
export type WorkFailureKind = 'refused' | 'timeout' | 'memory' | 'crashed' | 'stopped';

export class WorkFailure extends Error {
  constructor(
    readonly kind: WorkFailureKind,
    /** A sentence fragment a person can read after the subject ("took longer than 60 s"). */
    readonly reason: string,
  ) {
    super(reason);
    this.name = 'WorkFailure';
  }

  /** Whether trying the same input again would end the same way. */
  get permanent(): boolean {
    return this.kind !== 'stopped';
  }
}

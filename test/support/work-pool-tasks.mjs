// Tasks for test/work-pool.e2e-spec.ts, run by the WorkPool's real threads: plain JavaScript, since
// a thread loads built code and the tests are not built.

/** Busy for `ms` milliseconds (a parser stuck in a loop), then answers. */
export function spin({ ms, answer }) {
  const until = Date.now() + ms;
  while (Date.now() < until);
  return answer;
}

/** Holds ever more of its heap (a parser building a bomb's objects). */
export function hoard() {
  const held = [];
  for (;;) held.push(new Array(1_000_000).fill({ cell: held.length }));
}

/** Refuses its input, as the document reader refuses a file. */
export function refuse({ reason }) {
  const error = new Error(reason);
  error.name = 'WorkRefusal';
  throw error;
}

/** Recurses without end (a parser of nesting a million deep). */
export function nest({ depth = 0 } = {}) {
  return nest({ depth: depth + 1 }) + 1;
}

/** The bytes it was given, counted (so that a transferred buffer arrives whole). */
export function count({ bytes }) {
  return bytes.byteLength;
}

/** Anything a suite starts and must stop: a running app, a browser. */
interface Closable {
  close(): Promise<unknown>;
}

/**
 * Promise.all for things that must be closed. When one of them fails to start, the others are
 * closed before the failure is thrown: Promise.all would lose them (the suite's variables are never
 * assigned, so its afterAll cannot close them) and a browser left running keeps Jest from exiting.
 */
export async function startTogether<A extends Closable, B extends Closable>(starts: [Promise<A>, Promise<B>]): Promise<[A, B]> {
  const [first, second] = await Promise.allSettled(starts);
  if (first.status === 'fulfilled' && second.status === 'fulfilled') return [first.value, second.value];
  const started = [first, second].flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value] : []));
  await Promise.all(started.map((closable) => closable.close().catch(() => undefined)));
  throw (first.status === 'rejected' ? first : (second as PromiseRejectedResult)).reason;
}

import { existsSync } from 'node:fs';
import { sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/**
 * A function that runs in a worker thread: the module that exports it (as a URL, usually
 * `new URL('./x.tasks.js', import.meta.url)`) and its export name. Its argument and result cross
 * the thread boundary by structured clone, so they are plain data.
 */
export interface WorkTask<Args, Result> {
  /** The module's URL as written beside its source; the pool loads its built file (runnableModule). */
  readonly module: string;
  readonly name: string;
  /** Never set: carries the types. */
  readonly _types?: (args: Args) => Result;
}

export function workTask<Args, Result>(moduleUrl: URL, name: string): WorkTask<Args, Result> {
  return { module: moduleUrl.href, name };
}

/**
 * The JavaScript a thread can load for a module URL. The service runs from dist/, where the URL
 * names a built file. Under the test runner the modules are TypeScript sources that a thread cannot
 * load, so the same path under dist/ is used: `npm test` builds first.
 */
export function runnableModule(moduleUrl: URL): string {
  const path = fileURLToPath(moduleUrl);
  if (existsSync(path)) return pathToFileURL(path).href;
  const source = `${sep}src${sep}`;
  const at = path.lastIndexOf(source);
  const built = at < 0 ? path : `${path.slice(0, at)}${sep}dist${source}${path.slice(at + source.length)}`;
  if (at >= 0 && existsSync(built)) return pathToFileURL(built).href;
  throw new Error(`${path} is not built: run \`npm run build\` (worker threads run the built JavaScript)`);
}

import { Writable } from 'node:stream';
import { pino } from 'pino';
import { rootLoggerOptions, type RootLogger } from '../../src/common/logging/logger.js';

/** A real pino logger whose JSON lines the test can read back. */
export function capturingLogger(): { logger: RootLogger; lines: () => Record<string, unknown>[] } {
  const written: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, callback) {
      written.push(...String(chunk).split('\n').filter(Boolean));
      callback();
    },
  });
  return { logger: pino(rootLoggerOptions('info'), sink), lines: () => written.map((line) => JSON.parse(line) as Record<string, unknown>) };
}

import type { LoggerService } from '@nestjs/common';
import { pino, type Logger } from 'pino';

export type RootLogger = Logger;

/**
 * One pino logger for the whole process. Fastify uses it for request logs (each line carries the
 * request id as `reqId`) and Nest's framework messages go through NestPinoLogger, so every line is
 * structured JSON. Credentials are redacted wherever they appear.
 */
export function createRootLogger(level: string): RootLogger {
  return pino(
    {
      level,
      base: { service: 'underwriting-agent-service' },
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: { paths: ['*.authorization', '*.cookie', '*.password', '*.client_secret'], censor: '[redacted]' },
    },
    // Asynchronous writes: a request never waits on stdout. main.ts flushes before exiting.
    pino.destination({ dest: 1, sync: false }),
  );
}

type Level = 'info' | 'error' | 'warn' | 'debug' | 'trace' | 'fatal';

/** Nest's framework messages (module start-up, route mapping) written through the same pino logger. */
export class NestPinoLogger implements LoggerService {
  constructor(private readonly logger: RootLogger) {}

  log(message: unknown, ...params: unknown[]): void {
    this.write('info', message, params);
  }
  error(message: unknown, ...params: unknown[]): void {
    this.write('error', message, params);
  }
  warn(message: unknown, ...params: unknown[]): void {
    this.write('warn', message, params);
  }
  debug(message: unknown, ...params: unknown[]): void {
    this.write('debug', message, params);
  }
  verbose(message: unknown, ...params: unknown[]): void {
    this.write('trace', message, params);
  }
  fatal(message: unknown, ...params: unknown[]): void {
    this.write('fatal', message, params);
  }

  /** Nest passes the context last and, for errors, a stack trace before it. */
  private write(level: Level, message: unknown, params: unknown[]): void {
    const context = typeof params.at(-1) === 'string' ? (params.at(-1) as string) : undefined;
    const trace = level === 'error' && params.length > 1 ? params[0] : undefined;
    if (message instanceof Error) this.logger[level]({ context, err: message }, message.message);
    else this.logger[level]({ context, ...(trace !== undefined && { trace }) }, typeof message === 'string' ? message : JSON.stringify(message));
  }
}

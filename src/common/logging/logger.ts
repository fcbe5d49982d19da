import type { LoggerService } from '@nestjs/common';
import { pino, type Logger, type LoggerOptions } from 'pino';

export type RootLogger = Logger;

/**
 * One pino logger for the whole process. Fastify uses it for request logs (each line carries the
 * request id as `reqId`) and Nest's framework messages go through NestPinoLogger, so every line is
 * structured JSON. Credentials are redacted wherever they appear.
 */
/**
 * An error as a log line may show it: class, message, stack and code. What else an error carries is
 * left out, because it can be customer data or credentials: a failed query's parameters (password
 * and token hashes, client names, metadata), a driver's error object, a request's config.
 */
export function loggableError(error: unknown): unknown {
  if (!(error instanceof Error)) return error;
  const { code, constraint, query } = error as Error & { code?: unknown; constraint?: unknown; query?: unknown };
  const driverError = (error as { driverError?: { code?: unknown; constraint?: unknown } }).driverError;
  return {
    type: error.constructor?.name ?? error.name,
    message: error.message,
    stack: error.stack,
    ...(typeof code === 'string' && { code }),
    ...(typeof (driverError?.code ?? constraint) === 'string' && { sqlState: driverError?.code, constraint: driverError?.constraint ?? constraint }),
    // A failed query's SQL text says what failed and holds no values: they travel as parameters.
    ...(typeof query === 'string' && { query }),
    ...(error.cause !== undefined && { cause: loggableError(error.cause) }),
  };
}

/** The options of every root logger, the tests' capturing one included. */
export function rootLoggerOptions(level: string): LoggerOptions {
  return {
    level,
    base: { service: 'underwriting-agent-service' },
    timestamp: pino.stdTimeFunctions.isoTime,
    serializers: { err: loggableError },
    redact: { paths: ['*.authorization', '*.cookie', '*.password', '*.client_secret'], censor: '[redacted]' },
  };
}

/**
 * Lines are written to stdout in batches of at least this many bytes, and at least every
 * LOG_FLUSH_INTERVAL_MS: one write per line cost a quarter of a tool call's CPU (issue 11).
 */
const LOG_BATCH_BYTES = 4096;
const LOG_FLUSH_INTERVAL_MS = 1000;

export function createRootLogger(level: string): RootLogger {
  // Asynchronous, batched writes: a request never waits on stdout. main.ts flushes before exiting,
  // and pino flushes synchronously when the process exits any other way.
  const destination = pino.destination({ dest: 1, sync: false, minLength: LOG_BATCH_BYTES });
  setInterval(() => destination.flush(), LOG_FLUSH_INTERVAL_MS).unref();
  return pino(rootLoggerOptions(level), destination);
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

  /**
   * Nest passes the context last and, for errors, a stack trace before it. Our own code logs pino's
   * way through Nest's Logger, `logger.error({err, correlationId}, 'message')`: the object's fields
   * become the line's fields (an `err` goes through loggableError) and the string is the message.
   */
  private write(level: Level, message: unknown, params: unknown[]): void {
    const context = typeof params.at(-1) === 'string' ? (params.at(-1) as string) : undefined;
    if (message instanceof Error) return void this.logger[level]({ context, err: message }, message.message);
    if (message !== null && typeof message === 'object') {
      const text = params.length > 1 && typeof params[0] === 'string' ? params[0] : undefined;
      return void this.logger[level]({ context, ...(message as Record<string, unknown>) }, text);
    }
    const trace = level === 'error' && params.length > 1 ? params[0] : undefined;
    this.logger[level]({ context, ...(trace !== undefined && { trace }) }, String(message));
  }
}

import { Logger } from '@nestjs/common';
import { ServiceUnavailableException } from '../common/errors/app.exception.js';

/** Seconds a caller is told to wait while the database is unreachable. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

const CONNECTION_ERROR_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
/** PostgreSQL's own "not now" answers: connection exceptions (class 08), shutting down or starting, too many connections. */
const UNAVAILABLE_SQLSTATES = /^(08...|57P01|57P02|57P03|53300)$/;
const CONNECTION_MESSAGES =
  /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error|the database system is (starting up|shutting down)/i;

/**
 * Whether `error` means "PostgreSQL cannot be reached right now" rather than a fault in a query:
 * socket errors, PostgreSQL's connection-class SQLSTATEs, and pg's pool and connection messages,
 * looked for on the error and on what TypeORM and pg wrap inside it.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && typeof current === 'object' && depth < 4; depth++) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (CONNECTION_ERROR_CODES.has(code) || UNAVAILABLE_SQLSTATES.test(code))) return true;
    if (typeof message === 'string' && CONNECTION_MESSAGES.test(message)) return true;
    const wrapped = current as { driverError?: unknown; cause?: unknown };
    current = wrapped.driverError ?? wrapped.cause;
  }
  return false;
}

/**
 * Says once that the database became unreachable, and once that it is back, instead of one error
 * line per failed request during an outage. One per process: the process has one pool.
 */
class DatabaseOutageLog {
  private readonly logger = new Logger('Database');
  private since?: Date;

  unavailable(error: unknown): void {
    if (this.since) return;
    this.since = new Date();
    const { code, message } = error as { code?: unknown; message?: unknown };
    this.logger.error(
      { code, reason: typeof message === 'string' ? message.slice(0, 200) : undefined },
      'database unavailable: requests answer 503 and tool calls a retryable error until it is back',
    );
  }

  /** A new pool connection succeeded. */
  reachable(): void {
    if (!this.since) return;
    this.logger.warn({ unavailableSeconds: Math.round((Date.now() - this.since.getTime()) / 1000) }, 'database reachable again');
    this.since = undefined;
  }
}

export const databaseOutage = new DatabaseOutageLog();

/**
 * The answer to a failure caused by the database being unreachable (noted in the log once per
 * outage): 503 with Retry-After over HTTP, a retryable tool error over MCP. Undefined otherwise.
 */
export function databaseUnavailableException(error: unknown): ServiceUnavailableException | undefined {
  if (!isDatabaseUnavailable(error)) return undefined;
  databaseOutage.unavailable(error);
  return new ServiceUnavailableException(
    `The service's database is unavailable; retry in ${DATABASE_RETRY_AFTER_SECONDS} seconds.`,
    DATABASE_RETRY_AFTER_SECONDS,
    `Nothing was changed; call again in ${DATABASE_RETRY_AFTER_SECONDS} seconds.`,
  );
}

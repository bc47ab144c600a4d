/**
 * Recognises errors that mean a dependency (PostgreSQL or Redis) cannot
 * serve right now, as opposed to a bug: they become a 503 with Retry-After,
 * and callers that count failures (sign-in limits) must not count them.
 */
export type Dependency = 'database' | 'redis';

/**
 * PostgreSQL SQLSTATEs for "not now": connection exceptions (08xxx), shutdown, too many connections, timeouts, lock waits, deadlocks;
 * and the client's own "no answer" errors (no connection in time, no answer to a query within query_timeout).
 */
const DATABASE_STATES = /^(08...|57P0[1-3]|53300|53400|57014|55P03|40001|40P01)$/;
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
const DATABASE_MESSAGES =
  /timeout exceeded when trying to connect|Query read timeout|Connection terminated|terminating connection|the database system is (starting up|shutting down|in recovery mode)|Client has encountered a connection error|Connection ended unexpectedly/i;
const REDIS_MESSAGES =
  /Connection is closed|enableOfflineQueue|max retries per request|Reached the max retries|Redis connection|READONLY|LOADING Redis|MISCONF/i;

interface ErrorLike {
  name?: string;
  code?: unknown;
  message?: string;
  driverError?: ErrorLike;
  cause?: unknown;
}

export function unavailableDependency(error: unknown, depth = 0): Dependency | null {
  if (!error || typeof error !== 'object' || depth > 3) return null;
  const err = error as ErrorLike;
  const code = typeof err.code === 'string' ? err.code : '';
  const message = err.message ?? '';
  if (err.name === 'MaxRetriesPerRequestError' || REDIS_MESSAGES.test(message)) return 'redis';
  if (DATABASE_STATES.test(code) || DATABASE_MESSAGES.test(message)) return 'database';
  if (NETWORK_CODES.has(code)) return /redis|6379/i.test(message) ? 'redis' : 'database';
  if (err.driverError) return unavailableDependency(err.driverError, depth + 1);
  if (err.cause) return unavailableDependency(err.cause, depth + 1);
  return null;
}

/** Which time limit cut a database call off, if one did: statement_timeout, lock_timeout, or no pool connection in time. */
export function databaseTimeoutKind(error: unknown, depth = 0): 'statement' | 'lock' | 'pool' | null {
  if (!error || typeof error !== 'object' || depth > 3) return null;
  const err = error as ErrorLike;
  if (err.code === '57014') return 'statement';
  if (err.code === '55P03') return 'lock';
  if (/timeout exceeded when trying to connect/i.test(err.message ?? '')) return 'pool';
  if (err.driverError) return databaseTimeoutKind(err.driverError, depth + 1);
  if (err.cause) return databaseTimeoutKind(err.cause, depth + 1);
  return null;
}

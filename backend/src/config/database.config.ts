import { registerAs } from '@nestjs/config';
import {
  IsBoolean,
  IsInt,
  IsString,
  Matches,
  Max,
  Min,
  Validate,
  ValidatorConstraint,
  type ValidationArguments,
  type ValidatorConstraintInterface,
} from 'class-validator';
import { boolFromEnv, intFromEnv, validateNamespace } from './validate';

@ValidatorConstraint({ name: 'aboveStatementTimeout' })
class AboveStatementTimeout implements ValidatorConstraintInterface {
  validate(value: unknown, args: ValidationArguments): boolean {
    return typeof value === 'number' && value > (args.object as DatabaseConfig).statementTimeoutMs;
  }

  defaultMessage(): string {
    return 'must be greater than DB_STATEMENT_TIMEOUT_MS (the server ends a slow statement first; this limit is for a server that cannot answer at all)';
  }
}

export class DatabaseConfig {
  @IsString()
  @Matches(/^postgres(ql)?:\/\//, { message: 'must be a postgres:// connection URL' })
  url: string;

  @IsInt()
  @Min(1)
  @Max(200)
  poolSize: number;

  @IsBoolean()
  logQueries: boolean;

  /** Longest any one statement of the application may run (PostgreSQL statement_timeout); long jobs raise it for their own transaction. */
  @IsInt()
  @Min(100)
  @Max(3_600_000)
  statementTimeoutMs: number;

  /** Longest a statement waits for a row or table lock (lock_timeout), so a held lock cannot pile up the pool. */
  @IsInt()
  @Min(50)
  @Max(600_000)
  lockTimeoutMs: number;

  /** How long a request waits for a free pooled connection before it gets a 503. */
  @IsInt()
  @Min(100)
  @Max(60_000)
  connectTimeoutMs: number;

  /**
   * Client-side limit on each query (node-postgres query_timeout), slightly
   * above statement_timeout: a frozen or unreachable server, which cannot
   * enforce its own limit, releases the request with a 503 instead of holding it.
   */
  @IsInt()
  @Min(200)
  @Max(3_700_000)
  @Validate(AboveStatementTimeout)
  queryTimeoutMs: number;
}

/** How far above statement_timeout the client gives up on a query by default. */
export const QUERY_TIMEOUT_MARGIN_MS = 1000;

export const databaseConfig = registerAs('database', (): DatabaseConfig => {
  const statementTimeoutMs = intFromEnv(process.env.DB_STATEMENT_TIMEOUT_MS, 15_000);
  return validateNamespace(
    'database',
    DatabaseConfig,
    {
      url: process.env.DATABASE_URL,
      poolSize: intFromEnv(process.env.DB_POOL_SIZE, 10),
      logQueries: boolFromEnv(process.env.DB_LOG_QUERIES, false),
      statementTimeoutMs,
      lockTimeoutMs: intFromEnv(process.env.DB_LOCK_TIMEOUT_MS, 5_000),
      connectTimeoutMs: intFromEnv(process.env.DB_CONNECT_TIMEOUT_MS, 5_000),
      queryTimeoutMs: intFromEnv(process.env.DB_QUERY_TIMEOUT_MS, statementTimeoutMs + QUERY_TIMEOUT_MARGIN_MS),
    },
    {
      url: 'DATABASE_URL',
      poolSize: 'DB_POOL_SIZE',
      logQueries: 'DB_LOG_QUERIES',
      statementTimeoutMs: 'DB_STATEMENT_TIMEOUT_MS',
      lockTimeoutMs: 'DB_LOCK_TIMEOUT_MS',
      connectTimeoutMs: 'DB_CONNECT_TIMEOUT_MS',
      queryTimeoutMs: 'DB_QUERY_TIMEOUT_MS',
    },
  );
});

import { databaseConfig } from './database.config';

describe('database configuration: the client-side query timeout', () => {
  const saved = { ...process.env };
  beforeEach(() => {
    process.env.DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/app';
    delete process.env.DB_STATEMENT_TIMEOUT_MS;
    delete process.env.DB_QUERY_TIMEOUT_MS;
  });
  afterEach(() => {
    process.env = { ...saved };
  });

  it('defaults to a second above statement_timeout, following it', () => {
    expect(databaseConfig()).toMatchObject({ statementTimeoutMs: 15_000, queryTimeoutMs: 16_000 });
    process.env.DB_STATEMENT_TIMEOUT_MS = '5000';
    expect(databaseConfig()).toMatchObject({ statementTimeoutMs: 5000, queryTimeoutMs: 6000 });
  });

  it('refuses a query timeout at or below statement_timeout, naming the variable', () => {
    process.env.DB_QUERY_TIMEOUT_MS = '15000';
    expect(() => databaseConfig()).toThrow(/DB_QUERY_TIMEOUT_MS: must be greater than DB_STATEMENT_TIMEOUT_MS/);
    process.env.DB_QUERY_TIMEOUT_MS = '20000';
    expect(databaseConfig().queryTimeoutMs).toBe(20_000);
  });
});

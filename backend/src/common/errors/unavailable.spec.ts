import { unavailableDependency } from './unavailable';

describe('unavailableDependency', () => {
  it('recognises PostgreSQL being away, slow or locked', () => {
    expect(unavailableDependency(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }))).toBe('database');
    expect(unavailableDependency(new Error('timeout exceeded when trying to connect'))).toBe('database');
    expect(unavailableDependency({ name: 'QueryFailedError', message: 'canceling statement due to lock timeout', driverError: { code: '55P03' } })).toBe(
      'database',
    );
    expect(unavailableDependency({ name: 'QueryFailedError', message: 'canceling statement due to statement timeout', driverError: { code: '57014' } })).toBe(
      'database',
    );
    expect(unavailableDependency({ message: 'terminating connection due to administrator command', code: '57P01' })).toBe('database');
    // A frozen server: the client's own query_timeout, and the connection it then ends.
    expect(unavailableDependency({ name: 'QueryFailedError', message: 'Query read timeout', driverError: new Error('Query read timeout') })).toBe('database');
    expect(unavailableDependency(new Error('Connection terminated unexpectedly'))).toBe('database');
  });

  it('recognises Redis being away', () => {
    expect(unavailableDependency(new Error("Stream isn't writeable and enableOfflineQueue options is false"))).toBe('redis');
    expect(
      unavailableDependency(Object.assign(new Error('Reached the max retries per request limit (which is 2).'), { name: 'MaxRetriesPerRequestError' })),
    ).toBe('redis');
    expect(unavailableDependency(new Error('Connection is closed.'))).toBe('redis');
  });

  it('leaves real bugs and client errors alone', () => {
    expect(unavailableDependency(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBeNull();
    expect(unavailableDependency({ name: 'QueryFailedError', message: 'duplicate key', driverError: { code: '23505' } })).toBeNull();
    expect(unavailableDependency(undefined)).toBeNull();
  });
});

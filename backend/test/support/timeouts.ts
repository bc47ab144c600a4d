// Jest ignores `testTimeout` inside a project's config; integration tests wait
// on real PostgreSQL, Redis and workers, which a busy 2-core machine can slow.
jest.setTimeout(60_000);

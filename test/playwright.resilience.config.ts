import { defineConfig } from '@playwright/test';

/**
 * Resilience tests: each starts its own product processes (API, worker,
 * a private redis-server) and breaks them on purpose: SIGKILL, Redis outage.
 */
export default defineConfig({
  testDir: './resilience',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 180_000,
  reporter: [['list'], ['json', { outputFile: process.env.PW_JSON_OUTPUT ?? 'test-results/resilience.json' }]],
});

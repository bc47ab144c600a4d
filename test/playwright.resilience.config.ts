import { defineConfig } from '@playwright/test';

/**
 * The fault suite: each test starts its own product processes (API, worker,
 * a private redis-server or PostgreSQL when it breaks them) and breaks them
 * on purpose: SIGKILL, SIGTERM, a Redis outage or flush, PostgreSQL stopped,
 * rows held locked, hostile bodies, two copies on one Redis. `npm run chaos`
 * (CHAOS=1) runs the same scenarios at full size: 200 payments, 30 s outages.
 */
export default defineConfig({
  testDir: './resilience',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: process.env.CHAOS === '1' ? 900_000 : 180_000,
  reporter: [['list'], ['json', { outputFile: process.env.PW_JSON_OUTPUT ?? 'test-results/resilience.json' }]],
});

import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from './support/chromium';

/**
 * Browser tests in Debian's Chromium against the product started as
 * `npm start` starts it. One worker: the suite shares one running app and
 * some tests change global state (settings, maintenance mode).
 */
export default defineConfig({
  testDir: './e2e',
  globalSetup: './support/e2e-global-setup.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 90_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: process.env.PW_JSON_OUTPUT ?? 'test-results/results.json' }]],
  use: {
    browserName: 'chromium',
    launchOptions: { executablePath: chromiumPath(), args: CHROMIUM_ARGS },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
});

import { test as base, expect } from '@playwright/test';

/** The suite's app address comes from the global setup, so every test uses the same running product. */
export const test = base.extend({
  // eslint-disable-next-line no-empty-pattern -- Playwright fixtures take their dependencies as a destructured object
  baseURL: async ({}, use) => {
    const url = process.env.E2E_BASE_URL;
    if (!url) throw new Error('E2E_BASE_URL is not set: run the suite through playwright test (global setup)');
    await use(url);
  },
});

export { expect };

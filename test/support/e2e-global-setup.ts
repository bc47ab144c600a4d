import { startApp } from './app-process.mjs';

/** One running product for the browser suite; its address reaches the tests through the environment. */
export default async function globalSetup(): Promise<() => Promise<void>> {
  // The abandoned-checkout journey ages a checkout and waits for the sweep (its delay is a setting; no other checkout is old enough).
  const app = await startApp({ RECOVERY_SWEEP_EVERY_SECONDS: '2' });
  process.env.E2E_BASE_URL = app.baseUrl;
  process.env.E2E_DATABASE_URL = app.databaseUrl;
  process.env.E2E_DATA_DIR = app.dataDir;
  return async () => {
    await app.stop();
  };
}

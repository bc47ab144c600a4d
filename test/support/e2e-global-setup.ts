import { startApp } from './app-process.mjs';

/** One running product for the browser suite; its address reaches the tests through the environment. */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const app = await startApp();
  process.env.E2E_BASE_URL = app.baseUrl;
  process.env.E2E_DATABASE_URL = app.databaseUrl;
  process.env.E2E_DATA_DIR = app.dataDir;
  return async () => {
    await app.stop();
  };
}

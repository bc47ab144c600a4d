import { randomBytes } from 'node:crypto';
import { runMigrations } from '../../src/database/data-source';
import { adminQuery, assertServicesUp, databaseUrl } from './services';

/**
 * Once per run: check the services, then build a migrated template
 * database. Every test file clones it (CREATE DATABASE ... TEMPLATE), so
 * files run in parallel on their own data and nothing leaks between runs.
 */
export default async function globalSetup(): Promise<void> {
  await assertServicesUp();
  const template = `cp_test_tpl_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  await adminQuery(`CREATE DATABASE "${template}"`);
  await runMigrations(databaseUrl(template));
  await adminQuery(`ALTER DATABASE "${template}" WITH ALLOW_CONNECTIONS false`);
  process.env.TEST_TEMPLATE_DB = template;
}

import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runMigrations } from '../../src/database/migrations/run-migrations';
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
  // Where each test file adds how many answers it checked against the OpenAPI document (see contract-report.ts).
  process.env.CONTRACT_REPORT_DIR = mkdtempSync(join(tmpdir(), 'cp-contract-'));
}
